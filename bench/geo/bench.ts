/**
 * Benchmark of the embedded maps engine (@locator/geo): index build, load time and memory,
 * autocomplete / geocode / reverse / ETA throughput and latency. Writes bench/results/geo.json.
 *
 * Every input is measured the same number of times (whole passes after a warm-up pass), with
 * wall time (what a caller waits; includes being descheduled on a loaded machine) and the
 * process CPU time of each operation (the work itself, nearly independent of the load). There
 * is no answer cache in the engine: each call computes its answer.
 *
 *   npx tsx bench/geo/bench.ts            (or: npm run bench:geo -w @locator/bench)
 *   npx tsx bench/geo/bench.ts --no-build (skip the timed rebuild into a temporary file)
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_INDEX_PATH,
  FORMAT_VERSION,
  Gazetteer,
  buildIndex,
  createEmbeddedProvider,
  type MapsProvider,
} from '@locator/geo';
import { seededRandom } from '@locator/core';

interface Fixture {
  q: string;
  lang: string;
  mode: 'geocode' | 'autocomplete';
  countries?: string[];
  expect: { lat: number; lon: number };
}

interface Stats {
  inputs: number;
  ops: number;
  opsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** CPU time per operation (process user + system). */
  cpu: { meanMs: number; p50Ms: number; p99Ms: number };
  loadAvg: number[];
}

const MB = 1024 * 1024;
const round = (x: number, digits = 3): number => Number(x.toFixed(digits));

/** Deterministic PRNG (mulberry32) so every run measures the same inputs. */

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** One warm-up pass over the inputs, then `passes` measured passes (at least `minOps` ops). */
async function measure<T>(
  inputs: T[],
  op: (input: T) => Promise<unknown>,
  minOps = 6000,
): Promise<Stats> {
  for (const input of inputs) await op(input);
  const passes = Math.max(3, Math.ceil(minOps / inputs.length));
  const wall: number[] = [];
  const cpu: number[] = [];
  const loadAvg = loadavg().map((x) => round(x, 2));
  const started = performance.now();
  for (let pass = 0; pass < passes; pass++) {
    for (const input of inputs) {
      const c = process.cpuUsage();
      const t = performance.now();
      await op(input);
      wall.push(performance.now() - t);
      const d = process.cpuUsage(c);
      cpu.push((d.user + d.system) / 1000);
    }
  }
  const total = performance.now() - started;
  wall.sort((a, b) => a - b);
  const cpuMean = cpu.reduce((a, b) => a + b, 0) / cpu.length;
  cpu.sort((a, b) => a - b);
  return {
    inputs: inputs.length,
    ops: wall.length,
    opsPerSec: Math.round(wall.length / (total / 1000)),
    p50Ms: round(pct(wall, 0.5)),
    p99Ms: round(pct(wall, 0.99)),
    maxMs: round(wall[wall.length - 1] ?? 0),
    cpu: { meanMs: round(cpuMean), p50Ms: round(pct(cpu, 0.5)), p99Ms: round(pct(cpu, 0.99)) },
    loadAvg,
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
  const readMs = performance.now() - t0;
  const provider: MapsProvider = createEmbeddedProvider(gazetteer);
  const loadMs = performance.now() - t0;
  const m1 = process.memoryUsage();
  const memory = {
    rssMB: round((m1.rss - m0.rss) / MB, 1),
    heapUsedMB: round((m1.heapUsed - m0.heapUsed) / MB, 1),
    arrayBuffersMB: round((m1.arrayBuffers - m0.arrayBuffers) / MB, 1),
    processRssAfterLoadMB: round(m1.rss / MB, 1),
    processRssAfterRunsMB: 0,
  };
  console.log(
    `index ${(indexBytes / MB).toFixed(1)} MiB, loaded in ${loadMs.toFixed(0)} ms`,
    memory,
  );

  // ---- workloads from the accuracy fixtures (real queries in ~30 languages, then what
  // visitors type: postcodes, districts, typos, old names; those answering a postcode notice
  // have no position and join the typing and geocoding only)
  const read = (name: string): Fixture[] =>
    JSON.parse(
      readFileSync(new URL(`../../packages/geo/test/fixtures/${name}`, import.meta.url), 'utf8'),
    ) as Fixture[];
  const fixtures = [...read('queries.json'), ...read('visitor-queries.json')];
  const placed = fixtures.filter((f) => Number.isFinite(f.expect.lat));
  // Autocomplete as typed: every prefix of every query (1 character and up).
  const typing: Fixture[] = [];
  for (const f of fixtures) {
    const chars = [...f.q];
    for (let n = 1; n <= chars.length; n++) typing.push({ ...f, q: chars.slice(0, n).join('') });
  }
  // The hardest part of it: one or two characters ("s", "東", "Mo").
  const short = typing.filter((f) => [...f.q].length <= 2);
  const rand = seededRandom(42);
  // Reverse: jittered points around the fixture positions (±0.2°), uniform random points
  // (mostly sea and deserts) and random gazetteer places ±0.02° (dense where people live).
  const points: { lat: number; lon: number }[] = [];
  for (const f of placed) {
    points.push({
      lat: f.expect.lat + (rand() - 0.5) * 0.4,
      lon: f.expect.lon + (rand() - 0.5) * 0.4,
    });
    points.push({ lat: (rand() - 0.5) * 140, lon: (rand() - 0.5) * 360 });
  }
  for (let i = 0; i < 1500; i++) {
    const p = Math.floor(rand() * gazetteer.placeCount);
    points.push({
      lat: (gazetteer.placeLat[p] ?? 0) + (rand() - 0.5) * 0.04,
      lon: (gazetteer.placeLon[p] ?? 0) + (rand() - 0.5) * 0.04,
    });
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
    autocompleteShort: await measure(short, (f) =>
      provider.autocomplete(f.q, { lang: f.lang, countries: f.countries, limit: 8 }),
    ),
    autocompleteShortWorldwide: await measure(short, (f) =>
      provider.autocomplete(f.q, { lang: f.lang, limit: 8 }),
    ),
    geocode: await measure(fixtures, (f) =>
      provider.geocode(f.q, { lang: f.lang, countries: f.countries, limit: 5 }),
    ),
    reverse: await measure(points, (p) => provider.reverse(p.lat, p.lon, { lang: 'en' })),
    etaEstimate5: await measure([0], () => provider.eta(origin, destinations, 'automobile')),
  };
  memory.processRssAfterRunsMB = round(process.memoryUsage().rss / MB, 1);
  for (const [name, s] of Object.entries(workloads)) {
    console.log(
      `${name.padEnd(27)} ${String(s.opsPerSec).padStart(7)} ops/s  p50 ${s.p50Ms} ms  ` +
        `p99 ${s.p99Ms} ms  cpu mean ${s.cpu.meanMs} p99 ${s.cpu.p99Ms} ms  load ${s.loadAvg[0]}`,
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
    /** Index file read and mapped; then with the searcher's load-time structures. */
    readMs: Math.round(readMs),
    loadMs: Math.round(loadMs),
    memory,
    queries: {
      fixtures: fixtures.length,
      autocompletePrefixes: typing.length,
      shortPrefixes: short.length,
      reversePoints: points.length,
    },
    targets: { autocompleteP99Ms: 2 },
    workloads,
  };
  const out = new URL('../results/geo.json', import.meta.url);
  mkdirSync(new URL('.', out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${out.pathname}`);
}

await main();
