/** SQLite failures meaning "the database cannot be used" become DATABASE_UNAVAILABLE (503). */
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

export function sqliteGuard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (isSqliteUnavailable(err)) throw new ApiError('DATABASE_UNAVAILABLE');
    throw err;
  }
}
