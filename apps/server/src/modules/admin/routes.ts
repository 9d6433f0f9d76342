/**
 * The admin store API, /api/v1/admin/… (README "Admin API"): API keys in
 * `Authorization: Bearer lk_…` (401 UNAUTHORIZED without a valid one, 403 FORBIDDEN without the
 * scope: GET needs "read", writes "write"); stores listed in store id order, read with their
 * version as ETag, replaced and deleted with If-Match (412 PRECONDITION_FAILED when the store
 * changed); every write is in the audit log with the key that made it. Writes take idempotency
 * keys (idempotency.ts). Every route declares its contract in zod (schemas.ts), from which the
 * admin OpenAPI document is generated (openapi/documents.ts); a method a path does not take is
 * 405 METHOD_NOT_ALLOWED with Allow, whatever the key.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ApiError } from '@locator/core';
import type { ApiKeyRow, KeyScope } from './repository.js';
import { registerBulk } from './bulk.js';
import { registerExport } from './export-route.js';
import { keyIdOf, noteKeyUse, verifyKey } from './keys.js';
import { AuthThrottle } from './auth-throttle.js';
import { RateLimitCounters } from '../../http/rate-limit-counters.js';
import { registerIdempotency } from './idempotency.js';
import { registerStoreRoutes } from './store-routes.js';
import { registerStoreTableRoute } from './store-table-route.js';
import { methodNotAllowed } from './schemas.js';
import { storeBodyValidator } from './store-problems.js';
import { methodNotAllowedError } from '../../http/allow.js';
import cookie from '@fastify/cookie';
import { sessionsOf } from '../console/routes.js';
import type { AdminDeps } from './deps.js';
import { requireSession, sessionToken } from '../console/guard.js';

export const ADMIN_BASE = '/api/v1/admin';

export type { AdminDeps } from './deps.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKeyRow;
    /** Who makes this request, as the audit log names it: `key:<id>` or `user:<email>`. */
    adminActor?: string;
  }
  interface FastifyContextConfig {
    /** The methods of a path this route answers 405 for (no key needed). */
    allow?: string;
  }
}

/** The admin paths and the methods each takes (HEAD with GET). */
const ADMIN_PATHS: Record<string, string[]> = {
  '/stores': ['GET', 'HEAD'],
  '/stores/bulk': ['POST'],
  '/stores.csv': ['GET', 'HEAD'],
  '/stores/:storeId': ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'],
  '/audit': ['GET', 'HEAD'],
  '/store-search': ['GET', 'HEAD'],
  // The console's (../console/routes.ts).
  '/session': ['GET', 'HEAD', 'POST', 'DELETE'],
  '/sessions': ['DELETE'],
  '/keys': ['GET', 'HEAD', 'POST'],
  '/keys/:id': ['DELETE'],
};
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** 405 with Allow for each method an admin path does not take. */
function registerMethodNotAllowed(app: FastifyInstance): void {
  for (const [path, methods] of Object.entries(ADMIN_PATHS)) {
    const allow = methods.join(', ');
    app.route({
      method: METHODS.filter((m) => !methods.includes(m)),
      url: `${ADMIN_BASE}${path}`,
      config: { allow },
      schema: { hide: true, response: { 405: methodNotAllowed } },
      handler: async (request, reply) => {
        reply.header('Allow', allow);
        throw methodNotAllowedError(request.method, request.url.split('?')[0] ?? '', methods);
      },
    });
  }
}

export const adminRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { repo } = deps;
  const counters = deps.counters ?? new RateLimitCounters();
  const throttle = new AuthThrottle(counters, deps.authFailures ?? 0);
  // Store bodies (PUT, PATCH) answer with their problems; the bulk scope reads its own.
  app.setValidatorCompiler(storeBodyValidator);
  // The console's members use the same routes with their session (../console/guard.ts): reads
  // need a viewer, writes an editor, and the session's CSRF token.
  const consoleSession =
    deps.console &&
    requireSession(sessionsOf(deps.console), (request) =>
      request.method === 'GET' || request.method === 'HEAD' ? 'viewer' : 'editor',
    );
  if (consoleSession) await app.register(cookie);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (request.routeOptions.config.allow !== undefined) return;
    const auth = request.headers.authorization;
    if (auth === undefined && consoleSession && sessionToken(request) !== undefined) {
      await consoleSession(request, reply);
      request.adminActor = `user:${request.consoleSession!.account.email}`;
      return;
    }
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
    request.adminActor = `key:${key.id}`;
    // Noted beside the answer, never delaying it: a write lock held elsewhere (an import on
    // SQLite) or a failed write costs the request nothing; a later request notes it again.
    noteKeyUse(repo, key, (deps.now ?? Date.now)()).catch((err: unknown) =>
      request.log.warn({ err }, "the API key's use could not be noted"),
    );
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
      keyGenerator: (request) => request.adminActor ?? request.ip,
      errorResponseBuilder: (_request, ctx) =>
        new ApiError('RATE_LIMITED', `Too many requests for this key; retry in ${ctx.after}.`),
    });
  }
  registerIdempotency(app, repo);
  await registerBulk(app, ADMIN_BASE, deps);
  registerStoreRoutes(app, ADMIN_BASE, deps);
  registerStoreTableRoute(app, ADMIN_BASE, deps);
  registerExport(app, ADMIN_BASE, deps);
  registerMethodNotAllowed(app);
};
