/**
 * The console's webhooks route on both databases, with real local receivers: admins only (401
 * NOT_SIGNED_IN, 403 ROLE_FORBIDDEN), the configured URLs without their secrets, and each URL's
 * recent deliveries (status code, attempts) and failures (a refusal, a receiver that is down)
 * from the outbox; an empty list when no webhook is configured.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookListSchema, type WebhookListAnswer } from '@locator/core/console-webhooks';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { gbRow } from './helpers/import-files.js';
import { closedPort, receiver, type Receiver } from './helpers/receiver.js';
import { addMember, type Member } from './helpers/console-members.js';
import { loadWebhookConfig } from '../src/modules/webhooks/config.js';

const BASE = '/api/v1/admin';
const SECRET = 'whsec-console-0123456789';

describe.each(DIALECTS)('console webhooks on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  let bare: TestApp;
  let rx: Receiver;
  let downUrl = '';
  let admin: Member;
  let editor: Member;
  const list = async (app = a, who = admin) => {
    const res = await app.app.inject({ url: `${BASE}/webhooks`, headers: { cookie: who.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<WebhookListAnswer>();
  };
  const put = async (id: string) => {
    const res = await a.app.inject({
      method: 'PUT',
      url: `${BASE}/stores/${id}`,
      payload: gbRow(id),
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    rx = await receiver();
    downUrl = `http://127.0.0.1:${await closedPort()}/down`;
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    const webhooks = loadWebhookConfig({
      WEBHOOK_URLS: `${rx.url}?token=s3cret-token ${downUrl}`,
      WEBHOOK_SECRET: SECRET,
    });
    a = await makeApp(t.db, {}, {}, { webhooks });
    // The same database without webhooks; closed once, by the first app.
    bare = await makeApp({ ...t.db, close: async () => undefined });
    admin = await addMember(a.app, t.db.accounts, 'admin');
    editor = await addMember(a.app, t.db.accounts, 'editor');
  }, 90_000);
  afterAll(async () => {
    await a?.app.close();
    await a?.services.close();
    await bare?.app.close();
    await bare?.services.close();
    await t?.cleanup();
    await rx?.close();
  });

  it('answers 401 NOT_SIGNED_IN without a session and 403 ROLE_FORBIDDEN to an editor', async () => {
    const none = await a.app.inject({ url: `${BASE}/webhooks` });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: { code: 'NOT_SIGNED_IN' } });
    const byEditor = await a.app.inject({
      url: `${BASE}/webhooks`,
      headers: { cookie: editor.cookie },
    });
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json()).toMatchObject({ error: { code: 'ROLE_FORBIDDEN' } });
  });

  it('lists the configured URLs without secrets, before any delivery', async () => {
    const answer = await list();
    expect(answer.webhooks.map((w) => w.url)).toEqual([`${rx.url}?token=…`, downUrl]);
    expect(answer.webhooks[0]).toMatchObject({
      counts: { queued: 0, delivered: 0, failed: 0 },
      deliveries: [],
      failures: [],
    });
    expect(answer.recordLimit).toBeGreaterThan(0);
    const body = JSON.stringify(answer);
    expect(body).not.toContain('s3cret-token');
    expect(body).not.toContain(SECRET);
  });

  it('records each delivery with its status code and attempts, and the failures apart', async () => {
    await put('HOOK-1');
    await rx.arrived(1);
    await vi.waitFor(async () => {
      const [ok, down] = (await list()).webhooks;
      expect(ok!.deliveries).toHaveLength(1);
      expect(down!.deliveries).toHaveLength(1);
    });
    rx.plan.push(400);
    await put('HOOK-2');
    await rx.arrived(2);
    let answer: WebhookListAnswer | undefined;
    await vi.waitFor(async () => {
      answer = await list();
      expect(answer.webhooks[0]!.deliveries).toHaveLength(2);
      expect(answer.webhooks[1]!.counts.queued).toBe(2);
    });
    const [ok, down] = answer!.webhooks;
    const ids = rx.received.map((d) => String(d.headers['locator-webhook-id']));
    expect(ok!.deliveries).toEqual([
      expect.objectContaining({ eventId: ids[1], outcome: 'failed', statusCode: 400, error: null }),
      expect.objectContaining({
        eventId: ids[0],
        event: 'stores.changed',
        outcome: 'delivered',
        statusCode: 204,
        error: null,
        attempts: 1,
      }),
    ]);
    expect(ok!.failures).toEqual([ok!.deliveries[0]]);
    expect(ok!.counts).toMatchObject({ delivered: 1, failed: 1 });
    // A receiver that is down: its first change is retried (for hours), the second waits.
    expect(down!.deliveries).toEqual([
      expect.objectContaining({ outcome: 'retrying', statusCode: null }),
    ]);
    expect(down!.deliveries[0]!.error).toMatch(/ECONNREFUSED/);
    expect(Date.parse(down!.deliveries[0]!.at)).not.toBeNaN();
    expect(down!.failures).toEqual([]);
    expect(JSON.stringify(answer)).not.toContain('s3cret-token');
    // The console's screen reads the answer with the same contract (its unit test shows rows
    // of this shape: webhooks-screen.test.tsx).
    expect(webhookListSchema.parse(answer)).toEqual(answer);
  });

  it('answers an empty list when no webhook is configured', async () => {
    const other = await addMember(bare.app, t.db.accounts, 'admin', 'admin2@example.com');
    expect((await list(bare, other)).webhooks).toEqual([]);
  });
});
