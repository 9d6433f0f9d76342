/// <reference lib="dom" />
/**
 * The compact embeddable element, <store-nearest> (docs/EMBEDDING.md), on a host page of
 * another origin (a loopback server of this script, allowed by the locator's EMBED_ORIGINS):
 * the JavaScript it loads (every script of a fresh page with one card at a known position, raw
 * and gzip as the server sends them) and the time from the page's navigation start to its
 * stores shown (the `locator:search` event, sent once the list is in place), each run on a fresh
 * browser context (cold cache).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { chunkSize } from './chunks.js';

export const EMBED_BUDGET_GZIP_KB = 25;

export interface EmbedHost {
  server: Server;
  origin: string;
  /** Set once the locator runs: where the page loads the element from. */
  locator: string;
}

/** A host page with one <store-nearest> near London; the locator's origin is set later. */
export async function startEmbedHost(): Promise<EmbedHost> {
  const host = { locator: '' } as EmbedHost;
  host.server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script type="module" src="${host.locator}/embed/v1/locator.js"></script></head>
<body><main><h1>Host</h1>
<store-nearest country="uk" lang="en" lat="51.5072" lon="-0.1276"></store-nearest>
</main></body></html>`);
  });
  await new Promise<void>((r) => host.server.listen(0, '127.0.0.1', r));
  host.origin = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}`;
  return host;
}

export interface EmbedFigures {
  scripts: { file: string; rawKB: number; gzipKB: number }[];
  totalGzipKB: number;
  runs: number;
  storesShownMedianMs: number;
  storesShownP90Ms: number;
  storesShownMs: number[];
}

const KB = 1024;
const round1 = (n: number) => Math.round(n * 10) / 10;

export async function embedFigures(
  browser: Browser,
  host: EmbedHost,
  runs: number,
  stats: { median(v: number[]): number; percentile(v: number[], p: number): number },
): Promise<EmbedFigures> {
  const once = async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
    });
    await page.addInitScript(() => {
      document.addEventListener('locator:search', () => {
        (window as unknown as { __shownAt?: number }).__shownAt ??= performance.now();
      });
    });
    await page.goto(host.origin);
    await page.waitForFunction(() => (window as unknown as { __shownAt?: number }).__shownAt);
    const ms = await page.evaluate(() => (window as unknown as { __shownAt: number }).__shownAt);
    const stores = await page.locator('store-nearest li.store').count();
    if (stores === 0) throw new Error('<store-nearest> showed no stores');
    await context.close();
    return { ms, scripts: [...scripts] };
  };
  await once(); // warm-up (the server's first search)
  const times: number[] = [];
  let files: string[] = [];
  for (let i = 0; i < runs; i += 1) {
    const r = await once();
    times.push(Math.round(r.ms));
    files = r.scripts;
  }
  const scripts = files.sort().map((path) => {
    const c = chunkSize(path.replace(/^\//, ''), new Set());
    return { file: c.file, rawKB: round1(c.rawBytes / KB), gzipKB: round1(c.gzipBytes / KB) };
  });
  return {
    scripts,
    totalGzipKB: round1(scripts.reduce((n, s) => n + s.gzipKB, 0)),
    runs,
    storesShownMedianMs: stats.median(times),
    storesShownP90Ms: stats.percentile(times, 90),
    storesShownMs: times,
  };
}
