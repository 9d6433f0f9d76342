/**
 * GET /locales/{file} (PRODUCT.md#other-server-calls): the pages' translation files with their
 * fallbacks (./service.ts), cached for 30 days; not part of the API's document.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCached } from '../../http/representation.js';
import { localesRoute } from '../../api/contract.js';
import type { LocalesService } from './service.js';

export interface LocalesRoutesOptions {
  locales: LocalesService;
}

const LOCALES_CACHE = 'public, max-age=2592000';

export const localesRoutes: FastifyPluginAsync<LocalesRoutesOptions> = async (app, options) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/locales/:file', { schema: localesRoute }, async (request, reply) => {
      const found = await options.locales.read(request.params.file);
      return sendCached(request, reply, found.body, found.etag, LOCALES_CACHE);
    });
};
