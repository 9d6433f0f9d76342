/**
 * An open-loop load at a steady rate, each request's latency tagged with the phase it started
 * in: the benchmarks that compare searching with and without something else going on (analytics
 * events written) alternate the two phases every `phaseMs` within one run. The machine's own
 * hiccups (a 2-core virtual machine's stolen time) then fall on both phases alike, which two
 * separate runs, one per phase, could not promise: in separate 15-second runs on the same
 * machine the p99 of the same load moved between 5 and 17 ms from one run to the next.
 *
 * The first `warmupSeconds` run the same schedule and phases without being counted: the client
 * opens its connections then, and the server settles after whatever ran before. Counted from
 * the start, that ramp fell on the first phase, "off", alone (the first run of the interleaved
 * case gave without-writes p99s of 89 and 31 ms against 14 and 7 ms with writes).
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface PacedOptions {
  port: number;
  paths: readonly string[];
  /** Requests a second, started on a fixed schedule whatever the answers take. */
  rate: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Length of each phase; phases alternate "off", "on", "off", … */
  phaseMs: number;
  /** Called as each phase starts. */
  onPhase?: (on: boolean) => void;
  /** Connections kept open (requests beyond them wait for one). */
  connections?: number;
  /** Run before the counted `seconds`, not counted; a whole number of phase pairs. */
  warmupSeconds?: number;
}

export interface PhaseFigures {
  requests: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface PacedResult {
  offeredPerSecond: number;
  /** Requests started in phases without, and with, the other activity. */
  off: PhaseFigures;
  on: PhaseFigures;
}

const TICK_MS = 5;

function figures(latencies: number[], errors: number, non2xx: number): PhaseFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number): number =>
    sorted.length === 0 ? 0 : Math.round(sorted[Math.floor(q * (sorted.length - 1))]! * 10) / 10;
  return {
    requests: sorted.length,
    p50Ms: at(0.5),
    p90Ms: at(0.9),
    p99Ms: at(0.99),
    errors,
    non2xx,
  };
}

/** Runs the load; resolves when every request started has been answered. */
export function runPaced(o: PacedOptions): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: o.connections ?? 50 });
  const phases = { off: [] as number[], on: [] as number[] };
  const errors = { off: 0, on: 0 };
  const non2xx = { off: 0, on: 0 };
  let next = 0;
  let started = 0;
  let inFlight = 0;
  let on = false;
  const t0 = performance.now();
  const warmupMs = (o.warmupSeconds ?? 0) * 1000;
  if (warmupMs % (2 * o.phaseMs) !== 0) {
    throw new Error('warmupSeconds must be a whole number of phase pairs');
  }
  const endMs = warmupMs + o.seconds * 1000;
  o.onPhase?.(on);
  return new Promise((resolve) => {
    const finish = () => {
      if (inFlight > 0 || performance.now() - t0 < endMs) return;
      agent.destroy();
      resolve({
        offeredPerSecond: o.rate,
        off: figures(phases.off, errors.off, non2xx.off),
        on: figures(phases.on, errors.on, non2xx.on),
      });
    };
    const send = (phase: 'off' | 'on') => {
      const path = o.paths[next % o.paths.length]!;
      next += 1;
      inFlight += 1;
      const begin = performance.now();
      const counted = begin - t0 >= warmupMs;
      const req = request(
        { host: '127.0.0.1', port: o.port, path, agent, headers: o.headers },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            if (counted) phases[phase].push(performance.now() - begin);
            if (counted && (res.statusCode ?? 0) >= 300) non2xx[phase] += 1;
            inFlight -= 1;
            finish();
          });
        },
      );
      req.on('error', () => {
        if (counted) errors[phase] += 1;
        inFlight -= 1;
        finish();
      });
      req.end();
    };
    const timer = setInterval(() => {
      const elapsed = performance.now() - t0;
      if (elapsed >= endMs) {
        clearInterval(timer);
        o.onPhase?.(false);
        finish();
        return;
      }
      const phaseOn = Math.floor(elapsed / o.phaseMs) % 2 === 1;
      if (phaseOn !== on) {
        on = phaseOn;
        o.onPhase?.(on);
      }
      const due = Math.floor((elapsed / 1000) * o.rate);
      for (; started < due; started += 1) send(on ? 'on' : 'off');
    }, TICK_MS);
  });
}
