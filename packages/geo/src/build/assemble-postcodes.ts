/**
 * The index's postcodes, keyed by the folded code without spaces or hyphens; a code shared by
 * several places lists the most populous first.
 */
import { NO_REGION } from '../index-format.js';
import { foldText } from '../normalise.js';
import type { Areas } from './assemble-areas.js';
import type { PlaceDraft } from './assemble-places.js';
import { resolvePostcodes, type PlaceRef } from './postcode-places.js';
import { readMorePostcodes } from './postcode-sources.js';
import { readPostcodes } from './sources.js';
import { checkedText } from './text-section.js';

/** The postcode sections of the index, and how many codes they hold. */
export function postcodeSections({ countries, regions, regionIndex }: Areas, drafts: PlaceDraft[]) {
  const regionByName = new Map<string, number>();
  const regionByIso = new Map<string, number>();
  regions.forEach((r, i) => {
    const code = countries.records[r.country]?.code;
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
    postCountry[i] = countries.ensure(p.countryCode);
    postRegion[i] =
      regionByIso.get(`${p.countryCode}.${p.regionIso}`) ??
      regionIndex.get(`${p.countryCode}.${p.state}`) ??
      regionByName.get(`${p.countryCode}.${foldText(p.state ?? '')}`) ??
      NO_REGION;
  });
  postOff[m] = postKeyLen;
  postCityOff[m] = postCityLen;
  return {
    postcodes: m,
    sections: {
      postOff,
      postKeys: checkedText(postKeys.join(''), postKeyLen),
      postCityOff,
      postCities: checkedText(postCities.join(''), postCityLen),
      postLat,
      postLon,
      postCountry,
      postRegion,
    },
  };
}
