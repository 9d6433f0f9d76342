/**
 * Analytics settings from the environment (README "Analytics"), validated once at start-up with
 * every problem listed (ConfigError), then frozen.
 */
import { z } from 'zod';
import { ConfigError, envProblems, pickEnv } from '../../env.js';

const int = (min: number, max: number, def: number) =>
  z.coerce.number().int().min(min).max(max).default(def);

const schema = z.object({
  /** "on" stores events; "off" answers 204 and keeps nothing (the statistic is still stored). */
  ANALYTICS: z.enum(['on', 'off']).default('on'),
  /** Requests of POST /api/v1/analytics/events per client per minute; 0 = unlimited. */
  RATE_LIMIT_EVENTS: int(0, 100_000, 60),
  /** Events older than this many days are deleted at start-up and daily; 0 keeps everything. */
  ANALYTICS_RETENTION_DAYS: int(0, 36_500, 400),
  /**
   * The privacy threshold of the console's demand dashboard: a count from 1 to this less one is
   * shown as "fewer than N", never as a number.
   */
  ANALYTICS_MIN_COUNT: int(1, 1000, 5),
  /** Forward every stored event to this URL (unset: no forwarding). */
  ANALYTICS_FORWARD_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional(),
  /** "webhook": POST {events:[…]} per batch; "plausible": the Plausible events API, one per event. */
  ANALYTICS_FORWARD_KIND: z.enum(['webhook', 'plausible']).default('webhook'),
  /** The site domain registered in Plausible (required for plausible). */
  ANALYTICS_FORWARD_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,253}$/, 'must be a domain name such as locator.example.com')
    .optional(),
  /** Sent as "Authorization: Bearer …" to a webhook. */
  ANALYTICS_FORWARD_TOKEN: z.string().min(1).max(4096).optional(),
  ANALYTICS_FORWARD_BATCH: int(1, 1000, 50),
  /** How often the events waiting in the outbox are sent. */
  ANALYTICS_FORWARD_INTERVAL_MS: int(10, 3_600_000, 5000),
  ANALYTICS_FORWARD_TIMEOUT_MS: int(100, 120_000, 5000),
  /** How long an event is retried (back-off from 1 s, at most 10 minutes) before it is given up. */
  ANALYTICS_FORWARD_RETRY_HOURS: int(1, 720, 24),
});

export type AnalyticsConfig = Readonly<z.infer<typeof schema>>;

export function loadAnalyticsConfig(
  source: Record<string, string | undefined> = process.env,
): AnalyticsConfig {
  const picked = pickEnv(schema, source);
  const parsed = schema.safeParse(picked);
  const problems = parsed.success ? [] : envProblems(parsed.error.issues);
  // Checked on the raw values too, so it is listed beside the other problems.
  if (
    picked.ANALYTICS_FORWARD_KIND === 'plausible' &&
    picked.ANALYTICS_FORWARD_URL !== undefined &&
    picked.ANALYTICS_FORWARD_DOMAIN === undefined
  ) {
    problems.push('ANALYTICS_FORWARD_DOMAIN: required when ANALYTICS_FORWARD_KIND is plausible');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(parsed.data);
}
