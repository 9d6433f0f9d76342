/**
 * A load of writes beside the searches of bench:faults: location-search statistics POSTed in a
 * loop (a database write each), timed on the searches' clock, so an outage can be judged on
 * what answers from the store index (searches) and what needs the database (writes).
 */
import type { Answer } from '../lib/locator.js';

const STATISTIC = JSON.stringify({
  channel: 'sales',
  country: 'uk',
  locale: 'en_GB',
  latitude: 51.5,
  longitude: -0.12,
  product: '',
  searchedLocation: '',
});

async function post(port: number): Promise<Omit<Answer, 'at' | 'ms'>> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/grlui/locationSearch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: STATISTIC,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    if (res.status < 400) return { status: res.status };
    try {
      const code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
      return code ? { status: res.status, code } : { status: res.status };
    } catch {
      return { status: res.status, code: 'not JSON' };
    }
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return { status: 0, error: cause?.code ?? (err as Error).name };
  }
}

/** `loops` loops of statistic POSTs until stopped; `now` is the searches' clock (ms). */
export function startWrites(port: number, loops: number, now: () => number) {
  const answers: Answer[] = [];
  let running = true;
  const all = Array.from({ length: loops }, async () => {
    while (running) {
      const at = now();
      const a = await post(port);
      answers.push({ at, ms: now() - at, ...a });
    }
  });
  return {
    async stop(): Promise<Answer[]> {
      running = false;
      await Promise.all(all);
      return answers.sort((x, y) => x.at - y.at);
    },
  };
}
