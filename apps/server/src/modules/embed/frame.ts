/**
 * GET /embed/v1/frame: the full locator element alone on a page, for sites that prefer an
 * iframe to a script. The query names the element's attributes (country, lang, channel,
 * product, place, lat, lon: frame-schema.ts); others are ignored. The page may be framed only by
 * the origins of EMBED_ORIGINS (CSP frame-ancestors); the element script tells the parent its
 * height (`{ type: 'locator:height', height }` posted to each allowed origin: only the framing
 * one receives it), and the element sets the page title in its language.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { localeDirection, pathToLocale, languageTag } from '@locator/core';
import { frameQuerySchema, type FrameQuery } from './frame-schema.js';

export const FRAME_PATH = '/embed/v1/frame';
export const ELEMENT_SCRIPT_PATH = '/embed/v1/locator.js';

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The element's attributes the frame's query sets, in the schema's order. */
export function frameAttributes(query: FrameQuery): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) out.push([name, value]);
  }
  return out;
}

export function framePage(
  attributes: [string, string][],
  origins: readonly string[],
  brand: string,
): string {
  const country = attributes.find(([n]) => n === 'country')?.[1] ?? 'us';
  const lang = attributes.find(([n]) => n === 'lang')?.[1] ?? 'en';
  const locale = pathToLocale(`/${country.toLowerCase()}/${lang.toLowerCase()}/`);
  const attrs = attributes.map(([n, v]) => ` ${n}="${escapeAttribute(v)}"`).join('');
  return `<!doctype html>
<html lang="${languageTag(locale)}" dir="${localeDirection(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeAttribute(brand)}</title>
<script type="module" src="${ELEMENT_SCRIPT_PATH}"></script>
</head>
<body data-locator-frame="${escapeAttribute(origins.join(' '))}">
<store-locator${attrs}></store-locator>
</body>
</html>
`;
}

/** The page policy with frame-ancestors naming the embedding origins. */
export function framePolicy(pagePolicy: string, origins: readonly string[]): string {
  return pagePolicy.replace("frame-ancestors 'none'", `frame-ancestors ${origins.join(' ')}`);
}

export function registerFramePage(
  app: FastifyInstance,
  origins: readonly string[],
  pagePolicy: (https: boolean) => string,
  brand: string,
): void {
  // The query's schema is validated by the app's validator compiler (openapi/validation.ts).
  const route = { schema: { querystring: frameQuerySchema } };
  app.withTypeProvider<ZodTypeProvider>().get(FRAME_PATH, route, async (request, reply) => {
    const html = framePage(frameAttributes(request.query), origins, brand);
    // Set again after the security headers, which give every page frame-ancestors 'none'.
    reply.header('X-Locator-Frame', '1');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.getHeader('X-Locator-Frame') === '1') {
      reply.removeHeader('X-Locator-Frame');
      reply.removeHeader('X-Frame-Options');
      reply.header(
        'Content-Security-Policy',
        framePolicy(pagePolicy(request.protocol === 'https'), origins),
      );
    }
    done(null, payload);
  });
}
