/**
 * How each database's failures meaning "the database cannot be used" become DATABASE_UNAVAILABLE
 * (503), a dialect case side by side.
 *
 * SQLite: the write lock held by another connection (an import, a second server) is
 * SqliteBusy: the connection never waits for it on the event loop (busy_timeout 0); the caller
 * waits for it between attempts instead (./sqlite-database.ts).
 * PostgreSQL: connection-level failures (refused, reset, terminated, timed out, too many
 * clients).
 */
import { ApiError } from '@locator/core';

export function isSqliteUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'string' &&
      /^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|CORRUPT|NOTADB|FULL)/.test(code)) ||
    (typeof message === 'string' && /database connection is not open/i.test(message))
  );
}

/** Another connection holds the lock this statement needs; nothing was changed. */
export class SqliteBusy extends ApiError {
  constructor() {
    super('DATABASE_UNAVAILABLE');
  }
}

export function sqliteGuard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) throw new SqliteBusy();
    if (isSqliteUnavailable(err)) throw new ApiError('DATABASE_UNAVAILABLE');
    throw err;
  }
}

// PostgreSQL

/** True for errors meaning "the database cannot be reached" (connection-level failures). */
export function isUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  return (
    /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|EPIPE|EHOSTUNREACH|57P0[123]|08\d{3}|53300)$/.test(
      code,
    ) ||
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i.test(
      message,
    )
  );
}

/** Runs a query function, turning connection failures into DATABASE_UNAVAILABLE. */
export async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUnavailable(err)) throw new ApiError('DATABASE_UNAVAILABLE');
    throw err;
  }
}
