/**
 * The opening hours of the stores of a search answer, as of the request (docs/ARCHITECTURE.md,
 * "Opening hours"): each store with hours gets `"hoursStatus":{"open":…,"changeAt":…}`
 * (@locator/core hoursStatusWire, computed in the store's time zone), and its `hours` carry only
 * the special dates the status and the week view read (@locator/core hoursAhead) instead of the
 * months the stored document holds.
 *
 * Stores share hours: a chain's weekly pattern in one time zone with the country's holidays.
 * So the parsed hours, their status and their cut form are kept per distinct hours text, and
 * per store only where that text sits in its document's bytes. A store seen for the first time
 * costs a search for `"hours":` and a scan to the value's end, not a parse of its document
 * (`bench:api` at 1,000,000 stores: parsing each new store's document cost ~2 ms a search).
 */
import { hoursAhead, hoursStatusWire, storeHoursSchema, type StoreHours } from '@locator/core';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { jsonValueEnd } from '../../http/json-value-end.js';

/** Stores whose hours' place is kept, by content tag (a few numbers each). */
const STORES_MAX = 250_000;
/** Distinct hours texts kept (parsed, with their last status). */
const HOURS_MAX = 20_000;
const HOURS_KEY = Buffer.from('"hours":');

/** How a store's document is written into an answer: see `SearchService`. */
export interface HoursPart {
  /** `"hoursStatus":{…},` or "" without hours. */
  status: string;
  /** The document's bytes [from, to) (relative to its first byte) are replaced by `hours`. */
  from: number;
  to: number;
  /** UTF-8 JSON of the cut hours. */
  hours: Buffer;
  /**
   * What `status` and `hours` hold, as a number (the first 48 bits of their SHA-1; 0 without
   * hours): the answer's ETag covers it instead of the text, the same in every process.
   */
  digest: number;
}

/** One distinct hours text: parsed, and its last status and cut form with their validity. */
interface Hours {
  hours: StoreHours;
  status?: string;
  cut?: Buffer;
  digest?: number;
  validFrom?: number;
  until?: number;
}

/**
 * Where a store's hours sit in its document (relative to its first byte), which they are, and
 * the part last written for it (while its hours' status and cut stay the same).
 */
interface Place {
  from: number;
  to: number;
  entry: Hours;
  part?: HoursPart;
}

/** A status without a change in sight is computed again after this long (ms). */
const STATUS_HOLD_MAX_MS = 3_600_000;

const NO_HOURS: HoursPart = { status: '', from: 0, to: 0, hours: Buffer.alloc(0), digest: 0 };

export class HoursStatuses {
  /**
   * By content tag. A plain map, emptied when full, rather than an LRU: a search looks up every
   * store it answers here, and the LRU's bookkeeping on each hit (a list in memory as large as
   * the map) cost ~8 % of a search's CPU (bench:search-cpu's profile).
   */
  private places = new Map<number, Place | false>();
  private readonly texts = new LRUCache<string, Hours | false>({ max: HOURS_MAX });

  constructor(private readonly now: () => number = Date.now) {}

  /** The instant answers are computed at (one per request). */
  instant(): number {
    return this.now();
  }

  /** How to write a store document's bytes [start, end) into an answer at `instant`. */
  part(bytes: Uint8Array, start: number, end: number, tag: number, instant: number): HoursPart {
    let place = this.places.get(tag);
    if (place === undefined) {
      place = this.placeOf(Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start));
      if (this.places.size >= STORES_MAX) this.places = new Map();
      this.places.set(tag, place);
    }
    if (!place) return NO_HOURS;
    const entry = place.entry;
    // Holds until the status's next change (changeAt) and at most an hour: computed in the
    // time zone once per distinct hours and change, not once per store and answer.
    if (
      entry.cut === undefined ||
      !(instant >= (entry.validFrom ?? Infinity) && instant < (entry.until ?? -Infinity))
    ) {
      const status = hoursStatusWire(entry.hours, instant);
      const text = `"hoursStatus":${JSON.stringify(status)},`;
      const cut = Buffer.from(JSON.stringify(hoursAhead(entry.hours, instant)));
      if (text !== entry.status || entry.cut === undefined || !cut.equals(entry.cut)) {
        entry.status = text;
        entry.cut = cut;
        entry.digest = createHash('sha1').update(text).update(cut).digest().readUIntBE(0, 6);
      }
      entry.validFrom = instant;
      entry.until = Math.min(status.changeAt ?? Infinity, instant + STATUS_HOLD_MAX_MS);
    }
    const kept = place.part;
    if (kept && kept.hours === entry.cut && kept.status === entry.status) return kept;
    place.part = {
      status: entry.status!,
      from: place.from,
      to: place.to,
      hours: entry.cut,
      digest: entry.digest!,
    };
    return place.part;
  }

  /** Where a document's hours sit (./placeOf) and their parsed form, shared by their text. */
  private placeOf(doc: Buffer): Place | false {
    const at = placeOf(doc);
    if (!at) return false;
    let entry = this.texts.get(at.text);
    if (entry === undefined) {
      const parsed = storeHoursSchema.safeParse(JSON.parse(at.text));
      entry = parsed.success ? { hours: parsed.data } : false;
      this.texts.set(at.text, entry);
    }
    return entry && { from: at.from, to: at.to, entry };
  }
}

/**
 * Where a document's top-level `"hours":{…}` value sits, or false without hours. The first
 * `"hours":` of a document written by JSON.stringify is its top-level key (documents put no
 * object with an `hours` key before it; inside strings the quotes are escaped).
 */
function placeOf(doc: Buffer): { from: number; to: number; text: string } | false {
  const key = doc.indexOf(HOURS_KEY);
  if (key < 0) return false;
  const from = key + HOURS_KEY.length;
  if (doc[from] !== 0x7b) return false; // "hours":null or not an object: no hours
  const to = jsonValueEnd(doc, from);
  if (to < 0) return false;
  return { from, to, text: doc.toString('utf8', from, to) };
}
