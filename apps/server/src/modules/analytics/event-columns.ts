/** Column names of the analytics_events table, shared by the SQLite and PostgreSQL repositories. */
import type { EventColumn, EventRecord } from '../../db/types.js';

/** A page view with nothing else known: every other column empty (events are built on it). */
export function pageViewEvent(at: Date, locale: string): EventRecord {
  return {
    at,
    type: 'pageView',
    channel: null,
    country: null,
    locale,
    product: null,
    carrier: null,
    link: null,
    page: null,
    trigger: null,
    dropOff: null,
    resultCount: null,
    beyondRadius: false,
    latitude: null,
    longitude: null,
    storeId: null,
    embedOrigin: null,
  };
}

/** Column of each groupable analytics-event field (the same in both dialects). */
export const EVENT_COLUMN: Record<EventColumn, string> = {
  type: 'type',
  channel: 'channel',
  country: 'country',
  locale: 'locale',
  product: 'product',
  carrier: 'carrier',
  link: 'link',
  page: 'page',
  trigger: 'search_trigger',
  dropOff: 'drop_off',
  resultCount: 'result_count',
  latitude: 'latitude',
  longitude: 'longitude',
  storeId: 'store_id',
  embedOrigin: 'embed_origin',
};
