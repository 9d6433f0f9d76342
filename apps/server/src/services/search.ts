/**
 * Store search (spec 3.5, 3.7, 4.5, 7.1): validates the request against the country's channel,
 * asks the store repository for the nearest stores and writes the response body, splicing the
 * stored JSON documents (no parse/stringify of stores per request). The ETag is a hash of the
 * response's ingredients (lookup tables, flags, each store's content hash and distance). The
 * lookup tables are written once per product-name language (the context's productMatrixList).
 */
import { ApiError, NO_CONTRACT_CARRIER, type Product, type SearchQuery } from '@locator/core';
import type { ConfigService, SearchContext } from '../config/service.js';
import { etagOf } from '../config/service.js';
import type { DropOffMode, StoreRepository } from '../db/types.js';
import { pageEntries } from '../db/page.js';
import { formatDistance } from './distance.js';

/** The longest end of a body after the lookup tables: `false,"demoData":false}}`. */
const TAIL_MAX = 32;

/** How a demo store's document ends. */
const DEMO_TAIL = Buffer.from('"demo":true}');

export interface SearchPath {
  countryCode: string;
  lang: string;
  channel: string;
}

export interface SearchBody {
  /** UTF-8 JSON. */
  body: Buffer;
  etag: string;
  count: number;
}

/** The lookup tables of one product-name language. */
interface Lookups {
  /** From the end of the store list to the dropOff value. */
  part: Buffer;
  hash: string;
}

export class SearchService {
  private readonly head = Buffer.from('{"results":{"stores":[');
  /** The lookup tables after productMatrixList (the same in every language). */
  private readonly otherTables: string;
  /** By productMatrixList (one array per name chain, see SearchContext). */
  private readonly lookups = new WeakMap<readonly Product[], Lookups>();

  constructor(
    private readonly config: ConfigService,
    private readonly stores: StoreRepository,
  ) {
    const c = config.catalogue;
    this.otherTables = [
      `"badgesArray":${JSON.stringify(c.badges)}`,
      `"repairTypes":${JSON.stringify(c.repairTypes)}`,
      `"vas":${JSON.stringify(c.vas)}`,
      `"solutionsSpeciality":${JSON.stringify(c.solutionsSpeciality)}`,
    ].join(',');
  }

  /** The lookup tables are the whole (small) catalogue, keyed by _id (spec 3.5). */
  private lookupsOf(ctx: SearchContext): Lookups {
    let out = this.lookups.get(ctx.productMatrixList);
    if (!out) {
      const tables = `"productMatrixList":${JSON.stringify(ctx.productMatrixList)},${this.otherTables}`;
      out = { part: Buffer.from(`],${tables},"dropOff":`), hash: etagOf(tables) };
      this.lookups.set(ctx.productMatrixList, out);
    }
    return out;
  }

  async search(path: SearchPath, query: SearchQuery): Promise<SearchBody> {
    const ctx = this.config.searchContext(path.countryCode, path.lang, path.channel);
    const productId = query.pt === 'all' ? undefined : query.pt;
    if (productId !== undefined && !ctx.productIds.has(productId)) {
      throw new ApiError('UNKNOWN_PRODUCT', `Product "${productId}" is not offered here.`, 'pt');
    }
    let carrier: string | undefined;
    if (query.carrier && query.carrier.toLowerCase() !== NO_CONTRACT_CARRIER.toLowerCase()) {
      const wanted = query.carrier.toLowerCase();
      carrier = [...ctx.carriers].find((c) => c.toLowerCase() === wanted);
      if (!carrier) {
        throw new ApiError(
          'UNKNOWN_CARRIER',
          `Carrier "${query.carrier}" is not known here.`,
          'carrier',
        );
      }
    }
    const dropOffSearch = query.repairType !== undefined;
    const dropOff: DropOffMode = ctx.dropOff ? (dropOffSearch ? 'only' : 'exclude') : 'any';
    const page = await this.stores.nearestPage({
      latitude: query.lat,
      longitude: query.lon,
      radiusKm: Math.min(query.maxrad ?? ctx.searchRadius, ctx.searchRadius),
      limit: Math.min(query.maxResult ?? ctx.maxResults, ctx.maxResults),
      countries: ctx.countries,
      channel: ctx.channel,
      productId,
      carrier,
      dropOff,
    });
    const { joined, distancesKm } = page;
    const entries = pageEntries(page);
    const lookups = this.lookupsOf(ctx);
    // Per store the part before its document; the documents are byte ranges of the page (never
    // decoded). The body is written into one buffer of the exact size.
    const prefixes = new Array<string>(entries.length);
    let size = this.head.length + lookups.part.length + TAIL_MAX;
    // What the body is made of, without the documents themselves: each document is named by
    // its content hash, so the ETag changes exactly when the body does (hashing ~4 KB instead
    // of the ~65 KB body).
    let tag = '';
    let demo = false;
    for (let i = 0; i < entries.length; i += 1) {
      const e = entries[i]!;
      const distanceKm = distancesKm[i]!;
      const distance = JSON.stringify(
        formatDistance(distanceKm, ctx.distanceUnit, ctx.numberLocale),
      );
      const km = Math.round(distanceKm * 1000) / 1000;
      const prefix = `${i > 0 ? ',' : ''}{"orderNumber":${i + 1},"distance":${distance},"distanceKm":${km},`;
      prefixes[i] = prefix;
      size += Buffer.byteLength(prefix) + (e.end - e.hashEnd - 2);
      tag += `${joined.toString('latin1', e.idEnd + 1, e.hashEnd)}${distance}${km}\n`;
      if (
        !demo &&
        joined.compare(DEMO_TAIL, 0, DEMO_TAIL.length, e.end - DEMO_TAIL.length, e.end) === 0
      ) {
        demo = true;
      }
    }
    const out = Buffer.allocUnsafe(size);
    let at = this.head.copy(out, 0);
    for (let i = 0; i < entries.length; i += 1) {
      const e = entries[i]!;
      at += out.write(prefixes[i]!, at);
      // The document without its opening brace.
      at += joined.copy(out, at, e.hashEnd + 2, e.end);
    }
    at += lookups.part.copy(out, at);
    at += out.write(`${ctx.dropOff},"demoData":${demo}}}`, at);
    const body = out.subarray(0, at);
    const etag = etagOf(`${lookups.hash}|${ctx.dropOff}|${demo}|${tag}`);
    return { body, etag, count: distancesKm.length };
  }
}
