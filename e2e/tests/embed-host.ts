/**
 * A host page on another origin for the embed journeys: a second loopback server (started by
 * the test file) serving a page with both elements twice, under a strict Content-Security-Policy —
 * exactly the directives docs/EMBEDDING.md tells sites to add — and a hostile stylesheet.
 */
import { createServer, type Server } from 'node:http';

export const LOCATOR_PORT = Number(process.env.E2E_PORT ?? 8181);
export const LOCATOR = `http://localhost:${LOCATOR_PORT}`;
/** In EMBED_ORIGINS (e2e/playwright.config.ts). */
export const HOST_PORT = Number(process.env.E2E_EMBED_PORT ?? LOCATOR_PORT + 1);
/** Not in EMBED_ORIGINS. */
export const OTHER_PORT = HOST_PORT + 1;

/** The directives of docs/EMBEDDING.md "Content-Security-Policy", for the locator's origin. */
export function hostPolicy(locator: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' ${locator}`,
    `connect-src 'self' ${locator}`,
    `img-src 'self' ${locator} data: blob:`,
    `worker-src ${locator} blob:`,
    "style-src 'self'",
    `frame-src ${locator}`,
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

const HOST_CSS = `
* { font-size: 31px !important; color: #f0f !important; letter-spacing: 4px; }
li, ol, p, address { display: none !important; }
button { display: none !important; }
body { font-family: serif; }
`;

/** Records the elements' events and any CSP violation, for the test to read. */
const HOST_JS = `
window.__events = [];
window.__violations = [];
for (const type of ['locator:search', 'locator:select']) {
  document.addEventListener(type, (e) => {
    window.__events.push({ type, tag: e.target.tagName.toLowerCase(), detail: e.detail });
  });
}
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push(e.violatedDirective + ' ' + e.blockedURI);
});
window.addEventListener('message', (e) => {
  if (e.data && e.data.type === 'locator:height') window.__frameHeight = e.data.height;
});
`;

export function hostPage(lang: string): string {
  const ar = lang === 'ar';
  const country = ar ? 'ae' : 'uk';
  const [lat, lon] = ar ? ['25.2048', '55.2708'] : ['51.5072', '-0.1276'];
  const [lat2, lon2] = ar ? ['24.4539', '54.3773'] : ['53.4808', '-2.2426'];
  return `<!doctype html>
<html lang="${ar ? 'ar' : 'en'}" dir="${ar ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Maker product page</title>
<link rel="stylesheet" href="/host.css">
<script src="/host.js"></script>
<script type="module" src="${LOCATOR}/embed/v1/locator.js"></script>
</head>
<body>
<main>
<h1>Maker product page</h1>
<section aria-label="Nearest stores, first"><store-nearest id="n1" country="${country}" lang="${lang}" lat="${lat}" lon="${lon}"></store-nearest></section>
<section aria-label="Nearest stores, second"><store-nearest id="n2" country="${country}" lang="${lang}" lat="${lat2}" lon="${lon2}" max-results="2"></store-nearest></section>
<section aria-label="Store locator, first"><store-locator id="l1" country="${country}" lang="${lang}" lat="${lat}" lon="${lon}" place="${ar ? 'دبي' : 'London'}"></store-locator></section>
<section aria-label="Store locator, second"><store-locator id="l2" country="${country}" lang="${lang}" channel="service" lat="${lat2}" lon="${lon2}" place="${ar ? 'أبوظبي' : 'Manchester'}"></store-locator></section>
</main>
</body>
</html>`;
}

export function framePage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Framed locator</title>
<script src="/host.js"></script></head>
<body><main><h1>Framed locator</h1>
<iframe title="Store locator" src="${LOCATOR}/embed/v1/frame?country=uk&amp;lang=en&amp;lat=51.5072&amp;lon=-0.1276&amp;place=London"></iframe>
</main></body></html>`;
}

export function startHost(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const send = (type: string, body: string) => {
      res.writeHead(200, {
        'Content-Type': type,
        'Content-Security-Policy': hostPolicy(LOCATOR),
        'Cache-Control': 'no-store',
      });
      res.end(body);
    };
    if (url.pathname === '/host.css') send('text/css', HOST_CSS);
    else if (url.pathname === '/host.js') send('text/javascript', HOST_JS);
    else if (url.pathname === '/frame') send('text/html; charset=utf-8', framePage());
    else send('text/html; charset=utf-8', hostPage(url.searchParams.get('lang') ?? 'en'));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
