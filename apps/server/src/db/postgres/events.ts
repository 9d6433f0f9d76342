/** Analytics events on PostgreSQL (analytics_events; times as TIMESTAMPTZ). */
import type pg from 'pg';
import type { StoredEventType } from '@locator/core';
import type { EventGroup, EventQuery, EventRecord, EventRepository } from '../types.js';
import { guarded } from './errors.js';
import { writeOutbox } from './outbox.js';
import type { OutboxRow } from '../outbox.js';
import { EVENT_COLUMN } from '../event-columns.js';
import { withClient } from './client.js';
import {
  PG_ROLLUP,
  rollupFromEvents,
  rollupRows,
  upsertSql,
  type HourlyColumn,
  type PlacesColumn,
  type RollupGroup,
  type RollupQuery,
} from '../demand-rollups.js';
import {
  DAY_HOURS,
  oldestDirtySql,
  dayRefreshSql,
  hoursOf,
  markDeletedSql,
  markDirtySql,
} from '../demand-cube.js';
import { plannedRead, type CubeReader } from '../demand-cube-plan.js';

/** The advisory lock refreshes of the demand cube take: one at a time per database. */
const CUBE_LOCK = 7_160_416;
const pgPlaceholder = (i: number) => `$${i + 1}`;

const COLUMN = EVENT_COLUMN;

const FIELDS = 17;

export class PgEventRepository implements EventRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** The events and their roll-up counts, in one transaction. */
  async insertMany(
    records: readonly EventRecord[],
    forward: readonly OutboxRow[] = [],
  ): Promise<void> {
    if (records.length === 0) return;
    const rollups = rollupRows(records);
    await this.transaction(async (client) => {
      // Within PostgreSQL's 65,535 parameters per statement.
      for (let i = 0; i < records.length; i += 1000) {
        await this.insertChunk(client, records.slice(i, i + 1000));
      }
      await writeOutbox(client, forward);
      await this.upsert(client, 'demand_hourly', rollups.hourly);
      await this.upsert(client, 'demand_places_hourly', rollups.places);
      // Last: the marks' row locks are held for the shortest time (demand-cube.ts).
      const hours = hoursOf([...rollups.hourly, ...rollups.places]);
      for (let i = 0; i < hours.length; i += 1000) {
        const chunk = hours.slice(i, i + 1000);
        await client.query(markDirtySql(chunk.length, pgPlaceholder), chunk);
      }
    });
  }

  private async transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return withClient(this.pool, async (client) => {
      await client.query('BEGIN');
      try {
        const out = await fn(client);
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
  }

  /** Adds roll-up rows ([key…, n]) in key order, at most 1000 per statement. */
  private async upsert(
    client: pg.PoolClient,
    table: 'demand_hourly' | 'demand_places_hourly',
    rows: (string | number)[][],
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      await client.query(
        upsertSql(table, chunk.length, (j) => `$${j + 1}`),
        chunk.flat(),
      );
    }
  }

  private async insertChunk(client: pg.PoolClient, records: readonly EventRecord[]): Promise<void> {
    const values: unknown[] = [];
    const rows = records.map((r, i) => {
      values.push(
        r.at,
        r.type,
        r.channel,
        r.country,
        r.locale,
        r.product,
        r.carrier,
        r.link,
        r.page,
        r.trigger,
        r.dropOff,
        r.resultCount,
        r.latitude,
        r.longitude,
        r.storeId,
        r.embedOrigin,
        r.beyondRadius,
      );
      return `(${Array.from({ length: FIELDS }, (_, j) => `$${i * FIELDS + j + 1}`).join(', ')})`;
    });
    await client.query(
      `INSERT INTO analytics_events (occurred_at, type, channel, country, locale, product,
        carrier, link, page, search_trigger, drop_off, result_count, latitude, longitude,
        store_id, embed_origin, beyond_radius) VALUES ${rows.join(', ')}`,
      values,
    );
  }

  async group(q: EventQuery): Promise<EventGroup[]> {
    const params: unknown[] = [q.from, q.to];
    const where = ['occurred_at >= $1', 'occurred_at < $2'];
    if (q.type) {
      params.push(q.type);
      where.push(`type = $${params.length}`);
    }
    if (q.zeroResults) where.push('result_count = 0');
    if (q.located) where.push('latitude IS NOT NULL AND longitude IS NOT NULL');
    const cols = q.by.map((c, i) => `${COLUMN[c]} AS k${i}`);
    const groupBy = q.by.length ? ` GROUP BY ${q.by.map((c) => COLUMN[c]).join(', ')}` : '';
    const { rows } = await guarded(() =>
      this.pool.query<Record<string, string | number | boolean | null>>(
        `SELECT ${[...cols, 'count(*) AS n'].join(', ')} FROM analytics_events
          WHERE ${where.join(' AND ')}${groupBy}`,
        params,
      ),
    );
    return rows
      .filter((row) => Number(row.n) > 0)
      .map((row) => ({
        key: Object.fromEntries(q.by.map((c, i) => [c, row[`k${i}`] ?? null])),
        count: Number(row.n),
      }));
  }

  async count(type?: StoredEventType): Promise<number> {
    const { rows } = await guarded(() =>
      type
        ? this.pool.query<{ n: string }>(
            'SELECT count(*) AS n FROM analytics_events WHERE type = $1',
            [type],
          )
        : this.pool.query<{ n: string }>('SELECT count(*) AS n FROM analytics_events'),
    );
    return Number(rows[0]?.n ?? 0);
  }

  async hourly(q: RollupQuery<HourlyColumn>): Promise<RollupGroup<HourlyColumn>[]> {
    return this.rollup('demand_hourly', q);
  }

  async places(q: RollupQuery<PlacesColumn>): Promise<RollupGroup<PlacesColumn>[]> {
    return this.rollup('demand_places_hourly', q);
  }

  private readonly reader: CubeReader = {
    placeholder: pgPlaceholder,
    all: async (sql, params) =>
      (await guarded(() => this.pool.query<Record<string, unknown>>(sql, params))).rows,
  };

  private rollup<C extends string>(
    table: 'demand_hourly' | 'demand_places_hourly',
    q: RollupQuery<C>,
  ): Promise<RollupGroup<C>[]> {
    return plannedRead(this.reader, table, q);
  }

  async refreshDemandCube(maxDays = Infinity, untilHour = Infinity): Promise<number> {
    const statements = dayRefreshSql(pgPlaceholder);
    const until = Math.floor(Math.min(untilHour, Number.MAX_SAFE_INTEGER) / DAY_HOURS) * DAY_HOURS;
    let days = 0;
    // A day a transaction, the oldest first; refreshes of several processes take turns.
    while (days < maxDays) {
      const refreshed = await guarded(() =>
        this.transaction(async (client) => {
          await client.query('SELECT pg_advisory_xact_lock($1)', [CUBE_LOCK]);
          const { rows } = await client.query<{ hour: string | null }>(
            oldestDirtySql(pgPlaceholder),
            [until],
          );
          if (rows[0]?.hour == null) return false;
          const day = Math.floor(Number(rows[0].hour) / DAY_HOURS) * DAY_HOURS;
          // Taken first, in hour order as the writers mark them: a writer still holding a mark of
          // the day is waited for.
          await client.query(
            `DELETE FROM demand_cube_dirty WHERE hour IN (SELECT hour FROM demand_cube_dirty
              WHERE hour >= $1 AND hour < $2 ORDER BY hour FOR UPDATE)`,
            [day, day + DAY_HOURS],
          );
          for (const s of statements) await client.query(s.sql, s.params(day));
          return true;
        }),
      );
      if (!refreshed) break;
      days += 1;
    }
    return days;
  }

  async deleteBefore(date: Date): Promise<number> {
    // The deleted events' counts are taken off the roll-ups in the same transaction.
    const takeOff = [
      markDeletedSql(PG_ROLLUP, 'occurred_at < $1'),
      ...rollupFromEvents(PG_ROLLUP, 'occurred_at < $1', -1),
    ];
    return this.transaction(async (client) => {
      for (const sql of takeOff) await client.query(sql, sql.includes('$1') ? [date] : []);
      const res = await client.query('DELETE FROM analytics_events WHERE occurred_at < $1', [date]);
      return res.rowCount ?? 0;
    });
  }
}
