/**
 * The demand roll-ups: counts of analytics events per UTC hour, kept in the same transaction as
 * the events themselves (insertMany adds to them, deleteBefore takes the deleted events off), and
 * back-filled from the stored events by migration 12 (and migration 15 for the outcome of the
 * places; demand-rollup-migrations.ts). The report and the console's demand dashboard read only
 * these (modules/analytics/demand-aggregate.ts), never the events.
 *
 * - demand_hourly: hour, type, country, channel, product, link, embed_origin, outcome → n.
 * - demand_places_hourly: the positions of unmet searches (outcome none or beyond) and of the
 *   location-search statistic: hour, type, country, channel, product, latitude, longitude,
 *   outcome → n.
 *
 * A missing value is kept as '' (a key column cannot be NULL in a unique key on SQLite), the same
 * as the report shows it. `outcome` is a search's result: found (stores within the radius),
 * beyond (answered only beyond the radius), none (no store) or unknown (no count reported); ''
 * for other event types. none and beyond are the unmet demand (PRODUCT.md#demand-dashboard).
 */
import type { EventRecord } from '../../db/types.js';
import {
  HOURLY_KEYS,
  PLACES_KEYS,
  type RollupGroup,
  type RollupOutcome,
  type RollupQuery,
} from './demand-rollup-types.js';

export * from './demand-rollup-types.js';

export const HOUR_MS = 3_600_000;

export const hourOf = (at: Date): number => Math.floor(at.getTime() / HOUR_MS);

export function outcomeOf(
  r: Pick<EventRecord, 'type' | 'resultCount'> & Partial<Pick<EventRecord, 'beyondRadius'>>,
): RollupOutcome {
  if (r.type !== 'search') return '';
  if (r.resultCount === 0) return 'none';
  if (r.beyondRadius === true) return 'beyond';
  return r.resultCount === null ? 'unknown' : 'found';
}

/** Whether an outcome is unmet demand: no store found, or only beyond the radius. */
export const isUnmet = (outcome: unknown): boolean => outcome === 'none' || outcome === 'beyond';

/** Whether an event counts in demand_places_hourly. */
export function isPlaceEvent(r: EventRecord): boolean {
  if (r.latitude === null || r.longitude === null) return false;
  return r.type === 'locationSearch' || (r.type === 'search' && isUnmet(outcomeOf(r)));
}

type Row = (string | number)[];

/**
 * The roll-up rows of a batch of events: [key…, n] for each table, in key order (so concurrent
 * writers take the rows' locks in the same order).
 */
export function rollupRows(records: readonly EventRecord[]): { hourly: Row[]; places: Row[] } {
  const hourly = new Map<string, Row>();
  const places = new Map<string, Row>();
  const add = (into: Map<string, Row>, key: Row) => {
    const k = JSON.stringify(key);
    const row = into.get(k);
    if (row) row[row.length - 1] = Number(row[row.length - 1]) + 1;
    else into.set(k, [...key, 1]);
  };
  for (const r of records) {
    const common = [r.type, hourOf(r.at), r.country ?? '', r.channel ?? '', r.product ?? ''];
    add(hourly, [...common, r.link ?? '', r.embedOrigin ?? '', outcomeOf(r)]);
    if (isPlaceEvent(r)) add(places, [...common, r.latitude!, r.longitude!, outcomeOf(r)]);
  }
  const sorted = (m: Map<string, Row>) =>
    [...m.values()].sort((a, b) => {
      for (let i = 0; i < a.length - 1; i++) {
        const x = a[i]!;
        const y = b[i]!;
        if (x !== y) return x < y ? -1 : 1;
      }
      return 0;
    });
  return { hourly: sorted(hourly), places: sorted(places) };
}

/** SQL of the roll-ups in one dialect: the hour of occurred_at. */
export interface RollupDialect {
  hour: string;
  /** The tables' column type of the hour, and what follows CREATE TABLE's parentheses. */
  hourType: string;
  tableOptions: string;
}
export const SQLITE_ROLLUP: RollupDialect = {
  hour: `(CAST(strftime('%s', occurred_at) AS INTEGER) / 3600)`,
  hourType: 'INTEGER',
  // Rows kept in key order: a range of hours of a type is read from the key alone.
  tableOptions: ' WITHOUT ROWID',
};
export const PG_ROLLUP: RollupDialect = {
  hour: `floor(extract(epoch FROM occurred_at) / 3600)::bigint`,
  hourType: 'BIGINT',
  tableOptions: '',
};

/** outcomeOf in SQL (beyond_radius: 0/1 on SQLite, a boolean on PostgreSQL). */
const OUTCOME_SQL = `CASE WHEN type <> 'search' THEN '' WHEN result_count = 0 THEN 'none'
  WHEN beyond_radius THEN 'beyond' WHEN result_count IS NULL THEN 'unknown' ELSE 'found' END`;

/**
 * INSERT … SELECT adding the events matching `where` to both roll-ups (`sign` -1: taking them
 * off), as upserts: the retention's deletes (and tests rebuilding the roll-ups).
 */
export function rollupFromEvents(d: RollupDialect, where: string, sign: 1 | -1): string[] {
  const n = sign === 1 ? 'count(*)' : '-count(*)';
  const common = `type, ${d.hour}, coalesce(country, ''), coalesce(channel, ''),
    coalesce(product, '')`;
  return [
    `INSERT INTO demand_hourly (${HOURLY_KEYS.join(', ')}, n)
      SELECT ${common}, coalesce(link, ''), coalesce(embed_origin, ''), ${OUTCOME_SQL},
        ${n}
      FROM analytics_events WHERE ${where}
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      ON CONFLICT (${HOURLY_KEYS.join(', ')}) DO UPDATE SET n = demand_hourly.n + excluded.n`,
    `INSERT INTO demand_places_hourly (${PLACES_KEYS.join(', ')}, n)
      SELECT ${common}, latitude, longitude, ${OUTCOME_SQL}, ${n}
      FROM analytics_events
      WHERE (${where}) AND latitude IS NOT NULL AND longitude IS NOT NULL
        AND (type = 'locationSearch' OR (type = 'search' AND ${OUTCOME_SQL} IN ('none', 'beyond')))
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      ON CONFLICT (${PLACES_KEYS.join(', ')}) DO UPDATE SET n = demand_places_hourly.n + excluded.n`,
    `DELETE FROM demand_hourly WHERE n <= 0`,
    `DELETE FROM demand_places_hourly WHERE n <= 0`,
  ];
}

/** The upserts adding rollupRows' rows (placeholders `?` or `$n` per dialect). */
export function upsertSql(
  table: 'demand_hourly' | 'demand_places_hourly',
  rows: number,
  placeholder: (i: number) => string,
): string {
  const keys = table === 'demand_hourly' ? HOURLY_KEYS : PLACES_KEYS;
  const width = keys.length + 1;
  const values = Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: width }, (_, c) => placeholder(r * width + c)).join(', ')})`,
  );
  return `INSERT INTO ${table} (${keys.join(', ')}, n) VALUES ${values.join(', ')}
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET n = ${table}.n + excluded.n`;
}

/** SELECT over a roll-up table: the SQL and its parameters (placeholders per dialect). */
export function rollupSelect<C extends string>(
  table: 'demand_hourly' | 'demand_places_hourly',
  q: RollupQuery<C>,
  placeholder: (i: number) => string,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [q.fromHour, q.toHour];
  const where = [`hour >= ${placeholder(0)}`, `hour < ${placeholder(1)}`];
  for (const [col, value] of Object.entries(q.where ?? {})) {
    if (value === undefined) continue;
    if (!/^[a-z_]+$/.test(col)) throw new Error(`not a column: ${col}`);
    where.push(`${col} = ${placeholder(params.length)}`);
    params.push(value);
  }
  const cols = q.by.map((c, i) => `${c} AS k${i}`);
  const groupBy = q.by.length ? ` GROUP BY ${q.by.join(', ')}` : '';
  return {
    sql: `SELECT ${[...cols, 'sum(n) AS n'].join(', ')} FROM ${table}
      WHERE ${where.join(' AND ')}${groupBy}`,
    params,
  };
}

/** Rows of rollupSelect → groups (counts as numbers; empty groups left out). */
export function rollupGroups<C extends string>(
  by: readonly C[],
  rows: Record<string, unknown>[],
): RollupGroup<C>[] {
  const out: RollupGroup<C>[] = [];
  for (const row of rows) {
    const count = Number(row.n ?? 0);
    if (count <= 0) continue;
    const key: Partial<Record<C, string | number>> = {};
    by.forEach((c, i) => {
      const v = row[`k${i}`];
      key[c] = c === 'hour' || c === 'latitude' || c === 'longitude' ? Number(v) : String(v);
    });
    out.push({ key, count });
  }
  return out;
}
