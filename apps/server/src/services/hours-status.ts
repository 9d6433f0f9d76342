/**
 * The opening hours of the stores of a search answer, as of the request (docs/ARCHITECTURE.md,
 * "Opening hours"): each store with hours gets `"hoursStatus":{"open":…,"changeAt":…}`
 * (@locator/core hoursStatusWire, computed in the store's time zone), and its `hours` carry only
 * the special dates the status and the week view read (@locator/core hoursAhead) instead of the
 * months the stored document holds.
 *
 * A store's hours are read from its document once per content version and kept (bounded), with
 * where they sit in the document's bytes, so an answer decodes no document it has seen before:
 * it writes the document's bytes around its hours and the cut hours between.
 */
import { hoursAhead, hoursStatusWire, type StoreHours } from '@locator/core';
import { LRUCache } from 'lru-cache';
import type { StoreDoc } from '../stores/doc.js';

/** Parsed hours kept, by content tag: enough for the stores searches keep returning. */
const CACHE_MAX = 50_000;
const HOURS_KEY = '"hours":';

interface Entry {
  hours: StoreHours | null;
  /**
   * Where the document's `"hours":{…}` value sits, relative to the document's first byte;
   * from = to when it could not be placed.
   */
  from: number;
  to: number;
  /** The last status and cut hours written, and the instants between which they hold. */
  part?: HoursPart;
  validFrom?: number;
  until?: number;
}

/** How a store's document is written into an answer: see `SearchService`. */
export interface HoursPart {
  /** `"hoursStatus":{…},` or "" without hours. */
  status: string;
  /** The document's bytes [from, to) (relative to its first byte) are replaced by `hours`. */
  from: number;
  to: number;
  /** UTF-8 JSON of the cut hours. */
  hours: Buffer;
}

/** A status without a change in sight is computed again after this long (ms). */
const STATUS_HOLD_MAX_MS = 3_600_000;

const NO_HOURS: HoursPart = { status: '', from: 0, to: 0, hours: Buffer.alloc(0) };

export class HoursStatuses {
  private readonly entries = new LRUCache<number, Entry>({ max: CACHE_MAX });

  constructor(private readonly now: () => number = Date.now) {}

  /** The instant answers are computed at (one per request). */
  instant(): number {
    return this.now();
  }

  /** How to write a store document's bytes [start, end) into an answer at `instant`. */
  part(bytes: Uint8Array, start: number, end: number, tag: number, instant: number): HoursPart {
    let entry = this.entries.get(tag);
    if (!entry) {
      entry = read(Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start));
      this.entries.set(tag, entry);
    }
    if (!entry.hours) return NO_HOURS;
    // Holds until the status's next change (changeAt) and at most an hour: computed in the
    // store's time zone once per store and change, not once per answer.
    if (
      entry.part !== undefined &&
      instant >= (entry.validFrom ?? Infinity) &&
      instant < (entry.until ?? -Infinity)
    ) {
      return entry.part;
    }
    const status = hoursStatusWire(entry.hours, instant);
    entry.part = {
      status: `"hoursStatus":${JSON.stringify(status)},`,
      from: entry.from,
      to: entry.to,
      // A document whose hours could not be placed keeps them whole (from = to: nothing cut).
      hours:
        entry.from < entry.to
          ? Buffer.from(JSON.stringify(hoursAhead(entry.hours, instant)))
          : Buffer.alloc(0),
    };
    entry.validFrom = instant;
    entry.until = Math.min(status.changeAt ?? Infinity, instant + STATUS_HOLD_MAX_MS);
    return entry.part;
  }
}

/**
 * A document's hours and where their value sits. Documents are written by JSON.stringify, so
 * the value's bytes are its own JSON.stringify; a document where they are not (written by
 * other means) keeps its hours as stored.
 */
function read(doc: Buffer): Entry {
  const key = doc.indexOf(HOURS_KEY);
  if (key < 0) return { hours: null, from: 0, to: 0 };
  const hours = (JSON.parse(doc.toString('utf8')) as StoreDoc).hours ?? null;
  if (!hours) return { hours: null, from: 0, to: 0 };
  const value = Buffer.from(JSON.stringify(hours));
  const from = key + HOURS_KEY.length;
  const to = from + value.length;
  return doc.subarray(from, to).equals(value)
    ? { hours, from, to }
    : { hours, from: doc.length, to: doc.length };
}
