/**
 * Every request has an id (Fastify's `request.id`): the client's `X-Request-Id` when it is well
 * formed (1 to 64 characters of letters, digits, `.`, `_` and `-`, so that a proxy's or a
 * caller's id follows the request into the logs), else a new random UUID. Every log line of the
 * request carries it (`reqId`), and every answer returns it in `X-Request-Id`: errors, 304s and
 * the answers written before a request could be read (http/client-errors.ts, a new id each).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'X-Request-Id';

const WELL_FORMED = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's `genReqId`: the client's id when well formed, else a new one. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}

/** The id in every answer's headers (set first, so that error answers keep it). */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

/** A whole raw HTTP answer (status line first) with a new request id after the status line. */
export function withNewRequestId(answer: string): string {
  const end = answer.indexOf('\r\n');
  return `${answer.slice(0, end)}\r\n${REQUEST_ID_HEADER}: ${randomUUID()}${answer.slice(end)}`;
}
