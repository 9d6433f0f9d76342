/**
 * The store pages (pages/README.md): answers a path under a locale's `stores/` with a store
 * page, a directory page, a redirect to a store's canonical address, or a real 404 / 410 page.
 * Answers are cached by data version (and kept until it changes); their ETag is derived from
 * the version and the path, so a revalidation costs no rendering.
 */
import { createHash } from 'node:crypto';
import {
  DIRECTORY_SEGMENT,
  directoryPath,
  placeSlug,
  safeWebUrl,
  storeIdOfSegment,
  storePagePath,
  type Product,
} from '@locator/core';
import type { ConfigService, ServedCountry } from '../config/service.js';
import type { StorePagesRepository } from '../db/store-pages.js';
import type { StoreRepository } from '../db/types.js';
import type { StoreDoc } from '../stores/doc.js';
import { renderShell, esc, type Crumb, type Alternate } from './html.js';
import { breadcrumbJsonLd, storeJsonLd } from './json-ld.js';
import { PageLocales, type PageLocale } from './locales.js';
import { PagesData, type DataState } from './state.js';
import { renderStoreMain, type NearbyStore } from './store-view.js';
import { renderPlaceMain, placeTitle, type PlaceLevel } from './directory-view.js';
import type { PageTexts, Translate } from './texts.js';
import type { Place } from './directory.js';

export interface PageAnswer {
  status: 200 | 301 | 404 | 410;
  html: string;
  etag: string;
  /** Absolute path of a redirect. */
  location?: string;
}

export interface StorePagesOptions {
  config: ConfigService;
  pages: StorePagesRepository;
  stores: StoreRepository;
  texts: PageTexts;
  /** PUBLIC_ORIGIN, without a trailing slash. */
  origin: string;
  brand: string;
  /** The stylesheet's path. */
  stylesheet: string;
  now?: () => number;
}

/** Answers kept per data version. */
const CACHE_MAX = 20_000;
/** Nearby stores shown. */
const NEARBY = 5;
const NEARBY_RADIUS_KM = 50;

export class StorePagesService {
  readonly locales: PageLocales;
  readonly data: PagesData;
  private cache = new Map<string, PageAnswer>();
  private cacheVersion = '';
  /** Changes with each start: translations or code of a new release change the ETags. */
  private readonly release = String(Date.now());

  constructor(private readonly o: StorePagesOptions) {
    this.locales = new PageLocales(o.config);
    this.data = new PagesData(o.pages, o.now);
  }

  /** PUBLIC_ORIGIN. */
  get origin(): string {
    return this.o.origin;
  }

  url(path: string): string {
    return `${this.o.origin}${path}`;
  }

  /** The ETag of an answer for a path in a data version. */
  etag(version: string, key: string): string {
    return `"${createHash('sha1').update(`${this.release}|${version}|${key}`).digest('base64url')}"`;
  }

  /** The current ETag of a path (to answer 304 without rendering). */
  async currentEtag(key: string): Promise<string> {
    return this.etag((await this.data.current()).version, key);
  }

  /**
   * The answer for a locale path ("/uk/en/") and the decoded segments after its `stores/`;
   * undefined when the locale has no store pages.
   */
  async answer(localePath: string, rest: readonly string[]): Promise<PageAnswer | undefined> {
    const page = this.locales.get(localePath);
    if (!page) return undefined;
    const state = await this.data.current();
    if (state.version !== this.cacheVersion) {
      this.cache = new Map();
      this.cacheVersion = state.version;
    }
    const key = `${localePath}|${rest.join('/')}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const answer = await this.render(page, rest, state, this.etag(state.version, key));
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(key, answer);
    return answer;
  }

  private async render(
    page: PageLocale,
    rest: readonly string[],
    state: DataState,
    etag: string,
  ): Promise<PageAnswer> {
    const t = await this.o.texts.of(page.tag);
    if (rest.length === 0) return this.placePage(page, [], state, t, etag);
    if (rest[0] === DIRECTORY_SEGMENT && rest.length > 1) {
      return this.placePage(page, rest.slice(1), state, t, etag);
    }
    if (rest.length === 1 && rest[0]!.includes('-')) {
      return this.storePage(page, rest[0]!, state, t, etag);
    }
    return this.errorPage(page, 404, t, etag);
  }

  private countryName(page: PageLocale, c: ServedCountry): string {
    try {
      return (
        new Intl.DisplayNames([page.tag], { type: 'region' }).of(c.countryCode) ?? c.countryName
      );
    } catch {
      return c.countryName;
    }
  }

  private alternates(page: PageLocale, path: (p: PageLocale) => string): Alternate[] {
    const list = this.locales.alternates(page);
    if (list.length < 2) return [];
    return [
      ...list.map((p) => ({ hreflang: p.tag, url: this.url(path(p)) })),
      { hreflang: 'x-default', url: this.url(path(list[0]!)) },
    ];
  }

  /** The breadcrumb of a place path: the locale's directory, then each place. */
  private crumbs(page: PageLocale, levels: PlaceLevel[], t: Translate): Crumb[] {
    const crumbs: Crumb[] = [
      { name: this.rootName(page, t), url: this.url(directoryPath(page.path)) },
    ];
    for (let i = 0; i < levels.length; i += 1) {
      crumbs.push({
        name: levels[i]!.name,
        url: this.url(
          directoryPath(
            page.path,
            levels.slice(0, i + 1).map((l) => l.place.slug),
          ),
        ),
      });
    }
    return crumbs;
  }

  private rootName(page: PageLocale, t: Translate): string {
    return t('directory.heading', { place: this.rootPlace(page) });
  }

  /** The locale's country, or its region's name. */
  private rootPlace(page: PageLocale): string {
    return page.regionName === undefined
      ? this.countryName(page, page.countries[0]!)
      : page.regionName;
  }

  /**
   * The places a path names: for a region's locale the first slug is a country's code. A
   * one-country locale starts at its country.
   */
  private levels(
    page: PageLocale,
    slugs: readonly string[],
    state: DataState,
  ): PlaceLevel[] | undefined {
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
    const root = country ? state.directory.countries.get(country.countryCode) : undefined;
    if (!country || !root) return undefined;
    if (!single)
      levels.push({ place: root, name: this.countryName(page, country), kind: 'country' });
    const places = state.directory.walk(root, rest);
    if (!places || places.length > 2) return undefined;
    places.forEach((p, i) =>
      levels.push({ place: p, name: p.name, kind: i === 0 ? 'region' : 'city' }),
    );
    return levels;
  }

  private placePage(
    page: PageLocale,
    slugs: readonly string[],
    state: DataState,
    t: Translate,
    etag: string,
  ): PageAnswer {
    const levels = this.levels(page, slugs, state);
    if (!levels) return this.errorPage(page, 404, t, etag);
    const single = page.regionName === undefined;
    const last = levels[levels.length - 1];
    // The children listed: countries (region root), regions, cities, or stores.
    let children: { name: string; path: string; count: number }[] = [];
    let stores: { name: string; street: string; path: string }[] = [];
    const slugPath = levels.map((l) => l.place.slug);
    if (!last && !single) {
      children = page.countries
        .filter((c) => state.directory.countries.has(c.countryCode))
        .map((c) => ({
          name: this.countryName(page, c),
          path: directoryPath(page.path, [c.countryCode.toLowerCase()]),
          count: state.directory.countries.get(c.countryCode)!.count,
        }));
    } else {
      const place: Place | undefined =
        last?.place ?? state.directory.countries.get(page.countries[0]!.countryCode);
      if (place && place.children.size > 0) {
        children = [...place.children.values()].map((p) => ({
          name: p.name === '' ? '—' : p.name,
          path: directoryPath(page.path, [...slugPath, p.slug]),
          count: p.count,
        }));
      } else if (place) {
        stores = place.stores.map((s) => ({
          name: s.title,
          street: s.street,
          path: storePagePath(page.path, s.storeId, s.title),
        }));
      }
    }
    const crumbs = this.crumbs(page, levels, t);
    const heading = placeTitle(page, levels, t, this.rootName(page, t));
    const path = directoryPath(page.path, slugPath);
    const main = renderPlaceMain({ heading, children, stores, t });
    const html = renderShell({
      page,
      t,
      title: `${heading} - ${this.o.brand}`,
      description: t('directory.description', { place: last?.name || this.rootPlace(page) }),
      canonical: this.url(path),
      alternates: this.alternates(page, (p) => directoryPath(p.path, slugPath)),
      jsonLd: crumbs.length > 1 ? [breadcrumbJsonLd(crumbs)] : [],
      crumbs,
      stylesheet: this.o.stylesheet,
      demoData: this.o.config.demoData,
      main,
    });
    return { status: 200, html, etag };
  }

  private async storePage(
    page: PageLocale,
    segment: string,
    state: DataState,
    t: Translate,
    etag: string,
  ): Promise<PageAnswer> {
    const { directory } = state;
    const storeId = storeIdOfSegment(segment, (id) => directory.storeCountry.has(id));
    const iso = storeId === undefined ? undefined : directory.storeCountry.get(storeId);
    const country = page.countries.find((c) => c.countryCode === iso);
    if (storeId === undefined || !country) {
      const gone = storeIdOfSegment(segment, (id) => this.data.wasRemoved(id)) !== undefined;
      return this.errorPage(page, gone ? 410 : 404, t, etag);
    }
    const stored = await this.o.pages.store(storeId);
    if (!stored) return this.errorPage(page, 410, t, etag);
    const doc = JSON.parse(stored.doc) as StoreDoc;
    const path = storePagePath(page.path, doc.storeId, doc.title);
    if (`${page.path}stores/${segment}` !== decodeURIComponent(path)) {
      return { status: 301, html: '', etag, location: path };
    }
    const products = this.products(page, country);
    const nearby = await this.nearby(page, country, doc);
    const levels = this.levels(
      page,
      [
        ...(page.regionName === undefined ? [] : [country.countryCode.toLowerCase()]),
        placeSlug((doc.state ?? '').trim()),
        placeSlug((doc.city ?? '').trim()),
      ],
      state,
    );
    const crumbs = [
      ...this.crumbs(page, levels ?? [], t),
      { name: doc.title, url: this.url(path) },
    ];
    const place = [doc.city, doc.state]
      .map((s) => (s ?? '').trim())
      .filter(Boolean)
      .join(', ');
    const html = renderShell({
      page,
      t,
      title: `${doc.title}${place ? ` - ${place}` : ''} - ${this.o.brand}`,
      description: t('store.description', {
        name: doc.title,
        place: place || this.countryName(page, country),
      }),
      canonical: this.url(path),
      alternates: this.alternates(page, (p) => storePagePath(p.path, doc.storeId, doc.title)),
      jsonLd: [
        storeJsonLd({
          name: doc.title,
          url: this.url(path),
          telephone: (doc.phone ?? '').trim(),
          street: [doc.street1, doc.street2]
            .map((s) => (s ?? '').trim())
            .filter(Boolean)
            .join(', '),
          city: doc.city ?? '',
          region: doc.state ?? '',
          postalCode: doc.postalCode ?? '',
          country: country.countryCode,
          latitude: doc.latitude,
          longitude: doc.longitude,
          website: safeWebUrl(doc.storeWeb),
        }),
        breadcrumbJsonLd(crumbs),
      ],
      crumbs,
      stylesheet: this.o.stylesheet,
      demoData: this.o.config.demoData,
      main: renderStoreMain({
        doc,
        country,
        catalogue: this.o.config.catalogue,
        products,
        page,
        t,
        nearby,
      }),
    });
    return { status: 200, html, etag };
  }

  /** The catalogue's products by _id in the page's language. */
  private products(page: PageLocale, country: ServedCountry): Map<string, Product> {
    const channel = country.channels.sales ? 'sales' : 'service';
    try {
      const list = this.o.config.searchContext(
        country.urlCode,
        page.lang,
        channel,
      ).productMatrixList;
      return new Map(list.map((p) => [String(p._id), p]));
    } catch {
      return new Map();
    }
  }

  private async nearby(
    page: PageLocale,
    country: ServedCountry,
    doc: StoreDoc,
  ): Promise<NearbyStore[]> {
    const channel = doc.salesProducts.length > 0 ? 'sales' : 'service';
    const hits = await this.o.stores.nearest({
      latitude: doc.latitude,
      longitude: doc.longitude,
      radiusKm: NEARBY_RADIUS_KM,
      limit: NEARBY + 1,
      countries: [country.countryCode],
      channel,
      dropOff: 'any',
    });
    const unit = country.distanceUnit === 'mi' ? 'mile' : 'kilometer';
    const format = new Intl.NumberFormat(page.tag, {
      style: 'unit',
      unit,
      maximumFractionDigits: 1,
    });
    return hits
      .map((h) => ({ s: JSON.parse(h.doc) as StoreDoc, km: h.distanceKm }))
      .filter(({ s }) => s.storeId !== doc.storeId)
      .slice(0, NEARBY)
      .map(({ s, km }) => ({
        name: s.title,
        path: storePagePath(page.path, s.storeId, s.title),
        distance: format.format(unit === 'mile' ? km / 1.609344 : km),
      }));
  }

  /**
   * What the host page shows without JavaScript (and to crawlers that run none): a link to the
   * locale's store directory, or "" when the locale has no store pages.
   */
  async noscript(localePath: string): Promise<string> {
    const page = this.locales.get(localePath);
    if (!page) return '';
    const t = await this.o.texts.of(page.tag);
    return `<noscript><p><a href="${esc(directoryPath(page.path))}">${esc(t('allStores'))}</a></p></noscript>`;
  }

  private errorPage(page: PageLocale, status: 404 | 410, t: Translate, etag: string): PageAnswer {
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
