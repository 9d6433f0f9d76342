/**
 * OpenTelemetry traces (docs/DEPLOYMENT.md#traces), as `npm start` runs the server: with an
 * OTLP endpoint, each serving process (one, or every worker of WORKERS=2) sends a span per
 * request to the collector (here a stub on an ephemeral port reading OTLP/HTTP JSON), named by
 * its route pattern and carrying the method, the status, the request id and for a search its
 * channel, country and result count, joining the caller's trace (traceparent); the last spans
 * are sent on SIGTERM, before the process exits. Without an endpoint nothing is sent and the
 * SDK is never loaded (a module probe records every OpenTelemetry module resolved); a malformed
 * endpoint stops the start with its variable named.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadTraceConfig } from '../src/telemetry/config.js';
import {
  freePort,
  listening,
  startServerProcess,
  type ServerProcess,
} from './helpers/server-process.js';

const SERVER = resolve(import.meta.dirname, '../src/main.ts');
const SEARCH = '/api/v1/grlui/uk/en/sales?lat=51.5&lon=-0.12';
const SEARCH_ROUTE = '/api/v1/grlui/:countryCode/:lang/:channel';

/** Appends the URL of every OpenTelemetry module resolved to MODULE_PROBE_FILE. */
const PROBE_HOOKS = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (/opentelemetry|fastify\\/otel/.test(result.url)) {
    appendFileSync(process.env.MODULE_PROBE_FILE, result.url + '\\n');
  }
  return result;
}`;
const PROBE = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(PROBE_HOOKS)}));`;

type Value = string | number | boolean;
interface Span {
  traceId: string;
  name: string;
  service: string;
  attributes: Record<string, Value>;
}
interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean };
}
interface OtlpBody {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: { spans: { traceId: string; name: string; attributes: OtlpAttribute[] }[] }[];
  }[];
}

const attributes = (list: OtlpAttribute[]): Record<string, Value> =>
  Object.fromEntries(
    list.map(({ key, value }) => [
      key,
      value.stringValue ??
        (value.intValue !== undefined ? Number(value.intValue) : value.boolValue!),
    ]),
  );

/** A collector stub: every span POSTed to /v1/traces (OTLP/HTTP JSON). */
class Collector {
  readonly spans: Span[] = [];
  posts = 0;
  private readonly server: Server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      this.posts += 1;
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      for (const rs of (JSON.parse(body) as OtlpBody).resourceSpans) {
        const service = String(attributes(rs.resource.attributes)['service.name']);
        for (const ss of rs.scopeSpans) {
          for (const s of ss.spans) {
            this.spans.push({
              traceId: s.traceId,
              name: s.name,
              service,
              attributes: attributes(s.attributes),
            });
          }
        }
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as { port: number }).port;
  }
  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
  /** The span of a request id, waiting for it until a deadline. */
  async spanOf(requestId: string, ms = 10_000): Promise<Span> {
    const deadline = Date.now() + ms;
    for (;;) {
      const span = this.spans.find((s) => s.attributes['locator.request_id'] === requestId);
      if (span) return span;
      if (Date.now() > deadline) throw new Error(`no span for ${requestId}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

type Started = ServerProcess & { probeFile: string };

const dirs: string[] = [];

function start(env: Record<string, string>): Started {
  const dir = mkdtempSync(join(tmpdir(), 'locator-otel-'));
  dirs.push(dir);
  const probe = join(dir, 'probe.mjs');
  writeFileSync(probe, PROBE);
  const probeFile = join(dir, 'modules.txt');
  const started = startServerProcess(['--import', 'tsx', '--import', probe, SERVER], {
    DATA_DIR: dir,
    SHUTDOWN_GRACE_MS: '0',
    MODULE_PROBE_FILE: probeFile,
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
    OTEL_SERVICE_NAME: '',
    ...env,
  });
  return { ...started, probeFile };
}

const modulesLoaded = (s: Started): string[] =>
  existsSync(s.probeFile) ? readFileSync(s.probeFile, 'utf8').split('\n').filter(Boolean) : [];

describe('OpenTelemetry traces', () => {
  const collector = new Collector();
  let running: Started | undefined;
  beforeAll(() => collector.start());
  afterEach(() => {
    running?.child.kill('SIGKILL');
    running = undefined;
  });
  afterAll(async () => {
    await collector.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('reads the endpoints: the traces URL from the base, or the traces endpoint as it is', () => {
    expect(loadTraceConfig({})).toBeNull();
    expect(loadTraceConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({
      url: 'http://collector:4318/v1/traces',
      serviceName: 'locator',
    });
    expect(
      loadTraceConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/otlp/',
        OTEL_SERVICE_NAME: 'stores',
      }),
    ).toEqual({ url: 'http://collector:4318/otlp/v1/traces', serviceName: 'stores' });
    expect(
      loadTraceConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/in',
      })?.url,
    ).toBe('https://traces.example.com/in');
  });

  it.each([1, 2])(
    'sends a span per request from WORKERS=%i, the last ones on SIGTERM',
    async (workers) => {
      running = start({
        PORT: String(await freePort()),
        WORKERS: String(workers),
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}`,
        OTEL_SERVICE_NAME: 'locator-test',
      });
      const s = running;
      const port = await listening(s);
      const id = `otel-${workers}`;
      const search = await fetch(`http://127.0.0.1:${port}${SEARCH}`, {
        headers: { 'X-Request-Id': `${id}-search` },
      });
      expect(search.status).toBe(200);
      const { results } = (await search.json()) as { results: { stores: unknown[] } };
      // A caller's trace (W3C traceparent), which the request's span joins.
      const callerTrace = `4bf92f3577b34da6a3ce929d0e0e473${workers}`;
      const health = await fetch(`http://127.0.0.1:${port}/healthz`, {
        headers: {
          'X-Request-Id': `${id}-health`,
          traceparent: `00-${callerTrace}-00f067aa0ba902b7-01`,
        },
      });
      expect(health.status).toBe(200);
      const missing = await fetch(`http://127.0.0.1:${port}/api/v1/nothing-here`, {
        headers: { 'X-Request-Id': `${id}-missing` },
      });
      expect(missing.status).toBe(404);

      // The batch is sent at the graceful stop at the latest.
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);

      const searchSpan = await collector.spanOf(`${id}-search`);
      expect(searchSpan).toEqual({
        traceId: expect.any(String) as unknown,
        name: `GET ${SEARCH_ROUTE}`,
        service: 'locator-test',
        attributes: expect.objectContaining({
          'http.route': SEARCH_ROUTE,
          'http.request.method': 'GET',
          'http.response.status_code': 200,
          // Without the query string: the visitor's position stays on the server.
          'url.path': '/api/v1/grlui/uk/en/sales',
          'locator.search.channel': 'sales',
          'locator.search.country': 'uk',
          'locator.search.results': results.stores.length,
        }) as unknown,
      });
      expect(results.stores.length).toBeGreaterThan(0);
      // The request's span and its handler's, nothing more; no visitor's position anywhere.
      expect(collector.spans.filter((x) => x.traceId === searchSpan.traceId)).toHaveLength(2);
      expect(JSON.stringify(collector.spans)).not.toContain('lat=');
      const healthSpan = await collector.spanOf(`${id}-health`);
      expect(healthSpan.name).toBe('GET /healthz');
      expect(healthSpan.traceId).toBe(callerTrace);
      expect(healthSpan.attributes).toMatchObject({
        'http.route': '/healthz',
        'http.response.status_code': 200,
      });
      expect(healthSpan.attributes['locator.search.channel']).toBeUndefined();
      const missingSpan = await collector.spanOf(`${id}-missing`);
      expect(missingSpan.attributes['http.response.status_code']).toBe(404);
      expect(missingSpan.name).toBe('GET');
      // The probe works: it saw the SDK that this server loaded.
      expect(modulesLoaded(s).some((u) => u.includes('@opentelemetry/sdk-trace-node'))).toBe(true);
    },
    180_000,
  );

  it('sends nothing and loads no OpenTelemetry module without an endpoint', async () => {
    const posts = collector.posts;
    running = start({ PORT: String(await freePort()), WORKERS: '1' });
    const s = running;
    const port = await listening(s);
    expect((await fetch(`http://127.0.0.1:${port}${SEARCH}`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(modulesLoaded(s)).toEqual([]);
    expect(collector.posts).toBe(posts);
  }, 120_000);

  it('refuses to start with a malformed endpoint, naming the variable', async () => {
    running = start({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318', PORT: '0' });
    const s = running;
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('OTEL_EXPORTER_OTLP_ENDPOINT: must be an http(s) URL');
    expect(modulesLoaded(s)).toEqual([]);
  }, 60_000);
});
