/**
 * Requests that never reach Fastify's routing: Node's HTTP parser rejects them (an unknown
 * method such as `FOO`, raw spaces or control characters in the request line, a request line and
 * headers over 16 KB, `Content-Length` together with `Transfer-Encoding`, broken chunked
 * framing), or they do not arrive in time (REQUEST_TIMEOUT_MS: headers or a body trickled too
 * slowly). Node emits `clientError` with the socket and no request or reply, so the answer is
 * written to the socket here: the catalogue's body (BAD_REQUEST, HEADERS_TOO_LARGE or
 * REQUEST_TIMEOUT) with the security headers every other answer has, then the connection closes.
 * CONNECT, which Node hands to its own event, is answered the same way (404 NOT_FOUND).
 */
import { STATUS_CODES } from 'node:http';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ApiError, type ErrorCode } from '@locator/core';
import { COMMON_HEADERS, DATA_CONTENT_SECURITY_POLICY } from './security.js';
import { withNewRequestId } from './request-id.js';

/** The catalogue code of a parser or timeout error (Node's `err.code`). */
export function clientErrorCode(
  code: string | undefined,
): 'REQUEST_TIMEOUT' | 'HEADERS_TOO_LARGE' | 'BAD_REQUEST' {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  if (code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  return 'BAD_REQUEST';
}

/** The whole HTTP/1.1 answer for a catalogue code, as bytes for the socket. */
export function rawErrorResponse(code: ErrorCode): string {
  const error = new ApiError(code);
  const body = JSON.stringify(error.toBody());
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    Connection: 'close',
    ...COMMON_HEADERS,
    'Content-Security-Policy': DATA_CONTENT_SECURITY_POLICY,
  };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Precomputed: a flood of malformed requests costs a socket write each. */
const ANSWERS: Record<ReturnType<typeof clientErrorCode> | 'NOT_FOUND', string> = {
  NOT_FOUND: rawErrorResponse('NOT_FOUND'),
  BAD_REQUEST: rawErrorResponse('BAD_REQUEST'),
  HEADERS_TOO_LARGE: rawErrorResponse('HEADERS_TOO_LARGE'),
  REQUEST_TIMEOUT: rawErrorResponse('REQUEST_TIMEOUT'),
};

/**
 * CONNECT (a proxy tunnel request, which Node hands to a `connect` listener and otherwise drops
 * without a word): 404 NOT_FOUND like any other method the server does not serve.
 */
export function registerConnectAnswer(server: Server): void {
  server.on('connect', (_request: unknown, socket: Socket) => {
    socket.on('error', () => undefined);
    socket.end(withNewRequestId(ANSWERS.NOT_FOUND));
  });
}

/** HTTP/1.1 requires a Host header (RFC 9112 3.2): without one, 400 BAD_REQUEST. */
export function registerHostRequired(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
      done(new ApiError('BAD_REQUEST', 'The Host header is required.'));
      return;
    }
    done();
  });
}

/** Fastify's `clientErrorHandler`. */
export function handleClientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // An answer already started on this connection (a response in flight) cannot be replaced.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.end(withNewRequestId(ANSWERS[clientErrorCode(err.code)]));
    // A client that does not read its answer does not keep the socket.
    setTimeout(() => socket.destroy(), 1000).unref();
    return;
  }
  socket.destroy();
}
