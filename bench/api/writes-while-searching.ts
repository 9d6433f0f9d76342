/**
 * `bench:api`'s write-while-searching case: browser searches at a steady rate for
 * WRITES_SECONDS, analytics events written at EVENTS_PER_SECOND during every other second, and
 * the search latency of the seconds with writes against the seconds without (bench/lib/paced.ts).
 *
 * The rate is a third of the closed-loop browser maximum. At half of it (the case's first
 * design) the paced searches did not reach the offered rate on 2 cores, each costing 1.2–1.6×
 * the CPU of a closed-loop one (fewer answers per wake-up): the server was saturated and p99
 * measured its queue, not the writes (five pairs of runs on PostgreSQL: ratios 0.53 to 3.88).
 *
 * The events come from a process of their own (./event-writer.ts), as they come from other
 * browsers. The counted run is WRITES_SECONDS long because the p99 of either phase is set by a
 * few delays of the whole machine (every process's event loop held 12–40 ms at the same moment,
 * a few times a minute, with or without writes), each falling on one phase: the same case with
 * no events written at all, 60 s long, gave "ratios" of 0.46, 0.81 (SQLite), 4.89 and 0.81
 * (PostgreSQL); 180 s long, 1.24 (PostgreSQL), and 1.34 with the events written. Where the p99
 * without writes is small such a delay weighs most: at 50,000 stores (p99 5.9 ms) one run gave
 * 2.56 on SQLite, and four runs of 90 s right after gave 1.12 and 1.14 with the events stored,
 * 1.53 and 1.02 with the same events only validated (ANALYTICS=off, nothing written).
 */
import { spawn } from 'node:child_process';
import { runPaced, type PhaseFigures } from '../lib/paced.js';

/** Analytics events written per second while writes are on. */
export const EVENTS_PER_SECOND = 20;
/** Length of the counted run; phases alternate every PHASE_MS. */
export const WRITES_SECONDS = 180;
export const PHASE_MS = 1000;
/** Run first, not counted (bench/lib/paced.ts): two pairs of phases. */
export const WARMUP_SECONDS = 4;
/** The searches' rate, as a share of the closed-loop browser maximum. */
export const WRITES_RATE_SHARE = 1 / 3;

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

/** The event writer's process (./event-writer.ts), switched on and off by the phases. */
function eventWriter(port: number): Promise<{
  set: (on: boolean) => void;
  stop: () => Promise<{ sent: number; failed: number }>;
}> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/api/event-writer.ts', String(port), String(EVENTS_PER_SECOND)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', () =>
      resolve({
        set: (on) => child.send(on ? 'on' : 'off'),
        stop: () =>
          new Promise((done) => {
            child.once('message', (m) => done(m as { sent: number; failed: number }));
            child.send('stop');
          }),
      }),
    );
  });
}

export async function writesWhileSearching(
  port: number,
  paths: readonly string[],
  browserMaximum: number,
  headers: Record<string, string>,
): Promise<WritesWhileSearching> {
  const rate = Math.round((browserMaximum * WRITES_RATE_SHARE) / 10) * 10;
  const writer = await eventWriter(port);
  const result = await runPaced({
    port,
    paths,
    rate,
    seconds: WRITES_SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    headers,
    phaseMs: PHASE_MS,
    onPhase: (on) => writer.set(on),
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
