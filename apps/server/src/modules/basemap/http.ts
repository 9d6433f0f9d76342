/**
 * Small HTTP helpers of the basemap: pre-compressed bodies. A tile or style is compressed once
 * when made and kept compressed in the routes' LRU cache (`lru-cache`), so each request only
 * picks the encoding; per-request compression (`@fastify/compress`, used for the API) would
 * compress the same tile again for every visitor.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** A body with its compressed forms, made once and cached. */
export interface Encoded {
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Compresses bodies over 256 bytes with brotli (quality 5) and gzip; smaller ones stay raw. */
export function encode(raw: Buffer): Encoded {
  if (raw.length < 256) return { raw };
  return {
    raw,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(raw, { level: 6 }),
  };
}

/** The bytes an encoded body holds, all its forms together. */
export function encodedBytes(body: Encoded): number {
  return body.raw.length + (body.br?.length ?? 0) + (body.gzip?.length ?? 0);
}

/** A cache of encoded bodies holding at most `maxBytes` of them (keys and bookkeeping aside). */
export function encodedCache(maxBytes: number): LRUCache<string, Encoded> {
  return new LRUCache<string, Encoded>({
    maxSize: maxBytes,
    // lru-cache refuses a size of 0; an empty body still takes an entry.
    sizeCalculation: (body, key) => encodedBytes(body) + key.length + 1,
  });
}

/** Sends the best encoding the client accepts. */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Encoded,
  type: string,
  cacheControl: string,
) {
  const accept = String(request.headers['accept-encoding'] ?? '');
  reply.type(type).header('Cache-Control', cacheControl).header('Vary', 'Accept-Encoding');
  if (body.br && /\bbr\b/.test(accept)) return reply.header('Content-Encoding', 'br').send(body.br);
  if (body.gzip && /\bgzip\b/.test(accept)) {
    return reply.header('Content-Encoding', 'gzip').send(body.gzip);
  }
  return reply.send(body.raw);
}
