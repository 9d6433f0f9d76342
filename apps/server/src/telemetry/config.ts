/**
 * Trace settings from the environment (docs/DEPLOYMENT.md#traces), validated once at start-up
 * beside the others (every problem listed, ConfigError), then frozen. Neither endpoint set: no
 * traces, and nothing of OpenTelemetry is loaded (telemetry/tracing.ts).
 */
import { z } from 'zod';
import { ConfigError, envProblems, pickEnv, type EnvSource } from '../env.js';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional();

const schema = z.object({
  /** The OTLP/HTTP collector's base URL; traces are sent to its path /v1/traces. */
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl,
  /** The whole URL the traces are sent to (before OTEL_EXPORTER_OTLP_ENDPOINT). */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl,
  /** The service's name on every span (`service.name`). */
  OTEL_SERVICE_NAME: z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/, 'must be 1 to 100 visible ASCII characters')
    .default('locator'),
});

export interface TraceConfig {
  /** Where the spans are POSTed (OTLP/HTTP, JSON). */
  url: string;
  serviceName: string;
}

/** The OTLP traces URL from a base endpoint: its path with /v1/traces appended. */
export function tracesUrl(base: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/traces`;
  return url.href;
}

/** The trace settings; null when no endpoint is set (traces off). */
export function loadTraceConfig(source: EnvSource = process.env): TraceConfig | null {
  const parsed = schema.safeParse(pickEnv(schema, source));
  if (!parsed.success) throw new ConfigError(envProblems(parsed.error.issues));
  const e = parsed.data;
  const url =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (e.OTEL_EXPORTER_OTLP_ENDPOINT && tracesUrl(e.OTEL_EXPORTER_OTLP_ENDPOINT));
  return url ? Object.freeze({ url, serviceName: e.OTEL_SERVICE_NAME }) : null;
}
