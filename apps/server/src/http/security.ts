/** Security headers for every response (hardened further in issue 9). */
import type { FastifyInstance } from 'fastify';

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'geolocation=(self), camera=(), microphone=()',
} as const;

export function registerSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every response, including the hot search and
  // autocomplete answers, and needs no promise.
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.headers(SECURITY_HEADERS);
    done(null, payload);
  });
}
