/**
 * The country configuration service: turns the validated files into the served globalmatrix
 * objects (PRODUCT.md#country-configuration, #channel-configuration), resolves API path codes (URL form "uk", ISO "gb", catch-all
 * regions, any case) and answers globalmatrix with a cached body and ETag. Product names are
 * served in the path's language (config/names.ts), resolved once per place and language.
 */
import { createHash } from 'node:crypto';
import {
  ApiError,
  isResultChannel,
  localeParts,
  type ChannelConfig,
  type CountryConfig,
  type Product,
  type ResultChannel,
} from '@locator/core';
import type { Catalogue, CountryFile, RegionFile } from './schema.js';
import type { ConfigFiles } from './load.js';
import { nameChain, ProductNames } from './names.js';

/** A served country configuration: PRODUCT.md#country-configuration plus documented additions. */
export interface ServedCountry extends CountryConfig {
  /** Country code used in site and API paths ("uk" for GB). */
  urlCode: string;
  /** Catch-all region the country belongs to, or null. */
  catchAllRegion: string | null;
  /** Road-distance unit of the country (CLDR): "mi" in the US and GB, else "km". */
  distanceUnit: 'km' | 'mi';
  /** True while the store data is the generated demo data set. */
  demoData: boolean;
  /** Whether the place search finds postcodes in the country. */
  placePostcodes: boolean;
}

export type Target =
  | { kind: 'country'; code: string; country: ServedCountry; langs: string[] }
  | { kind: 'region'; code: string; region: RegionFile; members: ServedCountry[]; langs: string[] };

export interface SearchContext {
  /** ISO codes searched. */
  countries: string[];
  channel: ResultChannel;
  maxResults: number;
  searchRadius: number;
  dropOff: boolean;
  productIds: Set<string>;
  carriers: Set<string>;
  distanceUnit: 'km' | 'mi';
  /** BCP 47 tag for number formatting. */
  numberLocale: string;
  /**
   * The whole catalogue's products by displayOrder, named in the path's language (the search
   * response's productMatrixList). The same array for every context of the same name chain.
   */
  productMatrixList: readonly Product[];
}

export interface CachedBody {
  body: string;
  etag: string;
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Catch-all fixed values (PRODUCT.md#regions). */
const CATCH_ALL = { maxResults: 99, searchRadius: 100, dropOff: false };

export class ConfigService {
  readonly catalogue: Catalogue;
  private readonly productsByCode: Map<string, Product>;
  private readonly names: ProductNames;
  /** The catalogue's products by displayOrder (English). */
  private readonly productList: readonly Product[];
  private readonly files: Map<string, CountryFile>;
  private readonly regions: Map<string, RegionFile>;
  private readonly byCode = new Map<string, string>();
  private served = new Map<string, ServedCountry>();
  /** globalmatrix bodies by target code and name chain. */
  private cache = new Map<string, CachedBody>();
  /** Served countries with product names of a chain, by ISO code and chain (not English). */
  private named = new Map<string, ServedCountry>();
  /** productMatrixList by name chain. */
  private productLists = new Map<string, readonly Product[]>();
  /** Search contexts by lower-case code, lower-case language and channel (only valid ones). */
  private contexts = new Map<string, SearchContext>();
  private demo: boolean;
  /** Whether the place search finds postcodes in a country (ISO code); see setPlaceSearch. */
  private findsPostcodes: (iso: string) => boolean = () => true;

  constructor(files: ConfigFiles, options: { demoData?: boolean } = {}) {
    this.catalogue = files.catalogue;
    this.demo = options.demoData ?? false;
    this.productsByCode = new Map(
      files.catalogue.products.map((p) => [p.code, { ...p } satisfies Product]),
    );
    this.names = new ProductNames(files.names);
    this.productList = [...files.catalogue.products].sort(
      (a, b) => a.displayOrder - b.displayOrder,
    );
    this.files = new Map(files.countries.map((c) => [c.countryCode, c]));
    this.regions = new Map(files.regions.map((r) => [r.code, r]));
    for (const c of files.countries) {
      this.byCode.set(c.countryCode.toLowerCase(), c.countryCode);
      this.byCode.set(c.urlCode, c.countryCode);
    }
    this.rebuild();
  }

  get demoData(): boolean {
    return this.demo;
  }

  /** Marks whether the loaded store data is demo data (shown in every served country). */
  setDemoData(flag: boolean): void {
    if (flag === this.demo) return;
    this.demo = flag;
    this.rebuild();
  }

  /**
   * Tells which countries the place search finds postcodes in (the maps engine's answer): the
   * location field's placeholder asks for a postcode only there. Without it, everywhere.
   */
  setPlaceSearch(findsPostcodes: (iso: string) => boolean): void {
    this.findsPostcodes = findsPostcodes;
    this.rebuild();
  }

  private rebuild(): void {
    this.cache = new Map();
    this.contexts = new Map();
    this.named = new Map();
    this.served = new Map(
      [...this.files.values()].map((f) => [f.countryCode, this.serve(f)] as const),
    );
  }

  private products(codes: readonly string[]): Product[] {
    return codes
      .map((c) => this.productsByCode.get(c))
      .filter((p): p is Product => p !== undefined)
      .sort((a, b) => a.displayOrder - b.displayOrder);
  }

  private serve(f: CountryFile): ServedCountry {
    const channels: ServedCountry['channels'] = {};
    for (const [key, ch] of Object.entries(f.channels)) {
      const k = key as keyof CountryFile['channels'];
      const out: ChannelConfig = {
        channelId: key,
        channelName: ch.channelName,
        maxResults: ch.maxResults,
        dropOff: ch.dropOff,
        searchRadius: ch.searchRadius,
        products: this.products(ch.products),
        countries: ch.countries.map((cc) => {
          const other = this.files.get(cc);
          return {
            countryCode: cc,
            countryName: other?.countryName ?? cc,
            countryNativeName: other?.countryNativeName ?? cc,
            products: this.products(other?.channels[k]?.products ?? []),
            carriers: other?.carriers ?? [],
          };
        }),
        consultingLinkMap: ch.consultingLinkMap,
      };
      channels[k] = out;
    }
    return {
      ...f,
      channels,
      demoData: this.demo,
      placePostcodes: this.findsPostcodes(f.countryCode),
    };
  }

  /** The country or region an API path code names (case-insensitive), or undefined. */
  resolve(code: string): Target | undefined {
    const lower = code.toLowerCase();
    const region = this.regions.get(lower);
    if (region) {
      const members = [...this.served.values()]
        .filter((c) => c.catchAllRegion === region.code)
        .sort((a, b) => a.countryName.localeCompare(b.countryName, 'en'));
      return { kind: 'region', code: region.code, region, members, langs: region.langs };
    }
    const iso = this.byCode.get(lower);
    const country = iso ? this.served.get(iso) : undefined;
    if (!country) return undefined;
    return { kind: 'country', code: iso!, country, langs: country.langs.map((l) => l.code) };
  }

  /** Resolves code and language or throws UNKNOWN_COUNTRY / UNKNOWN_LANGUAGE. */
  target(code: string, lang: string): Target {
    const target = this.resolve(code);
    if (!target)
      throw new ApiError('UNKNOWN_COUNTRY', `No country or region "${code}".`, 'countryCode');
    if (!target.langs.includes(lang.toLowerCase())) {
      throw new ApiError(
        'UNKNOWN_LANGUAGE',
        `Language "${lang}" is not offered for "${code}" (${target.langs.join(', ')}).`,
        'lang',
      );
    }
    return target;
  }

  /**
   * The globalmatrix response objects (PRODUCT.md#product-api): one country, or every member of a region,
   * with product names in the path's language (shared objects: callers must not change them).
   */
  globalMatrix(code: string, lang: string): { response: ServedCountry[] } {
    const t = this.target(code, lang);
    const chain = nameChain(lang, t.code);
    const countries = t.kind === 'country' ? [t.country] : t.members;
    return { response: countries.map((c) => this.withNames(c, chain)) };
  }

  /** The globalmatrix body and ETag, cached per target and name chain. */
  globalMatrixBody(code: string, lang: string): CachedBody {
    const t = this.target(code, lang);
    const key = `${t.code}|${nameChain(lang, t.code).join('>')}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const body = JSON.stringify(this.globalMatrix(code, lang));
    const out = { body, etag: etagOf(body) };
    this.cache.set(key, out);
    return out;
  }

  /** A served country with the product names of a chain (itself for English). */
  private withNames(c: ServedCountry, chain: readonly string[]): ServedCountry {
    if (chain[0] === 'en') return c;
    const key = `${c.countryCode}|${chain.join('>')}`;
    let out = this.named.get(key);
    if (!out) {
      const channels: ServedCountry['channels'] = {};
      for (const [k, ch] of Object.entries(c.channels)) {
        channels[k as keyof ServedCountry['channels']] = {
          ...ch,
          products: this.names.products(ch.products, chain),
          countries: ch.countries.map((x) => ({
            ...x,
            products: this.names.products(x.products, chain),
          })),
        };
      }
      out = { ...c, channels };
      this.named.set(key, out);
    }
    return out;
  }

  /** The whole catalogue's products by displayOrder in a chain's language (cached). */
  private productMatrixList(chain: readonly string[]): readonly Product[] {
    if (chain[0] === 'en') return this.productList;
    const key = chain.join('>');
    let out = this.productLists.get(key);
    if (!out) {
      out = this.names.products(this.productList, chain);
      this.productLists.set(key, out);
    }
    return out;
  }

  /** Preloaded configuration for the host page of a locale (PRODUCT.md#home-page). */
  preload(locale: string): { response: ServedCountry[] } | undefined {
    const { country, pathLang } = localeParts(locale);
    try {
      return this.globalMatrix(country, pathLang);
    } catch {
      return undefined;
    }
  }

  /**
   * What a store search in a country (or region), language and channel needs; computed once per
   * combination (the result is shared: callers must not change it).
   */
  searchContext(code: string, lang: string, channel: string): SearchContext {
    const key = `${code.toLowerCase()}|${lang.toLowerCase()}|${channel}`;
    let ctx = this.contexts.get(key);
    if (!ctx) {
      ctx = this.buildSearchContext(code, lang, channel);
      this.contexts.set(key, ctx);
    }
    return ctx;
  }

  private buildSearchContext(code: string, lang: string, channel: string): SearchContext {
    const t = this.target(code, lang);
    if (!isResultChannel(channel)) {
      throw new ApiError('UNKNOWN_CHANNEL', `No store search for channel "${channel}".`, 'channel');
    }
    const countries = t.kind === 'country' ? [t.country] : t.members;
    // Training is searched only where it has products: elsewhere its card leads to its
    // externalLink or nowhere (packages/core home.ts).
    const offering = countries.filter(
      (c) =>
        c.channels[channel] &&
        (channel !== 'training' || (c.channels.training?.products.length ?? 0) > 0) &&
        (t.kind === 'country' || this.inCatchAll(c, channel)),
    );
    const first = offering[0]?.channels[channel];
    if (!first) {
      throw new ApiError(
        'UNKNOWN_CHANNEL',
        `Channel "${channel}" is not offered in "${code}".`,
        'channel',
      );
    }
    const productIds = new Set(
      offering.flatMap((c) => c.channels[channel]?.products ?? []).map((p) => p._id),
    );
    const carriers = new Set(offering.flatMap((c) => c.carriers.map((x) => x.name)));
    const single = t.kind === 'country' ? t.country : undefined;
    return {
      countries: offering.map((c) => c.countryCode),
      channel,
      maxResults: single ? first.maxResults : CATCH_ALL.maxResults,
      searchRadius: single ? first.searchRadius : CATCH_ALL.searchRadius,
      dropOff: single ? first.dropOff && channel === 'service' : CATCH_ALL.dropOff,
      productIds,
      carriers,
      distanceUnit: single?.distanceUnit ?? 'km',
      numberLocale: single
        ? `${lang.toLowerCase() === 'in' ? 'id' : lang.toLowerCase()}-${single.countryCode}`
        : lang.toLowerCase(),
      productMatrixList: this.productMatrixList(nameChain(lang, t.code)),
    };
  }

  /** Whether a country's stores answer a catch-all region's search; regions offer no training. */
  private inCatchAll(c: ServedCountry, channel: ResultChannel): boolean {
    if (channel === 'training') return false;
    return channel === 'sales' ? c.catchAllSalesCountry : c.catchAllServiceCountry;
  }

  /** Every served country (for the demo generator and tests). */
  countries(): ServedCountry[] {
    return [...this.served.values()];
  }
}
