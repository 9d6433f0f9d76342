/**
 * What every console route checks before it runs (docs/ARCHITECTURE.md "The console"): a live
 * session (401 NOT_SIGNED_IN), a role that may do this (403 ROLE_FORBIDDEN), and for every
 * state-changing method the session's CSRF token in X-CSRF-Token (403 CSRF_TOKEN_INVALID). The
 * cookie is SameSite=Strict as well; the token is the defence that does not depend on browsers.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '@locator/core';
import { CONSOLE_ROLES, type ConsoleRole } from './account-repository.js';
import type { ConsoleSessions, OpenSession } from './sessions.js';

/** The session cookie: `__Host-` prefixed (Secure, Path=/, no Domain) over HTTPS. */
export const cookieName = (request: FastifyRequest): string =>
  request.protocol === 'https' ? '__Host-locator-console' : 'locator-console';

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(cookieName(request), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(cookieName(request), {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

export const sessionToken = (request: FastifyRequest): string | undefined =>
  request.cookies[cookieName(request)];

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession?: OpenSession;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `role` includes what `needs` may do (admin ⊃ editor ⊃ viewer). */
export const roleAllows = (role: ConsoleRole, needs: ConsoleRole): boolean =>
  CONSOLE_ROLES.indexOf(role) >= CONSOLE_ROLES.indexOf(needs);

/** The role a request needs: one for the route, or one per request (by its method). */
export type RoleNeeded = ConsoleRole | ((request: FastifyRequest) => ConsoleRole);

/** A hook that lets the request through only as described above. */
export function requireSession(sessions: ConsoleSessions, role: RoleNeeded) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const needs = typeof role === 'function' ? role(request) : role;
    const open = await sessions.resolve(sessionToken(request));
    if (!open) {
      if (sessionToken(request) !== undefined) clearSessionCookie(request, reply);
      throw new ApiError('NOT_SIGNED_IN');
    }
    if (!SAFE_METHODS.has(request.method)) {
      if (!sameToken(request.headers['x-csrf-token'], open.session.csrfToken))
        throw new ApiError('CSRF_TOKEN_INVALID');
    }
    if (!roleAllows(open.account.role, needs))
      throw new ApiError('ROLE_FORBIDDEN', `This needs the ${needs} role or a higher one.`);
    request.consoleSession = open;
  };
}
