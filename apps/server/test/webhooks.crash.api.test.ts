/**
 * The change webhooks survive a crash, on both databases: with the receiver down, a server makes
 * admin writes and is killed (SIGKILL), then the import command imports a file and is killed
 * while it waits to deliver; once the receiver is up and a server starts again, every change
 * arrives, signed, once each, in the order of the commits.
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

describe.each(DIALECTS)('change webhooks after SIGKILL on %s', (dialect) => {
  it('delivers every change of a killed server and a killed import command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'locator-crash-'));
    const hookPort = await closedPort();
    const url = `http://127.0.0.1:${hookPort}/hooks`;
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
      expect((await db.outbox.counts(url)).pending).toBe(3);
      await killed(first);

      // The import command, killed while it waits to deliver its change.
      const command = startServerProcess(['--import', 'tsx', CLI, SAMPLE], {
        ...env,
        WEBHOOK_EXIT_WAIT_MS: '600000',
      });
      running.push(command);
      await vi.waitFor(async () => expect((await db.outbox.counts(url)).pending).toBe(4), {
        timeout: 90_000,
        interval: 200,
      });
      await killed(command);

      // The receiver is up, a server starts: every change arrives, signed, once, in order.
      const rx = await receiver(hookPort);
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
          expect(await db.outbox.counts(url)).toEqual({ pending: 0, delivered: 4, failed: 0 }),
        );
        expect(rx.received).toHaveLength(4);
      } finally {
        await rx.close();
      }
    } finally {
      for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      await Promise.all(running.map((s) => s.exited));
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
