/** Analytics events on PostgreSQL (analytics_events; times as TIMESTAMPTZ). */
import type pg from 'pg';
import type { StoredEventType } from '@locator/core';
import type { EventGroup, EventQuery, EventRecord, EventRepository } from '../types.js';
import { guarded } from './errors.js';
import { EVENT_COLUMN } from '../event-columns.js';

const COLUMN = EVENT_COLUMN;

const FIELDS = 16;

export class PgEventRepository implements EventRepository {
  constructor(private readonly pool: pg.Pool) {}

  async insertMany(records: readonly EventRecord[]): Promise<void> {
    // Within PostgreSQL's 65,535 parameters per statement.
    for (let i = 0; i < records.length; i += 1000) {
      await this.insertChunk(records.slice(i, i + 1000));
    }
  }

  private async insertChunk(records: readonly EventRecord[]): Promise<void> {
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
      );
      return `(${Array.from({ length: FIELDS }, (_, j) => `$${i * FIELDS + j + 1}`).join(', ')})`;
    });
    await guarded(() =>
      this.pool.query(
        `INSERT INTO analytics_events (occurred_at, type, channel, country, locale, product,
          carrier, link, page, search_trigger, drop_off, result_count, latitude, longitude,
          store_id, embed_origin) VALUES ${rows.join(', ')}`,
        values,
      ),
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

  async deleteBefore(date: Date): Promise<number> {
    const res = await guarded(() =>
      this.pool.query('DELETE FROM analytics_events WHERE occurred_at < $1', [date]),
    );
    return res.rowCount ?? 0;
  }
}
