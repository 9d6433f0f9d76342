/**
 * The server's timeouts, from REQUEST_TIMEOUT_MS (env.ts):
 * - the whole request, headers and body, must arrive within it (Node's `requestTimeout`; a body
 *   trickled one byte every few seconds is cut off with 408 REQUEST_TIMEOUT);
 * - the headers alone within it, and at most 60 s (`headersTimeout`, against slow headers);
 * - a connection on which nothing is sent or received for twice as long, and at least 60 s, is
 *   closed (`connectionTimeout`, the socket's idle timeout);
 * - Node checks the first two on a timer: every quarter of the timeout, and at most every second,
 *   so a request is cut off between 1 and 1.25 times the timeout after it began.
 */
import type { ServerOptions } from 'node:http';

export function serverTimeouts(requestTimeoutMs: number): {
  requestTimeout: number;
  connectionTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: Math.max(60_000, 2 * requestTimeoutMs),
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(requestTimeoutMs / 4))),
    },
  };
}
