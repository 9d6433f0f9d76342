/**
 * What a console request can fail with: an answer of the server with an error (its catalogue
 * code, and the wait of Retry-After when it gives one), or no answer at all.
 */
import { parseErrorBody } from '@locator/core';

export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    /** The catalogue code (NOT_SIGNED_IN, SIGN_IN_FAILED…); undefined without an error body. */
    readonly code: string | undefined,
    message: string,
    /** Seconds to wait, from Retry-After. */
    readonly retryAfter?: number,
    /** The answer's body as read (e.g. the problems of an invalid store). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ConsoleApiError';
  }
}

/** The server did not answer (offline, refused, or the answer could not be read). */
export class ConsoleUnreachableError extends Error {
  constructor(cause?: unknown) {
    super('The server could not be reached.', { cause });
    this.name = 'ConsoleUnreachableError';
  }
}

/** Seconds of a Retry-After header: a number of seconds, or an HTTP date. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The error of a response that is not ok. */
export async function errorOfResponse(res: Response): Promise<ConsoleApiError> {
  const body: unknown = await res.json().catch(() => undefined);
  const error = parseErrorBody(body);
  return new ConsoleApiError(
    res.status,
    error?.code,
    error?.message ?? `HTTP ${res.status}`,
    retryAfterSeconds(res.headers.get('retry-after')),
    body,
  );
}
