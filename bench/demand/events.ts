/**
 * The benchmark's analytics events: seeded (the same for every run of a size), in time order
 * over the 400 days up to 30 November 2026, in batches. A mix like the locator's: page views,
 * searches (most find a store; some none; a few report no count), location searches and clicks,
 * over the given countries, the channels, a few products, and a pool of rounded positions.
 */
import type { EventRecord } from '../../apps/server/src/db/types.js';
import { pageViewEvent } from '../../apps/server/src/modules/analytics/event-columns.js';
import { seededRandom } from '@locator/core';

const END = Date.parse('2026-12-01T00:00:00Z');
const SPAN = 400 * 86_400_000;
const CHANNELS = ['sales', 'service', 'training'];
const PRODUCTS = ['all', '1', '2', '3', '4', '5'];
const LINKS = ['directions', 'website', 'phone', 'appointment', 'carrier', 'share'];
const PAGES = ['home', 'chooser', 'results', 'error'];
const PLACES = 5000;

/** mulberry32: a small seeded generator. */

const round2 = (v: number): number => Math.round(v * 100) / 100;

export function* eventBatches(
  count: number,
  batch: number,
  countries: readonly string[],
): Generator<EventRecord[]> {
  const rnd = seededRandom(20261130);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const places = Array.from({ length: PLACES }, () => ({
    country: pick(countries),
    latitude: round2(35 + rnd() * 25),
    longitude: round2(-10 + rnd() * 40),
  }));
  let out: EventRecord[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(END - SPAN + Math.floor((i / count) * SPAN));
    const place = places[Math.floor(rnd() ** 2 * PLACES)]!;
    const r: EventRecord = {
      ...pageViewEvent(at, 'en_GB'),
      channel: pick(CHANNELS),
      country: place.country,
    };
    const kind = rnd();
    if (kind < 0.15) {
      r.page = pick(PAGES);
    } else if (kind < 0.7) {
      r.type = 'search';
      r.product = pick(PRODUCTS);
      r.trigger = 'form';
      const outcome = rnd();
      r.resultCount = outcome < 0.7 ? 1 + Math.floor(rnd() * 20) : outcome < 0.9 ? 0 : null;
      if (rnd() < 0.9) {
        r.latitude = place.latitude;
        r.longitude = place.longitude;
      }
    } else if (kind < 0.75) {
      r.type = 'locationSearch';
      r.product = 'All Products';
      r.latitude = place.latitude;
      r.longitude = place.longitude;
    } else {
      r.type = 'click';
      r.link = pick(LINKS);
      r.product = pick(PRODUCTS);
    }
    out.push(r);
    if (out.length === batch) {
      yield out;
      out = [];
    }
  }
  if (out.length) yield out;
}
