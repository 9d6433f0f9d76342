/**
 * Gauges read when metrics are scraped: the store index (build time, age, stores, data
 * version), the health of the database and Redis, and the outbox's deliveries (change webhooks
 * and analytics forwarding). With several workers each reports its own and the primary combines
 * them (max, min or sum as each gauge says, ./metrics.ts).
 */
import { Gauge, register } from 'prom-client';
import type { Database } from '../db/types.js';
import type { DeliveryStats } from '../delivery/attempt.js';

export interface MetricSources {
  db: Database;
  /** Redis of the rate limits: undefined when none is configured. */
  redisUp?: () => boolean | undefined;
  /** Change webhooks' queues by URL. */
  webhooks?: () => Record<string, DeliveryStats>;
  /** Analytics forwarding's queue (undefined: not forwarding). */
  forwarding?: () => DeliveryStats | undefined;
  now?: () => number;
}

/** The promise, or a rejection after a second (a database that hangs is not up). */
function withinSecond<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer within a second')), 1000);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

type Aggregator = 'sum' | 'max' | 'min' | 'average';

function gauge(
  name: string,
  help: string,
  aggregator: Aggregator,
  collect: (g: Gauge) => void | Promise<void>,
  labelNames: string[] = [],
): void {
  register.removeSingleMetric(name);
  new Gauge({
    name,
    help,
    labelNames,
    aggregator,
    async collect() {
      this.reset();
      await collect(this);
    },
  });
}

/** Registers the gauges of this process's services (again: the latest services win). */
export function observeServices(s: MetricSources): void {
  const now = s.now ?? Date.now;
  gauge('locator_store_index_build_seconds', 'Time the last store index build took', 'max', (g) => {
    const ms = s.db.search.state().buildMs;
    g.set(ms === undefined ? Number.NaN : ms / 1000);
  });
  gauge('locator_store_index_age_seconds', 'Age of the store index in use', 'max', (g) => {
    const at = s.db.search.state().builtAt;
    g.set(at === undefined ? Number.NaN : (now() - at) / 1000);
  });
  gauge('locator_stores', 'Stores in the database', 'max', async (g) => {
    g.set(await withinSecond(s.db.stores.count()).catch(() => Number.NaN));
  });
  gauge('locator_data_version', "The stores' change counter", 'max', async (g) => {
    const v = Number(await withinSecond(s.db.stores.readVersion()).catch(() => Number.NaN));
    g.set(Number.isFinite(v) ? v : Number.NaN);
  });
  gauge('locator_database_up', 'The database answers (1) or not (0)', 'min', async (g) => {
    g.set(
      await withinSecond(s.db.ping()).then(
        () => 1,
        () => 0,
      ),
    );
  });
  // Only with Redis configured (a gauge without labels would read 0 otherwise).
  if (s.redisUp?.() !== undefined) {
    gauge('locator_redis_up', 'Redis of the rate limits answers (1) or not (0)', 'min', (g) => {
      g.set(s.redisUp?.() ? 1 : 0);
    });
  } else register.removeSingleMetric('locator_redis_up');
  const queues = (): [string, DeliveryStats][] => [
    ...Object.entries(s.webhooks?.() ?? {}).map(([url, stats]): [string, DeliveryStats] => [
      `webhook ${new URL(url).host}`,
      stats,
    ]),
    ...(s.forwarding?.() ? [['analytics', s.forwarding()!] as [string, DeliveryStats]] : []),
  ];
  // The outbox is the database's: every process reads the same rows, so the highest is kept.
  gauge(
    'locator_outbox_waiting',
    'Events waiting in the outbox (the database, all processes): change webhooks by URL host, analytics forwarding',
    'max',
    (g) => {
      for (const [queue, stats] of queues()) g.set({ queue }, stats.queued);
    },
    ['queue'],
  );
  gauge(
    'locator_delivery_failed',
    'Events given up since the processes started (change webhooks by URL host, analytics forwarding)',
    'sum',
    (g) => {
      for (const [queue, stats] of queues()) g.set({ queue }, stats.failed);
    },
    ['queue'],
  );
}
