/** Column names of the analytics_events table, shared by the SQLite and PostgreSQL repositories. */
import type { EventColumn } from './types.js';

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
