/**
 * Per-kind figures over the query fixtures (fixtures/queries.json and
 * fixtures/visitor-queries.json): first hit within 25 km, confident wrong first hits (more
 * than 100 km away or in another country), and autocomplete of the first 60 % of the query
 * finding the place in its top 5. Used by visitor-queries.test.ts and scripts/fixture-figures.ts.
 */
import { readFileSync } from 'node:fs';
import { distanceMetres } from '../src/geo-math.js';
import { postcodeKey } from '../src/postcodes.js';
import { parseCoordinates } from '../src/coordinates.js';
import type { EmbeddedProvider } from '../src/provider.js';
import { Searcher } from '../src/search.js';
import type { Place } from '../src/types.js';

export interface QueryFixture {
  kind?: string;
  q: string;
  lang: string;
  mode: 'geocode' | 'autocomplete';
  countries?: string[];
  expect: { countryCode: string; lat: number; lon: number } | { notice: string };
}

export const HIT_KM = 25;
export const WRONG_KM = 100;
export const PREFIX_SHARE = 0.6;

export interface KindFigures {
  kind: string;
  queries: number;
  firstHits: number;
  confidentWrong: number;
  autocompleteTried: number;
  autocompleteHits: number;
  misses: string[];
}

const read = (name: string): QueryFixture[] =>
  JSON.parse(
    readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'),
  ) as QueryFixture[];

/** Both fixtures; the city fixture's entries get a kind from their text. */
export function loadQueryFixtures(): QueryFixture[] {
  const cities = read('queries.json').map((f) => ({ ...f, kind: f.kind ?? kindOf(f.q) }));
  return [...cities, ...read('visitor-queries.json')];
}

function kindOf(q: string): string {
  if (parseCoordinates(q)) return 'coordinate';
  if (postcodeKey(q) && /\d/.test(q)) return 'postcode';
  if (/[^\p{Script=Latin}\p{N}\p{P}\p{Zs}]/u.test(q)) return 'script';
  if (q.includes(',')) return 'qualified';
  return 'city';
}

/** The first `share` of a query's characters (at least 2), as a visitor types it. */
export function typedPrefix(q: string, share = PREFIX_SHARE): string {
  const chars = [...q];
  return chars.slice(0, Math.max(2, Math.ceil(chars.length * share))).join('');
}

function km(p: Place, e: { lat: number; lon: number }): number {
  return distanceMetres(p.latitude, p.longitude, e.lat, e.lon) / 1000;
}

export async function computeFigures(
  provider: EmbeddedProvider,
  fixtures: QueryFixture[],
): Promise<KindFigures[]> {
  const searcher = new Searcher(provider.gazetteer);
  const byKind = new Map<string, KindFigures>();
  for (const f of fixtures) {
    const kind = f.kind ?? 'city';
    let k = byKind.get(kind);
    if (!k) {
      k = {
        kind,
        queries: 0,
        firstHits: 0,
        confidentWrong: 0,
        autocompleteTried: 0,
        autocompleteHits: 0,
        misses: [],
      };
      byKind.set(kind, k);
    }
    k.queries++;
    const o = { lang: f.lang, ...(f.countries ? { countries: f.countries } : {}), limit: 5 };
    const answer = searcher.answer(f.q, o, f.mode);
    const first = answer.places[0];
    const e = f.expect;
    const label = `${f.mode} "${f.q}" [${f.lang}${f.countries ? ` ${f.countries.join(',')}` : ''}]`;
    if ('notice' in e) {
      if (!first && answer.notice?.code === e.notice) k.firstHits++;
      else
        k.misses.push(`${label} → ${first?.formattedAddress ?? answer.notice?.code ?? 'nothing'}`);
      if (first) k.confidentWrong++;
      continue;
    }
    const d = first ? km(first, e) : Infinity;
    if (first && first.countryCode === e.countryCode && d <= HIT_KM) k.firstHits++;
    else {
      k.misses.push(
        `${label} → ` +
          (first
            ? `${first.formattedAddress} (${first.countryCode}, ${d.toFixed(0)} km)`
            : 'nothing'),
      );
    }
    if (first && (first.countryCode !== e.countryCode || d > WRONG_KM)) k.confidentWrong++;
    // Autocomplete of the first 60 % of the query: the place among the top 5 (not for
    // coordinates, which are not completed).
    if (kind === 'coordinate') continue;
    k.autocompleteTried++;
    const typed = typedPrefix(f.q);
    const top = await provider.autocomplete(typed, o);
    if (top.some((p) => p.countryCode === e.countryCode && km(p, e) <= HIT_KM)) {
      k.autocompleteHits++;
    } else {
      k.misses.push(
        `autocomplete "${typed}" → ${top.map((p) => p.lines[0]).join(' | ') || 'nothing'}`,
      );
    }
  }
  return [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}

const pct = (a: number, b: number): string => (b ? `${((a / b) * 100).toFixed(1)} %` : '–');

/** A Markdown table of the figures (README "Quality"). */
export function figuresTable(figures: KindFigures[]): string {
  const rows = figures.map(
    (k) =>
      `| ${k.kind} | ${k.queries} | ${pct(k.firstHits, k.queries)} | ${k.confidentWrong} | ` +
      `${pct(k.autocompleteHits, k.autocompleteTried)} |`,
  );
  const total = figures.reduce(
    (t, k) => ({
      q: t.q + k.queries,
      h: t.h + k.firstHits,
      w: t.w + k.confidentWrong,
      at: t.at + k.autocompleteTried,
      ah: t.ah + k.autocompleteHits,
    }),
    { q: 0, h: 0, w: 0, at: 0, ah: 0 },
  );
  return [
    '| Kind | Queries | First hit ≤ 25 km | Confident wrong (> 100 km) | Autocomplete of 60 %, top 5 |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows,
    `| **all** | ${total.q} | ${pct(total.h, total.q)} | ${total.w} | ${pct(total.ah, total.at)} |`,
  ].join('\n');
}
