/**
 * Conditional GET and HEAD (RFC 9110 13.1.2): `If-None-Match` is compared weakly (`W/"x"`
 * matches `"x"`: compression weakens ETags, see ./compression.ts) against the answer's ETag,
 * and `*` matches any current representation. One comparison for every resource: handlers that
 * can skip writing a body ask `etagMatches` before they write it, and every other answer of 200
 * with an ETag is turned into `304 Not Modified` here (static files answer their own).
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

/** True when the request's If-None-Match names `etag` (weakly) or is `*`. */
export function etagMatches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  if (header.trim() === '*') return true;
  const wanted = opaque(etag);
  return header.split(',').some((t) => opaque(t) === wanted);
}

export function registerConditionalGet(app: FastifyInstance): void {
  // A callback hook on every answer: one header lookup in the common case.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.headers['if-none-match'] === undefined ||
      reply.statusCode !== 200 ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      done(null, payload);
      return;
    }
    const etag = reply.getHeader('etag');
    const star = String(request.headers['if-none-match']).trim() === '*';
    if (!star && !(typeof etag === 'string' && etagMatches(request, etag))) {
      done(null, payload);
      return;
    }
    // A file being streamed is not read.
    const stream = payload as Partial<Readable> | null;
    if (stream && typeof stream.destroy === 'function') stream.destroy();
    // The Content-Type stays until ./compression.ts has read it (the 304's Vary and ETag are
    // the 200's); it is removed there.
    reply.code(304).removeHeader('content-length');
    done(null, '');
  });
}
