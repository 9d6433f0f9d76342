/**
 * What every store page is built with (modules/pages/README.md): the options, the locales, absolute
 * URLs from PUBLIC_ORIGIN, names of places, hreflang alternates, breadcrumbs, the place levels a
 * directory path names, and the 404 / 410 pages.
 */
import { directoryPath } from '@locator/core';
import type { ConfigService, ServedCountry } from '../../config/service.js';
import type { StorePagesRepository } from './repository.js';
import type { StoreSearch } from '../../db/types.js';
import { renderShell, esc, type Crumb, type Alternate, type IslandScript } from './html.js';
import type { PageLocale, PageLocales } from './locales.js';
import type { DataState } from './state.js';
import type { PlaceLevel } from './directory-view.js';
import type { PageTexts, Translate } from './texts.js';
import { placePhrase } from './place-grammar.js';
import { dataNames, type PlaceNamer } from './place-names.js';

export interface PageAnswer {
  status: 200 | 301 | 404 | 410;
  html: string;
  etag: string;
  /** Absolute path of a redirect. */
  location?: string;
  /**
   * Epoch ms until which the page is right (a store page's today and opening status): it is
   * rendered again after it, under another ETag.
   */
  validUntil?: number;
}

export interface StorePagesOptions {
  config: ConfigService;
  pages: StorePagesRepository;
  /** The store search, for "nearby stores". */
  search: StoreSearch;
  texts: PageTexts;
  /** PUBLIC_ORIGIN, without a trailing slash. */
  origin: string;
  brand: string;
  /** The stylesheet's path. */
  stylesheet: string;
  /** The island's module (store pages), when the web app is built. */
  island?: IslandScript;
  /**
   * The release's build id (http/build-id.ts), part of every page's ETag: translations or code
   * of a new release change the ETags, and every process of a release has the same ones.
   */
  buildId?: string;
  now?: () => number;
  /** Names of places in a page's language (place-names.ts); as the data writes them without. */
  placeNames?: () => Promise<PlaceNamer>;
}

export class PageKit {
  constructor(
    readonly o: StorePagesOptions,
    readonly locales: PageLocales,
  ) {}

  url(path: string): string {
    return `${this.o.origin}${path}`;
  }

  /** How places are named in a page's language. */
  placeNames(): Promise<PlaceNamer> {
    return this.o.placeNames?.() ?? Promise.resolve(dataNames);
  }

  countryName(page: PageLocale, c: ServedCountry): string {
    try {
      return (
        new Intl.DisplayNames([page.tag], { type: 'region' }).of(c.countryCode) ?? c.countryName
      );
    } catch {
      return c.countryName;
    }
  }

  alternates(page: PageLocale, path: (p: PageLocale) => string): Alternate[] {
    const list = this.locales.alternates(page);
    if (list.length < 2) return [];
    return [
      ...list.map((p) => ({ hreflang: p.tag, url: this.url(path(p)) })),
      { hreflang: 'x-default', url: this.url(path(list[0]!)) },
    ];
  }

  /** The breadcrumb of a place path: the locale's directory, then each place (name, slug). */
  crumbs(
    page: PageLocale,
    levels: readonly { name: string; slug: string }[],
    t: Translate,
  ): Crumb[] {
    const crumbs: Crumb[] = [
      { name: this.rootName(page, t), url: this.url(directoryPath(page.path)) },
    ];
    for (let i = 0; i < levels.length; i += 1) {
      crumbs.push({
        name: levels[i]!.name,
        url: this.url(
          directoryPath(
            page.path,
            levels.slice(0, i + 1).map((l) => l.slug),
          ),
        ),
      });
    }
    return crumbs;
  }

  rootName(page: PageLocale, t: Translate): string {
    return t('directory.heading', { place: this.rootPhrase(page) });
  }

  /** The locale's country or region as the directory's texts take it ("en France"). */
  rootPhrase(page: PageLocale): string {
    return page.regionName === undefined
      ? placePhrase(page.lang, 'country', this.rootPlace(page), page.countries[0]!.countryCode)
      : placePhrase(page.lang, 'region', page.regionName);
  }

  /** The locale's country, or its region's name. */
  rootPlace(page: PageLocale): string {
    return page.regionName === undefined
      ? this.countryName(page, page.countries[0]!)
      : page.regionName;
  }

  /**
   * The places a path names: for a region's locale the first slug is a country's code. A
   * one-country locale starts at its country.
   */
  levels(page: PageLocale, slugs: readonly string[], state: DataState): PlaceLevel[] | undefined {
    const single = page.regionName === undefined;
    // The locale's root is a page even while its country has no stores.
    if (slugs.length === 0) return [];
    const levels: PlaceLevel[] = [];
    let country: ServedCountry | undefined;
    let rest = slugs;
    if (single) {
      country = page.countries[0];
    } else {
      country = page.countries.find((c) => c.countryCode.toLowerCase() === slugs[0]);
      rest = slugs.slice(1);
    }
    const root = country
      ? state.directoryIn(page.tag).countries.get(country.countryCode)
      : undefined;
    if (!country || !root) return undefined;
    if (!single)
      levels.push({ place: root, name: this.countryName(page, country), kind: 'country' });
    const places = state.directoryIn(page.tag).walk(root, rest);
    if (!places || places.length > 2) return undefined;
    places.forEach((p, i) =>
      levels.push({ place: p, name: p.name, kind: i === 0 ? 'region' : 'city' }),
    );
    return levels;
  }

  errorPage(page: PageLocale, status: 404 | 410, t: Translate, etag: string): PageAnswer {
    const key = status === 410 ? 'gone' : 'notFound';
    const title = t(`${key}.title`);
    const main = `<h1>${esc(title)}</h1>\n<p>${esc(t(`${key}.text`))}</p>\n<p><a href="${esc(
      directoryPath(page.path),
    )}">${esc(t('allStores'))}</a></p>`;
    const html = renderShell({
      page,
      t,
      title: `${title} - ${this.o.brand}`,
      description: t(`${key}.text`),
      alternates: [],
      jsonLd: [],
      crumbs: [],
      stylesheet: this.o.stylesheet,
      demoData: false,
      main,
      noindex: true,
    });
    return { status, html, etag };
  }
}
