/**
 * `If-None-Match: *` on GET or HEAD: "any current representation". When the resource exists
 * (the answer would be 200), the answer is 304 Not Modified without a body, as RFC 9110 13.1.2
 * has it, for every resource: static files, translations, API answers and pages. (A list of
 * entity tags is compared by each handler against its own ETag.)
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

export function registerIfNoneMatchAny(app: FastifyInstance): void {
  // A callback hook on every answer: one header lookup in the common case.
  app.addHook('onSend', (request, reply, payload, done) => {
    const inm = request.headers['if-none-match'];
    if (
      inm === undefined ||
      inm.trim() !== '*' ||
      reply.statusCode !== 200 ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      done(null, payload);
      return;
    }
    // A file being streamed is not read.
    const stream = payload as Partial<Readable> | null;
    if (stream && typeof stream.destroy === 'function') stream.destroy();
    reply.code(304).removeHeader('content-length').removeHeader('content-type');
    // An empty body, not null: the automatic HEAD route's own hook runs after this one.
    done(null, '');
  });
}
