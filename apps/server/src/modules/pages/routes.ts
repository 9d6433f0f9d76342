/**
 * Routes of the store pages (modules/pages/README.md): `{locale path}stores/…` (store and directory
 * pages), `/sitemap.xml` and `/sitemaps/{site}-{lang}-{n}.xml`, `/robots.txt` and the pages'
 * stylesheet. A path under a locale without store pages falls through to the host page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError, parseLocalePath, STORE_PAGES_SEGMENT } from '@locator/core';
import { sendRepresentation } from '../../http/representation.js';
import { validatorCompiler } from '../../openapi/validation.js';
import { sitemapParamsSchema } from './schemas.js';
import type { StorePagesService } from './service.js';
import {
  localePaths,
  sitemapFile,
  sitemapIndex,
  sitemapName,
  type SitemapEntry,
} from './sitemap.js';
import { STORE_PAGES_CSS, STORE_PAGES_CSS_PATH } from './styles.js';
import type { DataState } from './state.js';

export interface PagesRouteOptions {
  service: StorePagesService;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A page or sitemap with its ETag, or 304 (http/representation.ts). */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  type: string,
  body: string,
): FastifyReply {
  const cacheControl = 'public, max-age=0, must-revalidate';
  return sendRepresentation(request, reply, { etag, cacheControl, type, body });
}

/** Hands the request on to the not-found handler (the host page for a page path). */
function notFound(reply: FastifyReply): FastifyReply {
  reply.callNotFound();
  return reply;
}

export async function pagesRoutes(app: FastifyInstance, o: PagesRouteOptions): Promise<void> {
  const { service } = o;
  const origin = service.origin;
  // The routes' params: schemas.ts, validated as the APIs' are.
  app.setValidatorCompiler(validatorCompiler);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /**
   * A page reads its path as sent, not the router's params: those are decoded whole, so an
   * encoded "/" inside a segment or an encoded locale prefix ("/u%6B/en/") would read as another
   * path; here each segment is decoded alone and the locale prefix must be spelt as it is.
   */
  async function page(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const path = request.url.split('?')[0] ?? '/';
    const segments = path.split('/').filter((s) => s !== '');
    const at = segments.indexOf(STORE_PAGES_SEGMENT);
    const localePath = at === 0 ? '/' : `/${segments.slice(0, at).join('/')}/`;
    // Only the locale's own spelling ("/uk/en/"); anything else is the host page's.
    if (at < 0 || parseLocalePath(localePath).localePath !== localePath) return notFound(reply);
    const answer = await service.answer(localePath, segments.slice(at + 1).map(decode));
    if (!answer) return notFound(reply);
    if (answer.status === 301) {
      return reply
        .code(301)
        .header('Location', answer.location)
        .header('Cache-Control', 'public, max-age=3600')
        .send();
    }
    if (answer.status !== 200) {
      return reply
        .code(answer.status)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(answer.html);
    }
    return sendCached(request, reply, answer.etag, 'text/html; charset=utf-8', answer.html);
  }

  for (const prefix of ['/:site/:lang/stores', '/stores']) {
    app.get(prefix, page);
    app.get(`${prefix}/*`, page);
  }

  /** Paths of each locale with store pages, per data version. */
  let pathsVersion = '';
  let paths = new Map<string, SitemapEntry[]>();
  function localeFiles(state: DataState): Map<string, SitemapEntry[]> {
    if (state.version !== pathsVersion) {
      paths = new Map();
      for (const p of service.locales.all()) {
        const list = localePaths(p, state);
        if (list.length > 0) paths.set(sitemapName(p), list);
      }
      pathsVersion = state.version;
    }
    return paths;
  }

  app.get('/sitemap.xml', async (request, reply) => {
    const state = await service.data.current();
    const files = [...localeFiles(state)].map(([name, entries]) => ({ name, entries }));
    const etag = service.etag(state.version, 'sitemap.xml');
    return sendCached(
      request,
      reply,
      etag,
      'application/xml; charset=utf-8',
      sitemapIndex(files, origin),
    );
  });

  const sitemapFileRoute = { schema: { params: sitemapParamsSchema } };
  routes.get('/sitemaps/:file', sitemapFileRoute, async (request, reply) => {
    const { file, sitemap } = request.params;
    const state = await service.data.current();
    const list = sitemap ? localeFiles(state).get(sitemap.name) : undefined;
    const body = list && sitemap ? sitemapFile(list, sitemap.part, origin) : undefined;
    if (!body) throw new ApiError('NOT_FOUND', `No sitemap ${file.slice(0, 100)}.`);
    const etag = service.etag(state.version, file);
    return sendCached(request, reply, etag, 'application/xml; charset=utf-8', body);
  });

  // The console (/admin/) is for the maker's team, not for search engines.
  const robots = `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin/\nSitemap: ${origin}/sitemap.xml\n`;
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robots),
  );

  app.get(STORE_PAGES_CSS_PATH, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(STORE_PAGES_CSS),
  );
}
