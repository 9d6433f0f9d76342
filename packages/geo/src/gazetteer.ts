/**
 * The loaded gazetteer: typed-array views over the index file plus small lookup tables built at
 * load time (country and region names for qualifiers and display).
 */
import { normaliseCountryCode } from './countries.js';
import type { GridSpec } from './grid.js';
export { KEY_CODE, KEY_MAIN, NO_REGION } from './index-format.js';
import { RANK_MASK, RANK_SECTION } from './index-format.js';
import {
  readIndexFile,
  type CountryRecord,
  type DecodedIndex,
  type IndexHeader,
  type RegionRecord,
} from './index-format.js';
import { parseLocalNames, pickDisplayName } from './display-names.js';
import { scriptOfLang, type LangInfo } from './normalise.js';
import { LatinNames, pickTypedOrLocal, typedText, type TypedText } from './typed-names.js';

/** A place's names, parsed from the index text (kept for recently shown places). */
interface NameRecord {
  name: string;
  nonLatin: string[];
  latin: LatinNames | undefined;
  /** Display name by language ("zh", "zh-t" for traditional). */
  display: Map<string, string>;
  /** Names tagged with their language at build time (build/local-names.ts), by language. */
  local: Map<string, string> | undefined;
}

/** Places whose parsed names are kept (big cities carry hundreds of alternate names; ~9 MB at most). */
const NAME_RECORDS = 4096;

/** Traditional-Chinese names for Greater China (i18n-iso-countries has simplified ones only). */
const ZH_HANT_COUNTRIES: Record<string, string> = {
  CN: '中國',
  TW: '台灣',
  HK: '香港',
  MO: '澳門',
};

export class Gazetteer {
  readonly header: IndexHeader;
  readonly placeCount: number;
  readonly keyCount: number;
  readonly postcodeCount: number;
  private postcodeCountries: Set<string> | undefined;
  readonly grid: GridSpec;
  readonly countries: readonly CountryRecord[];
  readonly regions: readonly RegionRecord[];

  readonly placeLat: Float32Array;
  readonly placeLon: Float32Array;
  readonly placePop: Uint32Array;
  readonly placeCountry: Uint16Array;
  readonly placeRegion: Uint16Array;
  readonly placeRank: Uint8Array;
  readonly cellStart: Uint32Array;
  readonly keyPlace: Uint32Array;
  readonly keyFlags: Uint8Array;
  readonly postLat: Float32Array;
  readonly postLon: Float32Array;
  readonly postCountry: Uint16Array;
  readonly postRegion: Uint16Array;
  readonly shapeCoords: Float32Array;
  readonly shapeRingOff: Uint32Array;
  readonly shapePolyRingOff: Uint32Array;
  readonly shapePolyCountry: Uint16Array;
  readonly shapePolyBox: Float32Array;
  readonly shapeBandKey: Uint32Array;
  readonly shapeBandOff: Uint32Array;
  readonly shapeBandEdges: Uint32Array;

  private readonly placeNameOff: Uint32Array;
  private readonly placeNames: string;
  private readonly keyOff: Uint32Array;
  private readonly keys: string;
  private readonly postOff: Uint32Array;
  private readonly postKeys: string;
  private readonly postCityOff: Uint32Array;
  private readonly postCities: string;

  /** Alpha-2 → country index. */
  private readonly countryByCode = new Map<string, number>();
  /** Folded names and codes of countries and regions, sorted (index-format.ts areaIndex). */
  private readonly areaKeys: readonly (readonly [string, number])[];
  /** Parsed names of recently shown places, oldest first. */
  private readonly nameRecords = new Map<number, NameRecord>();
  /** The last typed text prepared (a query asks for several places with the same text). */
  private lastTyped: TypedText & { text: string } = { text: '', ...typedText('') };

  constructor(idx: DecodedIndex) {
    const h = idx.header;
    this.header = h;
    this.placeCount = h.counts.places;
    this.keyCount = h.counts.keys;
    this.postcodeCount = h.counts.postcodes;
    this.grid = h.grid;
    this.countries = h.countries;
    this.regions = h.regions;
    this.placeLat = idx.f32('placeLat');
    this.placeLon = idx.f32('placeLon');
    this.placePop = idx.u32('placePop');
    this.placeCountry = idx.u16('placeCountry');
    this.placeRegion = idx.u16('placeRegion');
    this.placeRank = idx.u8('placeRank');
    this.placeNameOff = idx.u32('placeNameOff');
    this.placeNames = idx.text('placeNames');
    this.cellStart = idx.u32('cellStart');
    this.keyOff = idx.u32('keyOff');
    this.keyPlace = idx.u32('keyPlace');
    this.keyFlags = idx.u8('keyFlags');
    this.keys = idx.text('keys');
    this.postOff = idx.u32('postOff');
    this.postKeys = idx.text('postKeys');
    this.postCityOff = idx.u32('postCityOff');
    this.postCities = idx.text('postCities');
    this.postLat = idx.f32('postLat');
    this.postLon = idx.f32('postLon');
    this.postCountry = idx.u16('postCountry');
    this.postRegion = idx.u16('postRegion');
    this.shapeCoords = idx.f32('shapeCoords');
    this.shapeRingOff = idx.u32('shapeRingOff');
    this.shapePolyRingOff = idx.u32('shapePolyRingOff');
    this.shapePolyCountry = idx.u16('shapePolyCountry');
    this.shapePolyBox = idx.f32('shapePolyBox');
    this.shapeBandKey = idx.u32('shapeBandKey');
    this.shapeBandOff = idx.u32('shapeBandOff');
    this.shapeBandEdges = idx.u32('shapeBandEdges');

    this.countries.forEach((c, i) => this.countryByCode.set(c.code, i));
    this.areaKeys = h.areaIndex;
  }

  static async load(path: string): Promise<Gazetteer> {
    return new Gazetteer(await readIndexFile(path));
  }

  // ------------------------------------------------------------------ countries and regions

  /** Country index of an alpha-2 code (any case; "uk" means GB), or undefined. */
  countryIndex(code: string): number | undefined {
    return this.countryByCode.get(normaliseCountryCode(code));
  }

  countryCode(country: number): string {
    return this.countries[country]?.code ?? '';
  }

  countryName(country: number, lang: LangInfo): string {
    const c = this.countries[country];
    if (!c) return '';
    if (lang.base === 'zh' && lang.traditional && ZH_HANT_COUNTRIES[c.code]) {
      return ZH_HANT_COUNTRIES[c.code] ?? c.code;
    }
    return c.names[lang.base]?.[0] ?? c.names.en?.[0] ?? c.code;
  }

  regionName(region: number, lang: LangInfo): string | undefined {
    const r = this.regions[region];
    if (!r) return undefined;
    return r.names[lang.base] ?? r.names.en;
  }

  regionCode(region: number): string | undefined {
    return this.regions[region]?.iso;
  }

  /** Countries and regions with a name or code equal to (or starting with) a folded key. */
  areasMatching(key: string, prefix: boolean): { countries: Set<number>; regions: Set<number> } {
    const countries = new Set<number>();
    const regions = new Set<number>();
    let lo = 0;
    let hi = this.areaKeys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.areaKeys[mid]?.[0] ?? '') < key) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.areaKeys.length; i++) {
      const [k, ref] = this.areaKeys[i] ?? ['', 0];
      if (prefix ? !k.startsWith(key) : k !== key) break;
      if (ref >= 0) countries.add(ref);
      else regions.add(-ref - 1);
    }
    return { countries, regions };
  }

  // ------------------------------------------------------------------ places

  /** Admin rank: capital 3, admin-1 seat 2, admin-2 seat 1, other 0. */
  rank(place: number): number {
    return (this.placeRank[place] ?? 0) & RANK_MASK;
  }

  /** A section of a city (GeoNames PPLX), e.g. "Zürich (Kreis 1)". */
  isSection(place: number): boolean {
    return ((this.placeRank[place] ?? 0) & RANK_SECTION) !== 0;
  }

  /**
   * The place's name in the visitor's language (see display-names.ts pickDisplayName). For
   * languages written in Latin script, `typed` (what the visitor typed for the place) selects
   * the spelling they used when it is one of the place's other names: "Mailand", "Londres".
   */
  placeName(place: number, lang: LangInfo, typed?: string): string {
    const r = this.nameRecord(place);
    // CLDR's zh is simplified Chinese: traditional forms come from the script rules.
    const local = this.localName(place, lang);
    if (typed && r.latin && scriptOfLang(lang.base) === 'Latin') {
      if (this.lastTyped.text !== typed) this.lastTyped = { text: typed, ...typedText(typed) };
      return pickTypedOrLocal(r.latin, this.lastTyped, local);
    }
    const langKey = lang.traditional ? `${lang.base}-t` : lang.base;
    let name = r.display.get(langKey);
    if (name === undefined) {
      const countryCode = this.countryCode(this.placeCountry[place] ?? 0);
      name = local ?? pickDisplayName({ name: r.name, nonLatin: r.nonLatin, countryCode }, lang);
      r.display.set(langKey, name);
    }
    return name;
  }

  /** The place's name tagged with the language at build time (build/local-names.ts), if any. */
  localName(place: number, lang: LangInfo): string | undefined {
    return lang.traditional ? undefined : this.nameRecord(place).local?.get(lang.base);
  }

  private nameRecord(place: number): NameRecord {
    const cached = this.nameRecords.get(place);
    if (cached) return cached;
    const start = this.placeNameOff[place] ?? 0;
    const end = this.placeNameOff[place + 1] ?? start;
    const [names = '', localised = ''] = this.placeNames.slice(start, end).split('\x1d');
    const [main = '', latin = ''] = names.split('\x1e');
    const [name = '', ...nonLatin] = main.split('\x1f');
    const r: NameRecord = {
      name,
      nonLatin,
      latin: latin ? new LatinNames(name, latin.split('\x1f')) : undefined,
      display: new Map(),
      local: localised ? parseLocalNames(localised) : undefined,
    };
    if (this.nameRecords.size >= NAME_RECORDS) {
      const oldest = this.nameRecords.keys().next();
      if (!oldest.done) this.nameRecords.delete(oldest.value);
    }
    this.nameRecords.set(place, r);
    return r;
  }

  // ------------------------------------------------------------------ search keys

  keyLength(i: number): number {
    return (this.keyOff[i + 1] ?? 0) - (this.keyOff[i] ?? 0);
  }

  key(i: number): string {
    return this.keys.slice(this.keyOff[i], this.keyOff[i + 1]);
  }

  /** Keys starting with `prefix` (a folded string): the half-open range [lo, hi). */
  keyPrefixRange(prefix: string): [number, number] {
    return prefixRange(this.keys, this.keyOff, this.keyCount, prefix);
  }

  /**
   * Like keyPrefixRange, within `order[from..to)`, a list of key indices in key order (e.g. one
   * country's keys): the half-open range of positions in `order`.
   */
  keyPrefixRangeIn(order: Uint32Array, from: number, to: number, prefix: string): [number, number] {
    const lo = lowerBoundIn(this.keys, this.keyOff, order, from, to, prefix);
    const hi = lowerBoundIn(this.keys, this.keyOff, order, lo, to, `${prefix}\uffff`);
    return [lo, hi];
  }

  postcodeKey(i: number): string {
    return this.postKeys.slice(this.postOff[i], this.postOff[i + 1]);
  }

  postcodeCity(i: number): string {
    return this.postCities.slice(this.postCityOff[i], this.postCityOff[i + 1]);
  }

  /** The country (ISO alpha-2, upper case) has offline postcodes. */
  hasPostcodes(code: string): boolean {
    if (!this.postcodeCountries) {
      this.postcodeCountries = new Set();
      for (const c of this.postCountry) this.postcodeCountries.add(this.countryCode(c));
    }
    return this.postcodeCountries.has(code.toUpperCase());
  }

  postcodePrefixRange(prefix: string): [number, number] {
    return prefixRange(this.postKeys, this.postOff, this.postcodeCount, prefix);
  }
}

/** Compares the key at `i` (in the concatenated `text`) with `q`, by UTF-16 code units. */
function compareAt(text: string, off: Uint32Array, i: number, q: string): number {
  const start = off[i] ?? 0;
  const len = (off[i + 1] ?? 0) - start;
  const n = Math.min(len, q.length);
  for (let j = 0; j < n; j++) {
    const d = text.charCodeAt(start + j) - q.charCodeAt(j);
    if (d !== 0) return d;
  }
  return len - q.length;
}

function lowerBound(text: string, off: Uint32Array, count: number, q: string): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareAt(text, off, mid, q) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function lowerBoundIn(
  text: string,
  off: Uint32Array,
  order: Uint32Array,
  from: number,
  to: number,
  q: string,
): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareAt(text, off, order[mid] ?? 0, q) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function prefixRange(
  text: string,
  off: Uint32Array,
  count: number,
  prefix: string,
): [number, number] {
  const lo = lowerBound(text, off, count, prefix);
  const hi = lowerBound(text, off, count, `${prefix}\uffff`);
  return [lo, hi];
}
