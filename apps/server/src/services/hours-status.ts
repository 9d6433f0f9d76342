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

interface Entry {
  hours: StoreHours | null;
  /** The last status written, and the instants between which it holds. */
  wire?: string;
  from?: number;
  until?: number;
}

/** A status without a change in sight is computed again after this long (ms). */
const STATUS_HOLD_MAX_MS = 3_600_000;

export class HoursStatuses {
  private readonly hours = new LRUCache<number, Entry>({ max: CACHE_MAX });

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
    // A status holds until its next change (changeAt): computed in the store's time zone once
    // per store and change, not once per answer (the Intl time-zone arithmetic is what costs).
    if (
      entry.wire !== undefined &&
      instant >= (entry.from ?? Infinity) &&
      instant < (entry.until ?? -Infinity)
    ) {
      return entry.wire;
    }
    const status = hoursStatusWire(entry.hours, instant);
    entry.wire = `"hoursStatus":${JSON.stringify(status)},`;
    entry.from = instant;
    entry.until = Math.min(status.changeAt ?? Infinity, instant + STATUS_HOLD_MAX_MS);
    return entry.wire;
  }
}
