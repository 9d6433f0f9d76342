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
 * An ETag of a body sent encoded is made weak (the encoded bytes differ, the content does not;
 * conditional requests compare weakly), and so is the ETag of a 304 to a client that accepts an
 * encoding, so that it matches what the client holds.
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

function weakenEtag(reply: FastifyReply): void {
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
  const encoded = reply.getHeader('content-encoding');
  if (encoded === 'br' || encoded === 'gzip') weakenEtag(reply);
  else if (reply.statusCode === 304 && acceptsEncoding(request)) weakenEtag(reply);
  else if (COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) {
    // The same URL may be answered encoded to another client: caches must know.
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) {
      reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
  }
  done(null, payload);
}
