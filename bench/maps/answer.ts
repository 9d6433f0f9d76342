/**
 * What the maps answers' schema costs (a focused micro-benchmark beside the HTTP bench:maps):
 * the maps routes answer objects, which Fastify encodes with the route's zod serialiser
 * (safeEncode against @locator/core's maps-response schemas, then JSON.stringify). For real
 * answers of the embedded engine (autocomplete, geocode, reverse, travel times to 25 stores),
 * the time of the engine's own call, of the schema serialiser and of JSON.stringify alone.
 * Usage: npm run bench:maps-answer. Writes bench/results/maps-answer.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { mapsEtaResponseSchema, mapsPlacesResponseSchema } from '@locator/core';
import { loadEmbeddedProvider } from '@locator/geo';
import { toMapsPlace } from '../../apps/server/src/modules/maps/routes.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);

const provider = await loadEmbeddedProvider({ log: () => undefined });
const serialiser = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' } as never) as (
    data: unknown,
  ) => string;
const places = serialiser(mapsPlacesResponseSchema);
const etas = serialiser(mapsEtaResponseSchema);

function micros(run: () => unknown): number {
  for (let i = 0; i < 2000; i += 1) run();
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i += 1) run();
  return Math.round(((performance.now() - start) * 10_000) / ROUNDS) / 10;
}
async function asyncMicros(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i += 1) await run();
  const n = Math.max(50, ROUNDS / 10);
  const start = performance.now();
  for (let i = 0; i < n; i += 1) await run();
  return Math.round(((performance.now() - start) * 10_000) / n) / 10;
}

const origin = { lat: 51.5074, lon: -0.1278 };
const destinations = Array.from({ length: 25 }, (_, i) => ({
  lat: origin.lat + ((i % 5) - 2) * 0.03,
  lon: origin.lon + (Math.floor(i / 5) - 2) * 0.04,
}));
const calls = {
  'autocomplete "Lond" in GB': async () => ({
    results: (await provider.autocomplete('Lond', { lang: 'en', limit: 5, countries: ['GB'] })).map(
      toMapsPlace,
    ),
  }),
  'geocode "Berlin"': async () => ({
    results: (await provider.geocode('Berlin', { lang: 'de', limit: 5 })).map(toMapsPlace),
  }),
  'reverse 51.5, -0.12': async () => {
    const place = await provider.reverse(51.5, -0.12, { lang: 'en' });
    return { results: place ? [toMapsPlace(place)] : [] };
  },
  'travel times to 25 stores': async () => ({
    etas: (await provider.eta(origin, destinations, 'automobile')).map((e) => ({
      expectedTravelTime: e.expectedTravelTime,
      distance: e.distance,
      estimate: e.estimate,
    })),
  }),
};

const results = [];
for (const [name, call] of Object.entries(calls)) {
  const answer = await call();
  const encode = 'etas' in answer ? etas : places;
  const row = {
    name,
    answerBytes: JSON.stringify(answer).length,
    engineMicros: await asyncMicros(call),
    schemaSerialiserMicros: micros(() => encode(answer)),
    jsonStringifyMicros: micros(() => JSON.stringify(answer)),
  };
  console.log(row);
  results.push(row);
}
const out = {
  benchmark: 'maps-answer',
  date: new Date().toISOString(),
  machine: { loadAverage: loadavg().map((x) => Math.round(x * 100) / 100) },
  rounds: ROUNDS,
  results,
};
mkdirSync(join(process.cwd(), 'bench', 'results'), { recursive: true });
writeFileSync(
  join(process.cwd(), 'bench', 'results', 'maps-answer.json'),
  `${JSON.stringify(out, null, 2)}\n`,
);
