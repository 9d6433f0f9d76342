/**
 * Loading the basemap style from our server (GET /basemap/config.json): our own embedded or
 * PMTiles style, or a vendor style whose "{key}" is the token of GET /mapKitToken (PRODUCT.md#other-server-calls).
 * Relative URLs in our style are resolved against the page's origin here, as MapLibre's workers
 * need absolute ones.
 */
import type { StyleSpecification } from 'maplibre-gl';
import { safeWebUrl } from '@locator/core';

export interface Attribution {
  text: string;
  href: string;
}

/** The credits of the embedded basemap (the last one, MapLibre, is every mode's). */
export const EMBEDDED_ATTRIBUTION: readonly Attribution[] = [
  { text: '© OpenStreetMap contributors (ODbL)', href: 'https://www.openstreetmap.org/copyright' },
  { text: '© Natural Earth', href: 'https://www.naturalearthdata.com/' },
  { text: 'GeoNames (CC BY 4.0)', href: 'https://www.geonames.org/' },
  { text: 'MapLibre', href: 'https://maplibre.org/' },
];

export interface BasemapClientConfig {
  mode: 'embedded' | 'pmtiles' | 'vendor';
  style: string;
  token: boolean;
  fallbackStyle: string;
  attribution: Attribution[];
}

export interface LoadedBasemap {
  style: StyleSpecification;
  mode: BasemapClientConfig['mode'];
  attribution: Attribution[];
  /** The vendor token, to put in the URLs the vendor style loads ("" when none). */
  token: string;
}

type Json = Record<string, unknown>;

/** Resolves a relative URL (also inside "pmtiles://") against the origin; others unchanged. */
export function absoluteUrl(url: string, origin: string): string {
  if (url.startsWith('pmtiles://')) return `pmtiles://${absoluteUrl(url.slice(10), origin)}`;
  return url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url;
}

/** Replaces "{key}" with the (URL-encoded) token. */
export function withKey(url: string, token: string): string {
  return url.replaceAll('{key}', encodeURIComponent(token));
}

/** The map options that put the vendor token into every URL the style loads (none without one). */
export function keyedRequests(token: string): {
  transformRequest?: (url: string) => { url: string };
} {
  return token ? { transformRequest: (url: string) => ({ url: withKey(url, token) }) } : {};
}

/** A copy of the style with its source, glyph and sprite URLs absolute. */
export function absoluteStyle(style: Json, origin: string): StyleSpecification {
  const fix = (u: unknown) => (typeof u === 'string' ? absoluteUrl(u, origin) : u);
  const sources = Object.fromEntries(
    Object.entries((style.sources ?? {}) as Record<string, Json>).map(([id, s]) => {
      const copy: Json = { ...s };
      if (typeof copy.url === 'string') copy.url = fix(copy.url);
      if (Array.isArray(copy.tiles)) copy.tiles = copy.tiles.map(fix);
      if (typeof copy.data === 'string') copy.data = fix(copy.data);
      return [id, copy];
    }),
  );
  const out: Json = { ...style, sources };
  if (typeof out.glyphs === 'string') out.glyphs = fix(out.glyphs);
  if (typeof out.sprite === 'string') out.sprite = fix(out.sprite);
  return out as unknown as StyleSpecification;
}

/**
 * Plain-text attributions of a vendor style's sources ("<a>© Vendor</a>" → "© Vendor"). The
 * markup is parsed into an inert document, never inserted; a link keeps only an http(s) href
 * (safeWebUrl; a javascript: or data: href in a vendor style gives the text alone).
 */
export function styleAttributions(style: Json): Attribution[] {
  const out: Attribution[] = [];
  for (const s of Object.values((style.sources ?? {}) as Record<string, Json>)) {
    if (typeof s.attribution !== 'string' || !s.attribution) continue;
    const doc = new DOMParser().parseFromString(s.attribution, 'text/html');
    const links = [...doc.querySelectorAll('a')];
    if (links.length === 0) out.push({ text: doc.body.textContent?.trim() ?? '', href: '' });
    for (const a of links) {
      out.push({ text: a.textContent?.trim() ?? '', href: safeWebUrl(a.getAttribute('href')) });
    }
  }
  return out.filter((a, i) => a.text && out.findIndex((b) => b.text === a.text) === i);
}

async function getJson(url: string, signal?: AbortSignal): Promise<Json> {
  const res = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as Json;
}

/** The map-service token (PRODUCT.md#other-server-calls); empty on failure. */
export async function fetchMapToken(origin: string, signal?: AbortSignal): Promise<string> {
  try {
    const res = await fetch(
      `${origin}/mapKitToken?no-cache=${Math.random().toString(36).slice(2)}`,
      {
        signal,
        headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' },
      },
    );
    return res.ok ? (await res.text()).trim() : '';
  } catch {
    return '';
  }
}

export async function loadBasemap(
  lang: string,
  origin: string,
  signal?: AbortSignal,
): Promise<LoadedBasemap> {
  const config = (await getJson(
    `${origin}/basemap/config.json?lang=${encodeURIComponent(lang)}`,
    signal,
  )) as unknown as BasemapClientConfig;
  if (config.mode === 'vendor') {
    const token = config.token ? await fetchMapToken(origin, signal) : '';
    if (!config.token || token) {
      try {
        const style = await getJson(withKey(config.style, token), signal);
        return {
          style: style as unknown as StyleSpecification,
          mode: 'vendor',
          token,
          attribution: [...styleAttributions(style), ...config.attribution],
        };
      } catch (err) {
        if (signal?.aborted) throw err;
        console.warn('vendor map style unavailable; using the embedded one', err);
      }
    }
  }
  const ownStyle = config.mode === 'vendor' ? config.fallbackStyle : config.style;
  const style = await getJson(absoluteUrl(ownStyle, origin), signal);
  const attribution =
    config.mode === 'vendor'
      ? [...EMBEDDED_ATTRIBUTION.slice(0, -1), ...config.attribution]
      : config.attribution;
  return {
    style: absoluteStyle(style, origin),
    mode: config.mode === 'vendor' ? 'embedded' : config.mode,
    attribution,
    token: '',
  };
}

/** The style uses our PMTiles archive (the browser needs the pmtiles protocol). */
export function usesPmtiles(style: StyleSpecification): boolean {
  return Object.values(style.sources).some(
    (s) => 'url' in s && typeof s.url === 'string' && s.url.startsWith('pmtiles://'),
  );
}
