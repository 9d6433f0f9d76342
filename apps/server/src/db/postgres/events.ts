/** Analytics events on PostgreSQL (analytics_events; times as TIMESTAMPTZ). */
import type pg from 'pg';
import type { StoredEventType } from '@locator/core';
import type { EventGroup, EventQuery, EventRecord, EventRepository } from '../types.js';
import { guarded } from './errors.js';
import { EVENT_COLUMN } from '../event-columns.js';
import { withClient } from './client.js';
import {
  PG_ROLLUP,
  rollupFromEvents,
  rollupGroups,
  rollupRows,
  rollupSelect,
  upsertSql,
  type HourlyColumn,
  type PlacesColumn,
  type RollupGroup,
  type RollupQuery,
} from '../demand-rollups.js';

const COLUMN = EVENT_COLUMN;

const FIELDS = 17;

export class PgEventRepository implements EventRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** The events and their roll-up counts, in one transaction. */
  async insertMany(records: readonly EventRecord[]): Promise<void> {
    if (records.length === 0) return;
    const rollups = rollupRows(records);
    await this.transaction(async (client) => {
      // Within PostgreSQL's 65,535 parameters per statement.
      for (let i = 0; i < records.length; i += 1000) {
        await this.insertChunk(client, records.slice(i, i + 1000));
      }
      await this.upsert(client, 'demand_hourly', rollups.hourly);
      await this.upsert(client, 'demand_places_hourly', rollups.places);
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

  private async rollup<C extends string>(
    table: 'demand_hourly' | 'demand_places_hourly',
    q: RollupQuery<C>,
  ): Promise<RollupGroup<C>[]> {
    const { sql, params } = rollupSelect(table, q, (i) => `$${i + 1}`);
    const { rows } = await guarded(() => this.pool.query<Record<string, unknown>>(sql, params));
    return rollupGroups(q.by, rows);
  }

  async deleteBefore(date: Date): Promise<number> {
    // The deleted events' counts are taken off the roll-ups in the same transaction.
    const takeOff = rollupFromEvents(PG_ROLLUP, 'occurred_at < $1', -1);
    return this.transaction(async (client) => {
      for (const sql of takeOff) await client.query(sql, sql.includes('$1') ? [date] : []);
      const res = await client.query('DELETE FROM analytics_events WHERE occurred_at < $1', [date]);
      return res.rowCount ?? 0;
    });
  }
}
