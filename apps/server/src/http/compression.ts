/**
 * Response compression for the bodies the server builds in memory: the host page, the API's
 * JSON (configuration, search results, translations, maps answers) and error bodies. A body of
 * a text type of at least 1 KiB is sent with brotli (quality 4) or gzip (level 6) when the
 * client accepts one; a body with an ETag keeps it as a weak ETag (the encoded bytes differ,
 * the content does not; conditional requests compare weakly) and its encoded form is cached by
 * URL and ETag. Streams (the built web app's static files, sent pre-compressed by @fastify/static)
 * and bodies already encoded (the basemap) pass through. Clients that send no Accept-Encoding
 * (the load benchmarks' wrk) get the body as before.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Lru } from '../basemap/http.js';

/** Smallest body worth compressing. */
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

type Encoding = 'br' | 'gzip';

function acceptsEncoding(request: FastifyRequest): Encoding | undefined {
  const accept = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/i.test(accept)) return 'br';
  if (/\bgzip\b/i.test(accept)) return 'gzip';
  return undefined;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 1,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 6 });
}

export function registerCompression(app: FastifyInstance): void {
  const cache = new Lru<Buffer>(256);
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (reply.statusCode === 304) {
      // The client holds the encoded form: its ETag is the weak one.
      const etag = reply.getHeader('etag');
      if (typeof etag === 'string' && !etag.startsWith('W/') && acceptsEncoding(request)) {
        reply.header('ETag', `W/${etag}`);
      }
      return done(null, payload);
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (reply.statusCode < 200 || reply.statusCode === 204) return done(null, payload);
    if (reply.hasHeader('content-encoding')) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type)) return done(null, payload);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return done(null, payload);
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) {
      reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    const encoding = acceptsEncoding(request);
    if (!encoding) return done(null, payload);
    const etag = reply.getHeader('etag');
    let encoded: Buffer | undefined;
    if (typeof etag === 'string' && etag !== '') {
      const strong = etag.replace(/^W\//, '');
      const key = `${encoding} ${request.url} ${strong}`;
      encoded = cache.get(key);
      if (!encoded) {
        encoded = compress(body, encoding);
        cache.set(key, encoded);
      }
      reply.header('ETag', `W/${strong}`);
    } else {
      encoded = compress(body, encoding);
    }
    reply.header('Content-Encoding', encoding);
    reply.removeHeader('content-length');
    done(null, encoded);
  });
}
