/** Small HTTP helpers of the basemap: a bounded cache and pre-compressed bodies. */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A least-recently-used cache of at most `max` entries. */
export class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
  get size(): number {
    return this.map.size;
  }
}

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
