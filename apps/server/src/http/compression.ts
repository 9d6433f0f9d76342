/**
 * Response compression with @fastify/compress: bodies of a text type of at least 1 KiB are sent
 * with brotli or gzip when the client accepts one (zstd is not offered: Node.js 20 lacks it).
 * Bodies up to the library's sync threshold (8 KiB on 2 cores) are compressed inline; larger
 * ones, such as the ~65 KB search answers, through zlib streams, which run on libuv's thread
 * pool, so compressing never blocks the event loop. Brotli runs at quality 1: for a 99-store
 * search answer it costs ~0.09 ms against ~0.3 ms at quality 4 for 16 % more bytes (9.9 KB
 * against 8.5 KB; `bench:api` reports the throughput with and without compression). Streams
 * (the built web app's static files, sent pre-compressed by @fastify/static) and bodies already
 * encoded (the basemap) pass through.
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
export const BROTLI_QUALITY = 1;
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
