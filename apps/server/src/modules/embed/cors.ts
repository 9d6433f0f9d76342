/**
 * Cross-origin answers for the embeddable elements (README "Embedding"): the origins of
 * EMBED_ORIGINS, and only those, may read the public answers the elements need — the store API,
 * the maps endpoints and the map token, the basemap, the translations and the embed's own files.
 *
 * - An allowed Origin gets `Access-Control-Allow-Origin: <that origin>` (never "*", never
 *   credentials) and `Cross-Origin-Resource-Policy: cross-origin`; every answer of these paths
 *   says `Vary: Origin`, so a shared cache keeps one copy per origin.
 * - A preflight (OPTIONS with Access-Control-Request-Method) from an allowed origin is answered
 *   204 with the methods and headers the elements use, cached by the browser for a day
 *   (Access-Control-Max-Age; Chromium keeps it at most two hours).
 * - Any other origin gets no CORS header, so the browser refuses it; its preflight is answered
 *   403 FORBIDDEN.
 * - embeddingOrigin(request) tells a route which allowed origin embeds the caller (the analytics
 *   events keep it): only an origin of EMBED_ORIGINS, never the server's own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@locator/core';

/** The paths an embedded element reads from another origin. */
export const EMBED_CORS_PATHS =
  /^\/(api\/v1\/grlui\/|api\/v1\/maps\/|api\/v1\/analytics\/events|mapKitToken|basemap\/|locales\/|embed\/)/;

export const PREFLIGHT_MAX_AGE_SECONDS = 86_400;
const ALLOWED_METHODS = 'GET, HEAD, POST';
const ALLOWED_HEADERS = 'Accept, Content-Type, Cache-Control';

/** The request's Origin when it is one of `allowed` (already lower-case), else undefined. */
export function allowedOrigin(
  request: FastifyRequest,
  allowed: ReadonlySet<string>,
): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return undefined;
  const lower = origin.toLowerCase();
  return allowed.has(lower) ? lower : undefined;
}

const embedders = new WeakMap<FastifyRequest, string>();

/**
 * The allowed origin (scheme, host, port; lower case) a cross-origin request comes from, else
 * undefined: no Origin, an origin not in EMBED_ORIGINS, or the server's own (same-origin).
 */
export function embeddingOrigin(request: FastifyRequest): string | undefined {
  return embedders.get(request);
}

/** True when `origin` names the host the request was sent to (a same-origin request). */
function sameHost(request: FastifyRequest, origin: string): boolean {
  const host = request.headers.host?.toLowerCase();
  if (!host) return false;
  try {
    const url = new URL(origin);
    return new URL(`${url.protocol}//${host}`).host === url.host;
  } catch {
    return false;
  }
}

export function registerEmbedCors(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0] ?? '/';
    if (!EMBED_CORS_PATHS.test(path)) {
      done();
      return;
    }
    const origin = allowedOrigin(request, allowed);
    const preflight =
      request.method === 'OPTIONS' &&
      request.headers['access-control-request-method'] !== undefined;
    if (origin) reply.header('Access-Control-Allow-Origin', origin);
    if (origin && !sameHost(request, origin)) embedders.set(request, origin);
    if (!preflight) {
      done();
      return;
    }
    if (!origin) {
      const error = new ApiError('FORBIDDEN', 'This origin may not embed the locator.');
      void reply.code(error.status).header('Cache-Control', 'no-store').send(error.toBody());
      return;
    }
    void reply
      .code(204)
      .header('Access-Control-Allow-Methods', ALLOWED_METHODS)
      .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
      .header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS))
      .header('Cache-Control', 'no-store')
      .send();
  });
  // After the security headers (registered before): an answer another origin may read may also
  // be loaded by it. Vary is completed here, after whatever set it (Accept-Encoding).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (EMBED_CORS_PATHS.test(request.url.split('?')[0] ?? '/')) {
      const vary = String(reply.getHeader('Vary') ?? '');
      if (!/\borigin\b/i.test(vary)) reply.header('Vary', vary ? `${vary}, Origin` : 'Origin');
    }
    if (reply.hasHeader('Access-Control-Allow-Origin')) {
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    }
    done(null, payload);
  });
}
