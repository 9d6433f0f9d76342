/**
 * Idempotency keys on the admin API's writes: a PUT, PATCH, DELETE or POST (bulk) with `Idempotency-Key: <key>`
 * answers a retry of the same request (same method, path, If-Match and body) with the first
 * answer again (`Idempotent-Replayed: true`) instead of running it again, for 24 hours per API
 * key; the same idempotency key with another request is 422 IDEMPOTENCY_KEY_REUSED. Only
 * successful answers are kept: a failed write changed nothing and may simply be retried.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@locator/core';
import type { AdminRepository } from '../db/admin.js';

const KEY = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { key: string; requestHash: string };
  }
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        request.method,
        request.url,
        request.headers['if-match'] ?? '',
        request.body ?? null,
      ]),
    )
    .digest('hex');
}

/** Registers the idempotency hooks (after the API key is known). */
export function registerIdempotency(app: FastifyInstance, repo: AdminRepository): void {
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'PUT' && request.method !== 'DELETE' && request.method !== 'POST')
      return;
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY.test(key)) {
      throw new ApiError(
        'INVALID_PARAMETER',
        'Idempotency-Key: 1–255 visible ASCII characters',
        'Idempotency-Key',
      );
    }
    const hash = requestHash(request);
    const kept = await repo.findIdempotent(request.apiKey!.id, key);
    if (!kept) {
      request.idempotency = { key, requestHash: hash };
      return;
    }
    if (kept.requestHash !== hash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    reply.code(kept.status).header('Idempotent-Replayed', 'true');
    if (kept.etag) reply.header('ETag', kept.etag);
    if (kept.body === null) return reply.send();
    return reply.type('application/json; charset=utf-8').send(kept.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const idem = request.idempotency;
    if (!idem || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const etag = reply.getHeader('etag');
    await repo.saveIdempotent(request.apiKey!.id, idem.key, {
      requestHash: idem.requestHash,
      status: reply.statusCode,
      etag: typeof etag === 'string' ? etag : null,
      body: typeof payload === 'string' && payload !== '' ? payload : null,
    });
    return payload;
  });
}
