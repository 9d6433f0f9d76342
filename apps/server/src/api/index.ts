/**
 * The HTTP API (spec 7.1, 7.2): /api/v1/grlui/…, /mapKitToken, /locales/….
 * Routes are thin; they validate input and call services.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '../env.js';

/** Services the routes use (filled in by the data layer). */
export type ApiDeps = Record<string, never>;

export const apiRoutes: FastifyPluginAsync<{ deps: ApiDeps | undefined; env: Env }> = async (
  app,
) => {
  app.get('/healthz', async () => ({ status: 'ok' }));
};
