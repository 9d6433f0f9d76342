/**
 * The search answer written two ways (a focused micro-benchmark, not the HTTP bench:api):
 * - bytes: what the server does, splicing the stored store documents (modules/search/service.ts);
 * - schema: the same answer as an object serialised by the route's zod serialiser (what
 *   Fastify would do with an object: safeEncode against searchResponseSchema, then
 *   JSON.stringify). The object is built once beforehand, so this is a lower bound of that way's
 *   cost (a real server would also have to parse the stored documents into it).
 * Usage: npm run bench:search-answer -w @locator/bench. Writes bench/results/search-answer.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResponseSchema } from '@locator/core';
import { loadConfigFiles } from '../../apps/server/src/config/load.js';
import { ConfigService } from '../../apps/server/src/config/service.js';
import { CONFIG_DIR } from '../../apps/server/src/config/paths.js';
import { generateDemoStores } from '../../apps/server/src/demo/generate.js';
import { openSqlite } from '../../apps/server/src/db/sqlite-database.js';
import { SearchService } from '../../apps/server/src/modules/search/service.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);

const config = new ConfigService(loadConfigFiles(CONFIG_DIR));
const db = openSqlite(':memory:');
const us = config.countries().filter((c) => c.countryCode === 'US');
await db.stores.replaceAll(
  generateDemoStores({ countries: us, catalogue: config.catalogue, brand: 'Lumen', count: 20_000 }),
);
await db.search.ready();
const service = new SearchService(config, db.search);
const query = searchQuerySchema.parse({ lat: '40.7128', lon: '-74.006', maxResult: '99' });
const answer = await service.search({ countryCode: 'us', lang: 'en', channel: 'sales' }, query);
const bytes = answer.body();
const object: unknown = JSON.parse(bytes.toString('utf8'));
const serialise = serializerCompiler({
  schema: searchResponseSchema,
  method: 'GET',
  url: '/api/v1/grlui/:countryCode/:lang/:channel',
  httpStatus: '200',
} as never) as (data: unknown) => string;

function measure(name: string, run: () => unknown): { name: string; microsPerAnswer: number } {
  for (let i = 0; i < 200; i += 1) run();
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i += 1) run();
  const micros = ((performance.now() - start) * 1000) / ROUNDS;
  console.log(`${name}: ${micros.toFixed(1)} µs per answer`);
  return { name, microsPerAnswer: Math.round(micros * 10) / 10 };
}

const results = [
  measure('bytes (stored documents spliced)', () => answer.body()),
  measure('schema (zod serialiser on the object)', () => serialise(object)),
  measure('JSON.stringify alone on the object', () => JSON.stringify(object)),
];
const out = {
  date: new Date().toISOString(),
  stores: (object as { results: { stores: unknown[] } }).results.stores.length,
  answerBytes: bytes.length,
  rounds: ROUNDS,
  results,
  schemaOverBytes:
    Math.round((results[1]!.microsPerAnswer / results[0]!.microsPerAnswer) * 10) / 10,
};
mkdirSync(join(process.cwd(), 'bench', 'results'), { recursive: true });
writeFileSync(
  join(process.cwd(), 'bench', 'results', 'search-answer.json'),
  `${JSON.stringify(out, null, 2)}\n`,
);
console.log(out);
await db.close();
