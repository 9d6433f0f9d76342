/**
 * Idempotency keys on the admin API's writes: a PUT, PATCH, DELETE or POST (bulk) with
 * `Idempotency-Key: <key>` answers a retry of the same request (same method, path, If-Match and
 * body) with the first answer again (`Idempotent-Replayed: true`) instead of running it again,
 * for 24 hours per API key; the same idempotency key with another request is 422
 * IDEMPOTENCY_KEY_REUSED. The key is claimed in the database before the request runs, so of
 * concurrent requests with one key (in any process) one runs and the others answer 409
 * IDEMPOTENCY_KEY_IN_USE (Retry-After: 1) until it has answered. Only successful answers are
 * kept: a failed write changed nothing, its claim is given up and it may simply be retried.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@locator/core';
import { IN_FLIGHT, type AdminRepository } from './repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency key this request holds until it has answered. */
    idempotency?: { apiKeyId: string; key: string; requestHash: string; settled: boolean };
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
    const { method } = request;
    if (method !== 'PUT' && method !== 'PATCH' && method !== 'DELETE' && method !== 'POST') return;
    // The route's headers schema has checked the key's form (1–255 visible ASCII).
    const key = request.headers['idempotency-key'];
    // Kept per API key, or per console member (`user:<email>`).
    const owner = request.apiKey?.id ?? request.adminActor;
    if (typeof key !== 'string' || !owner) return;
    const hash = requestHash(request);
    const held = await repo.claimIdempotent(owner, key, hash);
    if (!held) {
      request.idempotency = { apiKeyId: owner, key, requestHash: hash, settled: false };
      return;
    }
    if (held.requestHash !== hash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    if (held.status === IN_FLIGHT) {
      reply.header('Retry-After', '1');
      throw new ApiError('IDEMPOTENCY_KEY_IN_USE');
    }
    reply.code(held.status).header('Idempotent-Replayed', 'true');
    if (held.etag) reply.header('ETag', held.etag);
    if (held.body === null) return reply.send();
    return reply.type('application/json; charset=utf-8').send(held.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const idem = request.idempotency;
    if (!idem || idem.settled) return payload;
    idem.settled = true;
    if (reply.statusCode < 200 || reply.statusCode >= 300) {
      await repo.releaseIdempotent(idem.apiKeyId, idem.key);
      return payload;
    }
    const etag = reply.getHeader('etag');
    await repo.saveIdempotent(idem.apiKeyId, idem.key, {
      requestHash: idem.requestHash,
      status: reply.statusCode,
      etag: typeof etag === 'string' ? etag : null,
      body: typeof payload === 'string' && payload !== '' ? payload : null,
    });
    return payload;
  });

  // A request that ended without an answer (the client went away) gives its claim up.
  app.addHook('onResponse', async (request) => {
    const idem = request.idempotency;
    if (!idem || idem.settled) return;
    idem.settled = true;
    await repo.releaseIdempotent(idem.apiKeyId, idem.key).catch(() => undefined);
  });
}
