/**
 * Which locales have store pages, and which countries' stores each shows: a country's own site
 * paths (`/uk/en/`, `/ca/en/` and `/ca/fr/`; en-US at `/`) show its stores; a catch-all
 * region's paths (`/europe/en/`) show the stores of its member countries that have no site of
 * their own. The alternates of a page (hreflang) are the other languages of the same site.
 */
import {
  LOCALE_KEYS,
  languageTag,
  localeDirection,
  localeToPath,
  parseLocalePath,
} from '@locator/core';
import type { ConfigService, ServedCountry } from '../../config/service.js';

export interface PageLocale {
  /** The canonical locale key of the path ("en-GB", "en-EUROPE"). */
  locale: string;
  /** "/uk/en/" ("/" for en-US). */
  path: string;
  /** The language of the path as the configuration names it ("en"). */
  lang: string;
  /** BCP 47 tag for lang= and hreflang ("en-GB"; "en" for a region). */
  tag: string;
  dir: 'ltr' | 'rtl';
  /** The countries whose stores the locale shows, by name. */
  countries: ServedCountry[];
  /** A catch-all region's name, or undefined for a country's own site. */
  regionName?: string;
  /** The site's code in paths ("uk", "europe"). */
  site: string;
}

export class PageLocales {
  private readonly byPath = new Map<string, PageLocale>();
  private readonly bySite = new Map<string, PageLocale[]>();
  private readonly byCountry = new Map<string, PageLocale[]>();

  constructor(config: ConfigService) {
    const paths = [...new Set(LOCALE_KEYS.map((k) => localeToPath(k)))];
    const pending: { path: string; site: string; lang: string }[] = [];
    for (const path of paths) {
      const segments = path.split('/').filter(Boolean);
      pending.push({ path, site: segments[0] ?? 'us', lang: segments[1] ?? 'en' });
    }
    const ownSite = new Set<string>();
    // Countries' own sites first, so that regions leave them out.
    for (const { path, site, lang } of pending) {
      const target = config.resolve(site);
      if (target?.kind !== 'country' || !target.langs.includes(lang)) continue;
      ownSite.add(target.code);
      this.add({ path, site, lang, countries: [target.country] });
    }
    for (const { path, site, lang } of pending) {
      const target = config.resolve(site);
      if (target?.kind !== 'region' || !target.langs.includes(lang)) continue;
      const countries = target.members.filter((c) => !ownSite.has(c.countryCode));
      if (countries.length === 0) continue;
      this.add({ path, site, lang, countries, regionName: target.region.label });
    }
  }

  private add(p: {
    path: string;
    site: string;
    lang: string;
    countries: ServedCountry[];
    regionName?: string;
  }): void {
    const locale = parseLocalePath(p.path).locale;
    const page: PageLocale = {
      locale,
      path: p.path,
      lang: p.lang,
      tag: languageTag(locale),
      dir: localeDirection(locale),
      countries: [...p.countries].sort((a, b) => a.countryName.localeCompare(b.countryName)),
      site: p.site,
      ...(p.regionName !== undefined ? { regionName: p.regionName } : {}),
    };
    this.byPath.set(p.path, page);
    const site = this.bySite.get(p.site) ?? [];
    site.push(page);
    this.bySite.set(p.site, site);
    for (const c of p.countries) {
      const list = this.byCountry.get(c.countryCode) ?? [];
      list.push(page);
      this.byCountry.set(c.countryCode, list);
    }
  }

  /** The page locale of a locale path ("/uk/en/"), or undefined. */
  get(path: string): PageLocale | undefined {
    return this.byPath.get(path);
  }

  /** Every page locale. */
  all(): PageLocale[] {
    return [...this.byPath.values()];
  }

  /** The locales of the same site (hreflang alternates), in the configuration's language order. */
  alternates(page: PageLocale): PageLocale[] {
    const site = this.bySite.get(page.site) ?? [page];
    const order = page.countries.length === 1 ? page.countries[0]!.langs.map((l) => l.code) : [];
    const rank = (p: PageLocale) => {
      const i = order.indexOf(p.lang);
      return i < 0 ? order.length : i;
    };
    return [...site].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
  }

  /** The locales that show a country's stores. */
  ofCountry(iso: string): PageLocale[] {
    return this.byCountry.get(iso) ?? [];
  }
}
