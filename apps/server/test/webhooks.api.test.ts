/**
 * Change webhooks on both databases: the admin API's writes (PUT, PATCH, DELETE, bulk) and the
 * import command's go into the outbox with their change and are sent at once by the process that
 * committed them, or by another process sharing the database, once: each with the store ids,
 * kinds and the data version after the commit; writes that change nothing and dry runs send
 * nothing.
 */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, PG_TEST_URL, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { writeKey } from './helpers/keys.js';
import { config } from './helpers/fixtures.js';
import { csv, gbRow, importCsv } from './helpers/import-files.js';
import { receiver, type Receiver } from './helpers/receiver.js';
import { openPostgres } from '../src/db/postgres-database.js';
import { openSqlite } from '../src/db/sqlite-database.js';
import type { Database } from '../src/db/types.js';
import { loadWebhookConfig } from '../src/modules/webhooks/config.js';
import type { WebhookEvent } from '../src/modules/webhooks/payload.js';
import { WebhookDispatcher, webhookOptions } from '../src/modules/webhooks/dispatcher.js';

const BASE = '/api/v1/admin';
const SECRET = 'whsec-test-0123456789';
const cfg = config();
const CLI = resolve(import.meta.dirname, '../src/modules/imports/cli.ts');
const SAMPLE = resolve(import.meta.dirname, '../config/samples/stores-sample.csv');

/** Runs the import command as `npm run import` does; answers its exit status and output. */
function importCommand(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...process.env, DEMO_DATA: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise<{ code: number | null; output: string }>((done) =>
    child.once('exit', (code) => done({ code, output })),
  );
}

describe.each(DIALECTS)('change webhooks on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  let rx: Receiver;
  let key = '';
  let keyId = '';
  const webhooks = () => loadWebhookConfig({ WEBHOOK_URLS: rx.url, WEBHOOK_SECRET: SECRET });
  const events = () => rx.received.map((d) => JSON.parse(d.raw) as WebhookEvent);
  const call = (method: 'PUT' | 'PATCH' | 'DELETE' | 'POST', url: string, body?: unknown) =>
    a.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  beforeAll(async () => {
    rx = await receiver();
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    a = await makeApp(t.db, {}, {}, { webhooks: webhooks() });
    ({ token: key, id: keyId } = await writeKey(t.db, 'hooks'));
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await a?.services.close();
    await t?.cleanup();
    await rx?.close();
  });

  it('sends each admin write once it is committed, with ids, kinds and the data version', async () => {
    expect(rx.received).toHaveLength(0); // emptying the stores is not announced
    expect((await call('PUT', `${BASE}/stores/W-1`, gbRow('W-1'))).statusCode).toBe(201);
    await rx.arrived(1);
    const [first] = rx.received;
    const [, stamp, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(
      String(first!.headers['locator-signature']),
    )!;
    expect(v1).toBe(createHmac('sha256', SECRET).update(`${stamp}.${first!.raw}`).digest('hex'));
    expect(events()[0]).toMatchObject({
      type: 'stores.changed',
      operation: 'put',
      actor: `key:${keyId}`,
      dataVersion: await t.db.stores.readVersion(),
      stores: [{ storeId: 'W-1', kind: 'created' }],
    });
    // The same store again changes nothing and sends nothing.
    expect((await call('PUT', `${BASE}/stores/W-1`, gbRow('W-1'))).statusCode).toBe(200);
    const patch = await call('PATCH', `${BASE}/stores/W-1`, { title: 'Renamed' });
    expect(patch.statusCode).toBe(200);
    expect((await call('DELETE', `${BASE}/stores/W-1`)).statusCode).toBe(204);
    await rx.arrived(3);
    expect(events().map((e) => [e.operation, e.stores])).toEqual([
      ['put', [{ storeId: 'W-1', kind: 'created' }]],
      ['put', [{ storeId: 'W-1', kind: 'updated' }]],
      ['delete', [{ storeId: 'W-1', kind: 'deleted' }]],
    ]);
    const versions = events().map((e) => BigInt(e.dataVersion));
    expect(versions).toEqual([...versions].sort((x, y) => (x < y ? -1 : 1)));
    expect(new Set(versions).size).toBe(3);
    expect(events().at(-1)!.dataVersion).toBe(await t.db.stores.readVersion());
  });

  it('sends a bulk import as one change; a dry run sends nothing', async () => {
    const rows = [gbRow('W-2'), gbRow('W-3')];
    const dry = await call('POST', `${BASE}/stores/bulk?dryRun=true`, rows);
    expect(dry.statusCode).toBe(200);
    expect((await call('POST', `${BASE}/stores/bulk?mode=upsert`, rows)).statusCode).toBe(200);
    await rx.arrived(4);
    expect(rx.received).toHaveLength(4);
    expect(events()[3]).toMatchObject({
      operation: 'import',
      mode: 'upsert',
      actor: `key:${keyId}`,
      counts: { created: 2, updated: 0, deleted: 0 },
      stores: [
        { storeId: 'W-2', kind: 'created' },
        { storeId: 'W-3', kind: 'created' },
      ],
      dataVersion: await t.db.stores.readVersion(),
    });
  });

  it("the import command's change is delivered once, by the command or the server", async () => {
    const command: Database =
      dialect === 'postgres' ? await openPostgres(PG_TEST_URL, { max: 2 }) : openSqlite(t.file!);
    try {
      const sender = new WebhookDispatcher(
        webhookOptions(webhooks())!,
        command.webhookOutbox,
      ).follow(command.changes);
      const report = await importCsv(csv([gbRow('W-2', { title: 'Moved' })]), command, cfg, {
        mode: 'sync',
        allowRemoval: true,
      });
      expect(report.outcome).toBe('APPLIED');
      // What the command does before it exits: wait, bounded, until nothing is left to send.
      expect(await sender.settle(10_000)).toBe(true);
      await sender.close();
      await rx.arrived(5);
      expect(events()[4]).toMatchObject({
        operation: 'import',
        mode: 'sync',
        actor: null,
        counts: { created: 0, updated: 1, deleted: 1 },
        stores: [
          { storeId: 'W-2', kind: 'updated' },
          { storeId: 'W-3', kind: 'deleted' },
        ],
        dataVersion: await t.db.stores.readVersion(),
      });
    } finally {
      await command.close();
    }
    // The change was not sent twice: the server's next delivery is its own.
    expect((await call('PUT', `${BASE}/stores/W-4`, gbRow('W-4'))).statusCode).toBe(201);
    await rx.arrived(6);
    expect(events()[5]).toMatchObject({ operation: 'put', stores: [{ storeId: 'W-4' }] });
    expect(rx.received).toHaveLength(6);
  });

  it('the import command delivers its change itself before it exits, retrying a 503', async () => {
    const before = rx.received.length;
    rx.plan = [503];
    const where: Record<string, string> =
      dialect === 'postgres'
        ? { DATABASE_URL: PG_TEST_URL }
        : { DATA_DIR: mkdtempSync(join(tmpdir(), 'locator-hooks-')) };
    const run = await importCommand([SAMPLE], {
      ...where,
      WEBHOOK_URLS: rx.url,
      WEBHOOK_SECRET: SECRET,
    });
    expect(run.code, run.output).toBe(0);
    expect(rx.received.slice(before).map((d) => d.status)).toEqual([503, 204]);
    expect(
      new Set(rx.received.slice(before).map((d) => d.headers['locator-webhook-id'])).size,
    ).toBe(1);
    // On its own database the command sent it; on the shared PostgreSQL database the test's
    // server may have claimed the retry first. Either way nothing is left waiting.
    if (dialect === 'sqlite')
      expect(run.output).toContain(`Webhook 127.0.0.1:${rx.port}: 1 delivered\n`);
    expect(run.output).not.toContain('waiting in the outbox');
    expect(events().at(-1)).toMatchObject({
      operation: 'import',
      mode: 'upsert',
      actor: null,
      counts: { created: 4, updated: 0, deleted: 0 },
    });
  }, 120_000);
});
