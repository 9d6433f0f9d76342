/**
 * Security headers (README "Security headers"): a Content-Security-Policy without inline
 * or evaluated script, and the usual hardening headers, on every response.
 *
 * The page policy (host page, and the scripts it loads, since a worker's policy is that of its
 * own script response):
 *
 *   default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: …;
 *   font-src 'self'; connect-src 'self' …; worker-src 'self'; object-src 'none';
 *   base-uri 'none'; form-action 'self'; frame-ancestors 'none'[; upgrade-insecure-requests]
 *
 * - script-src 'self': the host page's boot data is a JSON data block (not executed) and every
 *   script is a built module under /assets; MapLibre needs no eval. Its worker is our own
 *   same-origin /assets/maplibre-gl-worker-*.mjs, started from its URL (MapLibre uses a blob:
 *   URL only for a cross-origin worker URL or an opaque origin), so worker-src 'self' suffices.
 * - style-src 'self' without 'unsafe-inline': the styles are built stylesheets; React's style
 *   props and MapLibre set styles through the CSSOM, which a CSP does not restrict, and neither
 *   writes <style> elements or style attributes.
 * - img-src data: blob:: MapLibre's stylesheet draws its controls with data: SVGs and may decode
 *   sprites through blob: URLs.
 * - "…": the map's other origins, from configuration: the origin of MAP_STYLE_URL when MAP_STYLE
 *   is vendor, and CSP_EXTRA_ORIGINS (a vendor style's tile, glyph or sprite hosts elsewhere).
 *   Embedded and PMTiles basemaps are served by this server ('self').
 * - upgrade-insecure-requests and Strict-Transport-Security only on requests that arrived over
 *   HTTPS (directly, or per X-Forwarded-Proto from the TLS proxy, when TRUST_PROXY names the proxy): on plain
 *   http://localhost the first would upgrade our own requests to https and break the page, and
 *   browsers ignore the second over HTTP anyway.
 *
 * Decision for other responses: API answers (JSON), tiles, translations, stylesheets and images
 * get the data policy `default-src 'none'; frame-ancestors 'none'` instead, so that a response
 * opened directly as a document can run, load or frame nothing (OWASP's advice for APIs). The
 * page policy goes to HTML and JavaScript responses (and to those without a type, such as a
 * 304), which is what a document or a worker is made of. Both are precomputed: choosing one
 * costs a header lookup, even on the hot search answers.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ConfigError, envProblems, pickEnv } from '../env.js';
import { loadBasemapConfig, type BasemapConfig } from '../modules/basemap/config.js';

const ORIGIN_LIST_MESSAGE =
  'must be http(s) origins ("https://tiles.example.com"), space- or comma-separated';

const schema = z.object({
  /** Strict-Transport-Security max-age in seconds on HTTPS requests; 0: no header. */
  HSTS_MAX_AGE: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a number of seconds (0: off)')
    .default('31536000')
    .transform(Number),
  /** Further origins the map loads from (connect-src, img-src), space- or comma-separated. */
  CSP_EXTRA_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(/[\s,]+/).filter((s) => s !== ''))
    .pipe(z.array(z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, ORIGIN_LIST_MESSAGE))),
  /**
   * The sites allowed to embed the locator (embed/README.md), space- or comma-separated
   * origins; unset: embedding is off (no /embed/ files, no cross-origin answers).
   */
  EMBED_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(/[\s,]+/).filter((s) => s !== ''))
    .pipe(z.array(z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, ORIGIN_LIST_MESSAGE)))
    .transform((list) => [...new Set(list.map((o) => o.toLowerCase()))]),
});

export type SecurityConfig = Readonly<z.infer<typeof schema>>;

export function loadSecurityConfig(
  source: Record<string, string | undefined> = process.env,
): SecurityConfig {
  const parsed = schema.safeParse(pickEnv(schema, source));
  if (!parsed.success) throw new ConfigError(envProblems(parsed.error.issues));
  return Object.freeze(parsed.data);
}

/** The origins the browser loads map data from besides ours, derived from the configuration. */
export function mapOrigins(basemap: BasemapConfig, security: SecurityConfig): string[] {
  const origins: string[] = [];
  if (basemap.MAP_STYLE === 'vendor' && basemap.MAP_STYLE_URL) {
    // "{key}" (replaced in the browser by the map token) may only stand in the path or query.
    const { origin } = new URL(basemap.MAP_STYLE_URL);
    origins.push(origin);
  }
  for (const o of security.CSP_EXTRA_ORIGINS) origins.push(o.toLowerCase());
  return [...new Set(origins)];
}

/** The page policy (see above) for the given extra map origins. */
export function pageContentSecurityPolicy(origins: readonly string[], https: boolean): string {
  const extra = origins.map((o) => ` ${o}`).join('');
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob:${extra}`,
    "font-src 'self'",
    `connect-src 'self'${extra}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** The policy of API answers and other data (see above). */
export const DATA_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Other sites may not embed our responses (no-cors <img>, <script>, …); CORS reads are
  // unaffected. Nothing of ours is meant to be loaded by another origin.
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'geolocation=(self), camera=(), microphone=()',
} as const;

/** Responses a document or a worker is made of: HTML, JavaScript, or no type (e.g. a 304). */
const PAGE_TYPE = /^(text\/html|text\/javascript|application\/javascript)\b/i;

export interface SecurityOptions {
  /** Default: read from the environment, as basemapRoutes does. */
  basemap?: BasemapConfig | undefined;
  /** Default: read from the environment (HSTS_MAX_AGE, CSP_EXTRA_ORIGINS). */
  security?: SecurityConfig | undefined;
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions = {}): void {
  const security = options.security ?? loadSecurityConfig();
  const origins = mapOrigins(options.basemap ?? loadBasemapConfig(), security);
  const pagePolicy = pageContentSecurityPolicy(origins, false);
  const pagePolicyHttps = pageContentSecurityPolicy(origins, true);
  const hsts = security.HSTS_MAX_AGE > 0 ? `max-age=${security.HSTS_MAX_AGE}` : undefined;

  // A callback hook, not an async one: it runs on every response, including the hot search and
  // autocomplete answers, and needs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(COMMON_HEADERS);
    const https = request.protocol === 'https';
    const type = reply.getHeader('content-type');
    const page = type === undefined || PAGE_TYPE.test(String(type));
    reply.header(
      'Content-Security-Policy',
      page ? (https ? pagePolicyHttps : pagePolicy) : DATA_CONTENT_SECURITY_POLICY,
    );
    if (https && hsts) reply.header('Strict-Transport-Security', hsts);
    done(null, payload);
  });
}
