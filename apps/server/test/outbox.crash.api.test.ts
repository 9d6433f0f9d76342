/**
 * The outbox's deliveries survive a crash, on both databases, with the receivers down: a server
 * that made admin writes and stored analytics events is killed (SIGKILL); the import command is
 * killed while it waits to deliver its import's change. Once the receivers are up and a server
 * starts again, every change arrives, signed, in the order of the commits, within a minute,
 * and every analytics event is forwarded; each once by its event id (delivery is at least once:
 * one whose answer came too late is sent again with its id, and receivers deduplicate by it).
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DIALECTS, PG_TEST_URL, preparePostgres, type Dialect } from './helpers/databases.js';
import { writeKey } from './helpers/keys.js';
import { gbRow } from './helpers/import-files.js';
import { closedPort, receiver, type Receiver } from './helpers/receiver.js';
import {
  freePort,
  listening,
  startServerProcess,
  type ServerProcess,
} from './helpers/server-process.js';
import { openPostgres } from '../src/db/postgres-database.js';
import { openSqlite } from '../src/db/sqlite-database.js';
import { SQLITE_FILE_NAME } from '../src/db/open.js';
import type { Database } from '../src/db/types.js';
import type { WebhookEvent } from '../src/modules/webhooks/payload.js';

const SERVER = resolve(import.meta.dirname, '../src/main.ts');
const CLI = resolve(import.meta.dirname, '../src/modules/imports/cli.ts');
const SAMPLE = resolve(import.meta.dirname, '../config/samples/stores-sample.csv');
const SECRET = 'whsec-crash-0123456789';
/** How long a delivered row may take to be marked so once its request arrived. */
const SETTLED = { timeout: 30_000, interval: 100 };

interface Crash {
  db: Database;
  env: Record<string, string>;
  hookUrl: string;
  forwardUrl: string;
  /** Starts a process (the server or the import command), stopped at the end. */
  start(args: string[], env?: Record<string, string>): ServerProcess;
  /** The receivers up, a server started: what each received once `hooks` changes arrived. */
  restart(hooks: number): Promise<{ rx: Receiver; collector: Receiver }>;
}

/** An empty database, receivers down, and the processes a test starts; all gone at the end. */
async function crash(dialect: Dialect, test: (c: Crash) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'locator-crash-'));
  const hookPort = await closedPort();
  const forwardPort = await closedPort();
  if (dialect === 'postgres') await preparePostgres();
  const db: Database =
    dialect === 'postgres'
      ? await openPostgres(PG_TEST_URL, { max: 2 })
      : openSqlite(join(dir, SQLITE_FILE_NAME));
  const hookUrl = `http://127.0.0.1:${hookPort}/hooks`;
  const forwardUrl = `http://127.0.0.1:${forwardPort}/collect`;
  const env = {
    DATA_DIR: dir,
    ...(dialect === 'postgres' ? { DATABASE_URL: PG_TEST_URL } : {}),
    DEMO_DATA: 'off',
    WEBHOOK_URLS: hookUrl,
    WEBHOOK_SECRET: SECRET,
    ANALYTICS_FORWARD_URL: forwardUrl,
    ANALYTICS_FORWARD_INTERVAL_MS: '200',
    SHUTDOWN_GRACE_MS: '0',
  };
  const running: ServerProcess[] = [];
  const receivers: Receiver[] = [];
  const start = (args: string[], more: Record<string, string> = {}) => {
    const s = startServerProcess(['--import', 'tsx', ...args], { ...env, ...more });
    running.push(s);
    return s;
  };
  try {
    await db.stores.replaceAll([]);
    await test({
      db,
      env,
      hookUrl,
      forwardUrl,
      start,
      async restart(hooks) {
        const rx = await receiver(hookPort);
        const collector = await receiver(forwardPort);
        receivers.push(rx, collector);
        await listening(start([SERVER], { PORT: String(await freePort()) }));
        const started = Date.now();
        // At least once: a delivery whose answer came too late (a loaded machine) is sent again
        // with the same event id, which receivers deduplicate by.
        await vi.waitFor(() => expect(eventIds(rx).size).toBe(hooks), {
          timeout: 60_000,
          interval: 50,
        });
        expect(Date.now() - started).toBeLessThan(60_000);
        // The receiver's 2xx comes before the row is marked delivered: waited for (vi.waitFor's
        // default second is too short on a loaded machine), within the minute.
        await vi.waitFor(
          async () =>
            expect(await db.webhookOutbox.counts(hookUrl)).toMatchObject({ pending: 0, failed: 0 }),
          SETTLED,
        );
        return { rx, collector };
      },
    });
  } finally {
    for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
    for (const r of receivers) await r.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const killed = async (s: ServerProcess) => {
  s.child.kill('SIGKILL');
  expect(await s.exited).toBe(null);
};

const eventIds = (rx: Receiver) =>
  new Set(rx.received.map((d) => (JSON.parse(d.raw) as WebhookEvent).id));

/**
 * The events received, each signed with the secret, each once in order of first arrival (a
 * receiver deduplicates by event id).
 */
function signedEvents(rx: Receiver): WebhookEvent[] {
  for (const d of rx.received) {
    const [, t, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(d.headers['locator-signature']))!;
    expect(createHmac('sha256', SECRET).update(`${t}.${d.raw}`).digest('hex')).toBe(mac);
  }
  const events = new Map<string, WebhookEvent>();
  for (const d of rx.received) {
    const event = JSON.parse(d.raw) as WebhookEvent;
    if (!events.has(event.id)) events.set(event.id, event);
  }
  return [...events.values()];
}

describe.each(DIALECTS)('the outbox after SIGKILL on %s', (dialect) => {
  it(
    'a server killed after admin writes and analytics events: the next start delivers all',
    () =>
      crash(dialect, async ({ db, hookUrl, forwardUrl, start, restart }) => {
        const { token } = await writeKey(db, 'crash');
        const first = start([SERVER], { PORT: String(await freePort()) });
        const port = await listening(first);
        const call = (method: string, id: string, body?: unknown) =>
          fetch(`http://127.0.0.1:${port}/api/v1/admin/stores/${id}`, {
            method,
            headers: {
              authorization: `Bearer ${token}`,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            ...(body ? { body: JSON.stringify(body) } : {}),
          });
        expect((await call('PUT', 'K-1', gbRow('K-1'))).status).toBe(201);
        expect((await call('PUT', 'K-2', gbRow('K-2'))).status).toBe(201);
        expect((await call('DELETE', 'K-1')).status).toBe(204);
        // Written with each change, before its answer.
        expect((await db.webhookOutbox.counts(hookUrl)).pending).toBe(3);
        const view = { type: 'pageView', page: 'home', locale: 'en-GB' };
        const events = await fetch(`http://127.0.0.1:${port}/api/v1/analytics/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ events: [view, { ...view, page: 'results' }] }),
        });
        expect(events.status).toBe(204);
        expect((await db.forwardOutbox.counts(forwardUrl)).pending).toBe(2);
        await killed(first);

        const { rx, collector } = await restart(3);
        expect(signedEvents(rx).map((e) => [e.operation, e.stores[0]])).toEqual([
          ['put', { storeId: 'K-1', kind: 'created' }],
          ['put', { storeId: 'K-2', kind: 'created' }],
          ['delete', { storeId: 'K-1', kind: 'deleted' }],
        ]);
        await collector.arrived(1);
        await vi.waitFor(
          async () =>
            expect(await db.forwardOutbox.counts(forwardUrl)).toMatchObject({
              pending: 0,
              failed: 0,
            }),
          SETTLED,
        );
        const forwarded = collector.received.flatMap(
          (d) => (JSON.parse(d.raw) as { events: { id: string; page: string }[] }).events,
        );
        // Each event once, by id (a batch sent again after a late answer carries the same ids).
        const byId = new Map(forwarded.map((e) => [e.id, e]));
        expect([...byId.values()].map((e) => e.page).sort()).toEqual(['home', 'results']);
      }),
    240_000,
  );

  it(
    'the import command killed while it waits to deliver: a server start delivers its change',
    () =>
      crash(dialect, async ({ db, hookUrl, start, restart }) => {
        const command = start([CLI, SAMPLE], { WEBHOOK_EXIT_WAIT_MS: '600000' });
        // Written with the import, before the command tries to deliver it.
        await vi.waitFor(
          async () => expect((await db.webhookOutbox.counts(hookUrl)).pending).toBe(1),
          { timeout: 90_000, interval: 200 },
        );
        await killed(command);

        const { rx } = await restart(1);
        const [event] = signedEvents(rx);
        expect(event).toMatchObject({
          operation: 'import',
          mode: 'upsert',
          actor: null,
          counts: { created: 4, updated: 0, deleted: 0 },
        });
      }),
    240_000,
  );
});
