/**
 * The opening status of the stores of a search answer, as of the request: each store with hours
 * gets `"hoursStatus":{"open":…,"changeAt":…}` (@locator/core hoursStatusWire, computed in the
 * store's time zone). A store's hours are read from its document once per content version and
 * kept (bounded), so an answer decodes no document it has seen before.
 */
import { hoursStatusWire, type StoreHours } from '@locator/core';
import { LRUCache } from 'lru-cache';
import type { StoreDoc } from '../stores/doc.js';

/** Parsed hours kept, by content tag: enough for the stores searches keep returning. */
const CACHE_MAX = 50_000;
const HOURS_KEY = Buffer.from('"hours":{');

export class HoursStatuses {
  private readonly hours = new LRUCache<number, { hours: StoreHours | null }>({ max: CACHE_MAX });

  constructor(private readonly now: () => number = Date.now) {}

  /** The instant answers are computed at (one per request). */
  instant(): number {
    return this.now();
  }

  /** `"hoursStatus":{…},` for a store document's bytes, or "" when it has no hours. */
  field(bytes: Uint8Array, start: number, end: number, tag: number, instant: number): string {
    let entry = this.hours.get(tag);
    if (!entry) {
      const slice = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start);
      const doc =
        slice.indexOf(HOURS_KEY) >= 0 ? (JSON.parse(slice.toString('utf8')) as StoreDoc) : null;
      entry = { hours: doc?.hours ?? null };
      this.hours.set(tag, entry);
    }
    if (!entry.hours) return '';
    return `"hoursStatus":${JSON.stringify(hoursStatusWire(entry.hours, instant))},`;
  }
}
