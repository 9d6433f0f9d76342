/**
 * Process configuration from environment variables, validated once at start-up (every problem
 * listed), then frozen. See README "Configuration".
 */
import { z } from 'zod';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { isIP } from 'node:net';

const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/** "loopback", "10.0.0.0/8", "::1", "192.168.1.2": what TRUST_PROXY may list. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a port number from 0 to 65535')
    .default('8080')
    .transform(Number)
    .pipe(z.number().max(65535, 'must be a port number from 0 to 65535')),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** postgres://… selects PostgreSQL; unset uses the embedded SQLite file. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Where the embedded database and other runtime data live. */
  DATA_DIR: z.string().min(1).default(resolve(repoRoot, 'data')),
  /** The maker's brand shown in titles and badge names. */
  BRAND: z.string().min(1).max(60).default('Lumen'),
  /** Built web app (index.html + assets). */
  WEB_DIST: z.string().min(1).default(resolve(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Place search: the embedded gazetteer, or a Photon / Nominatim service at GEOCODER_URL. */
  GEOCODER: z.enum(['embedded', 'photon', 'nominatim']).default('embedded'),
  GEOCODER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /**
   * What the Photon / Nominatim service answers: every place search (`all`), or only postcodes
   * of countries without offline postcodes (`postcodes`: the embedded engine does the rest).
   */
  GEOCODER_SCOPE: z.enum(['all', 'postcodes']).default('all'),
  /** Travel time: the embedded estimate, or an OSRM / Valhalla service at ROUTING_URL. */
  ROUTING: z.enum(['estimate', 'osrm', 'valhalla']).default('estimate'),
  ROUTING_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /**
   * Server processes: "auto" for one per CPU core, or a number (1: a single process). With
   * several, Node's cluster module spreads connections over them (see cluster.ts).
   */
  WORKERS: z
    .string()
    .regex(/^(auto|[1-9]\d?)$/, 'must be "auto" or a number from 1 to 99')
    .default('1')
    .transform((v) => (v === 'auto' ? availableParallelism() : Number(v))),
  /**
   * On SIGTERM or SIGINT: how long (ms) the server keeps serving with /healthz answering 503
   * (so that a load balancer stops sending traffic) before it stops accepting connections and
   * finishes the requests in flight.
   */
  SHUTDOWN_GRACE_MS: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a number of milliseconds from 0 to 60000')
    .default('1000')
    .transform(Number)
    .pipe(z.number().max(60_000, 'must be a number of milliseconds from 0 to 60000')),
  /**
   * How long (ms) a client has to send a whole request, headers and body; a request still
   * arriving then (a body trickled byte by byte) is answered 408 REQUEST_TIMEOUT and its
   * connection closed (http/client-errors.ts). Headers alone get at most 60 s.
   */
  REQUEST_TIMEOUT_MS: z
    .string()
    .regex(/^\d{3,6}$/, 'must be a number of milliseconds from 100 to 600000')
    .default('30000')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(100, 'must be a number of milliseconds from 100 to 600000')
        .max(600_000, 'must be a number of milliseconds from 100 to 600000'),
    ),
  /**
   * Which proxies in front of the server to believe about the client's address and protocol
   * (X-Forwarded-For / -Proto): "off" (default: the connection's own address, so a client
   * cannot pick its own rate-limit key by sending the header), or a comma-separated list of the
   * proxies' addresses, CIDR ranges or the keywords loopback, linklocal and uniquelocal. Behind a load balancer, name it, or the rate
   * limits count all its visitors as one client and HSTS is not sent.
   */
  TRUST_PROXY: z
    .string()
    .default('off')
    .transform((v): false | string[] => (v === 'off' ? false : v.split(',').map((p) => p.trim())))
    .refine((v) => v === false || v.every(isProxyAddress), {
      message:
        'must be "off" or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    }),
  /**
   * Port of the Prometheus metrics (GET /metrics, every worker's summed), on METRICS_HOST;
   * unset: no metrics port (src/metrics/).
   */
  METRICS_PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a port number from 1 to 65535')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, 'must be a port number from 1 to 65535')
        .max(65535, 'must be a port number from 1 to 65535'),
    )
    .optional(),
  /** Address the metrics port listens on (default: this machine only). */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Also answer /metrics on the public port to `Authorization: Bearer <METRICS_TOKEN>`
   * (16 to 200 characters); unset: /metrics there is 404.
   */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,200}$/, 'must be 16 to 200 visible ASCII characters')
    .optional(),
  /** Token of a vendor map service, answered by GET /mapKitToken (empty for the embedded map). */
  MAP_TOKEN: z.string().max(2000).default(''),
});

export type Env = Readonly<z.infer<typeof envSchema>>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type EnvSource = Record<string, string | undefined>;

/** The variables a schema names, with empty values read as unset. */
export function pickEnv(schema: z.ZodObject, source: EnvSource): EnvSource {
  return Object.fromEntries(
    Object.keys(schema.shape).map((k) => [k, source[k] === '' ? undefined : source[k]]),
  );
}

/** "NAME: reason" lines for a failed parse of environment variables. */
export function envProblems(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
}

/** Parses the environment; throws ConfigError listing every problem. */
export function loadEnv(source: EnvSource = process.env): Env {
  const picked = pickEnv(envSchema, source);
  const parsed = envSchema
    .refine((e) => e.ROUTING === 'estimate' || e.ROUTING_URL !== undefined, {
      message: 'ROUTING_URL is required when ROUTING is osrm or valhalla',
      path: ['ROUTING_URL'],
    })
    .refine((e) => e.METRICS_PORT === undefined || e.METRICS_PORT !== e.PORT, {
      message: 'must differ from PORT (the metrics are never served on the public port unguarded)',
      path: ['METRICS_PORT'],
    })
    .refine((e) => e.GEOCODER === 'embedded' || e.GEOCODER_URL !== undefined, {
      message: 'GEOCODER_URL is required when GEOCODER is photon or nominatim',
      path: ['GEOCODER_URL'],
    })
    .safeParse(picked);
  if (!parsed.success) throw new ConfigError(envProblems(parsed.error.issues));
  return Object.freeze(parsed.data);
}
