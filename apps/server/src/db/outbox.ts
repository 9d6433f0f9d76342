/**
 * The outbox (docs/ARCHITECTURE.md, "Deliveries: the outbox"): what the locator sends to other
 * systems is first a row written in the same transaction as the data it announces, so a commit
 * is never lost to a crash, a restart or a receiver that is down, and a rollback is never
 * announced. Two topics: `webhook`, a change webhook's event for one receiver URL, written with
 * the store change (modules/webhooks/dispatcher.ts sends each URL's rows in order); `analytics`, a
 * stored analytics event for the forwarding service, written with the event
 * (modules/analytics/forward.ts sends them in batches). A sender claims rows with a lease first, so
 * that several processes (workers, machines, the import command) never send one at the same
 * time, and records each attempt's outcome on the row.
 *
 * One repository serves both databases (./query/runner.ts); times are milliseconds since the
 * epoch.
 */
import type { Kysely } from 'kysely';
import type { OutboxRow, OutboxTopic } from '../modules/stores/changes.js';
import { all, changes, first, type QueryRunner } from './query/runner.js';
import type { Schema } from './query/schema.js';

export type { OutboxRow, OutboxRowsFor, OutboxTopic } from '../modules/stores/changes.js';

/** Rows per insert statement: well within both databases' limits on parameters. */
const INSERT_ROWS = 500;

/**
 * The statements writing a change's rows at `now`, each due at once (next_attempt_at 0): one
 * per INSERT_ROWS rows (an import's change can make thousands).
 */
export function outboxInserts(db: Kysely<Schema>, rows: readonly OutboxRow[], now: number) {
  const statements = [];
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const values = rows.slice(i, i + INSERT_ROWS).map((row) => ({
      topic: row.topic,
      event_id: row.eventId,
      destination: row.destination,
      body: row.body,
      created_at: now,
      next_attempt_at: 0,
    }));
    statements.push(db.insertInto('outbox').values(values).compile());
  }
  return statements;
}

export type OutboxState = 'pending' | 'delivered' | 'failed';

/** A delivery as stored. */
export interface OutboxEntry {
  seq: number;
  eventId: string;
  destination: string;
  body: string;
  createdAt: number;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  leaseUntil: number;
  lastAttemptAt: number | null;
  lastStatus: number | null;
  lastError: string | null;
}

/** How an attempt ended, as written on its row. */
export interface OutboxAttempt {
  at: number;
  statusCode: number | null;
  error: string | null;
}

export interface OutboxCounts {
  pending: number;
  delivered: number;
  failed: number;
}

/** A URL's counts and last attempted deliveries, read together (`OutboxRepository.report`). */
export interface OutboxReport {
  counts: OutboxCounts;
  /** The last attempted deliveries, newest first. */
  recent: OutboxEntry[];
  /** The last ones given up, newest first. */
  failures: OutboxEntry[];
}

/** One topic's rows. */
export interface OutboxRepository {
  /** The URL's oldest delivery still to send (leased or not, due or not). */
  head(destination: string): Promise<OutboxEntry | undefined>;
  /** Up to `limit` rows due at `now` and not leased, oldest first. */
  due(destination: string, now: number, limit: number): Promise<OutboxEntry[]>;
  /** Takes the row for an attempt until `leaseUntil`; false when it is not free. */
  claim(seq: number, now: number, leaseUntil: number): Promise<boolean>;
  /** Deletes rows (delivered ones that need no record). */
  remove(seqs: readonly number[]): Promise<void>;
  delivered(seq: number, attempt: OutboxAttempt): Promise<void>;
  /** Another attempt at `nextAttemptAt`. */
  retry(seq: number, attempt: OutboxAttempt, nextAttemptAt: number): Promise<void>;
  /** Given up: kept, visible, never sent again. */
  failed(seq: number, attempt: OutboxAttempt): Promise<void>;
  counts(destination: string): Promise<OutboxCounts>;
  /** The rows waiting (counts().pending, read from the index alone). */
  waiting(destination: string): Promise<number>;
  /** The URL's last attempted deliveries, newest first; `failedOnly`: those given up. */
  attempted(destination: string, limit: number, failedOnly: boolean): Promise<OutboxEntry[]>;
  /**
   * counts() and attempted() (`limit` of each list) in one snapshot, so that they agree: a
   * delivery settled between separate reads would be listed as failed and counted as queued.
   */
  report(destination: string, limit: number): Promise<OutboxReport>;
  /**
   * Deletes the rows delivered before `deliveredBefore`, and the failed ones before
   * `failedBefore` (default: kept); answers how many.
   */
  prune(deliveredBefore: number, failedBefore?: number): Promise<number>;
}

const COLUMNS = [
  'seq',
  'event_id',
  'destination',
  'body',
  'created_at',
  'state',
  'attempts',
  'next_attempt_at',
  'lease_until',
  'last_attempt_at',
  'last_status',
  'last_error',
] as const;

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

type EntryRow = Pick<Schema['outbox'], (typeof COLUMNS)[number]>;

function entryOf(r: { [K in keyof EntryRow]: unknown }): OutboxEntry {
  return {
    seq: num(r.seq),
    eventId: String(r.event_id),
    destination: String(r.destination),
    body: String(r.body),
    createdAt: num(r.created_at),
    state: r.state as OutboxState,
    attempts: num(r.attempts),
    nextAttemptAt: num(r.next_attempt_at),
    leaseUntil: num(r.lease_until),
    lastAttemptAt: numOrNull(r.last_attempt_at),
    lastStatus: numOrNull(r.last_status),
    lastError: r.last_error === null || r.last_error === undefined ? null : String(r.last_error),
  };
}

function countsOf(rows: readonly { state: string; n: unknown }[]): OutboxCounts {
  const out: OutboxCounts = { pending: 0, delivered: 0, failed: 0 };
  for (const r of rows) out[r.state as OutboxState] = num(r.n);
  return out;
}

export class SqlOutbox implements OutboxRepository {
  constructor(
    private readonly sql: QueryRunner,
    private readonly topic: OutboxTopic,
  ) {}

  /** This topic's rows for one URL. */
  private rows(destination: string) {
    return this.sql.db
      .selectFrom('outbox')
      .where('topic', '=', this.topic)
      .where('destination', '=', destination);
  }

  private pending(destination: string) {
    return this.rows(destination).select(COLUMNS).where('state', '=', 'pending').orderBy('seq');
  }

  async head(destination: string): Promise<OutboxEntry | undefined> {
    const row = await this.sql.run(first(this.pending(destination).limit(1)));
    return row && entryOf(row);
  }

  async due(destination: string, now: number, limit: number): Promise<OutboxEntry[]> {
    const query = this.pending(destination)
      .where('next_attempt_at', '<=', now)
      .where('lease_until', '<=', now)
      .limit(limit);
    return (await this.sql.run(all(query))).map(entryOf);
  }

  async remove(seqs: readonly number[]): Promise<void> {
    if (seqs.length === 0) return;
    await this.sql.run(changes(this.sql.db.deleteFrom('outbox').where('seq', 'in', seqs)));
  }

  async claim(seq: number, now: number, leaseUntil: number): Promise<boolean> {
    const claim = this.sql.db
      .updateTable('outbox')
      .set({ lease_until: leaseUntil })
      .where('seq', '=', seq)
      .where('state', '=', 'pending')
      .where('lease_until', '<=', now)
      .where('next_attempt_at', '<=', now);
    return (await this.sql.run(changes(claim))) === 1;
  }

  async delivered(seq: number, a: OutboxAttempt): Promise<void> {
    await this.settle(seq, a, 'delivered', a.at);
  }

  async retry(seq: number, a: OutboxAttempt, nextAttemptAt: number): Promise<void> {
    await this.settle(seq, a, 'pending', nextAttemptAt);
  }

  async failed(seq: number, a: OutboxAttempt): Promise<void> {
    await this.settle(seq, a, 'failed', a.at);
  }

  private async settle(seq: number, a: OutboxAttempt, state: OutboxState, next: number) {
    const update = this.sql.db
      .updateTable('outbox')
      .set((eb) => ({
        state,
        attempts: eb('attempts', '+', 1),
        next_attempt_at: next,
        lease_until: 0,
        last_attempt_at: a.at,
        last_status: a.statusCode,
        last_error: a.error,
      }))
      .where('seq', '=', seq);
    await this.sql.run(changes(update));
  }

  private countsQuery(destination: string) {
    return this.rows(destination)
      .select((eb) => ['state', eb.fn.countAll().as('n')])
      .groupBy('state');
  }

  async counts(destination: string): Promise<OutboxCounts> {
    return countsOf(await this.sql.run(all(this.countsQuery(destination))));
  }

  async waiting(destination: string): Promise<number> {
    const query = this.rows(destination)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('state', '=', 'pending');
    return num((await this.sql.run(first(query)))?.n ?? 0);
  }

  private attemptedQuery(destination: string, limit: number, failedOnly: boolean) {
    let query = this.rows(destination).select(COLUMNS).where('attempts', '>', 0);
    if (failedOnly) query = query.where('state', '=', 'failed');
    return query.orderBy('last_attempt_at', 'desc').orderBy('seq', 'desc').limit(limit);
  }

  async attempted(destination: string, limit: number, failedOnly: boolean): Promise<OutboxEntry[]> {
    return (await this.sql.run(all(this.attemptedQuery(destination, limit, failedOnly)))).map(
      entryOf,
    );
  }

  report(destination: string, limit: number): Promise<OutboxReport> {
    const counts = this.countsQuery(destination);
    const recent = this.attemptedQuery(destination, limit, false);
    const failures = this.attemptedQuery(destination, limit, true);
    return this.sql.snapshot(
      (function* () {
        return {
          counts: countsOf(yield* all(counts)),
          recent: (yield* all(recent)).map(entryOf),
          failures: (yield* all(failures)).map(entryOf),
        };
      })(),
    );
  }

  async prune(deliveredBefore: number, failedBefore = 0): Promise<number> {
    const prune = this.sql.db
      .deleteFrom('outbox')
      .where('topic', '=', this.topic)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'delivered'), eb('last_attempt_at', '<', deliveredBefore)]),
          eb.and([eb('state', '=', 'failed'), eb('last_attempt_at', '<', failedBefore)]),
        ]),
      );
    return this.sql.run(changes(prune));
  }
}
