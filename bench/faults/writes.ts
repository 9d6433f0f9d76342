/**
 * A load of writes beside the searches of bench:faults: location-search statistics POSTed in a
 * loop (a database write each), timed on the searches' clock, so an outage can be judged on
 * what answers from the store index (searches) and what needs the database (writes).
 */
import { send, type Answer } from '../lib/locator.js';

const STATISTIC_PATH = '/api/v1/grlui/locationSearch';
const STATISTIC = JSON.stringify({
  channel: 'sales',
  country: 'uk',
  locale: 'en_GB',
  latitude: 51.5,
  longitude: -0.12,
  product: '',
  searchedLocation: '',
});

/** `loops` loops of statistic POSTs until stopped; `now` is the searches' clock (ms). */
export function startWrites(port: number, loops: number, now: () => number) {
  const answers: Answer[] = [];
  let running = true;
  const all = Array.from({ length: loops }, async () => {
    while (running) {
      const at = now();
      const a = await send(port, { method: 'POST', path: STATISTIC_PATH, body: STATISTIC });
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
