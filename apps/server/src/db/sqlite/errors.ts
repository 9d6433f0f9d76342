/**
 * SQLite failures meaning "the database cannot be used" become DATABASE_UNAVAILABLE (503). The
 * write lock held by another connection (an import, a second server) is SqliteBusy: the
 * connection never waits for it on the event loop (busy_timeout 0); the caller waits for it
 * between attempts instead (./index.ts).
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
