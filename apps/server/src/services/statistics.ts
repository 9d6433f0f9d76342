/**
 * Location-search statistics (spec 3.9): validated, then kept in the analytics events store as a
 * "locationSearch" event (coordinates rounded to about 1 km; searchedLocation is not kept) and
 * forwarded with the other events when forwarding is configured.
 */
import { ApiError, roundCoordinate, type LocationSearchBody } from '@locator/core';
import type { ConfigService } from '../config/service.js';
import type { StatisticRecord, StatisticsRepository } from '../db/types.js';
import { statisticEvent } from '../db/events-statistics.js';
import type { AnalyticsService } from '../analytics/service.js';
import { KnownValues } from '../analytics/known-values.js';

export class StatisticsService {
  private readonly known: KnownValues;

  constructor(
    private readonly config: ConfigService,
    private readonly statistics: StatisticsRepository,
    private readonly analytics?: AnalyticsService,
  ) {
    this.known = new KnownValues(config);
  }

  async record(body: LocationSearchBody): Promise<void> {
    const target = this.config.resolve(body.country);
    if (!target) {
      throw new ApiError(
        'INVALID_BODY',
        `country: no country or region "${body.country}"`,
        'country',
      );
    }
    const record: StatisticRecord = {
      ...body,
      // A catalogue product (its English name) or "", never free text.
      product: this.known.statisticProduct(
        body.product,
        target.code,
        body.locale.split(/[-_]/)[0] ?? '',
      ),
      country: target.code.toUpperCase(),
      locale: body.locale.replace('-', '_'),
      latitude: roundCoordinate(body.latitude),
      longitude: roundCoordinate(body.longitude),
      searchedLocation: '',
    };
    await this.statistics.insert(record);
    this.analytics?.forward([statisticEvent(record, new Date())]);
  }
}
