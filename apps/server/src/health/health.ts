/**
 * GET /healthz (see the server README, "Health and outages"): 200 `ok` when the process can
 * serve everything; 503 `starting` before its store index is built, `degraded` while the
 * database cannot be reached (searches still answer from the index built before; writes answer
 * 503), `stopping` during a graceful stop. A load balancer takes any non-200 out of rotation.
 */
import type { Database } from '../db/types.js';
import type { OutageLog } from './outage-log.js';

/** How long /healthz waits for the database's answer. */
export const HEALTH_PING_MS = 1000;

export interface Health {
  status: 'ok' | 'starting' | 'degraded';
  database: 'ok' | 'unavailable';
  /** The store search: answering from an index (built when), or not yet able to. */
  search: { ready: boolean; indexBuiltAt?: string };
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

export class HealthService {
  constructor(
    private readonly db: Database,
    private readonly outages: OutageLog,
  ) {}

  async check(): Promise<Health> {
    let database: Health['database'] = 'ok';
    try {
      await within(this.db.ping(), HEALTH_PING_MS);
      this.outages.succeeded();
    } catch {
      database = 'unavailable';
    }
    const state = this.db.search.state();
    const search: Health['search'] = { ready: state.built };
    if (state.builtAt !== undefined) search.indexBuiltAt = new Date(state.builtAt).toISOString();
    const status = !state.built ? 'starting' : database === 'ok' ? 'ok' : 'degraded';
    return { status, database, search };
  }
}
