/**
 * The outbox's deliveries survive a crash, on both databases: with the receivers down, a server
 * makes admin writes and stores analytics events and is killed (SIGKILL), then the import command
 * imports a file and is killed while it waits to deliver; once the receivers are up and a server
 * starts again, every change arrives, signed, once each, in the order of the commits, and every
 * event is forwarded once.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DIALECTS, PG_TEST_URL, preparePostgres } from './helpers/databases.js';
import { writeKey } from './helpers/keys.js';
import { gbRow } from './helpers/import-files.js';
import { closedPort, receiver } from './helpers/receiver.js';
import {
  freePort,
  listening,
  startServerProcess,
  type ServerProcess,
} from './helpers/server-process.js';
import { openPostgres } from '../src/db/postgres/index.js';
import { openSqlite } from '../src/db/sqlite/index.js';
import { SQLITE_FILE_NAME } from '../src/db/open.js';
import type { Database } from '../src/db/types.js';
import type { WebhookEvent } from '../src/webhooks/payload.js';

const SERVER = resolve(import.meta.dirname, '../src/main.ts');
const CLI = resolve(import.meta.dirname, '../src/import/cli.ts');
const SAMPLE = resolve(import.meta.dirname, '../config/samples/stores-sample.csv');
const SECRET = 'whsec-crash-0123456789';

const killed = async (s: ServerProcess) => {
  s.child.kill('SIGKILL');
  expect(await s.exited).toBe(null);
};

describe.each(DIALECTS)('the outbox after SIGKILL on %s', (dialect) => {
  it('delivers every change and event of a killed server and a killed import command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'locator-crash-'));
    const hookPort = await closedPort();
    const url = `http://127.0.0.1:${hookPort}/hooks`;
    const forwardPort = await closedPort();
    if (dialect === 'postgres') await preparePostgres();
    const db: Database =
      dialect === 'postgres'
        ? await openPostgres(PG_TEST_URL, { max: 2 })
        : openSqlite(join(dir, SQLITE_FILE_NAME));
    const env = {
      DATA_DIR: dir,
      ...(dialect === 'postgres' ? { DATABASE_URL: PG_TEST_URL } : {}),
      DEMO_DATA: 'off',
      WEBHOOK_URLS: url,
      WEBHOOK_SECRET: SECRET,
      ANALYTICS_FORWARD_URL: `http://127.0.0.1:${forwardPort}/collect`,
      ANALYTICS_FORWARD_INTERVAL_MS: '200',
      SHUTDOWN_GRACE_MS: '0',
    };
    const running: ServerProcess[] = [];
    try {
      await db.stores.replaceAll([]);
      const { token } = await writeKey(db, 'crash');
      // A server, the receiver down: three admin writes, then SIGKILL.
      const first = startServerProcess(['--import', 'tsx', SERVER], {
        ...env,
        PORT: String(await freePort()),
      });
      running.push(first);
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
      expect((await db.webhookOutbox.counts(url)).pending).toBe(3);
      const view = { type: 'pageView', page: 'home', locale: 'en-GB' };
      const events = await fetch(`http://127.0.0.1:${port}/api/v1/analytics/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ events: [view, { ...view, page: 'results' }] }),
      });
      expect(events.status).toBe(204);
      expect((await db.forwardOutbox.counts(env.ANALYTICS_FORWARD_URL)).pending).toBe(2);
      await killed(first);

      // The import command, killed while it waits to deliver its change.
      const command = startServerProcess(['--import', 'tsx', CLI, SAMPLE], {
        ...env,
        WEBHOOK_EXIT_WAIT_MS: '600000',
      });
      running.push(command);
      await vi.waitFor(async () => expect((await db.webhookOutbox.counts(url)).pending).toBe(4), {
        timeout: 90_000,
        interval: 200,
      });
      await killed(command);

      // The receivers are up, a server starts: every change arrives, signed, once, in order,
      // and the analytics events are forwarded.
      const rx = await receiver(hookPort);
      const collector = await receiver(forwardPort);
      try {
        const second = startServerProcess(['--import', 'tsx', SERVER], {
          ...env,
          PORT: String(await freePort()),
        });
        running.push(second);
        await listening(second);
        const started = Date.now();
        await rx.arrived(4);
        expect(Date.now() - started).toBeLessThan(60_000);
        for (const d of rx.received) {
          const [, t, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(
            String(d.headers['locator-signature']),
          )!;
          expect(createHmac('sha256', SECRET).update(`${t}.${d.raw}`).digest('hex')).toBe(mac);
        }
        const events = rx.received.map((d) => JSON.parse(d.raw) as WebhookEvent);
        expect(events.map((e) => [e.operation, e.stores[0]])).toEqual([
          ['put', { storeId: 'K-1', kind: 'created' }],
          ['put', { storeId: 'K-2', kind: 'created' }],
          ['delete', { storeId: 'K-1', kind: 'deleted' }],
          ['import', expect.objectContaining({ kind: 'created' })],
        ]);
        expect(events[3]).toMatchObject({ counts: { created: 4, updated: 0, deleted: 0 } });
        expect(new Set(events.map((e) => e.id)).size).toBe(4);
        await vi.waitFor(async () =>
          expect(await db.webhookOutbox.counts(url)).toEqual({
            pending: 0,
            delivered: 4,
            failed: 0,
          }),
        );
        expect(rx.received).toHaveLength(4);
        await collector.arrived(1);
        await vi.waitFor(async () =>
          expect(await db.forwardOutbox.counts(env.ANALYTICS_FORWARD_URL)).toMatchObject({
            pending: 0,
            failed: 0,
          }),
        );
        const forwarded = collector.received.flatMap(
          (d) => (JSON.parse(d.raw) as { events: { id: string; page: string }[] }).events,
        );
        expect(forwarded.map((e) => e.page).sort()).toEqual(['home', 'results']);
        expect(new Set(forwarded.map((e) => e.id)).size).toBe(2);
      } finally {
        await rx.close();
        await collector.close();
      }
    } finally {
      for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      await Promise.all(running.map((s) => s.exited));
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
