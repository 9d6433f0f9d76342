/**
 * Sends a validated representation: an answer with its ETag and Cache-Control, `304 Not
 * Modified` without a body when If-None-Match names it (./conditional.ts), else its body (through
 * `encoded`, compressed once per content, when given). The 304 carries the same Vary, ETag and
 * Cache-Control as the 200 (./compression.ts `negotiated`), and a body given as a function is
 * written only when it is sent.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches } from './conditional.js';
import { negotiated } from './compression.js';
import type { EncodedAnswers } from './encoded-answers.js';

export interface Representation {
  /** A strong ETag ("…"); weakened for clients that accept an encoding. */
  etag: string;
  cacheControl: string;
  /** The Content-Type of the 200. */
  type: string;
  body: string | Buffer | (() => Buffer);
}

export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  r: Representation,
  encoded?: EncodedAnswers,
): FastifyReply {
  reply.header('ETag', r.etag).header('Cache-Control', r.cacheControl);
  // Here as well as after compression: the not-found handler's answers (the host page) have no
  // route hooks.
  negotiated(request, reply, r.type);
  if (etagMatches(request, r.etag)) return reply.code(304).send();
  reply.type(r.type);
  if (encoded) {
    const body = typeof r.body === 'string' ? Buffer.from(r.body) : r.body;
    encoded.send(request, reply, body, r.etag);
  } else reply.send(typeof r.body === 'function' ? r.body() : r.body);
  return reply;
}

/**
 * Sends a cacheable JSON body with its ETag, or 304 when the client has it; through `encoded`
 * (compressed once per content) when given. A body given as a function is written only when it
 * is sent.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer | (() => Buffer),
  etag: string,
  cacheControl: string,
  encoded?: EncodedAnswers,
): FastifyReply {
  const type = 'application/json; charset=utf-8';
  return sendRepresentation(request, reply, { etag, cacheControl, type, body }, encoded);
}
