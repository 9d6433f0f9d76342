/**
 * Location-search statistics (PRODUCT.md#location-search-statistic): validated, then kept in the analytics events store as a
 * "locationSearch" event (coordinates rounded to about 1 km; searchedLocation is not kept) and
 * forwarded with the other events when forwarding is configured.
 *
 * The product's rule "only when reverse geocoding the coordinates answers the searched country"
 * (shouldSendStatistic) is applied here, where the coordinates and the maps engine are: the
 * browser sends every statistic without reverse geocoding first, and one whose position lies in
 * another country is accepted (204, the public contract) but not kept. Without a maps engine
 * (`countryAt` absent) every valid statistic is kept.
 */
import {
  ApiError,
  roundCoordinate,
  shouldSendStatistic,
  type LocationSearchBody,
} from '@locator/core';
import type { ConfigService } from '../../config/service.js';
import type { StatisticRecord, StatisticsRepository } from '../../db/types.js';
import type { AnalyticsService } from './service.js';
import { KnownValues } from './known-values.js';

export class StatisticsService {
  private readonly known: KnownValues;

  constructor(
    private readonly config: ConfigService,
    private readonly statistics: StatisticsRepository,
    private readonly analytics?: AnalyticsService,
    /** The ISO code of the country at a position (the maps engine's reverse geocoding). */
    private readonly countryAt?: (lat: number, lon: number) => Promise<string | undefined>,
  ) {
    this.known = new KnownValues(config);
  }

  /** Records the statistic; false when it is not kept (a position in another country). */
  async record(body: LocationSearchBody): Promise<boolean> {
    const target = this.config.resolve(body.country);
    if (!target) {
      throw new ApiError(
        'INVALID_BODY',
        `country: no country or region "${body.country}"`,
        'country',
      );
    }
    // A catalogue product (its English name) or "", never free text (400 otherwise).
    // The page's language and region ("es_LAC": Spanish on the Latin-America page).
    const [lang = '', pageRegion] = body.locale.split(/[-_]/);
    const product = this.known.statisticProduct(
      body.product,
      pageRegion ? [target.code, pageRegion.toLowerCase()] : [target.code],
      lang,
    );
    if (this.countryAt) {
      const found = await this.countryAt(body.latitude, body.longitude);
      const searched =
        target.kind === 'region' ? target.members.map((c) => c.urlCode) : [target.code];
      if (!searched.some((code) => shouldSendStatistic(found, code))) return false;
    }
    const record: StatisticRecord = {
      ...body,
      product,
      country: target.code.toUpperCase(),
      locale: body.locale.replace('-', '_'),
      latitude: roundCoordinate(body.latitude),
      longitude: roundCoordinate(body.longitude),
      searchedLocation: '',
    };
    await this.statistics.insert(record, (event) => this.analytics?.forwardRows([event]) ?? []);
    return true;
  }
}
