/**
 * Settings of the data layer and API, read from the environment beside env.ts (same rules:
 * validated once, every problem listed, frozen). See README "Environment".
 */
import { z } from 'zod';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { ConfigError, envProblems, loadEnv, pickEnv, type Env } from './env.js';
import { loadAnalyticsConfig, type AnalyticsConfig } from './modules/analytics/config.js';
import { loadBasemapConfig, type BasemapConfig } from './modules/basemap/config.js';
import { loadSecurityConfig, type SecurityConfig } from './http/security.js';
import { loadWebhookConfig, type WebhookConfig } from './modules/webhooks/config.js';
import { loadSsoConfig, type SsoConfig } from './modules/console/sso/config.js';
import { loadTraceConfig, type TraceConfig } from './telemetry/config.js';

const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

const settingsSchema = z.object({
  /** Translation files served at /locales/ (the web app's source folder: no build needed). */
  LOCALES_DIR: z.string().min(1).default(resolve(repoRoot, 'apps/web/public/locales')),
  /** Folder of the country configuration files. */
  CONFIG_DIR: z.string().min(1).default(resolve(repoRoot, 'apps/server/config')),
  /** "embedded" answers /mapKitToken with an empty body; a hosted provider answers MAP_TOKEN. */
  MAPS_PROVIDER: z.enum(['embedded', 'mapkit', 'maplibre']).default('embedded'),
  /** "auto" loads the demo data into an empty database at start-up; "off" never does. */
  DEMO_DATA: z.enum(['auto', 'off']).default('auto'),
  DEMO_STORES: z.coerce.number().int().min(100).max(1_000_000).default(50_000),
  /** Requests per client per minute; 0 turns the limit off. */
  RATE_LIMIT_SEARCH: z.coerce.number().int().min(0).default(300),
  RATE_LIMIT_STATS: z.coerce.number().int().min(0).default(60),
  /**
   * One budget per client over the four maps endpoints (autocomplete, geocode, reverse, ETA).
   * 600 = 10/s: a visitor typing sends at most 2 autocompletes a second (500 ms debounce,
   * PRODUCT.md#paging-and-timing), 120 a minute, plus a geocode, a reverse and an ETA per search; 600 leaves room for
   * five such visitors behind one address (an office or carrier NAT) while capping one client
   * at 10 engine lookups a second.
   */
  RATE_LIMIT_MAPS: z.coerce.number().int().min(0).default(600),
  /**
   * Redis holding the rate-limit counters, shared by every process and machine that names it
   * (http/rate-limit-counters.ts); unset: each process counts in its own memory.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Prefix of this deployment's Redis keys (several deployments may share one Redis). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'must be 1 to 64 letters, digits or . _ : -')
    .default('locator:'),
  /**
   * When no store is within a search's radius, the answer carries this many nearest stores
   * beyond it (flagged `beyondRadius`): from a position in the searched country (the maps
   * engine's reverse geocoding: its country polygons on land, near its coast its nearest place)
   * wherever they are in it; from elsewhere (the open sea, another country) none further than
   * BEYOND_RADIUS_MAX_KM (up to half the Earth's circumference: from anywhere); 0 turns it off.
   */
  BEYOND_RADIUS_COUNT: z.coerce.number().int().min(0).max(20).default(3),
  BEYOND_RADIUS_MAX_KM: z.coerce.number().min(1).max(20_000).default(1500),
  /** The most store positions an area search ("Search this area") answers for the map. */
  AREA_MAX_POINTS: z.coerce.number().int().min(0).max(1_000_000).default(250_000),
  /** Admin API requests per API key per minute; 0 turns the limit off. */
  RATE_LIMIT_ADMIN: z.coerce.number().int().min(0).default(600),
  /**
   * Failed admin authentications (no, unknown, wrong or revoked key) per client per 15 minutes
   * before its requests answer 429 AUTHENTICATION_THROTTLED; five times as many per key id.
   * 0 turns the throttle off.
   */
  ADMIN_AUTH_FAILURES: z.coerce.number().int().min(0).default(20),
  /** A console session ends after this many minutes without a request. */
  CONSOLE_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** A console session ends this many hours after sign-in, however busy. */
  CONSOLE_SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /**
   * The site's public origin ("https://stores.example.com"): the store pages' canonical and
   * hreflang URLs, JSON-LD, sitemaps and robots.txt are built from it, never from the Host
   * header. Scheme, host and port only.
   */
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) origin' })
    .default('http://localhost:8080')
    .refine((v) => {
      // Runs after a failed url check too: an unparsable value is that check's problem.
      if (!URL.canParse(v)) return true;
      const u = new URL(v);
      return u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password;
    }, 'must be an origin only: scheme, host and port ("https://stores.example.com")')
    .transform((v) => new URL(v).origin),
});

export type Settings = Readonly<z.infer<typeof settingsSchema>>;

export function loadSettings(source: Record<string, string | undefined> = process.env): Settings {
  const parsed = settingsSchema.safeParse(pickEnv(settingsSchema, source));
  if (!parsed.success) throw new ConfigError(envProblems(parsed.error.issues));
  return Object.freeze(parsed.data);
}

/**
 * The whole process configuration (env.ts and this file) in one call, listing every problem of
 * both before failing.
 */
export function loadConfiguration(source: Record<string, string | undefined> = process.env): {
  env: Env;
  settings: Settings;
  analytics: AnalyticsConfig;
  basemap: BasemapConfig;
  security: SecurityConfig;
  webhooks: WebhookConfig;
  /** The console's single sign-on; null when not configured. */
  sso: SsoConfig | null;
  /** OpenTelemetry traces; null when off (no endpoint set). */
  traces: TraceConfig | null;
} {
  const problems: string[] = [];
  const attempt = <T>(load: () => T): T | undefined => {
    try {
      return load();
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      problems.push(...err.problems);
      return undefined;
    }
  };
  const env = attempt(() => loadEnv(source));
  const settings = attempt(() => loadSettings(source));
  const analytics = attempt(() => loadAnalyticsConfig(source));
  const basemap = attempt(() => loadBasemapConfig(source));
  const security = attempt(() => loadSecurityConfig(source));
  const webhooks = attempt(() => loadWebhookConfig(source));
  const sso = attempt(() => loadSsoConfig(source) ?? null);
  const traces = attempt(() => loadTraceConfig(source));
  if (
    !env ||
    !settings ||
    !analytics ||
    !basemap ||
    !security ||
    !webhooks ||
    sso === undefined ||
    traces === undefined
  ) {
    throw new ConfigError(problems);
  }
  return { env, settings, analytics, basemap, security, webhooks, sso, traces };
}
