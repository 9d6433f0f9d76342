/**
 * A local HTTP receiver for outbound deliveries (webhooks), and timers a test drives by hand:
 * a test awaits the next timer the code under test sets and fires it, so back-off is checked
 * without waiting and without racing sleeps.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Timers } from '../../src/delivery/attempt.js';

export interface Delivery {
  headers: IncomingMessage['headers'];
  /** The body as received (signatures are over these exact bytes). */
  raw: string;
  status: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Delivery[];
  /** Status for the next requests, in order ('hold': answered 204 when `release` is called); then 204. */
  plan: (number | 'hold')[];
  /** Resolves when `n` requests have arrived. */
  arrived(n: number): Promise<void>;
  /** Answers the held requests. */
  release(): void;
  close(): Promise<void>;
}

/** Starts a receiver on a free port, or on `port`. */
export async function receiver(port = 0): Promise<Receiver> {
  const waiting: { n: number; resolve: () => void }[] = [];
  const held: (() => void)[] = [];
  const r: Receiver = {
    url: '',
    port: 0,
    received: [],
    plan: [],
    arrived: (n) =>
      r.received.length >= n
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ n, resolve })),
    release: () => held.splice(0).forEach((answer) => answer()),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const step = r.plan.shift() ?? 204;
      const status = step === 'hold' ? 204 : step;
      r.received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString(), status });
      for (const w of waiting.filter((x) => r.received.length >= x.n)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
      if (step === 'hold') held.push(() => res.writeHead(status).end());
      else res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  r.port = (server.address() as AddressInfo).port;
  r.url = `http://127.0.0.1:${r.port}/hooks`;
  return r;
}

/** A port nothing listens on (connections are refused). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

export interface ManualTimer {
  ms: number;
  fire(): void;
}

/** Timers that fire only when the test says so. */
export function manualTimers(): Timers & {
  /** The next timer set (already set, or the next one). */
  next(): Promise<ManualTimer>;
} {
  const set: ManualTimer[] = [];
  const waiters: ((t: ManualTimer) => void)[] = [];
  const cancelled = new Set<ManualTimer>();
  return {
    setTimeout(fn, ms) {
      const t: ManualTimer = { ms, fire: () => !cancelled.has(t) && fn() };
      const w = waiters.shift();
      if (w) w(t);
      else set.push(t);
      return t;
    },
    clearTimeout(handle) {
      if (handle) cancelled.add(handle as ManualTimer);
    },
    next() {
      const t = set.shift();
      return t ? Promise.resolve(t) : new Promise((resolve) => waiters.push(resolve));
    },
  };
}
