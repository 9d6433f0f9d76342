/**
 * A pool client checked out for a transaction. While it is out, the pool's own error handling
 * does not cover it: a connection cut (a failover, a restart, pg_terminate_backend) while no
 * query is in flight emits 'error' on the client, which without a listener ends the process.
 * The listener is attached in the pool's callback, synchronously: the server's "terminating
 * connection" message can arrive in the same network read as the end of the previous user's
 * query, before a promise continuation would run. The query in flight or the next one fails,
 * a connection-level failure answers DATABASE_UNAVAILABLE (503), and a broken client is
 * destroyed on release instead of going back to the pool.
 */
import type pg from 'pg';
import { guarded, isUnavailable } from './errors.js';

interface Checkout {
  client: pg.PoolClient;
  /** The connection's error, once it has one. */
  broken: Error | undefined;
  onError: (err: Error) => void;
}

function checkout(pool: pg.Pool): Promise<Checkout> {
  return new Promise((resolve, reject) => {
    pool.connect((err, client) => {
      if (err || !client) {
        reject(err ?? new Error('Connection terminated: no client'));
        return;
      }
      const out: Checkout = {
        client,
        broken: undefined,
        onError: (e) => {
          out.broken ??= e;
        },
      };
      client.on('error', out.onError);
      resolve(out);
    });
  });
}

export async function withClient<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const c = await guarded(() => checkout(pool));
  try {
    return await guarded(() => fn(c.client));
  } catch (err) {
    if (isUnavailable(err) || (err as { code?: unknown }).code === 'DATABASE_UNAVAILABLE') {
      c.broken ??= err as Error;
    }
    throw err;
  } finally {
    // A broken connection is closed, not reused (the pool opens a new one when needed); it
    // keeps its listener, as the connection's last errors may still arrive while it closes.
    if (!c.broken) c.client.removeListener('error', c.onError);
    c.client.release(c.broken ?? false);
  }
}
