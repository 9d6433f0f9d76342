/**
 * Benchmark of the embedded maps engine (@locator/geo): index build, load time and memory,
 * autocomplete / geocode / reverse / ETA throughput and latency. Writes bench/results/geo.json.
 *
 *   npx tsx bench/geo/bench.ts            (or: npm run bench:geo -w @locator/bench)
 *   npx tsx bench/geo/bench.ts --no-build (skip the timed rebuild into a temporary file)
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_INDEX_PATH,
  FORMAT_VERSION,
  Gazetteer,
  buildIndex,
  createEmbeddedProvider,
  type MapsProvider,
} from '@locator/geo';

interface Fixture {
  q: string;
  lang: string;
  mode: 'geocode' | 'autocomplete';
  countries?: string[];
  expect: { lat: number; lon: number };
}

interface Stats {
  ops: number;
  opsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const MB = 1024 * 1024;
const round = (x: number, digits = 3): number => Number(x.toFixed(digits));

/** Deterministic PRNG (mulberry32) so every run measures the same inputs. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function measure<T>(
  inputs: T[],
  op: (input: T) => Promise<unknown>,
  minOps = 5000,
): Promise<Stats> {
  for (let i = 0; i < Math.min(500, inputs.length); i++) await op(inputs[i] as T); // warm-up
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; times.length < minOps; i = (i + 1) % inputs.length) {
    const t = performance.now();
    await op(inputs[i] as T);
    times.push(performance.now() - t);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const pct = (p: number): number =>
    times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  return {
    ops: times.length,
    opsPerSec: Math.round(times.length / (total / 1000)),
    p50Ms: round(pct(0.5)),
    p99Ms: round(pct(0.99)),
    maxMs: round(times[times.length - 1] ?? 0),
  };
}

async function main(): Promise<void> {
  const doBuild = !process.argv.includes('--no-build');
  // Make sure the index exists (no-op when up to date) before measuring its load.
  await buildIndex();
  const indexBytes = statSync(DEFAULT_INDEX_PATH).size;

  // ---- load time and memory (first thing in this process, so the deltas are the index's)
  const m0 = process.memoryUsage();
  const t0 = performance.now();
  const gazetteer = await Gazetteer.load(DEFAULT_INDEX_PATH);
  const provider: MapsProvider = createEmbeddedProvider(gazetteer);
  const loadMs = performance.now() - t0;
  const m1 = process.memoryUsage();
  const memory = {
    rssMB: round((m1.rss - m0.rss) / MB, 1),
    heapUsedMB: round((m1.heapUsed - m0.heapUsed) / MB, 1),
    arrayBuffersMB: round((m1.arrayBuffers - m0.arrayBuffers) / MB, 1),
  };
  console.log(
    `index ${(indexBytes / MB).toFixed(1)} MiB, loaded in ${loadMs.toFixed(0)} ms`,
    memory,
  );

  // ---- workloads from the accuracy fixtures (real queries in ~30 languages)
  const fixtures = JSON.parse(
    readFileSync(new URL('../../packages/geo/test/fixtures/queries.json', import.meta.url), 'utf8'),
  ) as Fixture[];
  // Autocomplete as typed: every prefix of every query (1 character and up).
  const typing: Fixture[] = [];
  for (const f of fixtures) {
    const chars = [...f.q];
    for (let n = 1; n <= chars.length; n++) typing.push({ ...f, q: chars.slice(0, n).join('') });
  }
  const rand = prng(42);
  // Reverse: jittered points around the fixture positions (±0.2°) plus uniform random points.
  const points: { lat: number; lon: number }[] = [];
  for (const f of fixtures) {
    points.push({
      lat: f.expect.lat + (rand() - 0.5) * 0.4,
      lon: f.expect.lon + (rand() - 0.5) * 0.4,
    });
    points.push({ lat: (rand() - 0.5) * 140, lon: (rand() - 0.5) * 360 });
  }
  const origin = { lat: 48.8566, lon: 2.3522 };
  const destinations = points.slice(0, 5);

  const workloads = {
    autocomplete: await measure(typing, (f) =>
      provider.autocomplete(f.q, { lang: f.lang, countries: f.countries, limit: 8 }),
    ),
    autocompleteWorldwide: await measure(typing, (f) =>
      provider.autocomplete(f.q, { lang: f.lang, limit: 8 }),
    ),
    geocode: await measure(fixtures, (f) =>
      provider.geocode(f.q, { lang: f.lang, countries: f.countries, limit: 5 }),
    ),
    reverse: await measure(points, (p) => provider.reverse(p.lat, p.lon, { lang: 'en' })),
    etaEstimate5: await measure([0], () => provider.eta(origin, destinations, 'automobile')),
  };
  for (const [name, s] of Object.entries(workloads)) {
    console.log(
      `${name.padEnd(22)} ${String(s.opsPerSec).padStart(8)} ops/s  p50 ${s.p50Ms} ms  p99 ${s.p99Ms} ms`,
    );
  }

  // ---- a timed full build into a temporary file (the project's index is left alone)
  let build: { ms: number; bytes: number } | undefined;
  if (doBuild) {
    const dir = join(tmpdir(), `locator-geo-bench-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      const r = await buildIndex({ path: join(dir, 'gazetteer.bin'), force: true });
      build = { ms: Math.round(r.ms), bytes: r.bytes ?? 0 };
      console.log(`full build: ${(r.ms / 1000).toFixed(1)} s`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const h = gazetteer.header;
  const results = {
    benchmark: 'geo',
    date: new Date().toISOString(),
    machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? '' },
    index: {
      formatVersion: FORMAT_VERSION,
      bytes: indexBytes,
      places: h.counts.places,
      searchKeys: h.counts.keys,
      postcodes: h.counts.postcodes,
      sources: h.sources,
    },
    buildMs: build?.ms ?? null,
    loadMs: Math.round(loadMs),
    memory,
    queries: {
      fixtures: fixtures.length,
      autocompletePrefixes: typing.length,
      reversePoints: points.length,
    },
    workloads,
  };
  const out = new URL('../results/geo.json', import.meta.url);
  mkdirSync(new URL('.', out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${out.pathname}`);
}

await main();
