/**
 * Response compression with @fastify/compress: bodies of a text type of at least 1 KiB are sent
 * with brotli or gzip when the client accepts one (zstd is not offered: Node.js 20 lacks it).
 * Streams (the built web app's static files, sent pre-compressed by @fastify/static) and bodies
 * already encoded (the basemap) pass through.
 *
 * Chosen by `bench:api` (200,000 stores, 2 workers, browser Accept-Encoding, 2 cores): bodies up
 * to SYNC_MAX_BYTES, the ~65 KB search answers included, are compressed inline with brotli
 * quality 0, about 0.07 ms of the event loop for a search answer (65 KB → 11.7 KB). Measured on
 * the same machine: through zlib streams on the thread pool (the library's default above 8 KiB)
 * the browser-encoded search reached 0.36 of the uncompressed throughput with a p99 of 43 ms at
 * 80 % load, the stream machinery costing ~0.4 ms a request; inline at quality 1, 0.55 (9.9 KB,
 * p99 6.4 ms); inline at quality 0, 0.64 (p99 4.2 ms).
 *
 * Every answer of a compressible type varies by Accept-Encoding, its 200 and its 304 alike, and
 * says so (`Vary: Accept-Encoding`). Its ETag is weak (`W/"…"`: the encoded bytes differ, the
 * content does not; conditional requests compare weakly) whenever the client accepts br or gzip,
 * whether or not this body was large enough to be encoded: the rule depends on the request and
 * the answer's type only, so a 304 carries exactly the ETag its 200 would, and HEAD the ETag of
 * GET. A client that accepts no encoding gets the strong ETag.
 */
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Smallest body worth compressing. */
export const COMPRESS_MIN_BYTES = 1024;
/** Brotli quality (0–11). */
export const BROTLI_QUALITY = 0;
/** Bodies up to this size are compressed inline; larger ones through zlib streams. */
export const SYNC_MAX_BYTES = 256 * 1024;
/** Gzip level (1–9), for clients without brotli. */
export const GZIP_LEVEL = 4;

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

function acceptsEncoding(request: FastifyRequest): boolean {
  return /\b(br|gzip)\b/i.test(String(request.headers['accept-encoding'] ?? ''));
}

/** True when answers of this media type are compressed (and so vary by Accept-Encoding). */
export function compressible(type: string): boolean {
  return COMPRESSIBLE.test(type);
}

/**
 * Sets the negotiated headers of an answer of `type` (its 200 or its 304): `Vary:
 * Accept-Encoding` and the ETag's strength, as the module's comment has them.
 */
export function negotiated(request: FastifyRequest, reply: FastifyReply, type: string): void {
  const encoded = reply.getHeader('content-encoding');
  if (!compressible(type) && encoded !== 'br' && encoded !== 'gzip') return;
  // One spelling (the library writes it in lower case).
  const vary = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '' && v.toLowerCase() !== 'accept-encoding');
  reply.header('Vary', [...vary, 'Accept-Encoding'].join(', '));
  if (encoded !== 'br' && encoded !== 'gzip' && !acceptsEncoding(request)) return;
  const etag = reply.getHeader('etag');
  if (typeof etag === 'string' && etag !== '' && !etag.startsWith('W/')) {
    reply.header('ETag', `W/${etag}`);
  }
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    syncThreshold: SYNC_MAX_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
  // @fastify/compress adds its onSend hook to each route; this one is added after it, so the
  // encoding is known here.
  app.addHook('onRoute', (route) => {
    const hooks = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...hooks, afterCompression];
  });
}

function afterCompression(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, payload: unknown) => void,
): void {
  const type = reply.getHeader('content-type');
  if (reply.statusCode === 304) {
    // The type the 200 would have (set by the handler or kept by ./conditional.ts; JSON, the
    // API's, when none), then removed: a 304 carries no representation metadata.
    negotiated(request, reply, typeof type === 'string' ? type : 'application/json');
    reply.removeHeader('content-type');
  } else negotiated(request, reply, String(type ?? ''));
  done(null, payload);
}
