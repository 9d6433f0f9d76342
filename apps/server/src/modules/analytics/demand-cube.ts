/**
 * The demand cube: narrower copies of the hourly roll-ups (demand-rollups.ts) that let the
 * dashboard answer a long period without reading a row per hour and key. It is derived: every
 * row can be recomputed from demand_hourly and demand_places_hourly, and a query that cannot be
 * answered from it, or the hours it does not hold yet, is read from those tables
 * (demand-cube-plan.ts), so a figure never depends on the cube being up to date.
 *
 * demand_cube rows: cuboid, type, channel, product, bucket, g, latitude, longitude, sub → n.
 * - A cuboid has a grain (`h` an hour, `d` a UTC day, `b` a block of 16 UTC days counted from
 *   the epoch; `bucket` is its first hour), the filters it keeps (channel, product: their value
 *   in `channel`/`product`, '' when not kept) and what it groups by: nothing (`none`), the
 *   country, channel or product (in `g`), or the place (`place`: country in `g`, the position).
 * - `sub` is the click's link for clicks and the search's outcome otherwise ('' for events that
 *   have neither).
 * - The hourly cuboids (every type) serve the series, headline and funnel; the daily and block
 *   cuboids (searches, and the places of unmet searches and of location searches) serve the
 *   breakdowns and the unmet-demand map over whole days, the hourly roll-ups the hours at a
 *   period's edges. A filter on the country is read from the hourly roll-ups directly (their
 *   index by type, country and hour): it already narrows the rows to one country's.
 *
 * The cube follows the roll-ups through demand_cube_dirty: the writers of the roll-ups mark the
 * hours they change, in the same transaction, and the repositories' refreshDemandCube recomputes
 * a marked day at a time (its hourly and daily rows from the roll-ups; its block by the day's
 * difference), in a transaction of its own, marks taken first. The server refreshes every minute
 * the UTC days that are over (modules/analytics/service.ts): the day in progress is read from the
 * roll-ups, and a day is recomputed once, when it ends (or when the retention deletes from it).
 */
import { STORED_EVENT_TYPES } from '@locator/core';
import type { RollupDialect } from './demand-rollups.js';

export type CubeGrain = 'h' | 'd' | 'b';
export type CubeFilter = 'channel' | 'product';
export type CubeGroup = 'none' | 'country' | 'channel' | 'product' | 'place';

export const DAY_HOURS = 24;
/** A block: 16 UTC days. */
export const BLOCK_HOURS = 384;

export interface Cuboid {
  id: string;
  grain: CubeGrain;
  filters: readonly CubeFilter[];
  group: CubeGroup;
}

const FILTER_SETS: readonly (readonly CubeFilter[])[] = [
  [],
  ['channel'],
  ['product'],
  ['channel', 'product'],
];

export const cuboidId = (grain: CubeGrain, filters: readonly CubeFilter[], group: CubeGroup) =>
  `${grain}:${filters.join('+') || '-'}:${group}`;

function cuboids(): Cuboid[] {
  const out: Cuboid[] = [];
  for (const filters of FILTER_SETS) {
    out.push({ id: cuboidId('h', filters, 'none'), grain: 'h', filters, group: 'none' });
    for (const grain of ['d', 'b'] as const) {
      for (const group of ['country', 'channel', 'product', 'place'] as const) {
        if (group !== 'place' && group !== 'country' && filters.includes(group)) continue;
        out.push({ id: cuboidId(grain, filters, group), grain, filters, group });
      }
    }
  }
  return out;
}

export const CUBOIDS: readonly Cuboid[] = cuboids();

export const CUBE_KEYS = [
  'cuboid',
  'type',
  'channel',
  'product',
  'bucket',
  'g',
  'latitude',
  'longitude',
  'sub',
] as const;

/** Migration 16: the cube, its marks (every hour stored so far), the roll-ups' country index. */
export function cubeMigration(d: RollupDialect, dialect: 'sqlite' | 'postgres'): string[] {
  const byCountry = (table: string, rest: string) =>
    dialect === 'sqlite'
      ? // A WITHOUT ROWID table's index holds the key: with n, a read never visits the table.
        `CREATE INDEX ${table}_by_country ON ${table} (type, country, hour, n)`
      : `CREATE INDEX ${table}_by_country ON ${table} (type, country, hour) INCLUDE (${rest}, n)`;
  return [
    `CREATE TABLE demand_cube (
      cuboid TEXT NOT NULL, type TEXT NOT NULL, channel TEXT NOT NULL, product TEXT NOT NULL,
      bucket ${d.hourType} NOT NULL, g TEXT NOT NULL, latitude DOUBLE PRECISION NOT NULL,
      longitude DOUBLE PRECISION NOT NULL, sub TEXT NOT NULL, n BIGINT NOT NULL,
      PRIMARY KEY (${CUBE_KEYS.join(', ')})
    )${d.tableOptions}`,
    // A day's rows are found by their hour when it is recomputed.
    `CREATE INDEX demand_cube_by_bucket ON demand_cube (bucket, cuboid)`,
    `CREATE TABLE demand_cube_dirty (hour ${d.hourType} NOT NULL PRIMARY KEY)`,
    `INSERT INTO demand_cube_dirty (hour)
      SELECT hour FROM demand_hourly UNION SELECT hour FROM demand_places_hourly`,
    byCountry('demand_hourly', 'channel, product, link, embed_origin, outcome'),
    byCountry('demand_places_hourly', 'channel, product, latitude, longitude, outcome'),
  ];
}

/** The SQL marking hours as changed (placeholders per dialect), a row lock on each. */
export function markDirtySql(hours: number, placeholder: (i: number) => string): string {
  const values = Array.from({ length: hours }, (_, i) => `(${placeholder(i)})`).join(', ');
  // DO UPDATE, not DO NOTHING: the writer holds the mark's row until it commits, so a refresh
  // taking the mark waits for the rows it would read.
  return `INSERT INTO demand_cube_dirty (hour) VALUES ${values}
    ON CONFLICT (hour) DO UPDATE SET hour = excluded.hour`;
}

/** The hours of a batch's roll-up rows ([type, hour, …]), each once. */
export function hoursOf(rows: readonly (readonly (string | number)[])[]): number[] {
  return [...new Set(rows.map((r) => Number(r[1])))].sort((a, b) => a - b);
}

/** Marks the hours of the events matching `where` (those about to be deleted). */
export function markDeletedSql(d: RollupDialect, where: string): string {
  return `INSERT INTO demand_cube_dirty (hour)
    SELECT DISTINCT ${d.hour} FROM analytics_events WHERE ${where}
    ON CONFLICT (hour) DO UPDATE SET hour = excluded.hour`;
}

/** The oldest marked hour before $1 (null: none). */
export const oldestDirtySql = (p: (i: number) => string) =>
  `SELECT min(hour) AS hour FROM demand_cube_dirty WHERE hour < ${p(0)}`;

/** The first hour of the UTC day `at` falls in: refreshes stop there (see refreshDemandCube). */
export const dayStartHour = (at: Date): number =>
  Math.floor(at.getTime() / (DAY_HOURS * 3_600_000)) * DAY_HOURS;

const SUB = `CASE WHEN type = 'click' THEN link ELSE outcome END`;

/** INSERT … SELECT of one hourly or daily cuboid's rows of the hours [$1, $2). */
function cuboidInsert(c: Cuboid, p: (i: number) => string): string {
  const fromPlaces = c.group === 'place';
  const bucket = c.grain === 'h' ? 'hour' : `(hour / ${DAY_HOURS}) * ${DAY_HOURS}`;
  const keep = (f: CubeFilter) => (c.filters.includes(f) ? f : `''`);
  const g = c.group === 'none' ? `''` : c.group === 'place' ? 'country' : c.group;
  const lat = fromPlaces ? 'latitude' : '0';
  const lon = fromPlaces ? 'longitude' : '0';
  const sub = fromPlaces ? 'outcome' : SUB;
  const columns = ['type', keep('channel'), keep('product'), bucket, g, lat, lon, sub];
  const groupBy = columns.filter((x) => !/^('.*'|0)$/.test(x));
  // The type first: the roll-ups' key starts with it, so each type's hours are a range.
  const types = c.grain !== 'h' && !fromPlaces ? ['search'] : STORED_EVENT_TYPES;
  const where = [
    `type IN (${types.map((t) => `'${t}'`).join(', ')})`,
    `hour >= ${p(0)}`,
    `hour < ${p(1)}`,
  ];
  return `INSERT INTO demand_cube (${CUBE_KEYS.join(', ')}, n)
    SELECT '${c.id}', ${columns.join(', ')}, sum(n)
    FROM ${fromPlaces ? 'demand_places_hourly' : 'demand_hourly'}
    WHERE ${where.join(' AND ')}
    GROUP BY ${groupBy.join(', ')}`;
}

/** Adds (sign 1) or takes off (-1) a day's daily rows to or from their blocks. */
function blockDelta(sign: 1 | -1, p: (i: number) => string): string {
  return `INSERT INTO demand_cube (${CUBE_KEYS.join(', ')}, n)
    SELECT 'b' || substr(cuboid, 2), type, channel, product, (bucket / ${BLOCK_HOURS}) * ${BLOCK_HOURS},
      g, latitude, longitude, sub, ${sign === 1 ? 'n' : '-n'}
    FROM demand_cube WHERE bucket = ${p(0)} AND cuboid LIKE 'd:%'
    ON CONFLICT (${CUBE_KEYS.join(', ')}) DO UPDATE SET n = demand_cube.n + excluded.n`;
}

/** A statement and its parameters for the day starting at hour `day`. */
export interface DayStatement {
  sql: string;
  params(day: number): number[];
}

/** The statements recomputing a day once its marks are taken, in order. */
export function dayRefreshSql(p: (i: number) => string): DayStatement[] {
  const day = (d: number) => [d];
  const range = (d: number) => [d, d + DAY_HOURS];
  return [
    { sql: blockDelta(-1, p), params: day },
    {
      sql: `DELETE FROM demand_cube WHERE bucket >= ${p(0)} AND bucket < ${p(1)}
        AND (cuboid LIKE 'h:%' OR cuboid LIKE 'd:%')`,
      params: range,
    },
    ...CUBOIDS.filter((c) => c.grain !== 'b').map((c) => ({
      sql: cuboidInsert(c, p),
      params: range,
    })),
    { sql: blockDelta(1, p), params: day },
    {
      sql: `DELETE FROM demand_cube WHERE bucket = ${p(0)} AND cuboid LIKE 'b:%' AND n = 0`,
      params: (d: number) => [Math.floor(d / BLOCK_HOURS) * BLOCK_HOURS],
    },
  ];
}
