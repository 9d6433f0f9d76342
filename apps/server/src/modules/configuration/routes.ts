/**
 * GET /api/v1/grlui/{country}/{lang}/globalmatrix (PRODUCT.md#product-api): a country's
 * configuration as the web app reads it, written once per country and language by the
 * configuration service (config/service.ts) and sent with its ETag.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConfigService } from '../../config/service.js';
import { sendCached } from '../../http/representation.js';
import { API_BASE, globalMatrixRoute } from '../../api/contract.js';

export interface ConfigurationRoutesOptions {
  config: ConfigService;
}

const CONFIG_CACHE = 'public, max-age=300';

export const configurationRoutes: FastifyPluginAsync<ConfigurationRoutesOptions> = async (
  app,
  { config },
) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${API_BASE}/:countryCode/:lang/globalmatrix`,
      { schema: globalMatrixRoute },
      async (request, reply) => {
        const path = request.params;
        const { body, etag } = config.globalMatrixBody(path.countryCode, path.lang);
        return sendCached(request, reply, body, etag, CONFIG_CACHE);
      },
    );
};
