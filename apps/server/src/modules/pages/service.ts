/**
 * The store pages (modules/pages/README.md): answers a path under a locale's `stores/` with a store
 * page, a directory page, a redirect to a store's canonical address, or a real 404 / 410 page.
 * Answers are cached by data version (and kept until it changes, a store page with opening
 * hours no longer than its status holds); their ETag is derived from the build id, the version and
 * the path (and the status period), so a revalidation costs no rendering.
 */
import { createHash } from 'node:crypto';
import { DIRECTORY_SEGMENT, HOME_PATH, directoryPath } from '@locator/core';
import { esc } from './html.js';
import { PageLocales, type PageLocale } from './locales.js';
import { PagesData } from './state.js';
import { PageKit, type PageAnswer, type StorePagesOptions } from './kit.js';
import { placePage } from './place-page.js';
import { storePage } from './store-page.js';

export type { PageAnswer, StorePagesOptions } from './kit.js';

/** Answers kept per data version. */
const CACHE_MAX = 20_000;

export class StorePagesService {
  readonly locales: PageLocales;
  readonly data: PagesData;
  private cache = new Map<string, PageAnswer>();
  private cacheVersion = '';
  /** The build id: translations or code of a new release change the ETags (never a start). */
  private readonly release: string;

  private readonly kit: PageKit;

  constructor(private readonly o: StorePagesOptions) {
    this.locales = new PageLocales(o.config);
    this.kit = new PageKit(o, this.locales);
    const countriesOf = new Map<string, Set<string>>();
    for (const page of this.locales.all()) {
      const set = countriesOf.get(page.tag) ?? new Set<string>();
      for (const c of page.countries) set.add(c.countryCode);
      countriesOf.set(page.tag, set);
    }
    this.data = new PagesData(
      o.pages,
      o.now,
      () => this.kit.placeNames(),
      (lang) => countriesOf.get(lang),
    );
    this.release = o.buildId ?? '';
  }

  /** PUBLIC_ORIGIN. */
  get origin(): string {
    return this.o.origin;
  }

  url(path: string): string {
    return this.kit.url(path);
  }

  /** The ETag of an answer for a path in a data version. */
  etag(version: string, key: string): string {
    return `"${createHash('sha1').update(`${this.release}|${version}|${key}`).digest('base64url')}"`;
  }

  /**
   * The answer for a locale path ("/uk/en/") and the decoded segments after its `stores/`;
   * undefined when the locale has no store pages.
   */
  async answer(localePath: string, rest: readonly string[]): Promise<PageAnswer | undefined> {
    const page = this.locales.get(localePath);
    if (!page) return undefined;
    const version = await this.data.currentVersion();
    if (version !== this.cacheVersion) {
      this.cache = new Map();
      this.cacheVersion = version;
    }
    const key = `${localePath}|${rest.join('/')}`;
    const now = (this.o.now ?? Date.now)();
    const hit = this.cache.get(key);
    if (hit && (hit.validUntil === undefined || now < hit.validUntil)) return hit;
    const rendered = await this.render(page, rest, this.etag(version, key));
    // A page with an opening status has an ETag per status period, so that revalidations
    // after the status changed get the new page.
    const answer =
      rendered.validUntil === undefined
        ? rendered
        : { ...rendered, etag: this.etag(version, `${key}|${rendered.validUntil}`) };
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(key, answer);
    return answer;
  }

  private async render(
    page: PageLocale,
    rest: readonly string[],
    etag: string,
  ): Promise<PageAnswer> {
    const t = await this.o.texts.of(page.tag);
    if (rest.length === 0) return placePage(this.kit, page, [], await this.data.current(), t, etag);
    if (rest[0] === DIRECTORY_SEGMENT && rest.length > 1) {
      return placePage(this.kit, page, rest.slice(1), await this.data.current(), t, etag);
    }
    if (rest.length === 1 && rest[0] !== DIRECTORY_SEGMENT) {
      return storePage(this.kit, page, rest[0]!, t, etag);
    }
    return this.kit.errorPage(page, 404, t, etag);
  }

  /**
   * The not-found page (404) of a path that names no site, in the home locale's language; undefined
   * when the home locale has no store pages.
   */
  async notFound(): Promise<string | undefined> {
    const page = this.locales.get(HOME_PATH);
    if (!page) return undefined;
    const t = await this.o.texts.of(page.tag);
    return this.kit.errorPage(page, 404, t, '').html;
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
}
