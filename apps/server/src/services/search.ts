/**
 * Store search (spec 3.5, 3.7, 4.5, 7.1): validates the request against the country's channel,
 * asks the store repository for the nearest stores and writes the response body, splicing the
 * stored JSON documents (no parse/stringify of stores per request).
 */
import { ApiError, NO_CONTRACT_CARRIER, type SearchQuery } from '@locator/core';
import type { ConfigService } from '../config/service.js';
import { etagOf } from '../config/service.js';
import type { DropOffMode, StoreRepository } from '../db/types.js';
import { formatDistance } from './distance.js';

export interface SearchPath {
  countryCode: string;
  lang: string;
  channel: string;
}

export interface SearchBody {
  body: string;
  etag: string;
  count: number;
}

export class SearchService {
  private readonly lookups: string;

  constructor(
    private readonly config: ConfigService,
    private readonly stores: StoreRepository,
  ) {
    const c = config.catalogue;
    const products = [...c.products].sort((a, b) => a.displayOrder - b.displayOrder);
    // The lookup tables are the whole (small) catalogue, keyed by _id (spec 3.5).
    this.lookups = [
      `"productMatrixList":${JSON.stringify(products)}`,
      `"badgesArray":${JSON.stringify(c.badges)}`,
      `"repairTypes":${JSON.stringify(c.repairTypes)}`,
      `"vas":${JSON.stringify(c.vas)}`,
      `"solutionsSpeciality":${JSON.stringify(c.solutionsSpeciality)}`,
    ].join(',');
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
    const hits = await this.stores.nearest({
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
    let stores = '';
    let demo = false;
    for (let i = 0; i < hits.length; i += 1) {
      const hit = hits[i]!;
      const distance = formatDistance(hit.distanceKm, ctx.distanceUnit, ctx.numberLocale);
      if (i > 0) stores += ',';
      stores += `{"orderNumber":${i + 1},"distance":${JSON.stringify(distance)},"distanceKm":${Math.round(hit.distanceKm * 1000) / 1000},${hit.doc.slice(1)}`;
      if (!demo && hit.doc.endsWith('"demo":true}')) demo = true;
    }
    const body = `{"results":{"stores":[${stores}],${this.lookups},"dropOff":${ctx.dropOff},"demoData":${demo}}}`;
    return { body, etag: etagOf(body), count: hits.length };
  }
}
