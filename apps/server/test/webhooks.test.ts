/**
 * The change webhooks' dispatcher against a real local HTTP receiver and a real outbox (a SQLite
 * file): the signature verifies with the shared secret; 5xx answers and refused connections are
 * retried with back-off (timers and clock driven by the test, no waiting) while the URL's later
 * changes wait behind, in order; a 4xx or the end of WEBHOOK_RETRY_HOURS gives a delivery up,
 * kept as failed; two processes on one database never send a delivery twice; a large change
 * goes in parts; and the settings are validated with every problem listed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { renameSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommittedChange } from '../src/modules/stores/changes.js';
import { outboxInserts } from '../src/db/outbox.js';
import { queryBuilder } from '../src/db/query/builder.js';
import { openSqlite } from '../src/db/sqlite-database.js';
import type { Database } from '../src/db/types.js';
import { ConfigError } from '../src/env.js';
import { loadWebhookConfig } from '../src/modules/webhooks/config.js';
import type { WebhookEvent } from '../src/modules/webhooks/payload.js';
import {
  WebhookDispatcher,
  type WebhookDispatcherOptions,
} from '../src/modules/webhooks/dispatcher.js';
import { openTestDb, type TestDb } from './helpers/databases.js';
import { closedPort, manualTimers, receiver, type Receiver } from './helpers/receiver.js';

const SECRET = 'whsec-test-0123456789';
const HOUR = 3_600_000;

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const r of open.splice(0).reverse()) await r.close();
});
const start = async (port?: number) => {
  const r = await receiver(port);
  open.push(r);
  return r;
};

/** The database of a test, with a second connection to write the outbox as a change would. */
async function outboxDb(): Promise<{
  t: TestDb;
  write(rows: ReturnType<WebhookDispatcher['rowsFor']>): void;
}> {
  const t = await openTestDb('sqlite');
  const raw = new BetterSqlite3(t.file!);
  open.push({ close: async () => (raw.close(), await t.cleanup()) });
  const insert = (rows: ReturnType<WebhookDispatcher['rowsFor']>) => {
    for (const { sql, parameters } of outboxInserts(queryBuilder('sqlite'), rows, Date.now()))
      raw.prepare(sql).run(...parameters);
  };
  return { t, write: (rows) => raw.transaction(() => insert(rows))() };
}

const change = (
  n: number,
  kind: 'created' | 'updated' | 'deleted' = 'created',
): CommittedChange => ({
  operation: 'put',
  actor: 'key:abc',
  dataVersion: String(100 + n),
  at: new Date(Date.UTC(2026, 10, 27, 7, 0, 0)),
  stores: [{ storeId: `S-${n}`, kind }],
});

/** A dispatcher on `db`, its clock at `clock.now` (from the real time: rows are written then). */
function dispatcher(
  db: Database,
  urls: string[],
  over: Partial<WebhookDispatcherOptions> = {},
  clock = { now: Date.now() },
) {
  return new WebhookDispatcher(
    {
      urls,
      secret: SECRET,
      timeoutMs: 2000,
      maxStores: 1000,
      retryForMs: 24 * HOUR,
      now: () => clock.now,
      ...over,
    },
    db.webhookOutbox,
  );
}

/** What a receiver does: recompute the HMAC over "<t>.<raw body>" and compare in constant time. */
function verify(header: string | string[] | undefined, raw: string, secret = SECRET) {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  if (!m) return undefined;
  const expected = createHmac('sha256', secret).update(`${m[1]}.${raw}`).digest();
  return timingSafeEqual(expected, Buffer.from(m[2]!, 'hex')) ? Number(m[1]) : undefined;
}

const bodyOf = (raw: string) => JSON.parse(raw) as WebhookEvent;
const storeIds = (r: Receiver) => r.received.map((d) => bodyOf(d.raw).stores[0]!.storeId);

describe('change webhooks', () => {
  it('POSTs each change in order, signed with the secret and the time of sending', async () => {
    const { t, write } = await outboxDb();
    const rx = await start();
    const clock = { now: Date.now() };
    const d = dispatcher(t.db, [rx.url], {}, clock);
    write(d.rowsFor(change(1)));
    write(d.rowsFor(change(2, 'deleted')));
    d.wake();
    await d.idle();
    expect(rx.received).toHaveLength(2);
    const [first, second] = rx.received;
    const sentAt = Math.floor(clock.now / 1000);
    expect(verify(first!.headers['locator-signature'], first!.raw)).toBe(sentAt);
    expect(verify(first!.headers['locator-signature'], first!.raw, 'another-secret-xyz')).toBe(
      undefined,
    );
    expect(verify(first!.headers['locator-signature'], `${first!.raw} `)).toBe(undefined);
    expect(first!.headers['content-type']).toBe('application/json');
    const event = bodyOf(first!.raw);
    expect(first!.headers['locator-webhook-id']).toBe(event.id);
    expect(event).toEqual({
      id: expect.any(String),
      type: 'stores.changed',
      changeId: event.id,
      committedAt: '2026-11-27T07:00:00.000Z',
      dataVersion: '101',
      operation: 'put',
      mode: null,
      actor: 'key:abc',
      part: 1,
      parts: 1,
      counts: { created: 1, updated: 0, deleted: 0 },
      stores: [{ storeId: 'S-1', kind: 'created' }],
    });
    expect(bodyOf(second!.raw).stores).toEqual([{ storeId: 'S-2', kind: 'deleted' }]);
    expect(d.stats()[rx.url]).toMatchObject({ sent: 2, failed: 0, requests: 2 });
    expect(await t.db.webhookOutbox.counts(rx.url)).toEqual({
      pending: 0,
      delivered: 2,
      failed: 0,
    });
  });

  it('retries 5xx answers with back-off (1 s, 2 s), re-signing each attempt', async () => {
    const { t, write } = await outboxDb();
    const rx = await start();
    rx.plan = [500, 503];
    const timers = manualTimers();
    const clock = { now: Date.now() };
    const d = dispatcher(t.db, [rx.url], { timers }, clock);
    const t0 = Math.floor(clock.now / 1000);
    write(d.rowsFor(change(1)));
    d.wake();
    const first = await timers.next();
    expect(first.ms).toBe(1000);
    expect(rx.received.map((x) => x.status)).toEqual([500]);
    clock.now += 1000;
    first.fire();
    const second = await timers.next();
    expect(second.ms).toBe(2000);
    clock.now += 2000;
    second.fire();
    await d.idle();
    expect(rx.received.map((x) => x.status)).toEqual([500, 503, 204]);
    // The same event each time (receivers drop a repeated id), signed at each attempt.
    expect(new Set(rx.received.map((x) => bodyOf(x.raw).id)).size).toBe(1);
    expect(rx.received.map((x) => verify(x.headers['locator-signature'], x.raw))).toEqual([
      t0,
      t0 + 1,
      t0 + 3,
    ]);
    expect(d.stats()[rx.url]).toMatchObject({ sent: 1, failed: 0, requests: 3 });
    const [row] = await t.db.webhookOutbox.attempted(rx.url, 5, false);
    expect(row).toMatchObject({ state: 'delivered', attempts: 3, lastStatus: 204 });
  });

  it('a receiver down: its changes wait in order, for hours, then are given up and kept', async () => {
    const { t, write } = await outboxDb();
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/hooks`;
    const timers = manualTimers();
    const logs: string[] = [];
    const clock = { now: Date.now() };
    const d = dispatcher(
      t.db,
      [url],
      { timers, retryForMs: 2 * HOUR, log: (m) => logs.push(m) },
      clock,
    );
    write(d.rowsFor(change(1)));
    write(d.rowsFor(change(2)));
    d.wake();
    // Back-off doubles up to 10 minutes: S-1 is retried, S-2 waits behind it.
    const waits: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const next = await timers.next();
      waits.push(next.ms);
      clock.now += next.ms;
      next.fire();
    }
    expect(waits.slice(0, 11)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000, 256_000, 512_000, 600_000,
    ]);
    await d.idle();
    expect(await t.db.webhookOutbox.counts(url)).toEqual({ pending: 2, delivered: 0, failed: 0 });
    const [head] = await t.db.webhookOutbox.attempted(url, 1, false);
    expect(head).toMatchObject({ attempts: 13, state: 'pending', lastStatus: null });
    expect(head!.lastError).toMatch(/ECONNREFUSED/);
    expect(bodyOf(head!.body).stores[0]!.storeId).toBe('S-1');
    // The receiver comes back: S-1, then S-2, in order.
    const rx = await start(port);
    const next = await timers.next();
    clock.now += next.ms;
    next.fire();
    await rx.arrived(2);
    await d.idle();
    expect(storeIds(rx)).toEqual(['S-1', 'S-2']);
    // Down again for longer than WEBHOOK_RETRY_HOURS: S-3 is given up, kept and logged; the
    // next change goes.
    await rx.close();
    open.splice(open.indexOf(rx), 1);
    write(d.rowsFor(change(3)));
    d.wake();
    while ((await t.db.webhookOutbox.counts(url)).failed === 0) {
      const retry = await timers.next();
      clock.now += retry.ms;
      retry.fire();
      await d.idle();
    }
    expect(clock.now - head!.createdAt).toBeGreaterThanOrEqual(2 * HOUR);
    const [failed] = await t.db.webhookOutbox.attempted(url, 5, true);
    expect(bodyOf(failed!.body).stores[0]!.storeId).toBe('S-3');
    expect(logs.some((l) => /event \S+ given up after \d+ attempts \(.*ECONNREFUSED/.test(l))).toBe(
      true,
    );
    const back = await start(port);
    write(d.rowsFor(change(4)));
    d.wake();
    await back.arrived(1);
    await d.idle();
    expect(storeIds(back)).toEqual(['S-4']);
    expect(await t.db.webhookOutbox.counts(url)).toEqual({ pending: 0, delivered: 3, failed: 1 });
  });

  it('does not retry a 4xx refusal: given up at once, the next change goes', async () => {
    const { t, write } = await outboxDb();
    const rx = await start();
    rx.plan = [400];
    const d = dispatcher(t.db, [rx.url]);
    write(d.rowsFor(change(1)));
    write(d.rowsFor(change(2)));
    d.wake();
    await rx.arrived(2);
    await d.idle();
    expect(rx.received.map((x) => x.status)).toEqual([400, 204]);
    expect(d.stats()[rx.url]).toMatchObject({ sent: 1, failed: 1, requests: 2 });
    const [failed] = await t.db.webhookOutbox.attempted(rx.url, 5, true);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, lastStatus: 400 });
  });

  it('two processes on one database send each delivery once, in order', async () => {
    const { t, write } = await outboxDb();
    const other: Database = openSqlite(t.file!);
    open.push({ close: () => other.close() });
    const rx = await start();
    const a = dispatcher(t.db, [rx.url]);
    const b = dispatcher(other, [rx.url]);
    for (let n = 1; n <= 20; n += 1) write(a.rowsFor(change(n)));
    a.wake();
    b.wake();
    await rx.arrived(20);
    await Promise.all([a.idle(), b.idle()]);
    expect(storeIds(rx)).toEqual(Array.from({ length: 20 }, (_, i) => `S-${i + 1}`));
    expect(new Set(rx.received.map((x) => bodyOf(x.raw).id)).size).toBe(20);
    expect(a.stats()[rx.url]!.sent + b.stats()[rx.url]!.sent).toBe(20);
  });

  it('settle() waits for due retries until its deadline (the import command before it exits)', async () => {
    const { t, write } = await outboxDb();
    const rx = await start();
    rx.plan = [503];
    const d = dispatcher(t.db, [rx.url], { backoffMs: 50, now: Date.now });
    write(d.rowsFor(change(1)));
    expect(await d.settle(10_000)).toBe(true);
    expect(rx.received.map((x) => x.status)).toEqual([503, 204]);
    expect(await d.close()).toEqual([`Webhook ${new URL(rx.url).host}: 1 delivered`]);

    // A receiver still failing at the deadline: the change waits in the outbox.
    const down = await start();
    down.plan = [503];
    const d2 = dispatcher(t.db, [down.url], { backoffMs: 60_000, now: Date.now });
    write(d2.rowsFor(change(2)));
    expect(await d2.settle(1000)).toBe(false);
    expect(await d2.close()).toEqual([
      `Webhook ${new URL(down.url).host}: 0 delivered; 1 waiting in the outbox, sent when a server runs with this webhook`,
    ]);
  });

  it('says once that the outbox is not usable, and sends once it is again', async () => {
    const { t, write } = await outboxDb();
    const rx = await start();
    const logs: string[] = [];
    const d = dispatcher(t.db, [rx.url], { log: (m) => logs.push(m) });
    write(d.rowsFor(change(1)));
    // The database file gone: the connection's next check closes it.
    renameSync(t.file!, `${t.file}.away`);
    await vi.waitFor(() => expect(t.db.webhookOutbox.waiting(rx.url)).rejects.toThrow());
    for (let i = 0; i < 3; i += 1) {
      d.wake();
      await d.idle();
    }
    expect(logs.filter((l) => l.startsWith('webhooks: outbox not usable'))).toHaveLength(1);
    expect(rx.received).toHaveLength(0);
    renameSync(`${t.file}.away`, t.file!);
    await vi.waitFor(async () => {
      d.wake();
      await d.idle();
      expect(rx.received).toHaveLength(1);
    });
    expect(storeIds(rx)).toEqual(['S-1']);
  });

  it('sends a large change in parts of at most WEBHOOK_MAX_STORES stores', async () => {
    const { t, write } = await outboxDb();
    const rx = await start();
    const d = dispatcher(t.db, [rx.url], { maxStores: 2 });
    write(
      d.rowsFor({
        operation: 'import',
        mode: 'sync',
        actor: null,
        dataVersion: '7',
        at: new Date(),
        stores: [
          { storeId: 'A', kind: 'created' },
          { storeId: 'B', kind: 'updated' },
          { storeId: 'C', kind: 'deleted' },
        ],
      }),
    );
    d.wake();
    await rx.arrived(2);
    await d.idle();
    const events = rx.received.map((x) => bodyOf(x.raw));
    expect(events.map((e) => [e.part, e.parts, e.stores.length])).toEqual([
      [1, 2, 2],
      [2, 2, 1],
    ]);
    expect(new Set(events.map((e) => e.changeId)).size).toBe(1);
    expect(new Set(events.map((e) => e.id)).size).toBe(2);
    expect(events[0]).toMatchObject({
      operation: 'import',
      mode: 'sync',
      actor: null,
      counts: { created: 1, updated: 1, deleted: 1 },
    });
  });
});

describe('webhook settings', () => {
  it('lists every problem at start-up', () => {
    let error: unknown;
    try {
      loadWebhookConfig({
        WEBHOOK_URLS: 'https://a.example/hook, ftp://b.example, https://a.example/hook',
        WEBHOOK_TIMEOUT_MS: '0',
        WEBHOOK_RETRY_HOURS: '0',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'WEBHOOK_URLS',
      'WEBHOOK_URLS',
      'WEBHOOK_TIMEOUT_MS',
      'WEBHOOK_RETRY_HOURS',
      'WEBHOOK_SECRET',
    ]);
    expect(problems[0]).toContain('"ftp://b.example" is not an http(s) URL');
    expect(() =>
      loadWebhookConfig({ WEBHOOK_URLS: 'https://a.example', WEBHOOK_SECRET: 'short' }),
    ).toThrow(/WEBHOOK_SECRET: must be at least 16 characters/);
  });

  it('defaults: no webhooks; URLs separated by commas or spaces', () => {
    expect(loadWebhookConfig({}).WEBHOOK_URLS).toBeUndefined();
    expect(
      loadWebhookConfig({
        WEBHOOK_URLS: 'https://a.example/h https://b.example/h,http://c.example:8080/',
        WEBHOOK_SECRET: SECRET,
      }),
    ).toMatchObject({
      WEBHOOK_URLS: ['https://a.example/h', 'https://b.example/h', 'http://c.example:8080/'],
      WEBHOOK_RETRY_HOURS: 24,
      WEBHOOK_TIMEOUT_MS: 5000,
      WEBHOOK_MAX_STORES: 1000,
      WEBHOOK_EXIT_WAIT_MS: 15_000,
    });
  });
});
