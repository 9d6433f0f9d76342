/**
 * Embedding (docs/EMBEDDING.md): with EMBED_ORIGINS set, the element script and its files under
 * /embed/v1/ (built by apps/web), cross-origin answers for exactly those origins (cors.ts) and
 * the iframe page (frame.ts). Unset: /embed/ answers 404 and no other origin may read anything.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '@locator/core';
import { registerEmbedCors } from './cors.js';
import { registerFramePage } from './frame.js';

export interface EmbedOptions {
  /** Lower-case origins allowed to embed; empty: embedding off. */
  origins: readonly string[];
  /** The page Content-Security-Policy (http/security.ts), for the frame page. */
  pagePolicy: (https: boolean) => string;
  brand: string;
}

export function registerEmbed(app: FastifyInstance, options: EmbedOptions): void {
  if (options.origins.length === 0) {
    app.addHook('onRequest', (request, reply, done) => {
      if (!/^\/embed(\/|$)/.test(request.url)) {
        done();
        return;
      }
      const error = new ApiError('NOT_FOUND', 'Embedding is not enabled on this server.');
      void reply.code(error.status).header('Cache-Control', 'no-store').send(error.toBody());
    });
    return;
  }
  registerEmbedCors(app, options.origins);
  registerFramePage(app, options.origins, options.pagePolicy, options.brand);
}
