/**
 * Builds the gazetteer index (index-format.ts) from the npm source packages (sources.ts).
 *
 * The build is skipped when the existing file was made from the same inputs: the inputs hash
 * covers the format version, the source package versions and this builder's own source files.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GRID, cellOf } from '../grid.js';
import {
  FORMAT_VERSION,
  INDEX_FILE_NAME,
  KEY_CODE,
  KEY_MAIN,
  NO_REGION,
  RANK_SECTION,
  encodeIndex,
  readIndexHeader,
  type CountryRecord,
  type IndexHeader,
  type RegionRecord,
} from '../index-format.js';
import { foldText, isNonLatin, orderForDisplay } from '../normalise.js';
import {
  readCities,
  readCountryNames,
  readCountryShapes,
  readPostcodes,
  readRegions,
  sourceVersions,
  type CityRecord,
} from './sources.js';
import { resolvePostcodes, type PlaceRef } from './postcode-places.js';
import { readMorePostcodes } from './postcode-sources.js';
import { newUrbanDistricts, readDistricts } from './district-sources.js';
import { mergeMorePlaces, readMorePlaces } from './more-places.js';

/** Where the index lives by default: packages/geo/dist/gazetteer.v1.bin. */
export const DEFAULT_INDEX_PATH = fileURLToPath(
  new URL(`../../dist/${INDEX_FILE_NAME}`, import.meta.url),
);

/** Source files whose content is part of the inputs hash (relative to src/). */
const BUILDER_SOURCES = [
  'build/build-index.ts',
  'build/sources.ts',
  'build/postcode-sources.ts',
  'build/postcode-places.ts',
  'build/district-sources.ts',
  'build/more-places.ts',
  'build/place-packages.ts',
  'build/kana.ts',
  'index-format.ts',
  'normalise.ts',
  'grid.ts',
];

/** Feature codes left out: historical, abandoned or destroyed places. */
const EXCLUDED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
const FEATURE_RANK: Record<string, number> = { PPLC: 3, PPLA: 2, PPLG: 2, PPLA2: 1 };
const MAX_NAME_LENGTH = 80;

export function computeInputsHash(): string {
  const h = createHash('sha256');
  h.update(`format:${FORMAT_VERSION}\n`);
  for (const [name, version] of Object.entries(sourceVersions()).sort()) {
    h.update(`${name}@${version}\n`);
  }
  const srcDir = fileURLToPath(new URL('../', import.meta.url));
  for (const rel of BUILDER_SOURCES) h.update(readFileSync(join(srcDir, rel)));
  return h.digest('hex').slice(0, 32);
}

export interface BuildResult {
  path: string;
  skipped: boolean;
  inputsHash: string;
  ms: number;
  bytes?: number;
  counts?: IndexHeader['counts'];
}

/** Builds the index at `path` unless an up-to-date one is already there (or `force`). */
export async function buildIndex(
  opts: { path?: string; force?: boolean; log?: (msg: string) => void } = {},
): Promise<BuildResult> {
  const started = performance.now();
  const path = opts.path ?? DEFAULT_INDEX_PATH;
  const log = opts.log ?? (() => {});
  const inputsHash = computeInputsHash();
  const skipped = (): BuildResult => ({
    path,
    skipped: true,
    inputsHash,
    ms: performance.now() - started,
  });
  if (!opts.force && (await isUpToDate(path, inputsHash))) return skipped();
  mkdirSync(dirname(path), { recursive: true });
  // Several processes (test workers, a server and a build script) may race: one builds.
  const release = await acquireLock(`${path}.lock`);
  try {
    if (!opts.force && (await isUpToDate(path, inputsHash))) return skipped();
    const { header, sections } = assemble(inputsHash, log);
    const buf = encodeIndex(header, sections);
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, buf);
    renameSync(tmp, path);
    const ms = performance.now() - started;
    log(
      `gazetteer: wrote ${path} (${(buf.byteLength / 1e6).toFixed(1)} MB) in ${ms.toFixed(0)} ms`,
    );
    return { path, skipped: false, inputsHash, ms, bytes: buf.byteLength, counts: header.counts };
  } finally {
    release();
  }
}

async function isUpToDate(path: string, inputsHash: string): Promise<boolean> {
  if (!existsSync(path)) return false;
  try {
    return (await readIndexHeader(path)).inputsHash === inputsHash;
  } catch {
    return false; // unreadable or another format version: rebuild
  }
}

const LOCK_STALE_MS = 180_000;

/** A lock directory (mkdir is atomic); a lock older than LOCK_STALE_MS is taken over. */
async function acquireLock(lockDir: string): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(lockDir);
      return () => rmSync(lockDir, { recursive: true, force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      try {
        if (Date.now() - statSync(lockDir).mtimeMs > LOCK_STALE_MS) {
          rmSync(lockDir, { recursive: true, force: true });
          continue;
        }
      } catch {
        continue; // released meanwhile
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

interface PlaceDraft {
  city: CityRecord;
  country: number;
  region: number;
  rank: number;
  cell: number;
  display: string;
  keys: Map<string, number>;
}

function assemble(inputsHash: string, log: (msg: string) => void) {
  // Countries: union of iso3166-2-db and i18n-iso-countries, with names in 78 languages.
  const countryNames = readCountryNames();
  const { regions: srcRegions, countries: srcCountries } = readRegions();
  const countries: CountryRecord[] = [];
  const countryIndex = new Map<string, number>();
  const ensureCountry = (code: string, alpha3 = ''): number => {
    let i = countryIndex.get(code);
    if (i === undefined) {
      i = countries.length;
      countries.push({ code, alpha3, names: {} });
      countryIndex.set(code, i);
    }
    return i;
  };
  for (const c of srcCountries) {
    const rec = countries[ensureCountry(c.code, c.alpha3)];
    if (!rec) continue;
    for (const [lang, name] of Object.entries(c.names)) {
      if (lang !== 'geonames') rec.names[lang === 'kr' ? 'ko' : lang] = [name];
    }
  }
  for (const [lang, byCode] of Object.entries(countryNames)) {
    for (const [code, names] of Object.entries(byCode)) {
      const rec = countries[ensureCountry(code)];
      if (rec) rec.names[lang] = names; // i18n-iso-countries wins over iso3166-2-db
    }
  }

  // Regions, linked by GeoNames admin-1 code.
  const regions: RegionRecord[] = [];
  const regionIndex = new Map<string, number>();
  for (const r of srcRegions) {
    const key = `${r.countryCode}.${r.admin}`;
    if (regionIndex.has(key)) continue;
    regionIndex.set(key, regions.length);
    regions.push({
      country: ensureCountry(r.countryCode),
      admin: r.admin,
      ...(r.iso ? { iso: r.iso } : {}),
      names: r.names,
    });
  }
  if (regions.length >= 0xffff) throw new Error('too many regions for a u16 index');

  // Places.
  const drafts: PlaceDraft[] = [];
  const cities = [...readCities()];
  const districts = newUrbanDistricts(readDistricts(srcRegions), cities);
  districts.push(...mergeMorePlaces(readMorePlaces(srcRegions), [...cities, ...districts]));
  log(`gazetteer: ${districts.length} districts added`);
  for (const city of [...cities, ...districts]) {
    if (EXCLUDED_FEATURES.has(city.featureCode)) continue;
    if (!Number.isFinite(city.lat) || !Number.isFinite(city.lon)) continue;
    const country = ensureCountry(city.countryCode);
    const region = regionIndex.get(`${city.countryCode}.${city.admin1}`) ?? NO_REGION;
    const keys = new Map<string, number>();
    const latinKeys = new Set<string>();
    const nonLatin: string[] = [];
    const latinAlternates: string[] = [];
    const mainKey = foldText(city.name);
    const addName = (name: string, flags: number): void => {
      if (!name || name.length > MAX_NAME_LENGTH) return;
      const key = foldText(name);
      if (!key) return;
      keys.set(key, (keys.get(key) ?? 0) | flags);
      if (isNonLatin(name)) {
        if (!nonLatin.includes(name)) nonLatin.push(name);
      } else {
        latinKeys.add(key.replace(/ /g, ''));
        // Other Latin names (Mailand, Londres, München) are shown when the visitor typed them.
        if (key !== mainKey && !(flags & KEY_CODE) && !latinAlternates.includes(name)) {
          latinAlternates.push(name);
        }
      }
    };
    addName(city.name, KEY_MAIN);
    addName(city.asciiName, KEY_MAIN);
    for (const alt of city.alternateNames) {
      addName(alt, /^[A-Z]{2,4}$/.test(alt) ? KEY_CODE : 0);
    }
    // "name \x1f non-Latin names… \x1e other Latin names…" (see Gazetteer.placeName).
    const display =
      [city.name, ...orderForDisplay(nonLatin, latinKeys)].join('\x1f') +
      (latinAlternates.length > 0 ? `\x1e${latinAlternates.join('\x1f')}` : '');
    drafts.push({
      city,
      country,
      region,
      rank:
        (FEATURE_RANK[city.featureCode] ?? 0) | (city.featureCode === 'PPLX' ? RANK_SECTION : 0),
      cell: cellOf(GRID, city.lat, city.lon),
      display,
      keys,
    });
  }
  log(`gazetteer: ${drafts.length} places read`);

  // Order places by grid cell (then by population, largest first) for reverse geocoding.
  drafts.sort((a, b) => a.cell - b.cell || b.city.population - a.city.population);
  const n = drafts.length;
  const placeLat = new Float32Array(n);
  const placeLon = new Float32Array(n);
  const placePop = new Uint32Array(n);
  const placeCountry = new Uint16Array(n);
  const placeRegion = new Uint16Array(n);
  const placeRank = new Uint8Array(n);
  const placeNameOff = new Uint32Array(n + 1);
  const cellStart = new Uint32Array(GRID.cols * GRID.rows + 1);
  const displayParts: string[] = [];
  let textLen = 0;
  const allKeys: { key: string; place: number; flags: number }[] = [];
  drafts.forEach((d, i) => {
    placeLat[i] = d.city.lat;
    placeLon[i] = d.city.lon;
    placePop[i] = Math.min(d.city.population, 0xffffffff);
    placeCountry[i] = d.country;
    placeRegion[i] = d.region;
    placeRank[i] = d.rank;
    placeNameOff[i] = textLen;
    displayParts.push(d.display);
    textLen += d.display.length;
    for (const [key, flags] of d.keys) allKeys.push({ key, place: i, flags });
  });
  placeNameOff[n] = textLen;
  // cellStart[c] = first place in cell c; places of cell c are [cellStart[c], cellStart[c+1]).
  {
    let p = 0;
    for (let c = 0; c <= GRID.cols * GRID.rows; c++) {
      while (p < n && (drafts[p]?.cell ?? Infinity) < c) p++;
      cellStart[c] = p;
    }
  }

  // Search keys, sorted by JS string order (UTF-16 code units), as the search compares them.
  allKeys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.place - b.place));
  const k = allKeys.length;
  const keyOff = new Uint32Array(k + 1);
  const keyPlace = new Uint32Array(k);
  const keyFlags = new Uint8Array(k);
  const keyParts: string[] = [];
  let keyLen = 0;
  allKeys.forEach((e, i) => {
    keyOff[i] = keyLen;
    keyPlace[i] = e.place;
    keyFlags[i] = e.flags;
    keyParts.push(e.key);
    keyLen += e.key.length;
  });
  keyOff[k] = keyLen;
  log(`gazetteer: ${k} search keys`);

  // Postcodes, keyed by the folded code without spaces or hyphens; a code shared by several
  // places lists the most populous first.
  const regionByName = new Map<string, number>();
  const regionByIso = new Map<string, number>();
  regions.forEach((r, i) => {
    const code = countries[r.country]?.code;
    for (const name of Object.values(r.names)) regionByName.set(`${code}.${foldText(name)}`, i);
    if (r.iso) regionByIso.set(`${code}.${r.iso.replace(/^[A-Z]+-/, '')}`, i);
  });
  const placeRefs: PlaceRef[] = drafts.map((d) => ({
    name: d.city.name,
    lat: d.city.lat,
    lon: d.city.lon,
    population: d.city.population,
    countryCode: d.city.countryCode,
    admin1: d.city.admin1,
    admin2: d.city.admin2,
    iso: (regions[d.region]?.iso ?? '').replace(/^[A-Z]+-/, ''),
    keys: [...d.keys.keys()],
  }));
  const postcodes = [
    ...readPostcodes().map((p) => ({ ...p, weight: 0, regionIso: undefined })),
    ...resolvePostcodes(readMorePostcodes(), placeRefs),
  ]
    .map((p) => ({ ...p, key: foldText(p.code).replace(/[ -]/g, '') }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : b.weight - a.weight));
  const m = postcodes.length;
  const postOff = new Uint32Array(m + 1);
  const postCityOff = new Uint32Array(m + 1);
  const postLat = new Float32Array(m);
  const postLon = new Float32Array(m);
  const postCountry = new Uint16Array(m);
  const postRegion = new Uint16Array(m);
  const postKeys: string[] = [];
  const postCities: string[] = [];
  let postKeyLen = 0;
  let postCityLen = 0;
  postcodes.forEach((p, i) => {
    postOff[i] = postKeyLen;
    postCityOff[i] = postCityLen;
    postKeys.push(p.key);
    postCities.push(p.city);
    postKeyLen += p.key.length;
    postCityLen += p.city.length;
    postLat[i] = p.lat;
    postLon[i] = p.lon;
    postCountry[i] = ensureCountry(p.countryCode);
    postRegion[i] =
      regionByIso.get(`${p.countryCode}.${p.regionIso}`) ??
      regionIndex.get(`${p.countryCode}.${p.state}`) ??
      regionByName.get(`${p.countryCode}.${foldText(p.state ?? '')}`) ??
      NO_REGION;
  });
  postOff[m] = postKeyLen;
  postCityOff[m] = postCityLen;

  // Country land polygons (for the country of a coordinate): rings of lon/lat pairs.
  const shapes = readCountryShapes();
  const coords: number[] = [];
  const ringOff: number[] = [0];
  const polyRingOff: number[] = [0];
  const polyCountry: number[] = [];
  const polyBox: number[] = [];
  for (const shape of shapes) {
    const country = ensureCountry(shape.countryCode);
    for (const polygon of shape.polygons) {
      let minLon = Infinity;
      let minLat = Infinity;
      let maxLon = -Infinity;
      let maxLat = -Infinity;
      for (const r of polygon) {
        for (let i = 0; i < r.length; i += 2) {
          const lon = r[i] ?? 0;
          const lat = r[i + 1] ?? 0;
          coords.push(lon, lat);
          minLon = Math.min(minLon, lon);
          maxLon = Math.max(maxLon, lon);
          minLat = Math.min(minLat, lat);
          maxLat = Math.max(maxLat, lat);
        }
        ringOff.push(coords.length / 2);
      }
      polyRingOff.push(ringOff.length - 1);
      polyCountry.push(country);
      polyBox.push(minLon, minLat, maxLon, maxLat);
    }
  }
  log(`gazetteer: ${polyCountry.length} country polygons, ${coords.length / 2} points`);
  const bands = bandEdges(coords, ringOff, polyRingOff, SHAPE_BAND_DEG);

  // Country and region names and codes, folded, for qualifiers ("Paris, TX") and bare names.
  const areaIndex: [string, number][] = [];
  countries.forEach((c, i) => {
    const keys = new Set([c.code.toLowerCase(), c.alpha3.toLowerCase()]);
    if (c.code === 'GB') keys.add('uk');
    for (const names of Object.values(c.names)) for (const name of names) keys.add(foldText(name));
    for (const k of keys) if (k) areaIndex.push([k, i]);
  });
  regions.forEach((r, i) => {
    const keys = new Set([foldText(r.admin), foldText(r.iso ?? '')]);
    for (const name of Object.values(r.names)) keys.add(foldText(name));
    for (const k of keys) if (k) areaIndex.push([k, -i - 1]);
  });
  areaIndex.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));

  const header = {
    formatVersion: FORMAT_VERSION,
    inputsHash,
    builtAt: new Date().toISOString(),
    sources: sourceVersions(),
    counts: { places: n, keys: k, postcodes: m, polygons: polyCountry.length },
    grid: GRID,
    countries,
    regions,
    areaIndex,
    shapeBandDeg: SHAPE_BAND_DEG,
  };
  const sections = {
    placeLat,
    placeLon,
    placePop,
    placeCountry,
    placeRegion,
    placeRank,
    placeNameOff,
    placeNames: checkedText(displayParts.join(''), textLen),
    cellStart,
    keyOff,
    keyPlace,
    keyFlags,
    keys: checkedText(keyParts.join(''), keyLen),
    postOff,
    postKeys: checkedText(postKeys.join(''), postKeyLen),
    postCityOff,
    postCities: checkedText(postCities.join(''), postCityLen),
    postLat,
    postLon,
    postCountry,
    postRegion,
    shapeCoords: new Float32Array(coords),
    shapeRingOff: new Uint32Array(ringOff),
    shapePolyRingOff: new Uint32Array(polyRingOff),
    shapePolyCountry: new Uint16Array(polyCountry),
    shapePolyBox: new Float32Array(polyBox),
    shapeBandKey: bands.keys,
    shapeBandOff: bands.offsets,
    shapeBandEdges: bands.edges,
  };
  return { header, sections };
}

const SHAPE_BAND_DEG = 0.25;

/**
 * Ray casting only needs the edges spanning the point's latitude: each polygon's edges are
 * listed per latitude band. keys: sorted polygon × bandCount + band; edges: start and end
 * point of each edge, interleaved; offsets: where each key's edges begin (in pairs).
 */
function bandEdges(
  coords: number[],
  ringOff: number[],
  polyRingOff: number[],
  bandDeg: number,
): { keys: Uint32Array; offsets: Uint32Array; edges: Uint32Array } {
  const bandCount = Math.ceil(180 / bandDeg);
  const bandOf = (lat: number): number =>
    Math.min(bandCount - 1, Math.max(0, Math.floor((lat + 90) / bandDeg)));
  const lists = new Map<number, number[]>();
  for (let p = 0; p + 1 < polyRingOff.length; p++) {
    for (let r = polyRingOff[p] ?? 0; r < (polyRingOff[p + 1] ?? 0); r++) {
      const start = ringOff[r] ?? 0;
      const end = ringOff[r + 1] ?? 0;
      for (let i = start, j = end - 1; i < end; j = i++) {
        const yi = coords[2 * i + 1] ?? 0;
        const yj = coords[2 * j + 1] ?? 0;
        for (let b = bandOf(Math.min(yi, yj)); b <= bandOf(Math.max(yi, yj)); b++) {
          const key = p * bandCount + b;
          let list = lists.get(key);
          if (!list) lists.set(key, (list = []));
          list.push(i, j);
        }
      }
    }
  }
  const keys = Uint32Array.from([...lists.keys()].sort((a, b) => a - b));
  const offsets = new Uint32Array(keys.length + 1);
  const edges: number[] = [];
  keys.forEach((key, n) => {
    offsets[n] = edges.length / 2;
    for (const v of lists.get(key) ?? []) edges.push(v);
  });
  offsets[keys.length] = edges.length / 2;
  return { keys, offsets, edges: Uint32Array.from(edges) };
}

const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Offsets are in UTF-16 units of the decoded text: the text must survive a UTF-8 round trip. */
function checkedText(text: string, expectedLength: number): string {
  if (text.length !== expectedLength || LONE_SURROGATE_RE.test(text)) {
    throw new Error('text section is not well-formed UTF-16');
  }
  return text;
}
