/**
 * Maps HTTP benchmark (issue 4): the real server app with the embedded engine, listening on
 * loopback; autocannon drives 50 connections per endpoint for a fixed time with a rotating set
 * of real queries in many scripts. Figures (requests/s, p50/p97.5/p99 latency, errors) go to
 * bench/results/maps-http.json. Run: `npm run bench:maps`.
 */
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadEmbeddedProvider } from '@locator/geo';
import { buildApp } from '../../apps/server/src/app.js';
import { loadEnv } from '../../apps/server/src/env.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

const AUTOCOMPLETE = [
  'q=manch&countries=GB&lang=en-GB',
  'q=par&countries=FR&lang=fr-FR',
  'q=m%C3%BCnc&countries=DE&lang=de-DE',
  `q=${encodeURIComponent('東京')}&countries=JP&lang=ja`,
  `q=${encodeURIComponent('القا')}&countries=EG&lang=ar`,
  'q=new%20y&countries=US&lang=en-US',
  `q=${encodeURIComponent('Моск')}&countries=RU&lang=ru`,
  `q=${encodeURIComponent('กรุงเ')}&countries=TH&lang=th`,
  'q=sao%20pa&countries=BR&lang=pt-BR',
  'q=10001&countries=US&lang=en',
].map((q) => `/api/v1/maps/autocomplete?${q}`);

const REVERSE = [
  'lat=51.5&lon=-0.12',
  'lat=48.85&lon=2.35',
  'lat=35.68&lon=139.69',
  'lat=-23.55&lon=-46.63',
  'lat=30.04&lon=31.24',
].map((q) => `/api/v1/maps/reverse?${q}&lang=en`);

interface Figures {
  endpoint: string;
  requestsPerSec: number;
  latencyMs: { p50: number; p97_5: number; p99: number; max: number };
  errors: number;
  non2xx: number;
}

async function drive(base: string, endpoint: string, paths: string[]): Promise<Figures> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    endpoint,
    requestsPerSec: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const maps = await loadEmbeddedProvider();
  const loadMs = Math.round(performance.now() - t0);
  const app = await buildApp({ env: loadEnv({ LOG_LEVEL: 'silent' }), maps, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const figures = [
    await drive(base, 'autocomplete', AUTOCOMPLETE),
    await drive(base, 'reverse', REVERSE),
  ];
  await app.close();
  const out = {
    benchmark: 'maps-http',
    date: new Date().toISOString(),
    node: process.version,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    indexLoadMs: loadMs,
    rssMb: Math.round(process.memoryUsage().rss / 1048576),
    results: figures,
  };
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('../results/maps-http.json', import.meta.url),
    `${JSON.stringify(out, null, 2)}\n`,
  );
  console.table(
    figures.map((f) => ({
      endpoint: f.endpoint,
      'req/s': f.requestsPerSec,
      'p50 ms': f.latencyMs.p50,
      'p99 ms': f.latencyMs.p99,
      errors: f.errors + f.non2xx,
    })),
  );
}

await main();
