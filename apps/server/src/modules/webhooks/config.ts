/**
 * Change webhook settings from the environment (server README "Change webhooks"), validated
 * once at start-up with every problem listed (ConfigError), then frozen. Unset WEBHOOK_URLS:
 * no webhooks.
 */
import { z } from 'zod';
import { ConfigError, envProblems, pickEnv, type EnvSource } from '../../env.js';

const int = (min: number, max: number, def: number) =>
  z.coerce.number().int().min(min).max(max).default(def);

const isHttpUrl = (v: string): boolean =>
  URL.canParse(v) && ['http:', 'https:'].includes(new URL(v).protocol);

const schema = z.object({
  /** Where every committed change is POSTed: http(s) URLs separated by commas or spaces. */
  WEBHOOK_URLS: z
    .string()
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .superRefine((urls, ctx) => {
      for (const u of urls.filter((x) => !isHttpUrl(x))) {
        ctx.addIssue({ code: 'custom', message: `"${u}" is not an http(s) URL` });
      }
      if (new Set(urls).size !== urls.length) {
        ctx.addIssue({ code: 'custom', message: 'names a URL twice' });
      }
    })
    .optional(),
  /** The HMAC-SHA256 key of the Locator-Signature header (shared with the receivers). */
  WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').max(4096).optional(),
  WEBHOOK_TIMEOUT_MS: int(100, 120_000, 5000),
  /**
   * How long a delivery is retried (back-off 1 s, 2 s, 4 s… at most 10 minutes) before it is
   * given up (30 days at most).
   */
  WEBHOOK_RETRY_HOURS: int(1, 720, 24),
  /** Store ids per delivery; a larger change is sent in parts. */
  WEBHOOK_MAX_STORES: int(1, 100_000, 1000),
  /**
   * How long the import command waits for its deliveries before it exits (what is left waits in
   * the outbox for a server).
   */
  WEBHOOK_EXIT_WAIT_MS: int(0, 600_000, 15_000),
});

export type WebhookConfig = Readonly<z.infer<typeof schema>>;

export function loadWebhookConfig(source: EnvSource = process.env): WebhookConfig {
  const picked = pickEnv(schema, source);
  const parsed = schema.safeParse(picked);
  const problems = parsed.success ? [] : envProblems(parsed.error.issues);
  // Checked on the raw values too, so it is listed beside the other problems.
  if (picked.WEBHOOK_URLS !== undefined && picked.WEBHOOK_SECRET === undefined) {
    problems.push('WEBHOOK_SECRET: required when WEBHOOK_URLS is set');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(parsed.data);
}
