/** The demand roll-ups' columns and queries (./demand-rollups.ts). */

export const ROLLUP_OUTCOMES = ['found', 'beyond', 'none', 'unknown'] as const;
export type RollupOutcome = (typeof ROLLUP_OUTCOMES)[number] | '';

/**
 * The key columns of demand_hourly, in the order of its primary key: every query is of one type
 * and a range of hours, read from the key alone.
 */
export const HOURLY_KEYS = [
  'type',
  'hour',
  'country',
  'channel',
  'product',
  'link',
  'embed_origin',
  'outcome',
] as const;
/** The key columns of demand_places_hourly, in the order of its primary key. */
export const PLACES_KEYS = [
  'type',
  'hour',
  'country',
  'channel',
  'product',
  'latitude',
  'longitude',
  'outcome',
] as const;

export type HourlyColumn = (typeof HOURLY_KEYS)[number];
export type PlacesColumn = (typeof PLACES_KEYS)[number];

/** A filter and grouping over one roll-up table. */
export interface RollupQuery<C extends string> {
  /** First hour (epoch hours, inclusive). */
  fromHour: number;
  /** Last hour, exclusive. */
  toHour: number;
  /** Equality filters on key columns (text columns only). */
  where?: Partial<Record<Exclude<C, 'hour' | 'latitude' | 'longitude'>, string>>;
  /** Group by these columns (none: one row with the total). */
  by: readonly C[];
}

export interface RollupGroup<C extends string> {
  key: Partial<Record<C, string | number>>;
  count: number;
}

/** Reads of the roll-ups (both dialects). */
export interface DemandRollups {
  hourly(q: RollupQuery<HourlyColumn>): Promise<RollupGroup<HourlyColumn>[]>;
  places(q: RollupQuery<PlacesColumn>): Promise<RollupGroup<PlacesColumn>[]>;
}
