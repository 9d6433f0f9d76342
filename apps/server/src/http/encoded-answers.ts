/**
 * Search answers compressed once per content, not once per request. A visitor who types a place
 * searches at that place's gazetteer position, so everyone who types "London" asks the same URL
 * and gets the same answer until the stores change. The answer is still searched every time (that
 * is cheap: its ETag is derived from what it holds); its compressed bytes are looked up here by
 * URL, ETag and encoding, and only when none are kept is the body written and compressed, the
 * costly part of a browser's request. A new ETag (stores or distances changed) is a new entry;
 * old ones age out of the bounded LRU.
 *
 * An answer is kept from the second time its URL is asked with that content, not the first: a
 * visitor whose device gave the position asks a URL nobody else will (every position differs),
 * and keeping each such answer, which evicts another, cost ~60 µs of server CPU a search in
 * memory churn, for nothing. Measured with `bench:api`'s device positions (200,000 stores,
 * 2 workers, 2 cores, browser Accept-Encoding; two runs each, alternating with uncompressed
 * runs at 318–346 µs): keeping every answer, 530–543 µs a search and 0.67 of the uncompressed
 * throughput; keeping none, 468–479 µs and 0.75; keeping from the second ask, 471–487 µs and
 * 0.71–0.72. The keys of URLs asked once are kept in a bounded LRU of their own (no body).
 *
 * Answers are compressed with the settings of ./compression.ts. Measured by `bench:api`
 * (browser Accept-Encoding, 200,000 stores): see the server README, "Compression".
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BROTLI_QUALITY, COMPRESS_MIN_BYTES, GZIP_LEVEL, SYNC_MAX_BYTES } from './compression.js';

type Encoding = 'br' | 'gzip';

/** Compressed bytes kept per process (a search answer is ~11 KB compressed). */
export const ENCODED_ANSWERS_MAX_BYTES = 32 * 1024 * 1024;
/** Keys of answers asked once, remembered per process until asked again. */
export const ASKED_ONCE_MAX = 20_000;

const negotiator = new Negotiator<Encoding | 'identity'>({
  supportedValues: ['br', 'gzip', 'identity'],
});

function compressWith(encoding: Encoding, body: Buffer): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipSync(body, { level: GZIP_LEVEL });
}

export class EncodedAnswers {
  private readonly cache: LRUCache<string, Buffer>;
  /** Keys asked once: the next ask of one keeps its answer. */
  private readonly askedOnce = new LRUCache<string, true>({ max: ASKED_ONCE_MAX });
  hits = 0;
  misses = 0;

  constructor(maxBytes = ENCODED_ANSWERS_MAX_BYTES) {
    this.cache = new LRUCache<string, Buffer>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (value, key) => value.length + key.length,
    });
  }

  /** The encoding the client prefers among br and gzip, if it accepts one. */
  static encodingOf(request: FastifyRequest): Encoding | undefined {
    const header = request.headers['accept-encoding'];
    if (!header) return undefined;
    const chosen = negotiator.negotiate(header.toLowerCase().replace(/\bx-gzip\b/g, 'gzip'));
    return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
  }

  /**
   * Sends the body (whose ETag is `etag`) compressed for this client when it accepts an
   * encoding, from the cache when this URL's answer with this ETag was kept; else as is. A body
   * given as a function is written only when the kept bytes cannot answer. The Vary and ETag
   * headers are the caller's (./representation.ts).
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    body: Buffer | (() => Buffer),
    etag: string,
  ): FastifyReply {
    const encoding = EncodedAnswers.encodingOf(request);
    const bytes = (): Buffer => (typeof body === 'function' ? body() : body);
    if (!encoding) return reply.send(bytes());
    const key = `${encoding}\u0000${etag}\u0000${request.url}`;
    let encoded = this.cache.get(key);
    if (encoded) this.hits += 1;
    else {
      const plain = bytes();
      if (plain.length < COMPRESS_MIN_BYTES) return reply.send(plain);
      // A large answer (an area search's every position) is left to @fastify/compress, which
      // streams it through the thread pool rather than holding the event loop.
      if (plain.length > SYNC_MAX_BYTES) return reply.send(plain);
      this.misses += 1;
      encoded = compressWith(encoding, plain);
      if (this.askedOnce.delete(key)) this.cache.set(key, encoded);
      else this.askedOnce.set(key, true);
    }
    // Already encoded: @fastify/compress passes it through.
    return reply.header('Content-Encoding', encoding).send(encoded);
  }
}
