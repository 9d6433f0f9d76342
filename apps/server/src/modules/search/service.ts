/**
 * Store search (PRODUCT.md#store-search-answer, #search-request, #drop-off, #product-api): validates the request against the country's channel,
 * asks the store repository for the nearest stores and writes the response body, splicing the
 * stored JSON documents (no parse/stringify of stores per request). The ETag is a hash of the
 * response's ingredients (lookup tables, flags, each store's content tag, distance and hours
 * part's digest), one hash update for the stores, never of the body. The lookup tables are
 * written once per product-name language (the context's productMatrixList). Stores with opening
 * hours carry their status as of the request (hours-status.ts), which the ETag covers too.
 */
import { ApiError, NO_CONTRACT_CARRIER, type Product, type SearchQuery } from '@locator/core';
import type { ConfigService, SearchContext } from '../../config/service.js';
import { etagOf } from '../../config/service.js';
import type { DropOffMode, NearestQuery, StoreSearch } from '../../db/types.js';
import { createHash } from 'node:crypto';
import { distanceFormat } from './distance.js';
import { ByteWriter } from '../../http/bytes.js';
import { HoursStatuses } from './hours-status.js';

/** The longest end of a body after the lookup tables: `false,"demoData":false}}`. */
const TAIL_MAX = 32;
/** The most a store adds to the body besides its document, distance and hours status. */
const STORE_PARTS_MAX = 80;

/** `,{"orderNumber":N,"distance":` by position (the first without its comma). */
const prefixes: Buffer[] = [];
function storePrefix(i: number): Buffer {
  let p = prefixes[i];
  if (!p) {
    p = Buffer.from(`${i > 0 ? ',' : ''}{"orderNumber":${i + 1},"distance":`);
    if (i < 1000) prefixes[i] = p;
  }
  return p;
}

const DISTANCE_KM = Buffer.from(',"distanceKm":');
const COMMA = 0x2c;

/** How a demo store's document ends. */
const DEMO_TAIL = Buffer.from('"demo":true}');

/** True when `bytes[.., end)` ends with `tail`. */
function endsWith(bytes: Uint8Array, end: number, tail: Uint8Array): boolean {
  const from = end - tail.length;
  if (from < 0) return false;
  for (let i = 0; i < tail.length; i += 1) if (bytes[from + i] !== tail[i]) return false;
  return true;
}

/** Half the Earth's circumference: any store of the country, wherever it is. */
const ANYWHERE_KM = 20_038;

/** A distance in whole metres: what the response shows (distanceKm has three decimals). */
const metres = (km: number): number => Math.round(km * 1000);

export interface SearchPath {
  countryCode: string;
  lang: string;
  channel: string;
}

/** What a search adds to the channel's rules (server settings). */
export interface SearchOptions {
  /** Nearest stores answered beyond the radius when none is within it (0: none). */
  beyondCount: number;
  /**
   * How far beyond the radius they may be, in km, for a search outside the searched countries
   * (a coast, the sea, a neighbour); from inside one of them, any distance (see `countryAt`).
   */
  beyondMaxKm: number;
  /**
   * The ISO code of the country at a position (the maps engine's), when known: a search from
   * inside a searched country gets that country's nearest stores however far they are.
   */
  countryAt?: ((lat: number, lon: number) => Promise<string | undefined>) | undefined;
  /** The most positions an area search answers. */
  areaMaxPoints: number;
}

export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  beyondCount: 3,
  beyondMaxKm: 1500,
  areaMaxPoints: 250_000,
};

export interface SearchBody {
  /** Writes the UTF-8 JSON body (each call anew): only an answer that is sent needs it. */
  body: () => Buffer;
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

  private readonly statuses: HoursStatuses;

  constructor(
    private readonly config: ConfigService,
    private readonly stores: StoreSearch,
    private readonly options: SearchOptions = DEFAULT_SEARCH_OPTIONS,
    now?: () => number,
  ) {
    this.statuses = new HoursStatuses(now);
    const c = config.catalogue;
    this.otherTables = [
      `"badgesArray":${JSON.stringify(c.badges)}`,
      `"repairTypes":${JSON.stringify(c.repairTypes)}`,
      `"vas":${JSON.stringify(c.vas)}`,
      `"solutionsSpeciality":${JSON.stringify(c.solutionsSpeciality)}`,
    ].join(',');
  }

  /** The lookup tables are the whole (small) catalogue, keyed by _id (PRODUCT.md#store-search-answer). */
  private lookupsOf(ctx: SearchContext): Lookups {
    let out = this.lookups.get(ctx.productMatrixList);
    if (!out) {
      const tables = `"productMatrixList":${JSON.stringify(ctx.productMatrixList)},${this.otherTables}`;
      out = { part: Buffer.from(`],${tables},"dropOff":`), hash: etagOf(tables) };
      this.lookups.set(ctx.productMatrixList, out);
    }
    return out;
  }

  /** Whether a position lies in one of the searched countries (false when unknown). */
  private async insideSearched(ctx: SearchContext, lat: number, lon: number): Promise<boolean> {
    const { countryAt } = this.options;
    if (!countryAt) return false;
    const iso = await countryAt(lat, lon).catch(() => undefined);
    return iso !== undefined && ctx.countries.includes(iso.toUpperCase());
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
    const radiusKm = Math.min(query.maxrad ?? ctx.searchRadius, ctx.searchRadius);
    const nearest: NearestQuery = {
      latitude: query.lat,
      longitude: query.lon,
      radiusKm,
      limit: Math.min(query.maxResult ?? ctx.maxResults, ctx.maxResults),
      countries: ctx.countries,
      channel: ctx.channel,
      productId,
      carrier,
      dropOff,
      area: query.bbox && { ...query.bbox, maxPoints: this.options.areaMaxPoints },
    };
    let page = await this.stores.nearestPage(nearest);
    // Nothing within the radius: the nearest few beyond it, flagged as such; from inside a
    // searched country wherever they are in it, else within the cap.
    const { beyondCount, beyondMaxKm } = this.options;
    const beyond = page.stores.length === 0 && !nearest.area && beyondCount > 0;
    if (beyond) {
      const inside = await this.insideSearched(ctx, query.lat, query.lon);
      page = await this.stores.nearestPage({
        ...nearest,
        radiusKm: Math.max(inside ? ANYWHERE_KM : beyondMaxKm, radiusKm),
        limit: Math.min(beyondCount, nearest.limit),
      });
    }
    const { stores, distancesKm } = page;
    const lookups = this.lookupsOf(ctx);
    const distances = distanceFormat(ctx.distanceUnit, ctx.numberLocale);
    const radius = distances.json(radiusKm);
    const points = page.points ? `[${page.points.join(',')}]` : '[]';
    const after = `,"beyondRadius":${beyond && stores.length > 0},"radius":${radius.toString()},"areaPoints":${points},"areaTotal":${page.total ?? 0}`;
    const instant = this.statuses.instant();
    const parts = stores.map((s) => this.statuses.part(s.bytes, s.start, s.end, s.tag, instant));
    // What the body is made of, without the documents themselves: each store's content tag,
    // its distance in whole metres and its hours part's digest (24 bytes a store instead of its
    // ~650), so the ETag changes when the body does. Both distances in the body derive from the
    // metres, so the body is a function of what the ETag hashes, whichever path measured the
    // distance (two ways of measuring can differ by micrometres).
    const tag = new Float64Array(3 * stores.length);
    let demo = false;
    for (let i = 0; i < stores.length; i += 1) {
      const s = stores[i]!;
      tag[3 * i] = s.tag;
      tag[3 * i + 1] = metres(distancesKm[i]!);
      tag[3 * i + 2] = parts[i]!.digest;
      if (!demo) demo = endsWith(s.bytes, s.end, DEMO_TAIL);
    }
    const hash = createHash('sha1')
      .update(`${lookups.hash}|${ctx.dropOff}|${demo}|${after}|`)
      .update(new Uint8Array(tag.buffer));
    const etag = `"${hash.digest('base64url')}"`;
    // The body is written only when it is sent: not for a 304, nor when the answer's encoded
    // bytes are already kept (http/encoded-answers.ts).
    const body = (): Buffer => {
      // Written piece by piece into one buffer sized for the worst case: per store the part
      // before its document, then the document's bytes without its opening brace (never
      // decoded). Each store's distance text is looked up once.
      const shown: Buffer[] = new Array<Buffer>(stores.length);
      let size = this.head.length + lookups.part.length + TAIL_MAX + Buffer.byteLength(after);
      for (let i = 0; i < stores.length; i += 1) {
        const s = stores[i]!;
        const d = distances.json(tag[3 * i + 1]! / 1000);
        shown[i] = d;
        const p = parts[i]!;
        size += STORE_PARTS_MAX + d.length + p.status.length + p.hours.length;
        size += s.end - s.start - (p.to - p.from);
      }
      const w = new ByteWriter(Buffer.allocUnsafe(size));
      w.bytes(this.head);
      for (let i = 0; i < stores.length; i += 1) {
        const s = stores[i]!;
        w.bytes(storePrefix(i));
        w.bytes(shown[i]!);
        w.bytes(DISTANCE_KM);
        w.thousandths(tag[3 * i + 1]!);
        w.byte(COMMA);
        // The document without its opening brace, its hours cut to what the answer carries.
        const p = parts[i]!;
        w.ascii(p.status);
        if (p.from < p.to) {
          w.bytes(s.bytes, s.start + 1, s.start + p.from);
          w.bytes(p.hours);
          w.bytes(s.bytes, s.start + p.to, s.end);
        } else {
          w.bytes(s.bytes, s.start + 1, s.end);
        }
      }
      w.bytes(lookups.part);
      w.ascii(`${ctx.dropOff}`);
      w.bytes(Buffer.from(after));
      w.ascii(`,"demoData":${demo}}}`);
      return w.written();
    };
    return { body, etag, count: distancesKm.length };
  }
}
