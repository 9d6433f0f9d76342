/**
 * Sitemaps (sitemaps.org 0.9): `/sitemap.xml` is an index of one sitemap per locale with store
 * pages, split into files of at most SITEMAP_MAX URLs (`/sitemaps/{site}-{lang}-{n}.xml`, n
 * from 1); each lists the locale's directory pages and every one of its stores once. lastmod is
 * a store page's last change (kept by the database for every writer), a directory page's newest
 * store's, a sitemap file's newest URL's.
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

/** A URL path of a sitemap and its last change (ISO 8601, "" when unknown). */
export interface SitemapEntry {
  path: string;
  changedAt: string;
}

const newest = (changes: readonly string[]): string =>
  changes.reduce((a, b) => (b > a ? b : a), '');

/** Every path a locale's sitemaps list: directory pages, then store pages. */
export function localePaths(page: PageLocale, state: DataState): SitemapEntry[] {
  const out: SitemapEntry[] = [];
  const single = page.regionName === undefined;
  const places = (place: Place, slugs: string[]): void => {
    for (const child of place.children.values()) {
      const path = [...slugs, child.slug];
      out.push({ path: directoryPath(page.path, path), changedAt: child.changedAt });
      places(child, path);
    }
  };
  const directory = state.directoryIn(page.tag);
  const countries = page.countries.filter((c) => directory.countries.has(c.countryCode));
  if (countries.length === 0) return out;
  const roots = countries.map((c) => directory.countries.get(c.countryCode)!);
  out.push({ path: directoryPath(page.path), changedAt: newest(roots.map((r) => r.changedAt)) });
  countries.forEach((c, i) => {
    const root = roots[i]!;
    const slugs = single ? [] : [c.countryCode.toLowerCase()];
    if (!single) out.push({ path: directoryPath(page.path, slugs), changedAt: root.changedAt });
    places(root, slugs);
  });
  for (const c of countries) {
    for (const s of directory.storesByCountry.get(c.countryCode) ?? []) {
      out.push({ path: storePagePath(page.path, s.storeId, s.title), changedAt: s.changedAt });
    }
  }
  return out;
}

/** lastmod in seconds (W3C Datetime), or nothing when the change is unknown. */
function lastmod(changedAt: string): string {
  const at = Date.parse(changedAt);
  if (Number.isNaN(at)) return '';
  return `<lastmod>${new Date(at).toISOString().slice(0, 19)}Z</lastmod>`;
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function chunk(entries: readonly SitemapEntry[], n: number): readonly SitemapEntry[] {
  return entries.slice((n - 1) * SITEMAP_MAX, n * SITEMAP_MAX);
}

export function sitemapIndex(
  files: readonly { name: string; entries: readonly SitemapEntry[] }[],
  origin: string,
): string {
  const out: string[] = [];
  for (const f of files) {
    for (let n = 1; n <= Math.ceil(f.entries.length / SITEMAP_MAX); n += 1) {
      const changed = newest(chunk(f.entries, n).map((e) => e.changedAt));
      out.push(
        `<sitemap><loc>${xml(`${origin}/sitemaps/${f.name}-${n}.xml`)}</loc>${lastmod(changed)}</sitemap>`,
      );
    }
  }
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${out.join('\n')}\n</sitemapindex>\n`;
}

/** The n-th (from 1) file of a locale's paths, or undefined past the last. */
export function sitemapFile(
  entries: readonly SitemapEntry[],
  n: number,
  origin: string,
): string | undefined {
  const slice = chunk(entries, n);
  if (n < 1 || slice.length === 0) return undefined;
  const urls = slice.map(
    (e) => `<url><loc>${xml(`${origin}${e.path}`)}</loc>${lastmod(e.changedAt)}</url>`,
  );
  return `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
