/**
 * What analytics may keep, from the configuration: nothing free-form. A product is a catalogue
 * product (an event names it by id, or "all"; the location-search statistic by the name the
 * visitor saw, in any configured language, or by id, code or value) and a carrier is one of the
 * country's configured carriers (or "No-Contract"). A known value is stored in its one
 * configured spelling (the statistic's product as its English name), anything else is rejected
 * with 400 INVALID_BODY naming the field.
 */
import {
  ALL_PRODUCTS_CODE,
  ALL_PRODUCTS_ID,
  ALL_PRODUCTS_NAME,
  ApiError,
  NO_CONTRACT_CARRIER,
} from '@locator/core';
import type { ConfigService } from '../../config/service.js';

export class KnownValues {
  private readonly productIds: Set<string>;
  /** Lower-case id, code, value or (any language's) name → the catalogue's English name. */
  private readonly productNames = new Map<string, string>();
  private readonly carriers = new Map<string, Map<string, string>>();

  constructor(private readonly config: ConfigService) {
    const products = config.catalogue.products;
    this.productIds = new Set(products.map((p) => p._id));
    for (const p of [
      ...products,
      {
        _id: ALL_PRODUCTS_ID,
        code: ALL_PRODUCTS_CODE,
        value: ALL_PRODUCTS_ID,
        displayName: ALL_PRODUCTS_NAME,
      },
    ]) {
      for (const key of [p._id, p.code, p.value, p.displayName]) {
        this.productNames.set(key.toLowerCase(), p.displayName);
      }
    }
  }

  /** An event's product: "all" or a catalogue id (lower case), else INVALID_BODY. */
  eventProduct(value: string, param: string): string {
    const v = value.toLowerCase();
    if (v === 'all' || this.productIds.has(v)) return v;
    throw new ApiError('INVALID_BODY', `${param}: not a product of the catalogue`, param);
  }

  /**
   * The statistic's product: "" (none), "All Products", or a catalogue product by id, code,
   * value or a name shown in the language on one of the given pages (the searched country's,
   * or the catch-all region's whose page the visitor used: a Spanish name on /lac/es/ for
   * Martinique); stored as the product's English name.
   */
  statisticProduct(
    value: string,
    countries: readonly string[],
    lang: string,
    param = 'product',
  ): string {
    const v = value.trim().toLowerCase();
    if (v === '') return v;
    let known = this.productNames.get(v);
    for (const country of countries) known ??= this.localName(v, country, lang);
    if (known !== undefined) return known;
    throw new ApiError('INVALID_BODY', `${param}: not a product of the catalogue`, param);
  }

  /** A carrier of the country or region (its configured spelling), else INVALID_BODY. */
  carrier(value: string, country: string, param: string): string {
    if (value.toLowerCase() === NO_CONTRACT_CARRIER.toLowerCase()) return NO_CONTRACT_CARRIER;
    const known = this.carriersOf(country)?.get(value.toLowerCase());
    if (known !== undefined) return known;
    throw new ApiError('INVALID_BODY', `${param}: not a carrier of "${country}"`, param);
  }

  private localName(lowered: string, country: string, lang: string): string | undefined {
    for (const channel of ['sales', 'service'] as const) {
      let products;
      try {
        products = this.config.searchContext(country, lang, channel).productMatrixList;
      } catch {
        continue;
      }
      for (const p of products) {
        if (p.displayName.toLowerCase() === lowered) return this.productNames.get(p._id);
      }
    }
    return undefined;
  }

  private carriersOf(country: string): Map<string, string> | undefined {
    const key = country.toLowerCase();
    if (this.carriers.has(key)) return this.carriers.get(key);
    const target = this.config.resolve(key);
    const countries = !target ? [] : target.kind === 'country' ? [target.country] : target.members;
    const names = new Map<string, string>();
    for (const c of countries) for (const x of c.carriers) names.set(x.name.toLowerCase(), x.name);
    if (!target) return undefined;
    this.carriers.set(key, names);
    return names;
  }
}
