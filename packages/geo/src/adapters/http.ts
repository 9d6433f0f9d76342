/** JSON over HTTP with the global fetch, a timeout, and the caller's AbortSignal. */

export type RoutingErrorKind = 'timeout' | 'network' | 'http' | 'bad-response';

/** A routing service failed (not a cancellation: those reject with the signal's AbortError). */
export class RoutingError extends Error {
  override name = 'RoutingError';
  constructor(
    readonly kind: RoutingErrorKind,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface HttpOptions {
  /** Milliseconds before the request is abandoned (default 5000). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export async function fetchJson(
  url: string,
  init: RequestInit,
  { timeoutMs = 5000, signal }: HttpOptions,
): Promise<unknown> {
  signal?.throwIfAborted();
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      ...init,
      signal: combined,
      headers: { accept: 'application/json', ...init.headers },
    });
    text = await res.text();
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted) {
      throw new RoutingError('timeout', `no answer within ${timeoutMs} ms`, undefined, {
        cause: err,
      });
    }
    throw new RoutingError('network', `request failed: ${String(err)}`, undefined, { cause: err });
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch (err) {
    throw new RoutingError('bad-response', 'response is not JSON', res.status, { cause: err });
  }
  if (!res.ok) {
    const message =
      (body && typeof body === 'object' && 'message' in body && String(body.message)) ||
      (body && typeof body === 'object' && 'error' in body && String(body.error)) ||
      res.statusText;
    throw new RoutingError('http', `HTTP ${res.status}: ${message}`, res.status);
  }
  return body;
}

export function trimSlash(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}
