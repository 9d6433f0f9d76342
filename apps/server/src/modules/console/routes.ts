/**
 * The console's sign-in and sessions, /api/v1/admin/session(s) (docs/ARCHITECTURE.md "The
 * console"): sign in with an email and password, read the session, sign out, sign out
 * everywhere. Every answer is `Cache-Control: no-store`. The console's other routes stand behind
 * requireSession (guard.ts) with the role they need.
 */
import type { FastifyPluginAsync } from 'fastify';
import cookie from '@fastify/cookie';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '@locator/core';
import type { AccountRepository, ConsoleAccount } from './account-repository.js';
import { RateLimitCounters } from '../../http/rate-limit-counters.js';
import { AccountError, normaliseEmail } from './accounts.js';
import { DECOY_HASH, isPasswordHash, verifyPassword } from './passwords.js';
import { ConsoleSessions, type SessionStore, type SessionTimes } from './sessions.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { registerKeyRoutes, type KeyRepository } from './key-routes.js';
import { registerWebhookRoutes, type WebhookView } from './webhook-routes.js';
import { registerSsoRoutes, type SsoOptions } from './sso/routes.js';
import { registerDemandRoutes } from './demand-routes.js';
import type { DemandDeps } from '../analytics/demand.js';
import { clearSessionCookie, requireSession, sessionToken, setSessionCookie } from './guard.js';
import {
  getSessionSchema,
  signInSchema,
  signOutEverywhereSchema,
  signOutSchema,
} from './schemas.js';

export const CONSOLE_API_BASE = '/api/v1/admin';

export interface ConsoleDeps {
  accounts: AccountRepository;
  /** The admin API's keys, managed by admins (key-routes.ts). */
  keys: KeyRepository;
  /** The process's change webhooks, shown to admins (webhook-routes.ts); unset: none configured. */
  webhooks?: WebhookView | undefined;
  /** The demand dashboard's counts and names (modules/analytics/demand.ts); unset: not served. */
  demand?: DemandDeps | undefined;
  /** Where sessions are kept: the database (accounts) unless Redis is configured. */
  sessions?: SessionStore;
  times: SessionTimes;
  /** Where failed sign-ins count (shared in Redis with REDIS_URL). */
  counters?: RateLimitCounters;
  /** The sessions' clock (tests). */
  now?: () => number;
  /** Single sign-on with OpenID Connect (sso/); unset: password sign-in only. */
  sso?: SsoOptions | undefined;
}

const emailOf = (raw: string): string => {
  try {
    return normaliseEmail(raw);
  } catch (err) {
    if (err instanceof AccountError) return raw.trim().toLowerCase();
    throw err;
  }
};

const sessionAnswer = (account: ConsoleAccount, csrfToken: string) => ({
  account: { email: account.email, role: account.role },
  csrfToken,
});

/** The sessions of the console's dependencies (the same for every route that reads them). */
export const sessionsOf = (deps: ConsoleDeps): ConsoleSessions =>
  new ConsoleSessions(deps.sessions ?? deps.accounts, deps.accounts, deps.times, deps.now);

export const consoleRoutes: FastifyPluginAsync<ConsoleDeps> = async (app, deps) => {
  await app.register(cookie);
  const sessions = sessionsOf(deps);
  const throttle = new SignInThrottle(deps.counters ?? new RateLimitCounters());
  const signedIn = requireSession(sessions, 'viewer');
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  registerKeyRoutes(app, CONSOLE_API_BASE, sessions, deps.keys);
  registerWebhookRoutes(app, CONSOLE_API_BASE, sessions, deps.webhooks);
  registerSsoRoutes(app, CONSOLE_API_BASE, {
    sessions,
    accounts: deps.accounts,
    sso: deps.sso,
    now: deps.now ?? Date.now,
  });
  if (deps.demand) registerDemandRoutes(app, CONSOLE_API_BASE, sessions, deps.demand);

  api.post(`${CONSOLE_API_BASE}/session`, { schema: signInSchema }, async (request, reply) => {
    const email = emailOf(request.body.email);
    const wait = await throttle.blocked(request.ip, email);
    if (wait !== undefined) {
      reply.header('Retry-After', String(wait));
      throw new ApiError('SIGN_IN_THROTTLED', `Too many failed sign-ins; try again in ${wait} s.`);
    }
    const account = await deps.accounts.findAccountByEmail(email);
    // The password is checked even for an unknown address, or an account without a password
    // (single sign-on's): all take as long.
    const stored = account && isPasswordHash(account.passwordHash) ? account.passwordHash : null;
    const matches = await verifyPassword(request.body.password, stored ?? DECOY_HASH);
    if (!account || !matches || account.disabledAt !== null) {
      await throttle.failed(request.ip, email);
      throw new ApiError('SIGN_IN_FAILED');
    }
    const { token, csrfToken } = await sessions.open(account);
    setSessionCookie(request, reply, token);
    return sessionAnswer(account, csrfToken);
  });

  api.get(
    `${CONSOLE_API_BASE}/session`,
    { schema: getSessionSchema, preHandler: signedIn },
    async (request) => {
      const { account, session } = request.consoleSession!;
      return sessionAnswer(account, session.csrfToken);
    },
  );

  api.delete(
    `${CONSOLE_API_BASE}/session`,
    { schema: signOutSchema, preHandler: signedIn },
    async (request, reply) => {
      await sessions.close(sessionToken(request)!);
      clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );

  api.delete(
    `${CONSOLE_API_BASE}/sessions`,
    { schema: signOutEverywhereSchema, preHandler: signedIn },
    async (request, reply) => {
      await sessions.closeAll(request.consoleSession!.account.id);
      clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );
};
