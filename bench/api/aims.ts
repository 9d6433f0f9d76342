/**
 * What `bench:api` aims at, in one place: the report carries this object and judges every run
 * against it (the command exits 1 when an aim is missed).
 */
export const API_AIMS = {
  /**
   * Uncompressed searches a second over the ceiling's (a precomputed answer of the same size
   * through the same app), on each database: at least this at 200,000 stores...
   */
  searchToCeiling: 0.8,
  /** ...and at least this from 1,000,000 stores. */
  searchToCeilingAtMillion: 0.7,
  /** Browser-encoded device-position searches over uncompressed ones (every answer new). */
  geolocatedBrowserToUncompressed: 0.7,
  /** Search p99 with analytics events written over without (at most). */
  writesWhileSearchingP99Ratio: 1.5,
} as const;

/** The search-to-ceiling aim at `stores` stores. */
export function searchToCeilingAim(stores: number): number {
  return stores >= 1_000_000 ? API_AIMS.searchToCeilingAtMillion : API_AIMS.searchToCeiling;
}

/** One database's figures the aims judge. */
export interface Judged {
  searchToCeiling: number;
  geolocatedBrowserToUncompressed: number;
  writesWhileSearchingP99Ratio: number;
}

/** The aims `figures` miss, as sentences (none: every aim met). */
export function missedAims(database: string, figures: Judged, stores: number): string[] {
  const missed: string[] = [];
  const ceiling = searchToCeilingAim(stores);
  if (figures.searchToCeiling < ceiling) {
    missed.push(`${database}: search ${figures.searchToCeiling} of the ceiling (aim ≥ ${ceiling})`);
  }
  if (figures.geolocatedBrowserToUncompressed < API_AIMS.geolocatedBrowserToUncompressed) {
    missed.push(
      `${database}: browser-encoded device positions ${figures.geolocatedBrowserToUncompressed} of uncompressed (aim ≥ ${API_AIMS.geolocatedBrowserToUncompressed})`,
    );
  }
  if (figures.writesWhileSearchingP99Ratio > API_AIMS.writesWhileSearchingP99Ratio) {
    missed.push(
      `${database}: p99 with writes ${figures.writesWhileSearchingP99Ratio} of without (aim ≤ ${API_AIMS.writesWhileSearchingP99Ratio})`,
    );
  }
  return missed;
}
