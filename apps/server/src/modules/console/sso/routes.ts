/**
 * Single sign-on with OpenID Connect (server README "Single sign-on"): GET …/sso/start sends the
 * browser to the provider, GET …/sso/callback brings it back signed in — a session opened exactly
 * as password sign-in opens one (same cookie, CSRF token and time-outs) — or back to the sign-in
 * form with a reason (`/admin/?ssoError=<code>`), never an error page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SsoErrorCode } from '@locator/core/console-api';
import type { AccountRepository } from '../account-repository.js';
import { setSessionCookie } from '../guard.js';
import type { ConsoleSessions } from '../sessions.js';
import { ssoAccount } from './account.js';
import type { SsoConfig } from './config.js';
import { SsoFailure } from './failure.js';
import { PENDING_MS, PendingSeal, pendingCookieName } from './pending.js';
import { OidcProvider } from './provider.js';
import { ssoCallbackSchema, ssoStartSchema } from './schemas.js';

/** Where a finished sign-in goes: the console. */
export const CONSOLE_HOME = '/admin/';

export interface SsoOptions {
  config: SsoConfig;
  /** The callback route's public URL, registered with the provider. */
  redirectUri: string;
}

export const ssoPaths = (base: string) => ({
  start: `${base}/sso/start`,
  callback: `${base}/sso/callback`,
});

const failed = (reply: FastifyReply, code: SsoErrorCode) =>
  reply.redirect(`${CONSOLE_HOME}?ssoError=${code}`, 302);

function codeOf(request: FastifyRequest, err: unknown): SsoErrorCode {
  if (err instanceof SsoFailure) {
    request.log.warn({ err: err.cause ?? err }, `single sign-on failed: ${err.code}`);
    return err.code;
  }
  request.log.error({ err }, 'single sign-on failed');
  return 'SSO_FAILED';
}

export function registerSsoRoutes(
  app: FastifyInstance,
  base: string,
  deps: {
    sessions: ConsoleSessions;
    accounts: AccountRepository;
    sso?: SsoOptions | undefined;
    now: () => number;
  },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const paths = ssoPaths(base);
  const sso = deps.sso;
  const provider = sso && new OidcProvider(sso.config, sso.redirectUri);
  const seal = sso && new PendingSeal(sso.config.clientSecret);

  api.get(paths.start, { schema: ssoStartSchema }, async (request, reply) => {
    if (!provider || !seal) return failed(reply, 'SSO_NOT_CONFIGURED');
    try {
      const { url, pending } = await provider.start(deps.now(), PENDING_MS);
      seal.setCookie(request, reply, pending);
      return reply.redirect(url, 302);
    } catch (err) {
      return failed(reply, codeOf(request, err));
    }
  });

  api.get(paths.callback, { schema: ssoCallbackSchema }, async (request, reply) => {
    if (!sso || !provider || !seal) return failed(reply, 'SSO_NOT_CONFIGURED');
    const pending = seal.open(request.cookies[pendingCookieName(request)], deps.now());
    // Used once, whatever happens next.
    seal.clearCookie(request, reply);
    try {
      if (!pending || request.query.state !== pending.state) {
        throw new SsoFailure('SSO_STATE_INVALID');
      }
      if (request.query.error !== undefined) {
        throw new SsoFailure(request.query.error === 'access_denied' ? 'SSO_DENIED' : 'SSO_FAILED');
      }
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const claims = await provider.finish(query, pending);
      const account = await ssoAccount(
        deps.accounts,
        claims,
        sso.config.roleClaim,
        sso.config.roles,
      );
      const { token } = await deps.sessions.open(account);
      setSessionCookie(request, reply, token);
      return reply.redirect(CONSOLE_HOME, 302);
    } catch (err) {
      return failed(reply, codeOf(request, err));
    }
  });
}
