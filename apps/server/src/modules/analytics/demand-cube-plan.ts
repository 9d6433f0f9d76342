/**
 * How a roll-up query is read (demand-cube.ts): from the cube where it can answer it, else from
 * the hourly roll-ups. A period is cut into blocks and days the cube holds up to date, read
 * from its block and daily cuboids, and hours (a period's edges, and the days changed since the
 * last refresh), read from the roll-ups; or, for a query by hour or by nothing, into the hours
 * the cube holds and those it does not. The parts' counts are added up.
 */
import { STORED_EVENT_TYPES } from '@locator/core';
import {
  BLOCK_HOURS,
  DAY_HOURS,
  cuboidId,
  type CubeFilter,
  type CubeGroup,
} from './demand-cube.js';
import {
  rollupGroups,
  rollupSelect,
  type RollupGroup,
  type RollupQuery,
} from './demand-rollups.js';

type Table = 'demand_hourly' | 'demand_places_hourly';

/** What of the cube answers a query: its cuboid (without the grain) and fixed values. */
export interface CubeTarget {
  /** 'h' when the answer needs hours, else the daily and block cuboids. */
  grains: 'h' | 'db';
  filters: CubeFilter[];
  group: CubeGroup;
  type: string;
  channel: string;
  product: string;
  sub?: string;
  /** The cube's column of each of the query's `by` columns. */
  columns: string[];
}

/** The cube's part that answers the query, or undefined: read it from the roll-ups. */
export function cubeTarget<C extends string>(
  table: Table,
  q: RollupQuery<C>,
): CubeTarget | undefined {
  const where = (q.where ?? {}) as Record<string, string | undefined>;
  const type = where.type;
  if (type === undefined || where.country !== undefined || where.embed_origin !== undefined) {
    return undefined;
  }
  const filters = (['channel', 'product'] as const).filter((f) => where[f] !== undefined);
  const places = table === 'demand_places_hourly';
  const click = type === 'click';
  let sub: string | undefined;
  if (where.outcome !== undefined) {
    if (click && !places) return undefined;
    sub = where.outcome;
  }
  if (where.link !== undefined) {
    if (!click || places) return undefined;
    sub = where.link;
  }
  let group: CubeGroup = places ? 'place' : 'none';
  let hour = false;
  const columns: string[] = [];
  for (const c of q.by as readonly string[]) {
    if (c === 'hour') {
      if (places) return undefined;
      hour = true;
      columns.push('bucket');
    } else if (c === 'outcome' && !(click && !places)) columns.push('sub');
    else if (c === 'link' && click && !places) columns.push('sub');
    else if (places && (c === 'latitude' || c === 'longitude')) columns.push(c);
    else if (places && c === 'country') columns.push('g');
    else if (!places && (c === 'country' || c === 'channel' || c === 'product')) {
      if (group !== 'none' || filters.includes(c as CubeFilter) || type !== 'search') {
        return undefined;
      }
      group = c;
      columns.push('g');
    } else return undefined;
  }
  if (hour && group !== 'none') return undefined;
  return {
    grains: group === 'none' ? 'h' : 'db',
    filters,
    group,
    type,
    channel: where.channel ?? '',
    product: where.product ?? '',
    ...(sub === undefined ? {} : { sub }),
    columns,
  };
}

export interface Segment {
  /** `base`: the hourly roll-ups; else the cube's grain. */
  kind: 'base' | 'h' | 'd' | 'b';
  from: number;
  to: number;
}

/** How many of the sorted hours lie in [from, to). */
function countIn(sorted: readonly number[], from: number, to: number): number {
  const lower = (x: number) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return lower(to) - lower(from);
}

/**
 * The hours [from, to) cut into parts, given the hours the cube does not hold up to date
 * (sorted): adjacent parts of a kind are joined.
 */
export function segments(
  from: number,
  to: number,
  dirty: readonly number[],
  grains: 'h' | 'db',
): Segment[] {
  const out: Segment[] = [];
  const push = (kind: Segment['kind'], a: number, b: number) => {
    const last = out[out.length - 1];
    if (last && last.kind === kind && last.to === a) last.to = b;
    else out.push({ kind, from: a, to: b });
  };
  let h = from;
  while (h < to) {
    if (grains === 'db') {
      const clean = (span: number) =>
        h % span === 0 && h + span <= to && !countIn(dirty, h, h + span);
      if (clean(BLOCK_HOURS)) {
        push('b', h, h + BLOCK_HOURS);
        h += BLOCK_HOURS;
        continue;
      }
      if (clean(DAY_HOURS)) {
        push('d', h, h + DAY_HOURS);
        h += DAY_HOURS;
        continue;
      }
      push('base', h, h + 1);
      h += 1;
    } else {
      push(countIn(dirty, h, h + 1) ? 'base' : 'h', h, h + 1);
      h += 1;
    }
  }
  return out;
}

/** The SELECT of a cube part: its columns as k0…, and n. */
export function cubeSelect(
  t: CubeTarget,
  s: Segment & { kind: 'h' | 'd' | 'b' },
  placeholder: (i: number) => string,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [cuboidId(s.kind, t.filters, t.group), t.type, t.channel, t.product];
  params.push(s.from, s.to);
  const where = ['cuboid', 'type', 'channel', 'product'].map((c, i) => `${c} = ${placeholder(i)}`);
  where.push(`bucket >= ${placeholder(4)}`, `bucket < ${placeholder(5)}`);
  if (t.sub !== undefined) {
    where.push(`sub = ${placeholder(6)}`);
    params.push(t.sub);
  }
  const cols = t.columns.map((c, i) => `${c} AS k${i}`);
  const groupBy = t.columns.length ? ` GROUP BY ${t.columns.join(', ')}` : '';
  return {
    sql: `SELECT ${[...cols, 'sum(n) AS n'].join(', ')} FROM demand_cube
      WHERE ${where.join(' AND ')}${groupBy}`,
    params,
  };
}

/** What a planned read needs of its database. */
export interface CubeReader {
  placeholder(i: number): string;
  all(sql: string, params: unknown[]): Promise<Record<string, unknown>[]>;
}

/** The hours of [from, to) the cube does not hold up to date, in order. */
export async function dirtyHours(r: CubeReader, from: number, to: number): Promise<number[]> {
  const rows = await r.all(
    `SELECT hour FROM demand_cube_dirty WHERE hour >= ${r.placeholder(0)}
      AND hour < ${r.placeholder(1)} ORDER BY hour`,
    [from, to],
  );
  return rows.map((row) => Number(row.hour));
}

/**
 * A roll-up query read through the cube where it can answer it. A query of every type by type
 * (the report's) is read a type at a time: the roll-ups' and the cube's keys start with it.
 */
export async function plannedRead<C extends string>(
  r: CubeReader,
  table: Table,
  q: RollupQuery<C>,
): Promise<RollupGroup<C>[]> {
  const where = (q.where ?? {}) as Record<string, string | undefined>;
  if (where.type === undefined && (q.by as readonly string[]).includes('type')) {
    const by = q.by.filter((c) => c !== 'type');
    const perType = await Promise.all(
      STORED_EVENT_TYPES.map(async (type) => {
        const typed = { ...q, where: { ...q.where, type }, by } as RollupQuery<C>;
        return (await typedRead(r, table, typed)).map((g) => ({
          // The key's columns in the query's order, as a read of every type gives them.
          key: Object.fromEntries(
            q.by.map((c) => [c, c === 'type' ? type : g.key[c]]),
          ) as RollupGroup<C>['key'],
          count: g.count,
        }));
      }),
    );
    return perType.flat();
  }
  return typedRead(r, table, q);
}

async function typedRead<C extends string>(
  r: CubeReader,
  table: Table,
  q: RollupQuery<C>,
): Promise<RollupGroup<C>[]> {
  const base = (from: number, to: number) => {
    const { sql, params } = rollupSelect(
      table,
      { ...q, fromHour: from, toHour: to },
      r.placeholder,
    );
    return r.all(sql, params);
  };
  const target = cubeTarget(table, q);
  if (!target || q.toHour <= q.fromHour)
    return rollupGroups(q.by, await base(q.fromHour, q.toHour));
  const dirty = await dirtyHours(r, q.fromHour, q.toHour);
  const parts = segments(q.fromHour, q.toHour, dirty, target.grains);
  const results = await Promise.all(
    parts.map((s) => {
      if (s.kind === 'base') return base(s.from, s.to);
      const { sql, params } = cubeSelect(target, { ...s, kind: s.kind }, r.placeholder);
      return r.all(sql, params);
    }),
  );
  const sums = new Map<string, RollupGroup<C>>();
  for (const group of results.flatMap((rows) => rollupGroups(q.by, rows))) {
    const k = JSON.stringify(q.by.map((c) => group.key[c]));
    const row = sums.get(k);
    if (row) row.count += group.count;
    else sums.set(k, { key: group.key, count: group.count });
  }
  return [...sums.values()];
}
