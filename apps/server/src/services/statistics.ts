/** Location-search statistics (spec 3.9): validated, then stored. */
import { ApiError, type LocationSearchBody } from '@locator/core';
import type { ConfigService } from '../config/service.js';
import type { StatisticsRepository } from '../db/types.js';

export class StatisticsService {
  constructor(
    private readonly config: ConfigService,
    private readonly statistics: StatisticsRepository,
  ) {}

  async record(body: LocationSearchBody): Promise<void> {
    if (!this.config.resolve(body.country)) {
      throw new ApiError(
        'INVALID_BODY',
        `country: no country or region "${body.country}"`,
        'country',
      );
    }
    await this.statistics.insert({ ...body, country: body.country.toUpperCase() });
  }
}
