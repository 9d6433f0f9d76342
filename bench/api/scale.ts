/**
 * `npm run bench:scale`: `bench:api` at 50,000, 200,000 and 1,000,000 stores (BENCH_SCALE_SIZES),
 * one after the other, then how each figure grows from one size to the next, written to
 * bench/results/api-scale.json. BENCH_SCALE_SUMMARY_ONLY=1 only summarises the reports already
 * in bench/results (api-50000.json, api.json, api-1000000.json).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '50000,200000,1000000')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const DATABASES = ['sqlite', 'postgres'] as const;

const reportFile = (stores: number) =>
  join('bench/results', stores === 200_000 ? 'api.json' : `api-${stores}.json`);

interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
}
interface DbReport {
  withoutAcceptEncoding: { search: Figures; searchAt80PercentOfMax: Figures };
  browserAcceptEncoding: { search: Figures };
  geolocatedSearches?: { browserAcceptEncoding: Figures };
  residentMemoryPerWorkerMiB: number[];
  residentMemoryOfServerMiB?: number;
  indexBuildMsPerWorker?: number[];
  dataLoad?: { seconds: number; loadAverage?: number[] };
}
type Report = Partial<Record<(typeof DATABASES)[number], DbReport>> & {
  date: string;
  machine: { loadAverageBefore: number[]; loadAverageAfter: number[] };
};

const mean = (xs: number[] | undefined) =>
  xs && xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : undefined;

function row(r: DbReport) {
  return {
    searchesPerSecond: r.withoutAcceptEncoding.search.requestsPerSecond,
    browserSearchesPerSecond: r.browserAcceptEncoding.search.requestsPerSecond,
    geolocatedBrowserSearchesPerSecond:
      r.geolocatedSearches?.browserAcceptEncoding.requestsPerSecond,
    p99MsAt80Percent: r.withoutAcceptEncoding.searchAt80PercentOfMax.p99Ms,
    indexBuildMs: mean(r.indexBuildMsPerWorker),
    residentMemoryPerWorkerMiB: mean(r.residentMemoryPerWorkerMiB),
    residentMemoryOfServerMiB: r.residentMemoryOfServerMiB,
    dataLoadSeconds: r.dataLoad?.seconds,
    dataLoadLoadAverage: r.dataLoad?.loadAverage?.[0],
  };
}

function growth(a: Record<string, number | undefined>, b: Record<string, number | undefined>) {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(b)) {
    const before = a[k];
    if (k === 'stores' || k.endsWith('LoadAverage')) continue;
    if (v !== undefined && before) out[k] = Math.round((v / before) * 100) / 100;
  }
  return out;
}

function main(): void {
  let aimsMissed = false;
  if (!process.env.BENCH_SCALE_SUMMARY_ONLY) {
    for (const stores of SIZES) {
      console.log(`[bench:scale] bench:api at ${stores} stores`);
      const started = Date.now();
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/api/run.ts'], {
        stdio: 'inherit',
        env: {
          ...process.env,
          BENCH_STORES: String(stores),
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim(),
        },
      });
      // Exit code 1 with its report written: it ran, and missed an aim (the report says which).
      const reported =
        existsSync(reportFile(stores)) && statSync(reportFile(stores)).mtimeMs >= started;
      if (run.status === 1 && reported) aimsMissed = true;
      else if (run.status !== 0) throw new Error(`bench:api at ${stores} stores failed`);
    }
  }
  const sizes = SIZES.filter((n) => existsSync(reportFile(n)));
  const reports = sizes.map((n) => JSON.parse(readFileSync(reportFile(n), 'utf8')) as Report);
  const summary: Record<string, unknown> = {
    benchmark: 'api search at several store counts',
    date: new Date().toISOString(),
    runs: sizes.map((n, i) => ({
      stores: n,
      file: reportFile(n),
      date: reports[i]!.date,
      loadAverageBefore: reports[i]!.machine.loadAverageBefore,
      loadAverageAfter: reports[i]!.machine.loadAverageAfter,
    })),
    notes: [
      "Each size is a full bench:api run (see its file); growth is the next size's figure divided by the previous size's.",
      "indexBuildMs and residentMemoryPerWorkerMiB: the mean over the worker processes; residentMemoryOfServerMiB: the whole machine's server (primary and every worker).",
    ],
  };
  for (const db of DATABASES) {
    const rows = sizes.flatMap((n, i) => {
      const r = reports[i]![db];
      return r ? [{ stores: n, ...row(r) }] : [];
    });
    summary[db] = {
      bySize: rows,
      growth: rows.slice(1).map((r, i) => ({
        from: rows[i]!.stores,
        to: r.stores,
        ...growth(rows[i]!, r),
      })),
    };
  }
  writeFileSync('bench/results/api-scale.json', `${JSON.stringify(summary, null, 2)}\n`);
  console.log(JSON.stringify(summary, null, 2));
  if (aimsMissed) {
    console.log("[bench:scale] an aim was missed (aimsMissed in the sizes' reports)");
    process.exitCode = 1;
  }
}

main();
