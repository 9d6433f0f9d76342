/**
 * GET /mapKitToken (PRODUCT.md#other-server-calls): the map provider's token for the browser,
 * never cached; "" for the embedded provider.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mapKitTokenRoute } from '../../api/contract.js';

export interface MapTokenRouteOptions {
  mapToken: () => string;
}

export const mapTokenRoute: FastifyPluginAsync<MapTokenRouteOptions> = async (app, options) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/mapKitToken', { schema: mapKitTokenRoute }, async (_request, reply) =>
      reply
        .header('Cache-Control', 'no-store, no-cache, must-revalidate, max-age=0')
        .header('Pragma', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send(options.mapToken()),
    );
};
