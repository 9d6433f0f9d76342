/**
 * The change webhooks against a real local HTTP receiver: the signature verifies with the
 * shared secret, retries back off after 5xx answers and refused connections (timers driven by
 * the test, no waiting), the bounded queue drops the oldest with a counted warning, a large
 * change goes in parts, and the settings are validated with every problem listed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommittedChange } from '../src/db/store-changes.js';
import { ConfigError } from '../src/env.js';
import { loadWebhookConfig } from '../src/webhooks/config.js';
import type { WebhookEvent } from '../src/webhooks/payload.js';
import { WebhookSender, type WebhookSenderOptions } from '../src/webhooks/sender.js';
import { closedPort, manualTimers, receiver, type Receiver } from './helpers/receiver.js';

const SECRET = 'whsec-test-0123456789';
const NOW = Date.UTC(2026, 10, 27, 7, 0, 0);

const open: Receiver[] = [];
afterEach(async () => {
  for (const r of open.splice(0)) await r.close();
});
const start = async (port?: number) => {
  const r = await receiver(port);
  open.push(r);
  return r;
};

const change = (
  n: number,
  kind: 'created' | 'updated' | 'deleted' = 'created',
): CommittedChange => ({
  operation: 'put',
  actor: 'key:abc',
  dataVersion: String(100 + n),
  at: new Date(NOW),
  stores: [{ storeId: `S-${n}`, kind }],
});

const sender = (urls: string[], over: Partial<WebhookSenderOptions> = {}) =>
  new WebhookSender({
    urls,
    secret: SECRET,
    maxQueue: 100,
    timeoutMs: 2000,
    retries: 3,
    maxStores: 1000,
    now: () => NOW,
    ...over,
  });

/** What a receiver does: recompute the HMAC over "<t>.<raw body>" and compare in constant time. */
function verify(header: string | string[] | undefined, raw: string, secret = SECRET) {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  if (!m) return undefined;
  const expected = createHmac('sha256', secret).update(`${m[1]}.${raw}`).digest();
  return timingSafeEqual(expected, Buffer.from(m[2]!, 'hex')) ? Number(m[1]) : undefined;
}

const bodyOf = (raw: string) => JSON.parse(raw) as WebhookEvent;

describe('change webhooks', () => {
  it('POSTs each change, signed with the secret and the time of sending', async () => {
    const rx = await start();
    const s = sender([rx.url]);
    s.enqueue(change(1));
    s.enqueue(change(2, 'deleted'));
    await s.flush();
    expect(rx.received).toHaveLength(2);
    const [first, second] = rx.received;
    expect(verify(first!.headers['locator-signature'], first!.raw)).toBe(NOW / 1000);
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
      committedAt: new Date(NOW).toISOString(),
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
    expect(s.stats()[rx.url]).toMatchObject({ sent: 2, failed: 0, requests: 2 });
  });

  it('retries 5xx answers with back-off (1 s, 2 s), re-signing each attempt', async () => {
    const rx = await start();
    rx.plan = [500, 503];
    const timers = manualTimers();
    let now = NOW;
    const s = sender([rx.url], { timers, now: () => now });
    s.enqueue(change(1));
    const first = await timers.next();
    expect(first.ms).toBe(1000);
    expect(rx.received.map((d) => d.status)).toEqual([500]);
    now += 1000;
    first.fire();
    const second = await timers.next();
    expect(second.ms).toBe(2000);
    now += 2000;
    second.fire();
    await s.flush();
    expect(rx.received.map((d) => d.status)).toEqual([500, 503, 204]);
    // The same event each time (receivers drop a repeated id), signed at each attempt.
    expect(new Set(rx.received.map((d) => bodyOf(d.raw).id)).size).toBe(1);
    expect(rx.received.map((d) => verify(d.headers['locator-signature'], d.raw))).toEqual([
      NOW / 1000,
      NOW / 1000 + 1,
      NOW / 1000 + 3,
    ]);
    expect(s.stats()[rx.url]).toMatchObject({ sent: 1, failed: 0, requests: 3 });
  });

  it('retries a refused connection until the receiver is up; gives up after the last retry', async () => {
    const port = await closedPort();
    const timers = manualTimers();
    const logs: string[] = [];
    const s = sender([`http://127.0.0.1:${port}/hooks`], {
      timers,
      retries: 2,
      log: (m) => logs.push(m),
    });
    s.enqueue(change(1));
    const retry = await timers.next();
    expect(retry.ms).toBe(1000);
    const rx = await start(port);
    retry.fire();
    await s.flush();
    expect(rx.received).toHaveLength(1);
    expect(verify(rx.received[0]!.headers['locator-signature'], rx.received[0]!.raw)).toBe(
      NOW / 1000,
    );
    // A receiver that stays away: 1 + 2 attempts, then the change is counted as failed.
    await rx.close();
    open.splice(open.indexOf(rx), 1);
    s.enqueue(change(2));
    (await timers.next()).fire();
    (await timers.next()).fire();
    await s.flush();
    const stats = Object.values(s.stats())[0]!;
    expect(stats).toMatchObject({ sent: 1, failed: 1, requests: 5 });
    expect(logs.some((l) => /failed \(1 changes\).*ECONNREFUSED/.test(l))).toBe(true);
  });

  it('close() keeps retrying until its deadline (the import command before it exits)', async () => {
    const rx = await start();
    rx.plan = [503, 503];
    const timers = manualTimers();
    const s = sender([rx.url], { timers });
    s.enqueue(change(1));
    const backoff = await timers.next();
    const closing = s.close(15_000);
    const deadline = await timers.next();
    expect([backoff.ms, deadline.ms]).toEqual([1000, 15_000]);
    backoff.fire();
    // The second attempt fails too; the third is after 2 s, still within the deadline.
    const again = await timers.next();
    expect(again.ms).toBe(2000);
    again.fire();
    expect((await closing)[rx.url]).toMatchObject({ sent: 1, failed: 0, abandoned: 0 });
    expect(rx.received.map((d) => d.status)).toEqual([503, 503, 204]);

    // A receiver still failing at the deadline: the change is counted as not delivered.
    const down = await start();
    down.plan = [503];
    const t2 = manualTimers();
    const s2 = sender([down.url], { timers: t2 });
    s2.enqueue(change(2));
    await t2.next(); // the back-off, never fired
    const closed = s2.close(15_000);
    (await t2.next()).fire(); // the deadline
    expect((await closed)[down.url]).toMatchObject({ sent: 0, abandoned: 1 });
  });

  it('does not retry a 4xx refusal', async () => {
    const rx = await start();
    rx.plan = [400];
    const s = sender([rx.url]);
    s.enqueue(change(1));
    await s.flush();
    expect(s.stats()[rx.url]).toMatchObject({ sent: 0, failed: 1, requests: 1 });
  });

  it('bounds each URL’s queue: the oldest changes are dropped and counted, with a warning', async () => {
    const slow = await start();
    const fast = await start();
    slow.plan = ['hold'];
    const logs: string[] = [];
    const s = sender([slow.url, fast.url], { maxQueue: 2, log: (m) => logs.push(m) });
    for (let n = 1; n <= 5; n += 1) s.enqueue(change(n));
    await slow.arrived(1);
    // Each queue holds one change in flight and the newest two: 2 and 3 were dropped for 4 and 5.
    expect(s.stats()[slow.url]).toMatchObject({ queued: 2, dropped: 2 });
    const warnings = logs.filter((l) => l.includes('queue full'));
    expect(warnings).toHaveLength(2);
    for (const url of [slow.url, fast.url]) {
      const warning = warnings.find((l) => l.startsWith(`webhook ${new URL(url).host} `));
      expect(warning).toContain(
        'queue full (2 changes): dropping the oldest; 1 dropped since start',
      );
    }
    // The other receiver is not held back by the slow one.
    await fast.arrived(3);
    expect(slow.received).toHaveLength(1);
    slow.release();
    await s.flush();
    const ids = (r: Receiver) => r.received.map((d) => bodyOf(d.raw).stores[0]!.storeId);
    expect(ids(slow)).toEqual(['S-1', 'S-4', 'S-5']);
    expect(ids(fast)).toEqual(['S-1', 'S-4', 'S-5']);
    // Once the queue has room again, the count of the drops is logged.
    expect(logs).toContain(`webhook ${new URL(slow.url).host}: 2 changes dropped while full`);
    const closed = await s.close(0);
    expect(closed[slow.url]).toMatchObject({ sent: 3, dropped: 2, abandoned: 0 });
    expect(logs.at(-1)).toMatch(/2 changes dropped/);
  });

  it('sends a large change in parts of at most WEBHOOK_MAX_STORES stores', async () => {
    const rx = await start();
    const s = sender([rx.url], { maxStores: 2 });
    s.enqueue({
      operation: 'import',
      mode: 'sync',
      actor: null,
      dataVersion: '7',
      at: new Date(NOW),
      stores: [
        { storeId: 'A', kind: 'created' },
        { storeId: 'B', kind: 'updated' },
        { storeId: 'C', kind: 'deleted' },
      ],
    });
    await s.flush();
    const events = rx.received.map((d) => bodyOf(d.raw));
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
        WEBHOOK_QUEUE: '0',
        WEBHOOK_RETRIES: '99',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'WEBHOOK_URLS',
      'WEBHOOK_URLS',
      'WEBHOOK_QUEUE',
      'WEBHOOK_RETRIES',
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
      WEBHOOK_QUEUE: 1000,
      WEBHOOK_RETRIES: 5,
      WEBHOOK_TIMEOUT_MS: 5000,
      WEBHOOK_MAX_STORES: 1000,
      WEBHOOK_EXIT_WAIT_MS: 15_000,
    });
  });
});
