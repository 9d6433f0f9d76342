/** Analytics events on SQLite (analytics_events; times as ISO 8601 UTC text). */
import type BetterSqlite3 from 'better-sqlite3';
import type { StoredEventType } from '@locator/core';
import type { EventGroup, EventQuery, EventRecord, EventRepository } from '../types.js';
import { sqliteGuard } from './errors.js';
import { writeOutbox } from './outbox.js';
import type { OutboxRow } from '../outbox.js';
import { EVENT_COLUMN } from '../event-columns.js';
import {
  SQLITE_ROLLUP,
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

const COLUMN = EVENT_COLUMN;

export class SqliteEventRepository implements EventRepository {
  private readonly insertStmt;
  constructor(private readonly db: BetterSqlite3.Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO analytics_events (occurred_at, type, channel, country, locale, product,
        carrier, link, page, search_trigger, drop_off, result_count, latitude, longitude, store_id,
        embed_origin, beyond_radius) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  /** Adds roll-up rows ([key…, n]), at most 100 per statement. */
  private upsert(table: 'demand_hourly' | 'demand_places_hourly', rows: (string | number)[][]) {
    for (let i = 0; i < rows.length; i += 100) {
      const chunk = rows.slice(i, i + 100);
      this.db.prepare(upsertSql(table, chunk.length, () => '?')).run(...chunk.flat());
    }
  }

  /** Marks hours for the demand cube's refresh (demand-cube.ts). */
  private markDirty(hours: readonly number[]) {
    for (let i = 0; i < hours.length; i += 100) {
      const chunk = hours.slice(i, i + 100);
      this.db.prepare(markDirtySql(chunk.length, () => '?')).run(...chunk);
    }
  }

  async insertMany(
    records: readonly EventRecord[],
    forward: readonly OutboxRow[] = [],
  ): Promise<void> {
    if (records.length === 0) return;
    const rollups = rollupRows(records);
    sqliteGuard(() =>
      this.db.transaction(() => {
        this.upsert('demand_hourly', rollups.hourly);
        this.upsert('demand_places_hourly', rollups.places);
        this.markDirty(hoursOf([...rollups.hourly, ...rollups.places]));
        for (const r of records) {
          this.insertStmt.run(
            r.at.toISOString(),
            r.type,
            r.channel,
            r.country,
            r.locale,
            r.product,
            r.carrier,
            r.link,
            r.page,
            r.trigger,
            r.dropOff === null ? null : r.dropOff ? 1 : 0,
            r.resultCount,
            r.latitude,
            r.longitude,
            r.storeId,
            r.embedOrigin,
            r.beyondRadius ? 1 : 0,
          );
        }
        writeOutbox(this.db, forward);
      })(),
    );
  }

  async group(q: EventQuery): Promise<EventGroup[]> {
    const where = ['occurred_at >= ?', 'occurred_at < ?'];
    const params: unknown[] = [q.from.toISOString(), q.to.toISOString()];
    if (q.type) {
      where.push('type = ?');
      params.push(q.type);
    }
    if (q.zeroResults) where.push('result_count = 0');
    if (q.located) where.push('latitude IS NOT NULL AND longitude IS NOT NULL');
    const cols = q.by.map((c, i) => `${COLUMN[c]} AS k${i}`);
    const groupBy = q.by.length ? ` GROUP BY ${q.by.map((c) => COLUMN[c]).join(', ')}` : '';
    const sql = `SELECT ${[...cols, 'count(*) AS n'].join(', ')} FROM analytics_events
      WHERE ${where.join(' AND ')}${groupBy}`;
    const rows = sqliteGuard(() => this.db.prepare(sql).all(...params)) as Record<
      string,
      string | number | null
    >[];
    return rows
      .filter((row) => Number(row.n) > 0)
      .map((row) => ({
        key: Object.fromEntries(
          q.by.map((c, i) => {
            const v = row[`k${i}`] ?? null;
            return [c, c === 'dropOff' && v !== null ? v === 1 : v];
          }),
        ),
        count: Number(row.n),
      }));
  }

  async count(type?: StoredEventType): Promise<number> {
    return sqliteGuard(() =>
      type
        ? (this.db
            .prepare('SELECT count(*) FROM analytics_events WHERE type = ?')
            .pluck()
            .get(type) as number)
        : (this.db.prepare('SELECT count(*) FROM analytics_events').pluck().get() as number),
    );
  }

  async hourly(q: RollupQuery<HourlyColumn>): Promise<RollupGroup<HourlyColumn>[]> {
    return this.rollup('demand_hourly', q);
  }

  async places(q: RollupQuery<PlacesColumn>): Promise<RollupGroup<PlacesColumn>[]> {
    return this.rollup('demand_places_hourly', q);
  }

  private readonly reader: CubeReader = {
    placeholder: () => '?',
    all: async (sql, params) =>
      sqliteGuard(() => this.db.prepare(sql).all(...params)) as Record<string, unknown>[],
  };

  private rollup<C extends string>(
    table: 'demand_hourly' | 'demand_places_hourly',
    q: RollupQuery<C>,
  ): Promise<RollupGroup<C>[]> {
    return plannedRead(this.reader, table, q);
  }

  async refreshDemandCube(maxDays = Infinity, untilHour = Infinity): Promise<number> {
    const statements = dayRefreshSql(() => '?').map((s) => ({
      stmt: this.db.prepare(s.sql),
      params: s.params,
    }));
    const oldest = this.db.prepare(oldestDirtySql(() => '?'));
    const until = Math.floor(Math.min(untilHour, Number.MAX_SAFE_INTEGER) / DAY_HOURS) * DAY_HOURS;
    const take = this.db.prepare('DELETE FROM demand_cube_dirty WHERE hour >= ? AND hour < ?');
    // A day a transaction, the oldest first; the event loop is let go between days.
    const refreshDay = this.db.transaction((): boolean => {
      const hour = (oldest.get(until) as { hour: number | null }).hour;
      if (hour === null) return false;
      const day = Math.floor(hour / DAY_HOURS) * DAY_HOURS;
      take.run(day, day + DAY_HOURS);
      for (const s of statements) s.stmt.run(...s.params(day));
      return true;
    });
    let days = 0;
    while (days < maxDays && sqliteGuard(() => refreshDay.immediate())) {
      days += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return days;
  }

  async deleteBefore(date: Date): Promise<number> {
    const at = date.toISOString();
    // The deleted events' counts are taken off the roll-ups in the same transaction.
    const takeOff = [
      markDeletedSql(SQLITE_ROLLUP, 'occurred_at < ?'),
      ...rollupFromEvents(SQLITE_ROLLUP, 'occurred_at < ?', -1),
    ];
    return sqliteGuard(() =>
      this.db.transaction(() => {
        for (const sql of takeOff) {
          const stmt = this.db.prepare(sql);
          if (sql.includes('?')) stmt.run(at);
          else stmt.run();
        }
        return this.db.prepare('DELETE FROM analytics_events WHERE occurred_at < ?').run(at)
          .changes;
      })(),
    );
  }
}
