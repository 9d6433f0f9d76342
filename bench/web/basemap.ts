/**
 * The basemap traffic of a results page in bench:web: every /basemap/ response a fresh page
 * receives until it is settled (the map fitted to the stores, labels drawn), by kind (config,
 * style, geo tiles, place tiles, PMTiles ranges), with the bytes on the wire (the encoded body:
 * br or gzip as the server sent it) and the largest tile.
 */
import type { Browser, Request } from 'playwright-core';
import type { Viewport } from './browser.js';

const KB = 1024;
const kb = (bytes: number): number => Math.round((bytes / KB) * 10) / 10;

export interface BasemapKindFigures {
  requests: number;
  totalKB: number;
  largestKB: number;
}

function kindOf(pathname: string): string | undefined {
  const m = /^\/basemap\/(config\.json|style\.json|geo|places|tiles\.pmtiles)/.exec(pathname);
  return m?.[1]?.replace(/\.json$/, '');
}

export async function basemapTraffic(
  browser: Browser,
  url: string,
  viewport: Viewport,
): Promise<{ kinds: Record<string, BasemapKindFigures>; totalKB: number }> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    const finished: [string, Request][] = [];
    page.on('requestfinished', (req) => {
      const kind = kindOf(new URL(req.url()).pathname);
      if (kind) finished.push([kind, req]);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // The stores listed; the map (beside the list at 1440 px; behind its tab at 390 px, where
    // the page loads no basemap until the visitor opens it) fits 1 s after the results.
    await page.locator('[data-testid="store"]').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    await page.waitForLoadState('networkidle');
    const kinds: Record<string, BasemapKindFigures> = {};
    let total = 0;
    for (const [kind, req] of finished) {
      const bytes = (await req.sizes()).responseBodySize;
      const k = (kinds[kind] ??= { requests: 0, totalKB: 0, largestKB: 0 });
      k.requests += 1;
      k.totalKB = kb(k.totalKB * KB + bytes);
      k.largestKB = Math.max(k.largestKB, kb(bytes));
      total += bytes;
    }
    return { kinds, totalKB: kb(total) };
  } finally {
    await context.close();
  }
}

/** Coasts and cities whose geography tiles are measured at each zoom (lon, lat). */
const SAMPLES: Record<string, [number, number]> = {
  london: [-0.1278, 51.5074],
  dubai: [55.27, 25.2],
  mumbai: [72.85, 19.0],
  newYork: [-74.0, 40.7],
  tokyo: [139.76, 35.68],
};
const SAMPLE_ZOOMS = [0, 2, 4, 6, 8, 10, 12];

function tileAt(lon: number, lat: number, z: number): string {
  const n = 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n);
  return `${z}/${x}/${y}`;
}

/**
 * The geography tile (sea, coast, borders) under each sample place at each sampled zoom: KB on
 * the wire with brotli, and the first request's milliseconds (cut on demand, then cached).
 */
export async function geoTileSizes(
  base: string,
): Promise<Record<string, Record<string, { brKB: number; firstMs: number }>>> {
  const style = (await (await fetch(`${base}/basemap/style.json`)).json()) as {
    sources: { geo: { tiles: string[] } };
  };
  const template = style.sources.geo.tiles[0] ?? '';
  const out: Record<string, Record<string, { brKB: number; firstMs: number }>> = {};
  for (const [name, [lon, lat]] of Object.entries(SAMPLES)) {
    out[name] = {};
    for (const z of SAMPLE_ZOOMS) {
      const url = `${base}${template.replace('{z}/{x}/{y}', tileAt(lon, lat, z))}`;
      const t0 = performance.now();
      const res = await fetch(url, { headers: { 'Accept-Encoding': 'br' } });
      const bytes = Number(
        res.headers.get('content-length') ?? (await res.arrayBuffer()).byteLength,
      );
      out[name][`z${z}`] = { brKB: kb(bytes), firstMs: Math.round(performance.now() - t0) };
    }
  }
  return out;
}
