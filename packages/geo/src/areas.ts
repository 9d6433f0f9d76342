/**
 * A bare country or region name ("France", "Bavaria") answered with its capital or
 * administrative seat, named after the area.
 */
import { formatAddress, placeResult } from './format.js';
import { NO_REGION, type Gazetteer } from './gazetteer.js';
import { foldText, type LangInfo } from './normalise.js';
import type { CountryMask, SearchMode } from './ranking.js';
import type { Place } from './types.js';

export class AreaSeats {
  /** Capital of each country, largest admin seat of each region (for bare names). */
  private readonly countryCapital = new Map<number, number>();
  private readonly regionSeat = new Map<number, number>();

  constructor(private readonly g: Gazetteer) {
    for (let p = 0; p < g.placeCount; p++) {
      const rank = g.rank(p);
      if (rank === 3) {
        const c = g.placeCountry[p] ?? 0;
        if (this.morePopulous(p, this.countryCapital.get(c))) this.countryCapital.set(c, p);
      }
      if (rank >= 2) {
        const r = g.placeRegion[p] ?? NO_REGION;
        const cur = this.regionSeat.get(r);
        const curRank = cur === undefined ? 0 : g.rank(cur);
        if (
          r !== NO_REGION &&
          (rank > curRank || (rank === curRank && this.morePopulous(p, cur)))
        ) {
          this.regionSeat.set(r, p);
        }
      }
    }
  }

  /** Place p is more populous than place `than` (or there is none). */
  private morePopulous(p: number, than: number | undefined): boolean {
    return than === undefined || (this.g.placePop[p] ?? 0) > (this.g.placePop[than] ?? 0);
  }

  /** A bare country or region name: its capital or administrative seat, named after the area. */
  search(
    q: string,
    mask: CountryMask | null,
    mode: SearchMode,
    limit: number,
    lang: LangInfo,
  ): Place[] {
    const key = foldText(q);
    if (!key || (mode === 'autocomplete' && key.length < 3)) return [];
    const { countries, regions } = this.g.areasMatching(key, mode === 'autocomplete');
    const out: Place[] = [];
    for (const c of [...countries].sort((a, b) => a - b)) {
      const seat = this.countryCapital.get(c);
      if (seat === undefined || (mask && !mask.has[c])) continue;
      const name = this.g.countryName(c, lang);
      out.push(this.areaResult(seat, name, undefined, name, lang));
    }
    for (const r of [...regions].sort((a, b) => a - b)) {
      const seat = this.regionSeat.get(r);
      const c = this.g.regions[r]?.country ?? 0;
      if (seat === undefined || (mask && !mask.has[c])) continue;
      const name = this.g.regionName(r, lang) ?? '';
      out.push(this.areaResult(seat, name, name, this.g.countryName(c, lang), lang));
    }
    return out.slice(0, limit);
  }

  private areaResult(
    seat: number,
    name: string,
    region: string | undefined,
    country: string,
    lang: LangInfo,
  ): Place {
    const base = placeResult(this.g, seat, lang);
    return {
      ...base,
      lines: [name, region ? country : ''],
      formattedAddress: formatAddress(lang, name, undefined, region ? country : undefined),
      ...(region ? { region } : {}),
    };
  }
}
