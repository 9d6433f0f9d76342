/**
 * Change webhooks not delivered when the server stops are not lost: the stop logs, per receiver,
 * what is still waiting in the outbox, and the next start sends it.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS, PG_TEST_URL, openTestDb } from './helpers/databases.js';
import { makeApp } from './helpers/app.js';
import { writeKey } from './helpers/keys.js';
import { gbRow } from './helpers/import-files.js';
import { closedPort, receiver } from './helpers/receiver.js';
import { loadWebhookConfig } from '../src/modules/webhooks/config.js';
import type { WebhookEvent } from '../src/modules/webhooks/payload.js';
import { openPostgres } from '../src/db/postgres-database.js';
import { openSqlite } from '../src/db/sqlite-database.js';

describe.each(DIALECTS)('webhooks at a server stop on %s', (dialect) => {
  it('keeps the changes not delivered in the outbox; the next start sends them', async () => {
    const t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    const lines: string[] = [];
    // A receiver that refuses connections: the change waits for a retry when the server stops.
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/hook`;
    const webhooks = loadWebhookConfig({
      WEBHOOK_URLS: url,
      WEBHOOK_SECRET: 'a-secret-of-at-least-32-characters-long',
    });
    const a = await makeApp(t.db, {}, {}, { webhooks, log: (m) => lines.push(m) });
    const { token } = await writeKey(t.db, 'hooks');
    const put = await a.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/stores/STOP-1',
      headers: { authorization: `Bearer ${token}` },
      payload: gbRow('STOP-1'),
    });
    expect(put.statusCode).toBe(201);
    await a.app.close();
    await a.services.close();
    expect(lines.find((l) => l.startsWith('Webhook '))).toMatch(
      /^Webhook 127\.0\.0\.1:\d+: 0 delivered; 1 waiting in the outbox, sent when a server runs with this webhook$/,
    );
    // The receiver answers; the server starts again on the same database and sends the change.
    const rx = await receiver(port);
    const db =
      dialect === 'postgres' ? await openPostgres(PG_TEST_URL, { max: 2 }) : openSqlite(t.file!);
    // Read before the start: once the server runs, the row may be sent at any moment (it is due
    // a second after the attempt that failed).
    expect(await db.webhookOutbox.counts(url)).toMatchObject({ pending: 1, delivered: 0 });
    const b = await makeApp(db, {}, {}, { webhooks });
    try {
      await rx.arrived(1);
      const event = JSON.parse(rx.received[0]!.raw) as WebhookEvent;
      expect(event).toMatchObject({ operation: 'put', stores: [{ storeId: 'STOP-1' }] });
    } finally {
      await b.app.close();
      await b.services.close();
      await rx.close();
      await t.cleanup();
    }
  });
});
