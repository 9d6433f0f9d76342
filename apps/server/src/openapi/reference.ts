/**
 * The API reference at /api/docs/ (@scalar/fastify-api-reference): both OpenAPI documents (the
 * public API's and the admin API's), offline — the viewer's script is served by this server
 * (/api/docs/js/scalar.js), the documents are fetched from it, and no font or CDN is named
 * (`withDefaultFonts: false`). /api/docs answers 301 to /api/docs/ (the page's relative links).
 *
 * Its own Content-Security-Policy, stricter in what it loads than the page policy, looser where
 * the viewer needs it: the page's one inline script (which starts the viewer) runs by a nonce
 * drawn for each answer; the viewer writes <style> elements as it renders, hence
 * style-src 'unsafe-inline' (a nonce there would switch 'unsafe-inline' off); everything else
 * comes from this server only.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import scalar from '@scalar/fastify-api-reference';
import { ADMIN_DOCUMENT_PATH, PUBLIC_DOCUMENT_PATH } from './documents.js';

export const REFERENCE_PATH = '/api/docs';

/** Stands for the answer's nonce in the rendered page; replaced on every answer. */
const NONCE = 'locator-csp-nonce';

function referencePolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export async function registerApiReference(
  app: FastifyInstance,
  documents: { public: boolean; admin: boolean },
): Promise<void> {
  const sources = [
    ...(documents.public
      ? [{ title: 'Public API', slug: 'public', url: PUBLIC_DOCUMENT_PATH }]
      : []),
    ...(documents.admin ? [{ title: 'Admin API', slug: 'admin', url: ADMIN_DOCUMENT_PATH }] : []),
  ];
  const first = sources[0];
  if (!first) return;
  await app.register(async (scope) => {
    // After the app's security headers (a parent's onSend runs first): this page's own policy.
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (typeof payload !== 'string' || !payload.includes(NONCE)) return payload;
      const nonce = randomBytes(16).toString('base64');
      reply.header('Content-Security-Policy', referencePolicy(nonce));
      return payload.replaceAll(NONCE, nonce);
    });
    await scope.register(scalar, {
      routePrefix: REFERENCE_PATH,
      configuration: {
        pageTitle: 'Locator API reference',
        url: first.url,
        sources,
        withDefaultFonts: false,
        telemetry: false,
        // Offline: none of the viewer's hosted services (its developer toolbar, "Ask AI").
        showDeveloperTools: 'never',
        agent: { disabled: true },
        nonce: NONCE,
        cdn: `${REFERENCE_PATH}/js/scalar.js`,
      },
    });
  });
}
