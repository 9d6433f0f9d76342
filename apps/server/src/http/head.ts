/**
 * HEAD is GET without the body (RFC 9110 9.3.2): every GET route is registered for HEAD too, as
 * one route, so a HEAD request runs the same handler and hooks (compression, the negotiated
 * Vary and ETag, 304) and its headers are those of GET under every Accept-Encoding; Node's HTTP
 * server leaves the body out. (Fastify's own HEAD routes run their body-dropping hook before the
 * compression's, so HEAD answered the uncompressed length and a strong ETag.) The app is built
 * with `exposeHeadRoutes: false`; this hook is registered before any route.
 */
import type { FastifyInstance } from 'fastify';

export function registerHeadAsGet(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.method === 'GET') route.method = ['GET', 'HEAD'];
  });
}
