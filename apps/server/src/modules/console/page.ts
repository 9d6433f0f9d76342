/**
 * The console's page: `/admin/` and every address under it (the console's own screens, routed
 * in the browser) answer the console's HTML from the web build (dist/admin/index.html, with the
 * brand in its boot value). Never cached (`no-store`), never indexed (`X-Robots-Tag`, and
 * robots.txt's `Disallow: /admin/`), under the page Content-Security-Policy of http/security.ts
 * (no inline or evaluated script; the console's store screen draws the visitor pages' map), set
 * here for the console's answers whatever their type. Its scripts and stylesheets are the build's
 * files under /admin/assets/ (the static handler); an unknown one there is 404, not the page.
 * Paths under /api/v1/admin/ are the console's API, not this page.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from '@locator/core';
import { renderHostPage } from '../../http/host-page.js';

export const CONSOLE_PAGE_PATH = '/admin';
/** The console's language (its texts are in English for now). */
const CONSOLE_LOCALE = 'en-US';

const FALLBACK_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow">
<title>Console</title></head>
<body><main><h1>Console</h1><p>The console is not built. Run <code>npm run build</code>.</p></main></body></html>`;

export interface ConsolePageOptions {
  /** The web build (WEB_DIST). */
  webDist: string;
  brand: string;
  /** Whether single sign-on is configured: the sign-in form then offers it (boot value `sso`). */
  sso?: boolean;
  /** The page Content-Security-Policy, for requests over HTTPS or not. */
  pagePolicy: (https: boolean) => string;
}

export const CONSOLE_PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
} as const;

export const consolePage: FastifyPluginAsync<ConsolePageOptions> = async (app, options) => {
  const file = join(options.webDist, 'admin', 'index.html');
  const template = existsSync(file) ? readFileSync(file, 'utf8') : FALLBACK_PAGE;
  const html = renderHostPage(template, {
    locale: CONSOLE_LOCALE,
    brand: options.brand,
    ...(options.sso ? { sso: true } : {}),
  });

  // After the app's security headers (this plugin's hooks run after the app's), for every
  // answer of these routes, errors included.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(CONSOLE_PAGE_HEADERS);
    reply.header('Content-Security-Policy', options.pagePolicy(request.protocol === 'https'));
    done(null, payload);
  });

  async function send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith(`${CONSOLE_PAGE_PATH}/assets/`)) {
      throw new ApiError('NOT_FOUND', 'No such console file.');
    }
    return reply.type('text/html; charset=utf-8').send(html);
  }

  app.get(CONSOLE_PAGE_PATH, send);
  app.get(`${CONSOLE_PAGE_PATH}/*`, send);
};
