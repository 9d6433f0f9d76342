/**
 * `bench:api`'s write-while-searching case: browser searches at a steady rate for
 * WRITES_SECONDS, analytics events written at EVENTS_PER_SECOND during every other second, and
 * the search latency of the seconds with writes against the seconds without (bench/lib/paced.ts).
 *
 * The rate is a third of the closed-loop browser maximum. At half of it (the case's first
 * design) the paced searches did not reach the offered rate on 2 cores, each costing 1.2–1.6×
 * the CPU of a closed-loop one (fewer answers per wake-up): the server was saturated and p99
 * measured its queue, not the writes (five pairs of runs on PostgreSQL: ratios 0.53 to 3.88).
 */
import { runPaced, type PhaseFigures } from '../lib/paced.js';

/** Analytics events written per second while writes are on. */
export const EVENTS_PER_SECOND = 20;
/** Length of the counted run; phases alternate every PHASE_MS. */
export const WRITES_SECONDS = 60;
export const PHASE_MS = 1000;
/** Run first, not counted (bench/lib/paced.ts): two pairs of phases. */
export const WARMUP_SECONDS = 4;
/** The searches' rate, as a share of the closed-loop browser maximum. */
export const WRITES_RATE_SHARE = 1 / 3;

const EVENT = {
  type: 'search',
  channel: 'sales',
  country: 'GB',
  locale: 'en-GB',
  product: 'all',
  trigger: 'form',
  dropOff: false,
  resultCount: 99,
  latitude: 51.5,
  longitude: -0.12,
};

export interface WritesWhileSearching {
  offeredSearchesPerSecond: number;
  eventsPerSecond: number;
  seconds: number;
  /** Run before `seconds`, not counted. */
  warmupSeconds: number;
  phaseMs: number;
  withoutWrites: PhaseFigures;
  withWrites: PhaseFigures;
  events: { sent: number; failed: number };
  /** withWrites p99 / withoutWrites p99 (aim at most 1.5). */
  p99Ratio: number;
}

/** Posts one event every 1/EVENTS_PER_SECOND s while `active()`; counts the answers. */
function eventWriter(port: number, active: () => boolean) {
  let sent = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    if (!active()) return;
    const p = fetch(`http://127.0.0.1:${port}/api/v1/analytics/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ events: [EVENT] }),
    })
      .then((r) => {
        sent += 1;
        if (!r.ok) failed += 1;
      })
      .catch(() => {
        failed += 1;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, 1000 / EVENTS_PER_SECOND);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { sent, failed };
    },
  };
}

export async function writesWhileSearching(
  port: number,
  paths: readonly string[],
  browserMaximum: number,
  headers: Record<string, string>,
): Promise<WritesWhileSearching> {
  const rate = Math.round((browserMaximum * WRITES_RATE_SHARE) / 10) * 10;
  let writing = false;
  const writer = eventWriter(port, () => writing);
  const result = await runPaced({
    port,
    paths,
    rate,
    seconds: WRITES_SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    headers,
    phaseMs: PHASE_MS,
    onPhase: (on) => (writing = on),
  });
  const events = await writer.stop();
  return {
    offeredSearchesPerSecond: rate,
    eventsPerSecond: EVENTS_PER_SECOND,
    seconds: WRITES_SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    phaseMs: PHASE_MS,
    withoutWrites: result.off,
    withWrites: result.on,
    events,
    p99Ratio: Math.round((result.on.p99Ms / Math.max(0.1, result.off.p99Ms)) * 100) / 100,
  };
}
