/**
 * Wall-clock time in an IANA time zone with nothing but `Intl` (no time-zone data of its own,
 * so the web app carries none): an instant → the zone's local day and minute, and back.
 *
 * Local days are numbered from 1970-01-01 (day 0, a Thursday) of the zone's calendar; weekdays
 * are 0 = Monday … 6 = Sunday. Across a daylight-saving change a wall time that does not exist
 * (the hour skipped in spring) maps to the instant the same distance after the change, and one
 * that exists twice (the hour repeated in autumn) to the earlier of the two, as `Temporal`'s
 * "compatible" disambiguation does.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** True for a time-zone name `Intl` knows ("Europe/London", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (name.trim() === '' || name !== name.trim()) return false;
  try {
    formatOf(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * Every zone's offset changes only at instants that are whole quarter hours of UTC (offsets and
 * the local times of changes are whole quarter hours), so the offset read once holds for its
 * whole quarter hour. Kept per zone and quarter hour: `formatToParts` is what a status costs.
 */
const QUARTER_MS = 900_000;
const OFFSETS_MAX = 20_000;
const offsets = new Map<string, number>();

/** The zone's offset (ms) during the UTC quarter hour of an instant, read from `Intl`. */
function quarterOffset(instant: number, timeZone: string): number {
  const quarter = Math.floor(instant / QUARTER_MS);
  const key = `${timeZone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const start = quarter * QUARTER_MS;
    const v: Record<string, number> = {};
    for (const p of formatOf(timeZone).formatToParts(start)) {
      if (p.type !== 'literal') v[p.type] = Number(p.value);
    }
    offset = Date.UTC(v.year!, v.month! - 1, v.day!, v.hour!, v.minute!, v.second!) - start;
    if (offsets.size >= OFFSETS_MAX) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The wall clock of an instant in a zone, as milliseconds of a UTC calendar with that reading. */
function wallMs(instant: number, timeZone: string): number {
  return instant + quarterOffset(instant, timeZone);
}

export interface LocalTime {
  /** Local day number (days since 1970-01-01 in the zone's calendar). */
  day: number;
  /** Minutes since local midnight, 0–1439. */
  minute: number;
}

/** The zone's local day and minute at an instant (epoch milliseconds). */
export function localTimeAt(instant: number, timeZone: string): LocalTime {
  const wall = wallMs(Math.floor(instant / 1000) * 1000, timeZone);
  const day = Math.floor(wall / DAY_MS);
  return { day, minute: Math.floor((wall - day * DAY_MS) / MINUTE_MS) };
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return Math.round((wallMs(whole, timeZone) - whole) / MINUTE_MS);
}

/**
 * The instant of a local wall time (`minute` may run past 1440 into the following days). See
 * the module comment for skipped and repeated wall times.
 */
export function instantOf(day: number, minute: number, timeZone: string): number {
  const wall = day * DAY_MS + minute * MINUTE_MS;
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const candidates = [wall - before * MINUTE_MS, wall - after * MINUTE_MS].filter(
    (t) => wallMs(t, timeZone) === wall,
  );
  return candidates.length > 0 ? Math.min(...candidates) : wall - before * MINUTE_MS;
}

/** Weekday of a local day number, 0 = Monday … 6 = Sunday. */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** "YYYY-MM-DD" of a local day number. */
export function isoDateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The local day number of "YYYY-MM-DD", or undefined when it is not a calendar date. */
export function dayOfIsoDate(date: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || isoDateOf(ms / DAY_MS) !== date) return undefined;
  return ms / DAY_MS;
}
