/**
 * Serving with one process or several (WORKERS). With several, the primary process prepares
 * the shared state once (database migrations, the demo data), then starts the workers, which
 * each run the whole app and share the listening socket: Node's cluster module hands each new
 * connection to the next worker. A worker that dies after it was serving is replaced (at most
 * one restart a second); one that dies before it ever listened stops the whole server, since
 * its siblings would fail the same way (a port in use, a bad file). SIGTERM or SIGINT to the
 * primary stops the workers gracefully and then itself: each keeps serving for the grace
 * period (SHUTDOWN_GRACE_MS, /healthz answering 503 meanwhile), then stops accepting
 * connections and finishes the requests in flight. The signal may reach every process of the
 * group at once (systemd's default, a terminal's Ctrl-C) and arrive more than once (from the
 * group, then from the primary or a launcher that relays it): every process keeps its handler
 * for good, so a repeated signal never falls back to Node's default (an immediate exit).
 *
 * What each worker holds for itself: the SQLite store index (or its PostgreSQL pool) and the maps
 * engine's gazetteer. The rate-limit counters are shared: without REDIS_URL the primary keeps
 * them for the machine's workers, which ask it over the cluster's channel
 * (http/machine-counters.ts); with REDIS_URL they are in Redis (http/rate-limit-counters.ts).
 */
import cluster, { type Worker } from 'node:cluster';
import { isStoresChanged, passToOthers } from './modules/stores/change-relay.js';
import { PrimaryCounters, isCountRequest } from './http/machine-counters.js';
import { answerWorker, machineText, isMachineMetricsRequest } from './metrics/cluster-metrics.js';

export interface Serving {
  port: number;
  /** The grace period begins: still serving, but telling load balancers to go elsewhere. */
  drain?(): void;
  /** Stops accepting connections and finishes in-flight requests. */
  close(): Promise<void>;
}

export interface RunOptions {
  workers: number;
  /** In the primary, once, before any worker starts (only with several workers). */
  prepare?: () => Promise<void>;
  /**
   * In the primary, once, before the workers start (only with several workers): `workers`
   * lists those serving at the time it is called.
   */
  onPrimary?: (workers: () => Worker[]) => Promise<void>;
  /** Starts the app in this process. */
  serve: () => Promise<Serving>;
  /** When every process listens (in the primary with several workers). */
  onListening?: (port: number) => void;
  log?: (msg: string) => void;
  /** How long a process keeps serving after SIGTERM before it closes (ms). Default 0. */
  graceMs?: number;
  /** How long a graceful stop may take before processes are killed (ms). Default 10 s. */
  stopTimeoutMs?: number;
}

interface ListeningMessage {
  type: 'locator:listening';
  port: number;
}

const isListening = (m: unknown): m is ListeningMessage =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'locator:listening';

/**
 * Calls `stop` on each SIGTERM and SIGINT, for as long as the process lives: the first one
 * starts the graceful stop, and later ones (the same signal relayed) find it begun.
 */
function onStopSignals(stop: (signal: string) => void): void {
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** Runs the server in this process, or as the primary of `workers` worker processes. */
export async function runServer(options: RunOptions): Promise<void> {
  if (options.workers > 1 && cluster.isPrimary) return runPrimary(options);
  return runProcess(options);
}

async function runProcess(options: RunOptions): Promise<void> {
  const serving = await options.serve();
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const grace = options.graceMs ?? 0;
    options.log?.(`${signal}: stopping in ${grace} ms, then finishing in-flight requests`);
    const force = setTimeout(() => process.exit(1), grace + (options.stopTimeoutMs ?? 10_000));
    force.unref();
    serving.drain?.();
    setTimeout(() => {
      void serving
        .close()
        .catch(() => undefined)
        .finally(() => process.exit(0));
    }, grace);
  };
  onStopSignals(stop);
  if (cluster.isWorker) {
    process.send?.({ type: 'locator:listening', port: serving.port } satisfies ListeningMessage);
  } else {
    options.onListening?.(serving.port);
  }
}

async function runPrimary(options: RunOptions): Promise<void> {
  const log = options.log ?? (() => undefined);
  await options.prepare?.();
  const serving = new Set<Worker>();
  let listeningPort: number | undefined;
  let stopping = false;
  let exitCode = 0;
  let lastRestart = 0;
  // The workers' rate-limit counters without Redis (a worker with Redis never asks).
  const counters = new PrimaryCounters();

  const start = (): void => {
    const worker = cluster.fork();
    worker.on('message', (m: unknown) => {
      // A worker's store writes, passed to the others (modules/stores/change-relay.ts).
      if (isStoresChanged(m)) return passToOthers(worker, m, [...serving]);
      if (isCountRequest(m)) return counters.answer(worker, m);
      // A worker answering /metrics on the public port: the machine's (metrics/).
      if (isMachineMetricsRequest(m)) {
        return answerWorker(worker, m.id, machineText([...serving]));
      }
      if (!isListening(m)) return;
      serving.add(worker);
      if (listeningPort === undefined && serving.size === options.workers) {
        listeningPort = m.port;
        options.onListening?.(m.port);
      }
    });
    worker.on('exit', (code, signal) => {
      const wasServing = serving.delete(worker);
      if (stopping) {
        // Node removes an exited worker from cluster.workers only once its channel has closed
        // too, which may come after this event: the workers still alive are what count.
        if (alive().length === 0) process.exit(exitCode);
        return;
      }
      if (!wasServing) {
        log(`a worker failed to start (${signal ?? `exit code ${code}`}); stopping`);
        stopAll(1);
        return;
      }
      const wait = Math.max(0, lastRestart + 1000 - Date.now());
      lastRestart = Date.now() + wait;
      log(`worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); restarting`);
      setTimeout(() => {
        if (!stopping) start();
      }, wait);
    });
  };

  /** The workers whose process has not exited. */
  const alive = (): Worker[] =>
    Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());

  const stopAll = (code: number): void => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    // Also the code of a primary whose event loop ends before an exit event says so.
    process.exitCode = code;
    const workers = alive();
    if (workers.length === 0) process.exit(code);
    for (const w of workers) w.process.kill('SIGTERM');
    const force = setTimeout(
      () => {
        for (const w of workers) w.process.kill('SIGKILL');
        process.exit(code || 1);
      },
      (options.graceMs ?? 0) + (options.stopTimeoutMs ?? 10_000),
    );
    force.unref();
  };

  onStopSignals((signal) => {
    if (stopping) return;
    log(`${signal}: stopping the workers`);
    stopAll(0);
  });
  await options.onPrimary?.(() => [...serving]);
  for (let i = 0; i < options.workers; i += 1) start();
}
