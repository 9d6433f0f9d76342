/**
 * Autocomplete and forward geocoding over the gazetteer (ranking rules: see README.md).
 *
 * A query is, in this order: a coordinate ("48.85, 2.35"), a postcode (postcodes.ts), a place
 * with optional qualifiers ("Paris, TX", "London Ontario", "Manchester UK"; qualifiers.ts),
 * ranked by ranking.ts with typo matches as a fallback (typos.ts), or a bare region or country
 * name (answered with its capital or administrative seat; areas.ts). A street address the
 * gazetteer cannot place ("Marienplatz 1, München") is answered with the town it names, saying
 * so (notice `street-not-found`).
 */
import { AreaSeats } from './areas.js';
import { type Candidate, isExact } from './candidates.js';
import { parseCoordinates } from './coordinates.js';
import { placeResult, postcodeResult, round6 } from './format.js';
import type { Gazetteer } from './gazetteer.js';
import { isValidLatLon } from './geo-math.js';
import { langInfo, type LangInfo } from './normalise.js';
import { nearestPlace } from './reverse.js';
import { CountryLocator } from './shapes.js';
import { findPostcodes, postcodeCountries, postcodeKey } from './postcodes.js';
import { CITY_QUALIFIER, cityQualifier, qualifierFilter } from './qualifiers.js';
import { type CountryMask, PlaceRanker, type SearchMode, countryMask } from './ranking.js';
import { fuzzy, trustTypos } from './typos.js';
import type { LatLon, Place, PlaceAnswer, PlaceNotice } from './types.js';

export type { SearchMode } from './ranking.js';

export interface SearchOptions {
  countries?: string[];
  lang: string;
  limit?: number;
  near?: LatLon;
}

export const DEFAULT_LIMIT: Record<SearchMode, number> = { autocomplete: 8, geocode: 5 };
const MAX_LIMIT = 50;
const MAX_QUERY_LENGTH = 200;
/** Border precision of the 1:10m country polygons (quantised to ~400 m, then simplified). */
const SHAPE_PRECISION_M = 1500;

/** The area of a postcode that is a city's arrondissement ("Paris 8e Arrondissement"). */
const ARRONDISSEMENT = /^(Paris|Lyon|Marseille) (\d{1,2})(?:e|er) Arrondissement\b/;

/** Separators between the parts of an address ("Marienplatz 1, 80331 München"). */
const PARTS = /[,，、،]/;

/**
 * The town a street address names, for the gazetteer that has towns but no streets: its parts
 * after the street (the first part with a house number), without postcodes or numbers
 * ("Marienplatz 1, 80331 München" → "München", "350 5th Ave, New York, NY" → "New York, NY");
 * undefined when the query is no street address.
 */
export function townOfStreetAddress(q: string): string | undefined {
  const parts = q
    .split(PARTS)
    .map((s) => s.trim())
    .filter(Boolean);
  const street = parts.findIndex((p) => /\d/.test(p) && /\p{L}/u.test(p));
  if (parts.length < 2 || street < 0) return undefined;
  const rest = parts
    .filter((_, i) => i !== street)
    .map((p) =>
      p
        .split(/\s+/)
        .filter((w) => !/\d/.test(w))
        .join(' '),
    )
    .filter((p) => p !== '');
  return rest.length > 0 ? rest.join(', ') : undefined;
}

export class Searcher {
  private readonly countries: CountryLocator;
  private readonly ranker: PlaceRanker;
  private readonly areas: AreaSeats;

  constructor(private readonly g: Gazetteer) {
    this.countries = new CountryLocator(g);
    this.ranker = new PlaceRanker(g);
    this.areas = new AreaSeats(g);
  }

  autocomplete(q: string, o: SearchOptions): Place[] {
    return this.answer(q, o, 'autocomplete').places;
  }

  geocode(q: string, o: SearchOptions): Place[] {
    return this.answer(q, o, 'geocode').places;
  }

  /**
   * Reverse geocoding (also used to describe coordinate queries). The country comes from the
   * land polygons when the point is on land, so a point near a border gets the right country
   * even when the nearest town is across it; the place is then the best one in that country.
   */
  reverse(lat: number, lon: number, lang: LangInfo): Place | null {
    if (!isValidLatLon(lat, lon)) return null;
    const country = this.countries.countryAt(lat, lon);
    let hit = nearestPlace(this.g, lat, lon);
    // The polygons are good to about a kilometre: a place closer than that is trusted instead.
    const trustPlace = hit !== null && hit.distanceMetres <= SHAPE_PRECISION_M;
    if (country !== undefined && !trustPlace && this.g.placeCountry[hit?.place ?? -1] !== country) {
      hit = nearestPlace(this.g, lat, lon, 200, country);
      if (!hit) return this.countryOnly(country, lat, lon, lang);
    }
    return hit ? placeResult(this.g, hit.place, lang) : null;
  }

  /** A point in a country with no gazetteer place within reach (deserts, ice). */
  private countryOnly(country: number, lat: number, lon: number, lang: LangInfo): Place {
    const name = this.g.countryName(country, lang);
    return {
      lines: [name, ''],
      formattedAddress: name,
      latitude: round6(lat),
      longitude: round6(lon),
      countryCode: this.g.countryCode(country),
      kind: 'place',
    };
  }

  /**
   * The results with a notice (postcodes; a street answered with its town) or a "did you mean"
   * suggestion (PlaceAnswer).
   */
  answer(rawQuery: string, o: SearchOptions, mode: SearchMode): PlaceAnswer {
    const q = rawQuery.normalize('NFC').slice(0, MAX_QUERY_LENGTH).trim();
    const asked = o.limit !== undefined && Number.isFinite(o.limit) ? o.limit : DEFAULT_LIMIT[mode];
    const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(asked)));
    const near = o.near && isValidLatLon(o.near.lat, o.near.lon) ? o.near : undefined;
    const lang = langInfo(o.lang);
    const mask = countryMask(this.g, o.countries);
    if (!q) return { places: [] };

    const coordinate = parseCoordinates(q);
    if (coordinate) return { places: [this.coordinateResult(coordinate, lang)] };

    const postcodes = this.searchPostcodes(q, mask, mode, limit, lang);
    if (postcodes) return postcodes;

    const { found: places, suggestion } = this.searchPlaces(q, mask, mode, limit, near);
    const exactAreas = this.areas.search(q, mask, 'geocode', limit, lang);
    if (places.length === 0 && exactAreas.length === 0) {
      const town = townOfStreetAddress(q);
      const fallback = town === undefined ? undefined : this.answer(town, o, mode);
      const [shown] = fallback?.places ?? [];
      if (fallback && shown) {
        const notice: PlaceNotice = {
          code: 'street-not-found',
          countries: [shown.countryCode],
          town: shown.lines[0],
        };
        return { places: fallback.places, notice };
      }
    }
    if (places.length === 0 && exactAreas.length === 0 && suggestion) {
      const [meant] = this.toResults([suggestion], 1, lang);
      return { places: [], ...(meant ? { suggestion: meant } : {}) };
    }
    if (mode === 'geocode') {
      // A place named exactly so wins; then a region or country of that name; then prefixes.
      if (places.some(isExact) || exactAreas.length === 0)
        return { places: this.toResults(places, limit, lang) };
      return { places: exactAreas };
    }
    const placeResults = this.toResults(places, limit + exactAreas.length, lang);
    const ordered = places.some(isExact)
      ? [...placeResults, ...exactAreas]
      : [...exactAreas, ...placeResults];
    if (ordered.length < limit)
      ordered.push(...this.areas.search(q, mask, 'autocomplete', limit, lang));
    // One suggestion per pair of lines (a city and its region often share a name).
    const results: Place[] = [];
    const seen = new Set<string>();
    for (const r of ordered) {
      const id = r.lines.join('|');
      if (!seen.has(id)) results.push(r);
      seen.add(id);
    }
    return { places: results.slice(0, limit) };
  }

  private coordinateResult(c: LatLon, lang: LangInfo): Place {
    const text = `${c.lat.toFixed(5)}, ${c.lon.toFixed(5)}`;
    const near = this.reverse(c.lat, c.lon, lang);
    return {
      lines: [text, near?.formattedAddress ?? ''],
      formattedAddress: text,
      latitude: round6(c.lat),
      longitude: round6(c.lon),
      countryCode: near?.countryCode ?? '',
      ...(near?.region ? { region: near.region } : {}),
      kind: 'coordinate',
    };
  }

  /**
   * A postcode-shaped query: the codes found, else (when an allowed country writes codes so) a
   * notice instead of a fuzzy place; null when the query is not a postcode of any allowed country.
   */
  private searchPostcodes(
    q: string,
    mask: CountryMask | null,
    mode: SearchMode,
    limit: number,
    lang: LangInfo,
  ): PlaceAnswer | null {
    const key = postcodeKey(q);
    if (!key) return null;
    const allowed = (c: number): boolean => !mask || !!mask.has[c];
    const found = findPostcodes(this.g, key, allowed, mode, limit, mask !== null);
    if (found.length > 0) {
      return {
        places: found.map((i) => this.atDistrict(postcodeResult(this.g, i, lang), mask, lang)),
      };
    }
    const countries = postcodeCountries(q).filter((c) => {
      const i = this.g.countryIndex(c);
      return i !== undefined && allowed(i);
    });
    if (countries.length === 0) return null;
    const notOffline = countries.filter((c) => !this.g.hasPostcodes(c));
    return {
      places: [],
      notice:
        notOffline.length > 0
          ? { code: 'postcode-not-offline', countries: notOffline }
          : { code: 'postcode-unknown', countries },
    };
  }

  /**
   * Place search with qualifiers after commas, else trailing words tried as qualifiers; a typo
   * match only when it is probably meant (trustTypos), else offered as a suggestion.
   */
  private searchPlaces(
    q: string,
    mask: CountryMask | null,
    mode: SearchMode,
    limit: number,
    near: LatLon | undefined,
  ): { found: Candidate[]; suggestion?: Candidate } {
    const parts = q
      .split(/[,，、،]/)
      .map((s) => s.trim())
      .filter(Boolean);
    const [head = '', ...qualifiers] = parts;
    if (qualifiers.length > 0) {
      // "Bandra, Mumbai", "Miraflores, Lima": a qualifier naming a big city means near it.
      const city =
        qualifiers.length === 1
          ? cityQualifier(this.ranker, this.g, qualifiers[0] ?? '', mask)
          : null;
      if (city) {
        const found = this.ranker.rank(head, mask, city.near, mode, limit, near);
        if (found.length > 0) return { found };
      }
      const filter = qualifierFilter(this.g, qualifiers, mode);
      if (!filter) return { found: [] };
      // Far from the city named, only a sizeable town of that region is probably meant.
      const sized = city
        ? (p: number) => filter(p) && (this.g.placePop[p] ?? 0) >= CITY_QUALIFIER.minTown
        : filter;
      const found = this.ranker.rank(head, mask, sized, mode, limit, near);
      if (found.length > 0) return { found };
      return trustTypos(
        head,
        fuzzy(this.ranker, this.g, head, mask, sized, mode, limit, near),
        this.g,
      );
    }
    const whole = this.ranker.rank(head, mask, null, mode, limit, near);
    if (mode === 'autocomplete' ? whole.length > 0 : whole.some(isExact)) return { found: whole };
    // "Paris Texas", "London Ontario", "Manchester UK": trailing words as a qualifier.
    const words = head.split(/\s+/);
    for (let cut = words.length - 1; cut >= 1; cut--) {
      const filter = qualifierFilter(this.g, [words.slice(cut).join(' ')], mode);
      if (!filter) continue;
      const found = this.ranker.rank(
        words.slice(0, cut).join(' '),
        mask,
        filter,
        mode,
        limit,
        near,
      );
      if (found.length > 0) return { found };
    }
    if (whole.length > 0) return { found: whole };
    return trustTypos(
      head,
      fuzzy(this.ranker, this.g, head, mask, null, mode, limit, near),
      this.g,
    );
  }

  /**
   * A postcode of a city's arrondissement (Paris, Lyon, Marseille: "75008" is "Paris 8e
   * Arrondissement") placed at the gazetteer's district of that number ("Paris 08 Élysée"), not
   * at the city's centre where the postcode data puts them all.
   */
  private atDistrict(place: Place, mask: CountryMask | null, lang: LangInfo): Place {
    const m = ARRONDISSEMENT.exec(place.lines[1]);
    if (!m) return place;
    const district = `${m[1]} ${m[2]!.padStart(2, '0')}`;
    const [hit] = this.ranker
      .rank(district, mask, null, 'geocode', 3, undefined)
      .map((c) => placeResult(this.g, c.place, lang))
      .filter((p) => p.countryCode === place.countryCode && p.lines[0].startsWith(district));
    return hit ? { ...place, latitude: hit.latitude, longitude: hit.longitude } : place;
  }

  private toResults(candidates: Candidate[], limit: number, lang: LangInfo): Place[] {
    const out: Place[] = [];
    const seen = new Set<string>();
    for (const c of candidates) {
      const place = placeResult(this.g, c.place, lang, c.typed);
      // GeoNames sometimes holds a city twice (e.g. as city and as its central district).
      const id = `${place.lines[0]}|${place.lines[1]}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(place);
      if (out.length >= limit) break;
    }
    return out;
  }
}
