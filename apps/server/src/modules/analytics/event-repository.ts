/**
 * Analytics events and their demand roll-ups, one repository for both databases
 * (../../db/query/runner.ts). Times are ISO 8601 UTC text on SQLite and TIMESTAMPTZ on PostgreSQL
 * (compared with ISO text on both). The roll-ups' and the demand cube's SQL is generated for
 * either database by ./demand-rollups.ts and ./demand-cube.ts.
 */
import { sql as raw } from 'kysely';
import type { StoredEventType } from '@locator/core';
import type { EventGroup, EventQuery, EventRecord, EventRepository } from '../../db/types.js';
import { outboxInserts, type OutboxRow } from '../../db/outbox.js';
import { EVENT_COLUMN } from './event-columns.js';
import {
  PG_ROLLUP,
  SQLITE_ROLLUP,
  rollupFromEvents,
  rollupRows,
  upsertSql,
  type HourlyColumn,
  type PlacesColumn,
  type RollupGroup,
  type RollupQuery,
} from './demand-rollups.js';
import {
  DAY_HOURS,
  dayRefreshSql,
  hoursOf,
  markDeletedSql,
  markDirtySql,
  oldestDirtySql,
} from './demand-cube.js';
import { plannedRead, type CubeReader } from './demand-cube-plan.js';
import {
  all,
  changes,
  first,
  rawQuery,
  type QueryRunner,
  type Work,
} from '../../db/query/runner.js';
import { flag, flagValue, placeholder } from '../../db/query/dialect-sql.js';

/**
 * Rows per statement. PostgreSQL: 1,000, fewer round trips, within its 65,535 parameters.
 * SQLite (no round trips): events 20 at a time and roll-ups 100 at a time. Measured on 100,000
 * events in batches of 5,000: 83,000 events/s at 20, 70,000 one by one, 66,000 at 100 (binding
 * thousands of parameters to one statement costs more than it saves).
 */
const ROWS = {
  postgres: { events: 1000, rollups: 1000 },
  sqlite: { events: 20, rollups: 100 },
};

const EVENT_FIELDS = [
  'occurred_at',
  'type',
  'channel',
  'country',
  'locale',
  'product',
  'carrier',
  'link',
  'page',
  'search_trigger',
  'drop_off',
  'result_count',
  'latitude',
  'longitude',
  'store_id',
  'embed_origin',
  'beyond_radius',
] as const;

/**
 * The insert of a chunk of events, as SQL text: the write path of every analytics event, where
 * the query builder's compiling cost a quarter of the throughput (docs/ARCHITECTURE.md, "One
 * repository layer").
 */
function eventInsertSql(rows: number, p: (i: number) => string): string {
  const width = EVENT_FIELDS.length;
  const values = Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: width }, (_, c) => p(r * width + c)).join(', ')})`,
  );
  return `INSERT INTO analytics_events (${EVENT_FIELDS.join(', ')}) VALUES ${values.join(', ')}`;
}

/** The advisory lock refreshes of the demand cube take on PostgreSQL: one at a time. */
const CUBE_LOCK = 7_160_416;

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

export class SqlEventRepository implements EventRepository {
  private readonly p: (i: number) => string;
  private readonly reader: CubeReader;
  /** The insert's SQL by number of rows (a few sizes). */
  private readonly inserts = new Map<number, string>();

  constructor(private readonly sql: QueryRunner) {
    this.p = placeholder(sql.dialect);
    this.reader = {
      placeholder: this.p,
      all: (text, params) => sql.run(all(rawQuery(text, params))),
    };
  }

  private insertSql(rows: number): string {
    let text = this.inserts.get(rows);
    if (text === undefined) {
      text = eventInsertSql(rows, this.p);
      if (this.inserts.size < 100) this.inserts.set(rows, text);
    }
    return text;
  }

  /** The events, their roll-up counts and their outbox rows, in one transaction. */
  async insertMany(
    records: readonly EventRecord[],
    forward: readonly OutboxRow[] = [],
  ): Promise<void> {
    if (records.length === 0) return;
    const { db, dialect } = this.sql;
    const rollups = rollupRows(records);
    const size = ROWS[dialect];
    const outbox = outboxInserts(db, forward, Date.now());
    const p = this.p;
    const insertSql = (rows: number) => this.insertSql(rows);
    // Statements are made as they run: the parameters of a batch are never all alive at once.
    await this.sql.transaction(
      (function* () {
        for (let i = 0; i < records.length; i += size.events) {
          const chunk = records.slice(i, i + size.events);
          const params: unknown[] = [];
          for (const r of chunk) {
            params.push(
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
              r.dropOff === null ? null : flag(dialect, r.dropOff),
              r.resultCount,
              r.latitude,
              r.longitude,
              r.storeId,
              r.embedOrigin,
              flag(dialect, r.beyondRadius),
            );
          }
          yield* changes(rawQuery(insertSql(chunk.length), params));
        }
        for (const row of outbox) yield row;
        for (const table of ['demand_hourly', 'demand_places_hourly'] as const) {
          const rows = table === 'demand_hourly' ? rollups.hourly : rollups.places;
          for (const part of chunks(rows, size.rollups)) {
            yield* changes(rawQuery(upsertSql(table, part.length, p), part.flat()));
          }
        }
        // Last: the marks' row locks are held for the shortest time (demand-cube.ts).
        const hours = hoursOf([...rollups.hourly, ...rollups.places]);
        for (const part of chunks(hours, size.rollups)) {
          yield* changes(rawQuery(markDirtySql(part.length, p), part));
        }
      })(),
    );
  }

  async group(q: EventQuery): Promise<EventGroup[]> {
    const columns = q.by.map((c) => raw.ref(EVENT_COLUMN[c]));
    let query = this.sql.db
      .selectFrom('analytics_events')
      .select((eb) => [...columns.map((c, i) => c.as(`k${i}`)), eb.fn.countAll().as('n')])
      .where('occurred_at', '>=', q.from.toISOString())
      .where('occurred_at', '<', q.to.toISOString());
    if (q.type) query = query.where('type', '=', q.type);
    if (q.zeroResults) query = query.where('result_count', '=', 0);
    if (q.located)
      query = query.where('latitude', 'is not', null).where('longitude', 'is not', null);
    if (columns.length > 0) query = query.groupBy(columns);
    const rows = (await this.sql.run(all(query))) as Record<string, unknown>[];
    return rows
      .filter((row) => Number(row.n) > 0)
      .map((row) => ({
        key: Object.fromEntries(
          q.by.map((c, i) => {
            const v = (row[`k${i}`] ?? null) as string | number | boolean | null;
            return [c, c === 'dropOff' && v !== null ? flagValue(v) : v];
          }),
        ),
        count: Number(row.n),
      }));
  }

  async count(type?: StoredEventType): Promise<number> {
    let query = this.sql.db.selectFrom('analytics_events').select((eb) => eb.fn.countAll().as('n'));
    if (type) query = query.where('type', '=', type);
    return Number((await this.sql.run(first(query)))?.n ?? 0);
  }

  hourly(q: RollupQuery<HourlyColumn>): Promise<RollupGroup<HourlyColumn>[]> {
    return plannedRead(this.reader, 'demand_hourly', q);
  }

  places(q: RollupQuery<PlacesColumn>): Promise<RollupGroup<PlacesColumn>[]> {
    return plannedRead(this.reader, 'demand_places_hourly', q);
  }

  async refreshDemandCube(maxDays = Infinity, untilHour = Infinity): Promise<number> {
    const postgres = this.sql.dialect === 'postgres';
    const statements = dayRefreshSql(this.p);
    const until = Math.floor(Math.min(untilHour, Number.MAX_SAFE_INTEGER) / DAY_HOURS) * DAY_HOURS;
    // Taken first. PostgreSQL: in hour order as the writers mark them, waiting for a writer still
    // holding a mark of the day; SQLite's transaction holds the write lock from its start.
    const take = postgres
      ? `DELETE FROM demand_cube_dirty WHERE hour IN (SELECT hour FROM demand_cube_dirty
          WHERE hour >= $1 AND hour < $2 ORDER BY hour FOR UPDATE)`
      : 'DELETE FROM demand_cube_dirty WHERE hour >= ? AND hour < ?';
    const p = this.p;
    const refreshDay = function* (): Work<boolean> {
      // Refreshes of several processes take turns (SQLite: the write lock does it).
      if (postgres) yield* all(rawQuery('SELECT pg_advisory_xact_lock($1)', [CUBE_LOCK]));
      const oldest = yield* first(
        rawQuery<{ hour: number | string | null }>(oldestDirtySql(p), [until]),
      );
      if (oldest?.hour == null) return false;
      const day = Math.floor(Number(oldest.hour) / DAY_HOURS) * DAY_HOURS;
      yield* changes(rawQuery(take, [day, day + DAY_HOURS]));
      for (const s of statements) yield* changes(rawQuery(s.sql, s.params(day)));
      return true;
    };
    let days = 0;
    // A day a transaction, the oldest first; the event loop is let go between days.
    while (days < maxDays && (await this.sql.transaction(refreshDay()))) {
      days += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return days;
  }

  async deleteBefore(date: Date): Promise<number> {
    const rollup = this.sql.dialect === 'sqlite' ? SQLITE_ROLLUP : PG_ROLLUP;
    const where = `occurred_at < ${this.p(0)}`;
    const at = date.toISOString();
    // The deleted events' counts are taken off the roll-ups in the same transaction.
    const takeOff = [markDeletedSql(rollup, where), ...rollupFromEvents(rollup, where, -1)];
    const db = this.sql.db;
    return this.sql.transaction(
      (function* () {
        for (const text of takeOff)
          yield* changes(rawQuery(text, text.includes(where) ? [at] : []));
        return yield* changes(db.deleteFrom('analytics_events').where('occurred_at', '<', at));
      })(),
    );
  }
}
