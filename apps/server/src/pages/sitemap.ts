/**
 * Sitemaps (sitemaps.org 0.9): `/sitemap.xml` is an index of one sitemap per locale with store
 * pages, split into files of at most SITEMAP_MAX URLs (`/sitemaps/{site}-{lang}-{n}.xml`, n
 * from 1); each lists the locale's directory pages and every one of its stores once. lastmod is
 * the time of the last import (none while only demo data was loaded).
 */
import { directoryPath, storePagePath } from '@locator/core';
import type { DataState } from './state.js';
import type { PageLocale } from './locales.js';
import type { Place } from './directory.js';

export const SITEMAP_MAX = 50_000;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (s: string): string => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** "uk-en": the name of a locale's sitemaps. */
export function sitemapName(page: PageLocale): string {
  return `${page.site}-${page.lang}`;
}

/** Every path a locale's sitemaps list: directory pages, then store pages. */
export function localePaths(page: PageLocale, state: DataState): string[] {
  const out: string[] = [];
  const single = page.regionName === undefined;
  const places = (place: Place, slugs: string[]): void => {
    for (const child of place.children.values()) {
      const path = [...slugs, child.slug];
      out.push(directoryPath(page.path, path));
      places(child, path);
    }
  };
  const countries = page.countries.filter((c) => state.directory.countries.has(c.countryCode));
  if (countries.length === 0) return out;
  out.push(directoryPath(page.path));
  for (const c of countries) {
    const root = state.directory.countries.get(c.countryCode)!;
    const slugs = single ? [] : [c.countryCode.toLowerCase()];
    if (!single) out.push(directoryPath(page.path, slugs));
    places(root, slugs);
  }
  for (const c of countries) {
    for (const s of state.directory.storesByCountry.get(c.countryCode) ?? []) {
      out.push(storePagePath(page.path, s.storeId, s.title));
    }
  }
  return out;
}

function lastmod(state: DataState): string {
  return state.lastImport ? `<lastmod>${xml(state.lastImport)}</lastmod>` : '';
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function sitemapIndex(
  files: readonly { name: string; count: number }[],
  origin: string,
  state: DataState,
): string {
  const entries: string[] = [];
  for (const f of files) {
    for (let n = 1; n <= Math.ceil(f.count / SITEMAP_MAX); n += 1) {
      entries.push(
        `<sitemap><loc>${xml(`${origin}/sitemaps/${f.name}-${n}.xml`)}</loc>${lastmod(state)}</sitemap>`,
      );
    }
  }
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** The n-th (from 1) file of a locale's paths, or undefined past the last. */
export function sitemapFile(
  paths: readonly string[],
  n: number,
  origin: string,
  state: DataState,
): string | undefined {
  const slice = paths.slice((n - 1) * SITEMAP_MAX, n * SITEMAP_MAX);
  if (n < 1 || slice.length === 0) return undefined;
  const urls = slice.map((p) => `<url><loc>${xml(`${origin}${p}`)}</loc>${lastmod(state)}</url>`);
  return `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
