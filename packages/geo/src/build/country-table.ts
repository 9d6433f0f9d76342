/** The index's countries, numbered in the order the build first meets them. */
import type { CountryRecord } from '../index-format.js';

export class CountryTable {
  readonly records: CountryRecord[] = [];
  private readonly index = new Map<string, number>();

  /** The index of the country `code`, added (with `alpha3`) when it is new. */
  ensure(code: string, alpha3 = ''): number {
    let i = this.index.get(code);
    if (i === undefined) {
      i = this.records.length;
      this.records.push({ code, alpha3, names: {} });
      this.index.set(code, i);
    }
    return i;
  }
}
