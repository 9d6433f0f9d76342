/**
 * The outbox (docs/ARCHITECTURE.md, "Deliveries: the outbox"): what the locator sends to other
 * systems is first a row written in the same transaction as the data it announces, so a commit
 * is never lost to a crash, a restart or a receiver that is down, and a rollback is never
 * announced. Two topics: `webhook`, a change webhook's event for one receiver URL, written with
 * the store change (webhooks/dispatcher.ts sends each URL's rows in order); `analytics`, a
 * stored analytics event for the forwarding service, written with the event
 * (analytics/forward.ts sends them in batches). A sender claims rows with a lease first, so
 * that several processes (workers, machines, the import command) never send one at the same
 * time, and records each attempt's outcome on the row.
 *
 * One repository serves both databases: the SQL below is the same on both (`?` placeholders,
 * numbered for PostgreSQL by the runner); times are milliseconds since the epoch.
 */
import type { OutboxRow, OutboxTopic } from './store-changes.js';

export type { OutboxRow, OutboxRowsFor, OutboxTopic } from './store-changes.js';

/** A new row is due at once (next_attempt_at 0). */
export const OUTBOX_INSERT = `INSERT INTO outbox
  (topic, event_id, destination, body, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, 0)`;

/** The parameters of OUTBOX_INSERT for a row written at `now`. */
export const outboxParams = (row: OutboxRow, now: number): unknown[] => [
  row.topic,
  row.eventId,
  row.destination,
  row.body,
  now,
];

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
   * Deletes the rows delivered before `deliveredBefore`, and the failed ones before
   * `failedBefore` (default: kept); answers how many.
   */
  prune(deliveredBefore: number, failedBefore?: number): Promise<number>;
}

/** What the repository needs of a database connection. */
export interface SqlRunner {
  rows(sql: string, params: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /** Answers the rows changed. */
  run(sql: string, params: readonly unknown[]): Promise<number>;
}

const COLUMNS = `seq, event_id, destination, body, created_at, state, attempts, next_attempt_at,
  lease_until, last_attempt_at, last_status, last_error`;

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function entryOf(r: Record<string, unknown>): OutboxEntry {
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

export class SqlOutbox implements OutboxRepository {
  constructor(
    private readonly sql: SqlRunner,
    private readonly topic: OutboxTopic,
  ) {}

  async head(destination: string): Promise<OutboxEntry | undefined> {
    const rows = await this.sql.rows(
      `SELECT ${COLUMNS} FROM outbox WHERE topic = ? AND destination = ? AND state = 'pending'
       ORDER BY seq LIMIT 1`,
      [this.topic, destination],
    );
    return rows[0] && entryOf(rows[0]);
  }

  async due(destination: string, now: number, limit: number): Promise<OutboxEntry[]> {
    const rows = await this.sql.rows(
      `SELECT ${COLUMNS} FROM outbox WHERE topic = ? AND destination = ? AND state = 'pending'
         AND next_attempt_at <= ? AND lease_until <= ?
       ORDER BY seq LIMIT ?`,
      [this.topic, destination, now, now, limit],
    );
    return rows.map(entryOf);
  }

  async remove(seqs: readonly number[]): Promise<void> {
    if (seqs.length === 0) return;
    await this.sql.run(`DELETE FROM outbox WHERE seq IN (${seqs.map(() => '?').join(', ')})`, seqs);
  }

  async claim(seq: number, now: number, leaseUntil: number): Promise<boolean> {
    const changed = await this.sql.run(
      `UPDATE outbox SET lease_until = ?
       WHERE seq = ? AND state = 'pending' AND lease_until <= ? AND next_attempt_at <= ?`,
      [leaseUntil, seq, now, now],
    );
    return changed === 1;
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
    await this.sql.run(
      `UPDATE outbox SET state = ?, attempts = attempts + 1, next_attempt_at = ?,
         lease_until = 0, last_attempt_at = ?, last_status = ?, last_error = ?
       WHERE seq = ?`,
      [state, next, a.at, a.statusCode, a.error, seq],
    );
  }

  async counts(destination: string): Promise<OutboxCounts> {
    const rows = await this.sql.rows(
      `SELECT state, COUNT(*) AS n FROM outbox WHERE topic = ? AND destination = ?
       GROUP BY state`,
      [this.topic, destination],
    );
    const out: OutboxCounts = { pending: 0, delivered: 0, failed: 0 };
    for (const r of rows) out[r.state as OutboxState] = num(r.n);
    return out;
  }

  async waiting(destination: string): Promise<number> {
    const rows = await this.sql.rows(
      `SELECT COUNT(*) AS n FROM outbox WHERE topic = ? AND destination = ? AND state = 'pending'`,
      [this.topic, destination],
    );
    return num(rows[0]?.n ?? 0);
  }

  async attempted(destination: string, limit: number, failedOnly: boolean): Promise<OutboxEntry[]> {
    const rows = await this.sql.rows(
      `SELECT ${COLUMNS} FROM outbox
       WHERE topic = ? AND destination = ? AND attempts > 0
         ${failedOnly ? "AND state = 'failed'" : ''}
       ORDER BY last_attempt_at DESC, seq DESC LIMIT ?`,
      [this.topic, destination, limit],
    );
    return rows.map(entryOf);
  }

  async prune(deliveredBefore: number, failedBefore = 0): Promise<number> {
    return this.sql.run(
      `DELETE FROM outbox WHERE topic = ? AND ((state = 'delivered' AND last_attempt_at < ?)
         OR (state = 'failed' AND last_attempt_at < ?))`,
      [this.topic, deliveredBefore, failedBefore],
    );
  }
}

/** `?` placeholders numbered as PostgreSQL wants them ($1, $2…); the SQL above has no `?` else. */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
