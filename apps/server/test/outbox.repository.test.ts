/**
 * The outbox's one repository on both databases: rows written with a change come out per topic
 * and URL in order; a claim takes a due row once; attempts are recorded (retry, delivered,
 * failed); counts, the rows waiting and the last attempts are read back; pruning deletes the
 * delivered and failed rows older than asked, never a pending one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import type { OutboxRow } from '../src/db/outbox.js';
import { storeAt } from './helpers/store-writes.js';

const LONDON = { lat: 51.5, lon: -0.12 };

const URL_A = 'http://127.0.0.1:1/repository-a';
const URL_B = 'http://127.0.0.1:1/repository-b';

describe.each(DIALECTS)('the outbox repository on %s', (dialect) => {
  let t: TestDb;
  // Rows are written as a store write does: through the change feed, in its transaction.
  const write = async (rows: OutboxRow[]) => {
    const stop = t.db.changes.writeOutbox(() => rows);
    try {
      const id = `OUT-${rows[0]!.eventId}`;
      const put = await t.db.admin.putStore(storeAt(LONDON, id, id), undefined, 'key:test');
      expect(put.status).toBe('created');
    } finally {
      stop();
    }
  };
  const row = (eventId: string, destination = URL_A): OutboxRow => ({
    topic: 'webhook',
    eventId,
    destination,
    body: JSON.stringify({ id: eventId }),
  });

  beforeAll(async () => {
    t = await openTestDb(dialect);
  }, 60_000);
  afterAll(async () => {
    await t?.cleanup();
  });

  it('keeps each URL in order, claims a due row once, and records the attempts', async () => {
    await write([row('e1'), row('e1', URL_B)]);
    await write([row('e2')]);
    const now = Date.now();
    const head = await t.db.webhookOutbox.head(URL_A);
    expect(head).toMatchObject({ eventId: 'e1', state: 'pending', attempts: 0, leaseUntil: 0 });
    expect((await t.db.webhookOutbox.due(URL_A, now, 10)).map((e) => e.eventId)).toEqual([
      'e1',
      'e2',
    ]);
    // Another topic's rows are apart.
    expect(await t.db.forwardOutbox.head(URL_A)).toBeUndefined();
    expect(await t.db.webhookOutbox.claim(head!.seq, now, now + 10_000)).toBe(true);
    expect(await t.db.webhookOutbox.claim(head!.seq, now, now + 10_000)).toBe(false);
    expect((await t.db.webhookOutbox.due(URL_A, now, 10)).map((e) => e.eventId)).toEqual(['e2']);
    await t.db.webhookOutbox.retry(
      head!.seq,
      { at: now, statusCode: 503, error: null },
      now + 1000,
    );
    expect(await t.db.webhookOutbox.head(URL_A)).toMatchObject({
      eventId: 'e1',
      attempts: 1,
      nextAttemptAt: now + 1000,
      leaseUntil: 0,
      lastStatus: 503,
      lastAttemptAt: now,
    });
    expect(await t.db.webhookOutbox.claim(head!.seq, now, now + 10_000)).toBe(false);
    expect(await t.db.webhookOutbox.claim(head!.seq, now + 1000, now + 10_000)).toBe(true);
    await t.db.webhookOutbox.delivered(head!.seq, { at: now + 1000, statusCode: 204, error: null });
    const e2 = (await t.db.webhookOutbox.head(URL_A))!;
    await t.db.webhookOutbox.failed(e2.seq, { at: now + 2000, statusCode: null, error: 'refused' });
    expect(await t.db.webhookOutbox.head(URL_A)).toBeUndefined();
    expect(await t.db.webhookOutbox.counts(URL_A)).toEqual({ pending: 0, delivered: 1, failed: 1 });
    expect(await t.db.webhookOutbox.waiting(URL_B)).toBe(1);
    const attempted = await t.db.webhookOutbox.attempted(URL_A, 10, false);
    expect(attempted.map((e) => [e.eventId, e.state, e.attempts])).toEqual([
      ['e2', 'failed', 1],
      ['e1', 'delivered', 2],
    ]);
    expect((await t.db.webhookOutbox.attempted(URL_A, 10, true)).map((e) => e.lastError)).toEqual([
      'refused',
    ]);
    // The console's report: the same counts and lists, read in one snapshot.
    expect(await t.db.webhookOutbox.report(URL_A, 10)).toEqual({
      counts: { pending: 0, delivered: 1, failed: 1 },
      recent: attempted,
      failures: await t.db.webhookOutbox.attempted(URL_A, 10, true),
    });

    // Pruning: the delivered row before the time given; the failed one only when asked.
    expect(await t.db.webhookOutbox.prune(now + 1001)).toBe(1);
    expect(await t.db.webhookOutbox.counts(URL_A)).toEqual({ pending: 0, delivered: 0, failed: 1 });
    expect(await t.db.webhookOutbox.prune(now + 5000, now + 2000)).toBe(0);
    expect(await t.db.webhookOutbox.prune(now + 5000, now + 2001)).toBe(1);
    expect(await t.db.webhookOutbox.waiting(URL_B)).toBe(1);
    const b = (await t.db.webhookOutbox.head(URL_B))!;
    await t.db.webhookOutbox.remove([b.seq]);
    expect(await t.db.webhookOutbox.counts(URL_B)).toEqual({ pending: 0, delivered: 0, failed: 0 });
  });

  it('writes a change of thousands of rows (statements of a bounded size)', async () => {
    const url = 'http://127.0.0.1:1/repository-many';
    const rows = Array.from({ length: 1201 }, (_, i) => row(`many-${i}`, url));
    await write(rows);
    expect(await t.db.webhookOutbox.waiting(url)).toBe(1201);
    const due = await t.db.webhookOutbox.due(url, Date.now(), 2000);
    expect(due.map((e) => e.eventId)).toEqual(rows.map((r) => r.eventId));
  });
});
