/**
 * The store pages' stylesheet, served at a path named after its content hash (cached for a
 * year): system fonts, readable measure, visible focus, logical properties for right-to-left.
 */
import { createHash } from 'node:crypto';

export const STORE_PAGES_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#fff}
a{color:#0b57d0}
a:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.sp-skip{position:absolute;inset-inline-start:-9999px}
.sp-skip:focus{inset-inline-start:8px;top:8px;background:#fff;padding:8px;z-index:1}
.sp-header,.sp-crumbs,.sp-main,.sp-footer{max-width:960px;margin:0 auto;padding:12px 16px}
.sp-header{border-bottom:1px solid #d2d2d7}
.sp-home{font-weight:600;text-decoration:none;color:#1d1d1f}
.sp-crumbs ol{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px;font-size:14px}
.sp-crumbs li+li::before{content:"/";margin-inline-end:4px;color:#6e6e73}
h1{font-size:28px;line-height:1.2;margin:8px 0 16px}
h2{font-size:20px;margin:24px 0 8px}
h3{font-size:16px;margin:12px 0 4px}
.sp-badges{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:8px}
.sp-badges li{border:1px solid #6e6e73;border-radius:12px;padding:0 10px;font-size:14px}
.sp-facts dt{font-weight:600}
.sp-hours table{border-collapse:collapse}.sp-hours th{text-align:start;font-weight:400;padding-inline-end:16px}
.sp-hours tr[aria-current] th,.sp-hours tr[aria-current] td{font-weight:600}
.sp-hours td{white-space:nowrap}
.sp-today{font-size:12px;border:1px solid currentColor;border-radius:8px;padding:0 6px;margin-inline-start:4px}
.sp-now{font-weight:600;margin:0 0 8px}.sp-open{color:#137333}.sp-closed{color:#b3261e}
.sp-facts dd{margin:0 0 8px}
.sp-facts address{font-style:normal}
.sp-links{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:16px}
.sp-links a,.sp-places a,.sp-stores a,.sp-nearby a{display:inline-block;min-height:24px;padding:2px 0}
.sp-places,.sp-stores{columns:2 220px;padding-inline-start:20px}
.sp-count,.sp-street,.sp-nearby span{color:#6e6e73}
.sp-share{font:inherit;color:#0b57d0;background:none;border:0;padding:2px 0;min-height:24px;text-decoration:underline;cursor:pointer}
.sp-share:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.sp-share:disabled{color:#6e6e73;cursor:default}
.sp-status:empty{display:none}
.sp-map{margin:16px 0}
.sp-map img{display:block;width:100%;max-width:640px;height:auto;border:1px solid #d2d2d7;border-radius:8px;background:#f4f2ee}
.sp-map figcaption{font-size:12px;color:#6e6e73;margin-top:4px}
.sp-map figcaption bdi{white-space:nowrap}
.sp-footer{border-top:1px solid #d2d2d7;margin-top:32px;font-size:14px}
.sp-demo{color:#6e6e73}
`;

export const STORE_PAGES_CSS_PATH = `/store-pages.${createHash('sha1')
  .update(STORE_PAGES_CSS)
  .digest('hex')
  .slice(0, 12)}.css`;
