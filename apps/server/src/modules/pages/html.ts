/**
 * HTML of the store pages: escaping, and the page shell every store and directory page shares
 * (head with title, description, canonical and hreflang links, JSON-LD data block, the
 * stylesheet; skip link, header, breadcrumb, main, footer). No inline script: the JSON-LD and
 * the island's blocks are data (`application/ld+json`, `application/json`), escaped like the
 * host page's boot data; a store page's island is a same-origin module of the web app's build.
 */
import { STORE_ISLAND_DATA_ID } from '@locator/core';
import { jsonForScript } from '../../http/host-page.js';
import type { Translate } from './texts.js';
import type { PageLocale } from './locales.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or attribute value made inert. */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export interface Crumb {
  name: string;
  /** Absolute URL; the last crumb (the page itself) has one too. */
  url: string;
}

export interface Alternate {
  hreflang: string;
  url: string;
}

export interface Shell {
  page: PageLocale;
  t: Translate;
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical?: string;
  alternates: Alternate[];
  jsonLd: unknown[];
  crumbs: Crumb[];
  stylesheet: string;
  demoData: boolean;
  /** The page's main content (already escaped HTML). */
  main: string;
  /** robots noindex (error pages). */
  noindex?: boolean;
  /** The island: its module, the modules it imports (preloaded) and its JSON data block. */
  island?: { script: IslandScript; data: unknown };
}

/** The built island's module and what it imports (from the web app's build manifest). */
export interface IslandScript {
  src: string;
  preload: readonly string[];
}

/** Relative path of an absolute URL of our origin, for links within the site. */
function pathOf(url: string): string {
  return url.replace(/^https?:\/\/[^/]+/, '');
}

export function renderShell(s: Shell): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(s.title)}</title>`,
    `<meta name="description" content="${esc(s.description)}">`,
    s.noindex ? '<meta name="robots" content="noindex">' : '',
    s.canonical ? `<link rel="canonical" href="${esc(s.canonical)}">` : '',
    ...s.alternates.map(
      (a) => `<link rel="alternate" hreflang="${esc(a.hreflang)}" href="${esc(a.url)}">`,
    ),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<link rel="stylesheet" href="${esc(s.stylesheet)}">`,
    ...s.jsonLd.map((d) => `<script type="application/ld+json">${jsonForScript(d)}</script>`),
    ...(s.island
      ? [
          `<script type="application/json" id="${STORE_ISLAND_DATA_ID}">${jsonForScript(s.island.data)}</script>`,
          ...s.island.script.preload.map((p) => `<link rel="modulepreload" href="${esc(p)}">`),
          `<script type="module" src="${esc(s.island.script.src)}"></script>`,
        ]
      : []),
  ].filter((l) => l !== '');
  const crumbs =
    s.crumbs.length > 1
      ? `<nav class="sp-crumbs" aria-label="${esc(s.t('breadcrumbLabel'))}"><ol>${s.crumbs
          .map((c, i) =>
            i === s.crumbs.length - 1
              ? `<li><a href="${esc(pathOf(c.url))}" aria-current="page">${esc(c.name)}</a></li>`
              : `<li><a href="${esc(pathOf(c.url))}">${esc(c.name)}</a></li>`,
          )
          .join('')}</ol></nav>`
      : '';
  const demo = s.demoData
    ? `<p class="sp-demo"><strong>${esc(s.t('common:footer.demoData'))}</strong> ${esc(
        s.t('common:footer.demoDataNote'),
      )}</p>`
    : '';
  return `<!doctype html>
<html lang="${esc(s.page.tag)}" dir="${s.page.dir}">
<head>
${head.join('\n')}
</head>
<body>
<a class="sp-skip" href="#main">${esc(s.t('common:app.skipLink'))}</a>
<header class="sp-header"><a class="sp-home" href="${esc(s.page.path)}">${esc(
    s.t('common:nav.title'),
  )}</a></header>
${crumbs}
<main id="main" class="sp-main">
${s.main}
</main>
<footer class="sp-footer" aria-label="${esc(s.t('common:footer.label'))}">
<p><a href="${esc(s.page.path)}stores/">${esc(s.t('allStores'))}</a></p>
${demo}
</footer>
</body>
</html>
`;
}
