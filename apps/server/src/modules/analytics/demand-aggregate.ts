/**
 * The one aggregation path of the demand figures: the report (report.ts, `npm run
 * analytics:report`) and the console's demand dashboard (demand.ts) both count through these
 * functions, over the hourly roll-ups (modules/analytics/demand-rollups.ts), so they agree to the unit on the
 * same period. A period is a range of whole UTC hours.
 */
import type { StoredEventType } from '@locator/core';
import {
  HOUR_MS,
  isUnmet,
  type DemandRollups,
  type HourlyColumn,
  type PlacesColumn,
  type RollupGroup,
} from './demand-rollups.js';

/** A period (whole UTC hours) and the dashboard's filters. */
export interface DemandScope {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  country?: string | undefined;
  channel?: string | undefined;
  product?: string | undefined;
}

/** The scope's hours; a period that does not start and end on a whole hour is refused. */
export function scopeHours(s: DemandScope): { fromHour: number; toHour: number } {
  const fromHour = s.from.getTime() / HOUR_MS;
  const toHour = s.to.getTime() / HOUR_MS;
  if (!Number.isInteger(fromHour) || !Number.isInteger(toHour)) {
    throw new RangeError('a demand period starts and ends on a whole UTC hour');
  }
  return { fromHour, toHour };
}

type Filterable = 'type' | 'country' | 'channel' | 'product' | 'link' | 'outcome';

function filters(s: DemandScope, extra: Partial<Record<Filterable, string>>) {
  const where: Partial<Record<Filterable, string>> = { ...extra };
  if (s.country !== undefined) where.country = s.country;
  if (s.channel !== undefined) where.channel = s.channel;
  if (s.product !== undefined) where.product = s.product;
  return where;
}

/** Events of the scope grouped by roll-up columns (`type`, `outcome`… fix what is counted). */
export function countEvents(
  r: DemandRollups,
  s: DemandScope,
  by: readonly HourlyColumn[],
  only: { type?: StoredEventType; outcome?: string; link?: string } = {},
): Promise<RollupGroup<HourlyColumn>[]> {
  return r.hourly({ ...scopeHours(s), where: filters(s, only), by });
}

/**
 * Positions of the scope's unmet searches (`search`) or location-search statistics
 * (`locationSearch`), grouped by roll-up columns.
 */
export function countPlaces(
  r: DemandRollups,
  s: DemandScope,
  type: 'search' | 'locationSearch',
  by: readonly PlacesColumn[],
): Promise<RollupGroup<PlacesColumn>[]> {
  return r.places({ ...scopeHours(s), where: filters(s, { type }), by });
}

/**
 * The scope's unmet searches (PRODUCT.md#demand-dashboard): those that found no store and those
 * answered only beyond the radius, grouped by `by` and their outcome (none or beyond).
 */
export async function countUnmet(
  r: DemandRollups,
  s: DemandScope,
  by: readonly HourlyColumn[],
): Promise<RollupGroup<HourlyColumn>[]> {
  const groups = await countEvents(r, s, [...by, 'outcome'], { type: 'search' });
  return groups.filter((g) => isUnmet(g.key.outcome));
}

/** The count of a group list's rows whose key column has `value` (0 when none). */
export function countOf<C extends string>(
  groups: readonly RollupGroup<C>[],
  column: C,
  value: string,
): number {
  return groups.filter((g) => g.key[column] === value).reduce((a, g) => a + g.count, 0);
}

/** The total of a group list. */
export const total = (groups: readonly { count: number }[]): number =>
  groups.reduce((a, g) => a + g.count, 0);

/**
 * The unmet searches without a reported position, per key of `by`: the unmet searches counted in
 * demand_hourly less those with a position in demand_places_hourly.
 */
export function unlocated<C extends 'country' | 'channel' | 'product' | 'outcome'>(
  unmet: readonly RollupGroup<HourlyColumn>[],
  located: readonly RollupGroup<PlacesColumn>[],
  by: readonly C[],
): { key: Partial<Record<C, string>>; count: number }[] {
  const keyOf = (k: Partial<Record<string, string | number>>) =>
    JSON.stringify(by.map((c) => k[c] ?? ''));
  const counts = new Map<string, { key: Partial<Record<C, string>>; count: number }>();
  for (const g of unmet) {
    const key = Object.fromEntries(by.map((c) => [c, String(g.key[c] ?? '')])) as Partial<
      Record<C, string>
    >;
    const k = keyOf(g.key);
    const row = counts.get(k) ?? { key, count: 0 };
    row.count += g.count;
    counts.set(k, row);
  }
  for (const g of located) {
    const row = counts.get(keyOf(g.key));
    if (row) row.count -= g.count;
  }
  return [...counts.values()].filter((g) => g.count > 0);
}
