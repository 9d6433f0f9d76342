/**
 * The two OpenAPI 3.1 documents, generated from the routes' zod schemas by @fastify/swagger
 * (one registration for the whole app; see docs/ARCHITECTURE.md "The API contract"):
 * - the public API at /api/v1/openapi.json: search, configuration, maps, analytics events and
 *   the location statistic;
 * - the admin API at /api/v1/admin/openapi.json: the store API with its keys.
 * Each document holds the paths of its API and the components its paths use. Routes outside
 * both APIs (pages, tiles, static files) are hidden.
 */
import type { DocumentInfo } from './document-info.js';
import { ADMIN_DOCUMENT_EXTRA } from './info.js';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { withMethodNotAllowed } from './method-not-allowed.js';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export type OpenApiDocument = Record<string, unknown> & {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; [k: string]: unknown };
};

export const PUBLIC_DOCUMENT_PATH = '/api/v1/openapi.json';
export const ADMIN_DOCUMENT_PATH = '/api/v1/admin/openapi.json';

const ADMIN_PREFIX = '/api/v1/admin/';
/** Paths of the public API (the maps' autocomplete, geocode, reverse and static map included). */
const PUBLIC_PATHS = [/^\/api\/v1\/(?!admin\/)/, /^\/mapKitToken$/];

function isAdminPath(url: string): boolean {
  return url.startsWith(ADMIN_PREFIX);
}

function isDocumented(url: string): boolean {
  if (url === PUBLIC_DOCUMENT_PATH || url === ADMIN_DOCUMENT_PATH) return false;
  return isAdminPath(url) || PUBLIC_PATHS.some((p) => p.test(url));
}

/** Registers @fastify/swagger; call before any route is registered. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Locator APIs', version: '1' },
      // Known to every route that names one (the console's session cookie); each API's
      // document then carries its own (apiDocument).
      components: { securitySchemes: ADMIN_DOCUMENT_EXTRA.components.securitySchemes },
    },
    transform: (document) => {
      if (!isDocumented(document.url)) return { schema: { hide: true }, url: document.url };
      return jsonSchemaTransform(document);
    },
    transformObject: jsonSchemaTransformObject,
  });
}

/** Every "#/components/schemas/X" a value refers to, followed through the components. */
function usedSchemas(root: unknown, schemas: Record<string, unknown>): Set<string> {
  const used = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) {
      v.forEach(visit);
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k === '$ref' && typeof child === 'string') {
          const name = /^#\/components\/schemas\/(.+)$/.exec(child)?.[1];
          if (name && !used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else {
          visit(child);
        }
      }
    }
  };
  visit(root);
  return used;
}

/** The part of the app's whole document that belongs to one API. */
export function apiDocument(
  whole: OpenApiDocument,
  admin: boolean,
  info: DocumentInfo,
  extra: Record<string, unknown> = {},
): OpenApiDocument {
  // HEAD answers as GET does without the body (http/head.ts): each path is described by its GET.
  const paths = Object.fromEntries(
    Object.entries(whole.paths ?? {})
      .filter(([p]) => isAdminPath(p) === admin)
      .map(([p, item]) => {
        const { head: _head, ...methods } = item as Record<string, unknown>;
        return [p, withMethodNotAllowed(methods)];
      }),
  );
  const all = whole.components?.schemas ?? {};
  const used = usedSchemas(paths, all);
  const schemas = Object.fromEntries(Object.entries(all).filter(([k]) => used.has(k)));
  const extraComponents = (extra.components ?? {}) as Record<string, unknown>;
  return {
    openapi: '3.1.0',
    info: { ...info, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    servers: [{ url: '/' }],
    ...extra,
    paths,
    components: { ...extraComponents, schemas },
  };
}

/**
 * Serves one API's document (public, no key needed: it describes, it holds no data). Built once,
 * on the first request, when every route is registered.
 */
export function registerDocumentRoute(
  app: FastifyInstance,
  admin: boolean,
  info: DocumentInfo,
  extra: Record<string, unknown> = {},
): void {
  let text: string | undefined;
  const body = (): string => {
    text ??= JSON.stringify(apiDocument(app.swagger() as OpenApiDocument, admin, info, extra));
    return text;
  };
  app.get(
    admin ? ADMIN_DOCUMENT_PATH : PUBLIC_DOCUMENT_PATH,
    { schema: { hide: true } },
    async (_request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .header('Cache-Control', 'public, max-age=300')
        .send(body()),
  );
}
