/**
 * Builds the Fastify application: security headers, the API (routes → services → repositories),
 * the built web app's static assets, and the host page for every other route (PRODUCT.md#routes).
 */
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyPluginCallback,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError, localeAliasPath, parseLocalePath } from '@locator/core';
import type { Env } from './env.js';
import { renderHostPage, type BootData } from './http/host-page.js';
import {
  loadSecurityConfig,
  mapOrigins,
  pageContentSecurityPolicy,
  registerSecurityHeaders,
  type SecurityConfig,
} from './http/security.js';
import { loadBasemapConfig } from './modules/basemap/config.js';
import { registerEmbed } from './modules/embed/index.js';
import { negotiated, registerCompression } from './http/compression.js';
import { API_BASE } from './api/contract.js';
import { registerPublicApi, type ServerModules } from './modules/index.js';
import { adminRoutes } from './modules/admin/routes.js';
import { consoleRoutes } from './modules/console/routes.js';
import { consolePage } from './modules/console/page.js';
import { mapsRoutes } from './modules/maps/routes.js';
import { basemapRoutes } from './modules/basemap/routes.js';
import { registerErrorHandler } from './http/errors.js';
import { routableUrl } from './http/url.js';
import {
  handleClientError,
  registerConnectAnswer,
  registerHostRequired,
} from './http/client-errors.js';
import cluster from 'node:cluster';
import { register } from 'prom-client';
import { collectProcessMetrics, registerHttpMetrics } from './metrics/metrics.js';
import { registerPublicMetrics } from './metrics/route.js';
import { machineMetrics } from './metrics/cluster-metrics.js';
import { REQUEST_ID_HEADER, registerRequestIdHeader, requestId } from './http/request-id.js';
import { registerConditionalGet } from './http/conditional.js';
import { registerHeadAsGet } from './http/head.js';
import { methodNotAllowedError, registerRouteMethods } from './http/allow.js';
import { EncodedAnswers } from './http/encoded-answers.js';
import { sendRepresentation } from './http/representation.js';
import { etagOf } from './config/service.js';
import { registerJsonBodies } from './http/json-body.js';
import { registerQueryChecks } from './http/query.js';
import { serverTimeouts } from './http/timeouts.js';
import { pagesRoutes } from './modules/pages/routes.js';
import { registerZodCompilers } from './openapi/validation.js';
import { registerDocumentRoute, registerOpenApi } from './openapi/documents.js';
import { registerApiReference } from './openapi/reference.js';
import {
  ADMIN_API_INFO,
  ADMIN_DOCUMENT_EXTRA,
  PUBLIC_API_INFO,
  PUBLIC_DOCUMENT_EXTRA,
} from './openapi/info.js';
import type { StorePagesService } from './modules/pages/service.js';
import type { MapsProvider } from '@locator/geo';
import type { BasemapConfig } from './modules/basemap/config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks the server as stopping: /healthz answers 503, connections close after answers. */
    beginStopping(): void;
  }
}

export interface AppOptions {
  env: Env;
  /** The modules' services; absent in a bare skeleton (host page and static files only). */
  modules?: ServerModules;
  /**
   * Maps engine for the /api/v1/maps/ endpoints; absent → those endpoints are not served. Their
   * per-client limit is `modules.mapsRateLimit` (none without `modules`).
   */
  maps?: MapsProvider;
  /** Basemap settings (default: read from the environment). */
  basemap?: BasemapConfig;
  /**
   * Build the basemap's tile indexes (sea, coast, inland water, borders: a few seconds of one
   * core) while the app gets ready, before it listens, so no request waits behind them (the
   * server does; tests leave them to the first tile that needs them).
   */
  warmBasemap?: boolean;
  /** HSTS and extra CSP origins (default: read from the environment). */
  security?: SecurityConfig;
  /** Preloaded configuration for the host page (PRODUCT.md#home-page), by locale. */
  preloadConfig?: (locale: string) => Promise<BootData['config'] | undefined>;
  /** The store pages, sitemaps and robots.txt (absent: not served). */
  pages?: StorePagesService;
  logger?: boolean;
  /** Where the log lines go (default: standard output). */
  logStream?: { write(line: string): void };
  /** The request spans' plugin when traces are on (telemetry/tracing.ts), before any route. */
  tracing?: FastifyPluginCallback;
}

const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Locator</title></head>
<body><main><h1>Locator</h1><p>The web app is not built. Run <code>npm run build</code>.</p></main></body></html>`;

/** Longest path parameter the router reads (a longer segment is replaced, see http/url.ts). */
const MAX_PARAM_LENGTH = 200;

/**
 * Paths of the machine endpoints and of the build's hashed files: an unknown one answers 404
 * NOT_FOUND (JSON), never the host page, so a missing tile, translation or script is not
 * answered with HTML and status 200.
 */
const NOT_A_PAGE = /^\/(api|basemap|locales|assets|embed)(\/|$)/;

/** A path the host page (or the not-found page) answers for GET and HEAD. */
function isPagePath(path: string): boolean {
  return !NOT_A_PAGE.test(path);
}

const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH };

/** Files of the built web app that are not served as they are (see the static handler). */
export const STATIC_IGNORED = [
  'locales/**',
  '**/*.map',
  '**/*.map.br',
  '**/*.map.gz',
  // The console's page is answered by its route (modules/console/page.ts), never as a cached file.
  'admin/index.html',
];

export function staticCacheControl(path: string): string {
  // Hashed build files (the web app's, and the embed's under /embed/v1/assets/).
  if (path.includes('/assets/')) return 'public, max-age=31536000, immutable';
  if (path.includes('/locales/')) return 'public, max-age=2592000';
  return 'public, max-age=3600';
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const timeouts = serverTimeouts(env.REQUEST_TIMEOUT_MS);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Off unless configured (env.ts TRUST_PROXY): X-Forwarded-For would choose the rate-limit key.
    trustProxy: env.TRUST_PROXY,
    // No per-request access log: it would record visitors' IP addresses (nothing personal is
    // kept) and costs throughput; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's id: a well-formed X-Request-Id of the client, else a new UUID; in every log
    // line of the request (reqId) and every answer (http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestId,
    // Paths like "/uk/en/" and "/uk/en" both route to the same handlers.
    routerOptions: ROUTER_OPTIONS,
    // GET routes answer HEAD as the same route (http/head.ts), not as Fastify's own HEAD route.
    exposeHeadRoutes: false,
    // Path segments the router cannot read (malformed percent-encoding, longer than
    // maxParamLength) become U+FFFD, so such requests get the routes' own catalogue answers.
    rewriteUrl: (req) => routableUrl(req.url ?? '/', MAX_PARAM_LENGTH),
    // What is still unreadable (a request target not starting with "/"): the catalogue's body,
    // not Fastify's own.
    frameworkErrors: (_error, request, reply) => {
      const error = new ApiError('INVALID_PARAMETER', 'The request path is not valid.', 'path');
      void (reply as FastifyReply)
        .code(error.status)
        .header(REQUEST_ID_HEADER, request.id)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(error.toBody());
    },
    // While closing, a request that still arrives is answered (see cluster.ts), not refused.
    return503OnClosing: false,
    // A request must arrive in REQUEST_TIMEOUT_MS; what the HTTP parser rejects, and a request
    // that is too slow, gets the catalogue's answer written to the socket (http/client-errors.ts).
    ...timeouts,
    // Node's own 400 for an HTTP/1.1 request without Host has no body and no security headers;
    // the hook of registerHostRequired answers it from the catalogue instead.
    http: { ...timeouts.http, requireHostHeader: false },
    clientErrorHandler: handleClientError,
  });

  // Before every hook and route, so that each request's span covers them all.
  if (options.tracing) await app.register(options.tracing);
  // First of the hooks, so that every answer carries the request's id.
  registerRequestIdHeader(app);
  // Every answer counted under its route pattern (metrics/metrics.ts), and /metrics on this
  // port only with METRICS_TOKEN (metrics/route.ts): the machine's metrics in a worker.
  collectProcessMetrics();
  registerHttpMetrics(app, `${API_BASE}/:countryCode/:lang/:channel`);
  registerPublicMetrics(app, env.METRICS_TOKEN, () =>
    cluster.isWorker ? machineMetrics() : register.metrics(),
  );
  // Before any route: both read every route as it is added.
  registerHeadAsGet(app);
  const routeMethods = registerRouteMethods(app, ROUTER_OPTIONS);
  registerConnectAnswer(app.server);
  registerHostRequired(app);
  const security = options.security ?? loadSecurityConfig();
  registerSecurityHeaders(app, { basemap: options.basemap, security });
  // The routes' zod schemas: validation and serialisation (openapi/validation.ts), for every
  // route, the frame page's below included.
  registerZodCompilers(app);
  // After the security headers: the frame page and cross-origin answers adjust theirs.
  const embedMapOrigins = mapOrigins(options.basemap ?? loadBasemapConfig(), security);
  registerEmbed(app, {
    origins: security.EMBED_ORIGINS,
    pagePolicy: (https) => pageContentSecurityPolicy(embedMapOrigins, https),
    brand: env.BRAND,
  });
  registerConditionalGet(app);
  // JSON bodies' depth and encoding checked (and their text kept), query keys given once.
  registerJsonBodies(app);
  registerQueryChecks(app);
  await registerCompression(app);
  registerErrorHandler(app, options.modules?.outages);

  // Stopping (see cluster.ts): /healthz answers 503 so that a load balancer stops sending
  // traffic, and every answer closes its connection, while requests are still served.
  let stopping = false;
  app.decorate('beginStopping', () => {
    stopping = true;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (stopping) reply.header('Connection', 'close');
    done();
  });
  // See health/health.ts: any status but 200 takes the process out of a load balancer.
  const health = options.modules?.health;
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (stopping) return reply.code(503).send({ status: 'stopping' });
    if (!health) return { status: 'ok' };
    const h = await health.check();
    return reply.code(h.status === 'ok' ? 200 : 503).send(h);
  });

  // The routes' zod schemas: the OpenAPI documents (openapi/).
  await registerOpenApi(app);
  if (options.modules) await registerPublicApi(app, options.modules);
  if (options.modules?.admin) await app.register(adminRoutes, options.modules.admin);
  if (options.modules?.admin?.console) {
    await app.register(consoleRoutes, options.modules.admin.console);
    // The console's page at /admin/ and under it (modules/console/page.ts).
    await app.register(consolePage, {
      webDist: env.WEB_DIST,
      brand: env.BRAND,
      sso: options.modules.admin.console.sso !== undefined,
      pagePolicy: (https) => pageContentSecurityPolicy(embedMapOrigins, https),
    });
  }
  if (options.maps) {
    await app.register(mapsRoutes, {
      provider: options.maps,
      rateLimit: options.modules?.mapsRateLimit ?? 0,
      ...(options.modules ? { counters: options.modules.counters } : {}),
    });
  }
  await app.register(basemapRoutes, {
    ...(options.maps ? { maps: options.maps } : {}),
    ...(options.basemap ? { config: options.basemap } : {}),
    warm: options.warmBasemap ?? false,
  });

  if (options.pages) await app.register(pagesRoutes, { service: options.pages });
  if (options.modules) registerDocumentRoute(app, false, PUBLIC_API_INFO, PUBLIC_DOCUMENT_EXTRA);
  if (options.modules?.admin)
    registerDocumentRoute(app, true, ADMIN_API_INFO, ADMIN_DOCUMENT_EXTRA);
  await registerApiReference(app, { public: !!options.modules, admin: !!options.modules?.admin });

  const indexFile = join(env.WEB_DIST, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : FALLBACK_TEMPLATE;
  // The host page and the not-found page are answered by the not-found handler, which has no
  // route hooks (no @fastify/compress): they are compressed here, once per content.
  const encodedPages = new EncodedAnswers(4 * 1024 * 1024);
  const HTML = 'text/html; charset=utf-8';

  if (existsSync(env.WEB_DIST)) {
    await app.register(fastifyStatic, {
      root: env.WEB_DIST,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts).
      preCompressed: true,
      // Not the static handler's: translations are answered by the /locales/ route (from
      // LOCALES_DIR, with their 30-day caching and fallbacks; its README is not a translation),
      // and source maps are not published.
      globIgnore: STATIC_IGNORED,
      setHeaders(res, path) {
        // Hashed build assets never change; everything else is revalidated.
        res.header('Cache-Control', staticCacheControl(path));
      },
    });
  }

  /**
   * A page path: a site named by its country's ISO code moves to the site's own path
   * ("/gb/en/sales" → "/uk/en/sales", keeping the query); a path that names no site answers the
   * not-found page (404); any other gets the host page with its locale (PRODUCT.md#routes).
   */
  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const [path = '/', query] = request.url.split(/\?(.*)/s);
    const alias = localeAliasPath(path);
    if (alias !== undefined) return reply.redirect(query ? `${alias}?${query}` : alias, 301);
    if (!parseLocalePath(path).known) {
      const page =
        (await options.pages?.notFound()) ??
        renderHostPage(template, { locale: parseLocalePath(path).locale, brand: env.BRAND });
      reply.code(404).type(HTML).header('Cache-Control', 'no-cache');
      negotiated(request, reply, HTML);
      // The content's hash names the kept compressed bytes; a 404 carries no ETag.
      return encodedPages.send(request, reply, Buffer.from(page), etagOf(page));
    }
    return sendHostPage(path, request, reply);
  }

  /**
   * The host page with the path's locale (PRODUCT.md#routes: every route of a site): compressed, with an
   * ETag of its content (the build's index.html and the embedded configuration are in it) and
   * `no-cache`, so a browser revalidates it and gets 304 while nothing changed.
   */
  async function sendHostPage(
    path: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const { locale } = parseLocalePath(path);
    const boot: BootData = { locale, brand: env.BRAND };
    const config = await options.preloadConfig?.(locale).catch(() => undefined);
    if (config) boot.config = config;
    const html = renderHostPage(template, boot);
    // Without JavaScript, a link to the locale's store directory (modules/pages/README.md).
    const noscript = await options.pages?.noscript(parseLocalePath(path).localePath);
    const page = noscript ? html.replace('</body>', `${noscript}\n</body>`) : html;
    const etag = etagOf(page);
    const body = Buffer.from(page);
    const r = { etag, cacheControl: 'no-cache', type: HTML, body };
    return sendRepresentation(request, reply, r, encodedPages);
  }

  // Host page for every route (PRODUCT.md#routes, and "*"): the locale comes from the path. A path some
  // route (or the host page) answers for other methods: 405 with Allow. Unknown endpoint or file
  // paths: 404 NOT_FOUND.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const getOrHead = request.method === 'GET' || request.method === 'HEAD';
    if (getOrHead && isPagePath(path)) return sendPage(request, reply);
    const allowed = routeMethods.allowed(path);
    const hostPage = isPagePath(path) && localeAliasPath(path) === undefined;
    if (allowed.length === 0 && hostPage && parseLocalePath(path).known) {
      allowed.push('GET', 'HEAD');
    }
    const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
    if (allowed.length > 0) {
      const error = methodNotAllowedError(request.method, path, allowed);
      return reply.code(405).header('Allow', allowed.join(', ')).send(error.toBody());
    }
    const message = !getOrHead
      ? 'No such resource.'
      : path.startsWith('/api/')
        ? `No API endpoint at ${shown}.`
        : `Nothing at ${shown}.`;
    return reply.code(404).send(new ApiError('NOT_FOUND', message).toBody());
  });

  return app;
}
