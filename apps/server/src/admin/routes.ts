/**
 * The admin store API, /api/v1/admin/… (README "Admin API"): API keys in
 * `Authorization: Bearer lk_…` (401 UNAUTHORIZED without a valid one, 403 FORBIDDEN without the
 * scope: GET needs "read", writes "write"); stores listed in store id order, read with their
 * version as ETag, replaced and deleted with If-Match (412 PRECONDITION_FAILED when the store
 * changed); every write is in the audit log with the key that made it. The OpenAPI document
 * (openapi.ts) needs no key. Writes take idempotency keys (idempotency.ts).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ApiError } from '@locator/core';
import type { ConfigService } from '../config/service.js';
import type { AdminRepository, AdminStore, ApiKeyRow, KeyScope } from '../db/admin.js';
import type { CountryCheck } from '../import/placement.js';
import type { Database } from '../db/types.js';
import { registerBulk } from './bulk.js';
import { rowMaker } from '../import/export.js';
import { keyIdOf, verifyKey } from './keys.js';
import { AuthThrottle } from './auth-throttle.js';
import { RateLimitCounters } from '../http/rate-limit-counters.js';
import { storeFromBody } from './store-input.js';
import { duplicateKeys } from '../import/duplicate-keys.js';
import { openApiDocument } from './openapi.js';
import { registerIdempotency } from './idempotency.js';

export const ADMIN_BASE = '/api/v1/admin';

export interface AdminDeps {
  repo: AdminRepository;
  /** The stores' writers, for bulk imports (bulk.ts). */
  db: Pick<Database, 'meta' | 'storeWrites'>;
  config: ConfigService;
  /** The point-in-country check of written stores (absent: not checked). */
  countryCheck?: () => Promise<CountryCheck | undefined>;
  /** Requests per API key per minute; 0 or absent: unlimited. */
  rateLimit?: number;
  /** Failed authentications per client per 15 minutes before 429 (auth-throttle.ts); 0: off. */
  authFailures?: number;
  /**
   * Where the limits count (shared in Redis with REDIS_URL, see http/rate-limit-counters.ts);
   * default: this process's memory.
   */
  counters?: RateLimitCounters;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKeyRow;
  }
}

const STORE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Most times a PATCH without If-Match is merged again onto a store other writers changed. */
const PATCH_ATTEMPTS = 20;

function storeBody(s: AdminStore): object {
  // The address lines are written from the address on every save: not one of the store's fields.
  const { addressLines: _lines, ...store } = JSON.parse(s.doc) as Record<string, unknown>;
  return { storeId: s.storeId, country: s.country, version: s.hash, store };
}

/** The version an If-Match header names ("*" for any), without quotes or weak prefix. */
function ifMatchOf(request: FastifyRequest): string | undefined {
  const h = request.headers['if-match'];
  if (typeof h !== 'string' || h.trim() === '') return undefined;
  return h.trim() === '*' ? '*' : h.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
}

function storeIdOf(request: FastifyRequest): string {
  const id = (request.params as { storeId?: string }).storeId ?? '';
  if (!STORE_ID.test(id)) {
    throw new ApiError('INVALID_PARAMETER', 'storeId: 1–64 of A-Z a-z 0-9 . _ -', 'storeId');
  }
  return id;
}

function intParam(v: unknown, name: string, min: number, max: number, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  const n = typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : NaN;
  if (!(n >= min && n <= max)) {
    throw new ApiError('PARAMETER_OUT_OF_RANGE', `${name}: ${min}–${max}`, name);
  }
  return n;
}

function sendStore(reply: FastifyReply, s: AdminStore, code = 200): FastifyReply {
  return reply.code(code).header('ETag', `"${s.hash}"`).send(storeBody(s));
}

export const adminRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { repo } = deps;
  const toRow = rowMaker(deps.config.catalogue);

  // The document is public (it describes, it holds no data).
  app.get(`${ADMIN_BASE}/openapi.json`, async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(openApiDocument()),
  );

  const counters = deps.counters ?? new RateLimitCounters();
  const throttle = new AuthThrottle(counters, deps.authFailures ?? 0);

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url === `${ADMIN_BASE}/openapi.json`) return;
    reply.header('Cache-Control', 'no-store');
    const auth = request.headers.authorization;
    const token = typeof auth === 'string' ? /^Bearer\s+(\S+)$/i.exec(auth)?.[1] : undefined;
    const keyId = token ? keyIdOf(token) : undefined;
    // Throttled before the key is checked: a right guess answers as a wrong one would.
    const wait = await throttle.blocked(request.ip, keyId);
    if (wait !== undefined) {
      reply.header('Retry-After', String(wait));
      throw new ApiError(
        'AUTHENTICATION_THROTTLED',
        `Too many failed authentication attempts; retry in ${wait} s.`,
      );
    }
    const key = token ? await verifyKey(repo, token) : undefined;
    if (!key) {
      await throttle.failed(request.ip, keyId);
      reply.header('WWW-Authenticate', 'Bearer realm="locator-admin"');
      throw new ApiError('UNAUTHORIZED');
    }
    const needs: KeyScope =
      request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
    if (!key.scopes.includes(needs)) {
      throw new ApiError('FORBIDDEN', `The API key lacks the "${needs}" scope.`);
    }
    request.apiKey = key;
  });
  if (deps.rateLimit) {
    // After the key is known (onRequest): one budget per key, 429 RATE_LIMITED beyond it.
    await app.register(rateLimit, {
      global: true,
      hook: 'preHandler',
      // One budget per key across processes and machines (shared in Redis with REDIS_URL).
      store: counters.store('admin'),
      max: deps.rateLimit,
      timeWindow: 60_000,
      keyGenerator: (request) => (request.apiKey ? `key:${request.apiKey.id}` : request.ip),
      errorResponseBuilder: (_request, ctx) =>
        new ApiError('RATE_LIMITED', `Too many requests for this key; retry in ${ctx.after}.`),
    });
  }
  registerIdempotency(app, repo);
  await registerBulk(app, ADMIN_BASE, deps);

  app.get(`${ADMIN_BASE}/stores`, async (request) => {
    const q = request.query as { after?: string; limit?: string };
    const limit = intParam(q.limit, 'limit', 1, 500, 100);
    const after = typeof q.after === 'string' && q.after !== '' ? q.after : undefined;
    const stores = await repo.listStores(after, limit);
    const last = stores.at(-1);
    return {
      stores: stores.map(storeBody),
      next: stores.length === limit && last ? last.storeId : null,
    };
  });

  app.get(`${ADMIN_BASE}/stores/:storeId`, async (request, reply) => {
    const store = await repo.getStore(storeIdOf(request));
    if (!store) throw new ApiError('NOT_FOUND', 'No store with this id.');
    const tag = `"${store.hash}"`;
    if (request.headers['if-none-match'] === tag) return reply.code(304).header('ETag', tag).send();
    return sendStore(reply, store);
  });

  app.put(`${ADMIN_BASE}/stores/:storeId`, async (request, reply) =>
    write(request, reply, storeIdOf(request), request.body, ifMatchOf(request)),
  );

  /** Validates a store and writes it unless `ifMatch` names another version. */
  async function write(
    request: FastifyRequest,
    reply: FastifyReply,
    storeId: string,
    input: unknown,
    ifMatch: string | undefined,
  ): Promise<FastifyReply> {
    const written = await tryWrite(request, reply, storeId, input, ifMatch);
    if (written === 'conflict') {
      throw new ApiError('PRECONDITION_FAILED', 'The store has changed (or does not exist).');
    }
    return written;
  }

  /** As write, with 'conflict' instead of 412 when `ifMatch` names another version. */
  async function tryWrite(
    request: FastifyRequest,
    reply: FastifyReply,
    storeId: string,
    input: unknown,
    ifMatch: string | undefined,
  ): Promise<FastifyReply | 'conflict'> {
    const check = deps.countryCheck ? await deps.countryCheck() : undefined;
    const repeated = request.jsonText ? duplicateKeys(request.jsonText) : [];
    const { record, problems } = storeFromBody(input, storeId, deps.config, check, repeated);
    if (!record) {
      const body = new ApiError('INVALID_BODY', 'The store is invalid.').toBody();
      return reply.code(400).send({
        ...body,
        problems: problems.map((p) => ({
          column: p.field,
          value: p.value ?? null,
          code: p.code,
          reason: p.reason,
        })),
      });
    }
    const out = await repo.putStore(record, ifMatch, `key:${request.apiKey!.id}`);
    if (out.status === 'conflict') return 'conflict';
    return sendStore(reply, out.store!, out.status === 'created' ? 201 : 200);
  }

  // PATCH: the given columns replace the stored store's; the result is checked as a PUT is.
  // The patch is written only onto the version it was merged with. With If-Match, another
  // version is 412; without (or "*"), a store changed meanwhile by another writer is read again
  // and the patch merged anew: concurrent patches all succeed, one after the other, on both
  // databases (the last one written wins where they set the same column).
  app.patch(`${ADMIN_BASE}/stores/:storeId`, async (request, reply) => {
    const storeId = storeIdOf(request);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ApiError('INVALID_BODY', 'The body is a JSON object of columns.');
    }
    const ifMatch = ifMatchOf(request);
    const retry = ifMatch === undefined || ifMatch === '*';
    for (let attempt = 1; ; attempt += 1) {
      const current = await repo.getStore(storeId);
      if (!current) throw new ApiError('NOT_FOUND', 'No store with this id.');
      if (!retry && ifMatch !== current.hash) {
        throw new ApiError('PRECONDITION_FAILED', 'The store has changed.');
      }
      const merged = { ...toRow(current), ...(body as Record<string, unknown>) };
      const written = await tryWrite(request, reply, storeId, merged, current.hash);
      if (written !== 'conflict') return written;
      if (!retry || attempt >= PATCH_ATTEMPTS) {
        throw new ApiError('PRECONDITION_FAILED', 'The store has changed.');
      }
    }
  });

  app.delete(`${ADMIN_BASE}/stores/:storeId`, async (request, reply) => {
    const out = await repo.deleteStore(
      storeIdOf(request),
      ifMatchOf(request),
      `key:${request.apiKey!.id}`,
    );
    if (out.status === 'missing') throw new ApiError('NOT_FOUND', 'No store with this id.');
    if (out.status === 'conflict')
      throw new ApiError('PRECONDITION_FAILED', 'The store has changed.');
    return reply.code(204).send();
  });

  app.get(`${ADMIN_BASE}/audit`, async (request) => {
    const q = request.query as { storeId?: string; limit?: string };
    const limit = intParam(q.limit, 'limit', 1, 1000, 100);
    const entries = await repo.audit({
      limit,
      ...(typeof q.storeId === 'string' && q.storeId !== '' ? { storeId: q.storeId } : {}),
    });
    return {
      entries: entries.map((e) => ({
        ...e,
        before: e.before === null ? null : (JSON.parse(e.before) as unknown),
        after: e.after === null ? null : (JSON.parse(e.after) as unknown),
      })),
    };
  });
};
