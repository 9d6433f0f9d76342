/** Connection-level failures of PostgreSQL become DATABASE_UNAVAILABLE (503). */
import { ApiError } from '@locator/core';

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
