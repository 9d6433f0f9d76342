/**
 * Where Search → first store painted spends its time (docs/ARCHITECTURE.md "In the browser"):
 * searches like bench:web's (/uk/en/sales, a place typed and picked, "All products", Search) in
 * Debian's Chromium against a server already running at BASE (default http://127.0.0.1:8791;
 * an unminified web build, `vite build --minify false` served through WEB_DIST, names the
 * functions). Each search is traced (Chromium trace with V8's sampling profiler) from the click
 * to the frame after the first store appears, and the main thread's time is summed by event.
 *
 *   npx tsx bench/web/trace-search.ts           W=1440|390, RUNS=5
 *   TASKS=1     the main thread's tasks from the click to the frame, and the requests
 *   INCL=1      functions by inclusive time (default: self time)
 *   BIG=1       functions only within the longest task
 *   RT=1        the API requests' Resource Timing, from the click
 *   NOTRACE=1   only the time, without tracing
 */
import type { Page } from 'playwright-core';
import { launchBrowser, pickPlace } from './browser.js';

const BASE = process.env.BASE ?? 'http://127.0.0.1:8791';
const WIDTH = Number(process.env.W ?? 1440);
const RUNS = Number(process.env.RUNS ?? 5);
const PLACES = ['London', 'Manchester', 'Birmingham', 'Leeds', 'Glasgow'];
const SEARCH_BUTTON = '[data-testid="search-form"] [type="submit"]';
const STORE = '[data-testid="store"]';
const EVENTS = [
  'RunTask',
  'FunctionCall',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Commit',
  'MinorGC',
  'MajorGC',
  'FireAnimationFrame',
  'ParseAuthorStyleSheet',
];

interface TraceEvent {
  name: string;
  /** A profile's id, shared by its chunks. */
  id?: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: {
    name?: string;
    data?: {
      functionName?: string;
      url?: string;
      startTime?: number;
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: { functionName: string; url?: string; lineNumber: number };
        }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  };
}

const ms = (us: number): string => (us / 1000).toFixed(1);

async function readySearch(page: Page, place: string): Promise<void> {
  await page.goto(`${BASE}/uk/en/sales`, { waitUntil: 'networkidle' });
  await pickPlace(page, place);
  const tile = page.getByRole('radio', { name: 'All Products', exact: true });
  const dropdown = page.getByRole('combobox', { name: 'Product', exact: true });
  await tile.or(dropdown).first().waitFor();
  if (await tile.count()) await tile.click();
  else await dropdown.selectOption({ label: 'All Products' });
  await page.waitForTimeout(500);
  // The click's time and the first store's first frame, as user-timing marks for the trace.
  await page.evaluate(`
    window.__searchMs = new Promise((resolve) => {
      document.querySelector(${JSON.stringify(SEARCH_BUTTON)}).addEventListener('click', () => {
        const t0 = performance.now();
        window.__t0 = t0;
        performance.mark('clickStart');
        const observer = new MutationObserver(() => {
          if (!document.querySelector(${JSON.stringify(STORE)})) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            performance.mark('painted');
            resolve(performance.now() - t0);
          });
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }, { capture: true, once: true });
    });
    undefined;`);
}

/** Self or inclusive sampled time per function between `from` and `to` (µs, trace clock). */
function functionTimes(events: TraceEvent[], pid: number, tid: number, from: number, to: number) {
  const out = new Map<string, number>();
  const nodes = new Map<number, { fn: string; parent: number | undefined }>();
  // The main thread's profile (a page's workers have their own).
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  let t = profile?.args?.data?.startTime ?? 0;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || e.id !== profile?.id) continue;
    const data = e.args?.data;
    for (const n of data?.cpuProfile?.nodes ?? []) {
      const { functionName, url, lineNumber } = n.callFrame;
      const file = (url ?? '').split('/').pop() ?? '';
      nodes.set(n.id, {
        fn: `${functionName || '(anonymous)'} ${file}:${lineNumber}`,
        parent: n.parent,
      });
    }
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    for (let k = 0; k < samples.length; k++) {
      t += deltas[k] ?? 0;
      if (t < from || t > to) continue;
      const dt = deltas[k + 1] ?? deltas[k] ?? 0;
      const seen = new Set<string>();
      for (let id: number | undefined = samples[k]; id !== undefined; id = nodes.get(id)?.parent) {
        const fn = nodes.get(id)?.fn ?? '?';
        if (seen.has(fn)) continue;
        seen.add(fn);
        out.set(fn, (out.get(fn) ?? 0) + dt);
        if (!process.env.INCL) break;
      }
    }
  }
  return out;
}

const browser = await launchBrowser();
const totals = new Map<string, number>();
const functions = new Map<string, number>();
const times: number[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({
      viewport: { width: WIDTH, height: WIDTH > 500 ? 900 : 844 },
    });
    const page = await context.newPage();
    await readySearch(page, PLACES[i % PLACES.length]!);
    const tracing = !process.env.NOTRACE;
    if (tracing) {
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'blink.user_timing',
          'v8.execute',
          'disabled-by-default-v8.cpu_profiler',
        ],
      });
    }
    await page.locator(SEARCH_BUTTON).click();
    const wall = Number(await page.evaluate('window.__searchMs'));
    times.push(wall);
    await page.waitForTimeout(300);
    if (process.env.RT) {
      const timing = await page.evaluate(`performance.getEntriesByType('resource')
        .filter((e) => e.startTime >= window.__t0 - 5 && e.name.includes('/api/'))
        .map((e) => e.name.replace(/^.*\\/api\\//, '').slice(0, 40) + ' start ' +
          [e.requestStart, e.responseStart, e.responseEnd].map((x) => (x - window.__t0).toFixed(1)).join(' '))`);
      console.log((timing as string[]).join('\n'));
    }
    console.log(`run ${i} ${PLACES[i % PLACES.length]}: ${wall.toFixed(1)} ms`);
    if (tracing) {
      const raw = JSON.parse((await browser.stopTracing()).toString()) as
        TraceEvent[] | { traceEvents: TraceEvent[] };
      const events = Array.isArray(raw) ? raw : raw.traceEvents;
      const start = events.find((e) => e.name === 'clickStart');
      const end = events.find((e) => e.name === 'painted');
      if (!start || !end) throw new Error('the trace has no click or paint mark');
      const main = events.find(
        (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === start.pid,
      );
      const inWindow = events.filter(
        (e) =>
          e.pid === start.pid &&
          e.tid === (main?.tid ?? start.tid) &&
          e.ph === 'X' &&
          e.ts >= start.ts - 2000 &&
          e.ts <= end.ts,
      );
      for (const name of EVENTS) {
        const sum = inWindow.filter((e) => e.name === name).reduce((a, e) => a + (e.dur ?? 0), 0);
        totals.set(name, (totals.get(name) ?? 0) + sum);
      }
      const tasks = inWindow.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 500);
      if (process.env.TASKS) {
        for (const task of tasks) {
          const inside = new Map<string, number>();
          for (const e of inWindow) {
            if (e === task || e.name === 'RunTask') continue;
            if (e.ts < task.ts || e.ts + (e.dur ?? 0) > task.ts + (task.dur ?? 0)) continue;
            const key = e.name + (e.args?.data?.functionName ? `:${e.args.data.functionName}` : '');
            inside.set(key, (inside.get(key) ?? 0) + (e.dur ?? 0));
          }
          const top = [...inside]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 6)
            .map(([k, v]) => `${k} ${ms(v)}`);
          console.log(
            `  +${ms(task.ts - start.ts)} ms: task ${ms(task.dur ?? 0)} ms (${top.join(', ')})`,
          );
        }
      }
      const longest = [...tasks].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
      const [from, to] =
        process.env.BIG && longest
          ? [longest.ts, longest.ts + (longest.dur ?? 0)]
          : [start.ts, end.ts];
      for (const [fn, us] of functionTimes(events, start.pid, main?.tid ?? start.tid, from, to)) {
        functions.set(fn, (functions.get(fn) ?? 0) + us);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
}
times.sort((a, b) => a - b);
console.log(
  `${WIDTH} px, ${RUNS} searches: median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms (${times.map((t) => t.toFixed(1)).join(' ')})`,
);
if (totals.size > 0) {
  console.log('main thread per search (ms):');
  for (const [name, us] of totals) console.log(`  ${name} ${ms(us / RUNS)}`);
  console.log(`functions by ${process.env.INCL ? 'inclusive' : 'self'} time per search (ms):`);
  for (const [fn, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 60)) {
    console.log(`  ${ms(us / RUNS)} ${fn}`);
  }
}
