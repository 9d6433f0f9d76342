/**
 * The index's countries (iso3166-2-db and i18n-iso-countries, with names in 78 languages) and
 * regions (linked by GeoNames admin-1 code), and the folded names and codes of both, for
 * qualifiers ("Paris, TX") and bare names.
 */
import type { RegionRecord } from '../index-format.js';
import { foldText } from '../normalise.js';
import { CountryTable } from './country-table.js';
import { readCountryNames, readRegions, type SourceRegion } from './sources.js';

export interface Areas {
  countries: CountryTable;
  regions: RegionRecord[];
  /** `${countryCode}.${admin1}` → region index. */
  regionIndex: Map<string, number>;
  /** The source regions (the district and place readers link to them). */
  srcRegions: SourceRegion[];
}

export function readAreas(): Areas {
  const countryNames = readCountryNames();
  const { regions: srcRegions, countries: srcCountries } = readRegions();
  const countries = new CountryTable();
  for (const c of srcCountries) {
    const rec = countries.records[countries.ensure(c.code, c.alpha3)];
    if (!rec) continue;
    for (const [lang, name] of Object.entries(c.names)) {
      if (lang !== 'geonames') rec.names[lang === 'kr' ? 'ko' : lang] = [name];
    }
  }
  for (const [lang, byCode] of Object.entries(countryNames)) {
    for (const [code, names] of Object.entries(byCode)) {
      const rec = countries.records[countries.ensure(code)];
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
      country: countries.ensure(r.countryCode),
      admin: r.admin,
      ...(r.iso ? { iso: r.iso } : {}),
      names: r.names,
    });
  }
  if (regions.length >= 0xffff) throw new Error('too many regions for a u16 index');
  return { countries, regions, regionIndex, srcRegions };
}

/** Folded names and codes → country index i (as i) or region index i (as -i - 1), sorted. */
export function areaIndexOf({ countries, regions }: Areas): [string, number][] {
  const areaIndex: [string, number][] = [];
  countries.records.forEach((c, i) => {
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
  return areaIndex;
}
