/**
 * Change webhooks still queued when the server stops are not lost silently: the stop logs, per
 * receiver, how many changes were not delivered and the ids of the events given up on, as the
 * import command does at its exit.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb } from './helpers/databases.js';
import { makeApp } from './helpers/app.js';
import { writeKey } from './helpers/keys.js';
import { gbRow } from './helpers/import-files.js';
import { closedPort } from './helpers/receiver.js';
import { loadWebhookConfig } from '../src/webhooks/config.js';

describe.each(DIALECTS)('webhooks at a server stop on %s', (dialect) => {
  it('logs the changes not delivered, with their event ids', async () => {
    const t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    const lines: string[] = [];
    // A receiver that refuses connections: the change is retried until the stop gives up.
    const webhooks = loadWebhookConfig({
      WEBHOOK_URLS: `http://127.0.0.1:${await closedPort()}/hook`,
      WEBHOOK_SECRET: 'a-secret-of-at-least-32-characters-long',
      WEBHOOK_RETRIES: '10',
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
    const line = lines.find((l) => l.startsWith('Webhook '));
    expect(line).toMatch(
      /^Webhook 127\.0\.0\.1:\d+: 0 delivered, 1 not delivered \(1 still being retried after the wait\); not sent at the stop: [0-9a-f-]{36}$/,
    );
    await t.cleanup();
  });
});
