/**
 * The location-search statistic (PRODUCT.md#location-search-statistic) kept in the analytics events store, as a
 * "locationSearch" event: one store for the analytics report. Dialect-agnostic: it writes through
 * the EventRepository. searchedLocation is not kept (free text, possibly a street address); the
 * report names places from the rounded coordinates instead.
 */
import type {
  EventRecord,
  EventRepository,
  StatisticRecord,
  StatisticsRepository,
} from '../../db/types.js';
import type { OutboxRow } from '../../db/outbox.js';

/** The location-search statistic, kept in the events store as a "locationSearch" event. */
export function statisticEvent(r: StatisticRecord, at: Date): EventRecord {
  return {
    at,
    type: 'locationSearch',
    channel: r.channel,
    country: r.country,
    locale: r.locale,
    product: r.product,
    carrier: null,
    link: null,
    page: null,
    trigger: null,
    dropOff: null,
    resultCount: null,
    beyondRadius: false,
    latitude: r.latitude,
    longitude: r.longitude,
    storeId: null,
    embedOrigin: null,
  };
}

/** StatisticsRepository over the events store (searchedLocation is not kept: free text). */
export class EventStatistics implements StatisticsRepository {
  constructor(private readonly events: EventRepository) {}
  async insert(
    record: StatisticRecord,
    forward?: (event: EventRecord) => readonly OutboxRow[],
  ): Promise<void> {
    const event = statisticEvent(record, new Date());
    await this.events.insertMany([event], forward?.(event) ?? []);
  }
  async count(): Promise<number> {
    return this.events.count('locationSearch');
  }
}
