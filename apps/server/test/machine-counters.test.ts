/**
 * The machine's rate-limit counters without Redis (http/machine-counters.ts): the workers ask
 * the primary over the cluster's channel, here two real worker processes (node:child_process
 * with an IPC channel, as the cluster's workers have) that the test answers as the primary does.
 * A primary that does not answer in time, or a closed channel, never fails a request: it is
 * counted in the worker's memory.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MachineCounters,
  PrimaryCounters,
  isCountRequest,
  type CountChannel,
} from '../src/http/machine-counters.js';
import { RateLimitCounters } from '../src/http/rate-limit-counters.js';

const dir = mkdtempSync(join(tmpdir(), 'locator-machine-counters-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** A worker process that counts `key` once per message "count" and reports the counter. */
function worker(): ChildProcess {
  const file = join(dir, 'worker.ts');
  writeFileSync(
    file,
    `import { MachineCounters } from ${JSON.stringify(resolve(import.meta.dirname, '../src/http/machine-counters.ts'))};
import { RateLimitCounters } from ${JSON.stringify(resolve(import.meta.dirname, '../src/http/rate-limit-counters.ts'))};
const counters = new RateLimitCounters({ machine: new MachineCounters(process) });
process.on('message', async (m) => {
  if (m === 'count') process.send({ counted: await counters.incr('search:10.0.0.1', 60_000) });
});
process.send('ready');`,
  );
  const child = fork(file, { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  children.push(child);
  return child;
}

function next(child: ChildProcess, what: (m: unknown) => boolean): Promise<unknown> {
  return new Promise((r) => {
    const on = (m: unknown) => {
      if (!what(m)) return;
      child.off('message', on);
      r(m);
    };
    child.on('message', on);
  });
}

describe('counters of the machine, in the primary', () => {
  it("two workers count one client's requests together", async () => {
    const primary = new PrimaryCounters();
    const [a, b] = [worker(), worker()];
    for (const w of [a!, b!]) {
      w.on('message', (m) => {
        if (isCountRequest(m)) primary.answer(w, m);
      });
    }
    await Promise.all([a!, b!].map((w) => next(w, (m) => m === 'ready')));
    const seen: number[] = [];
    for (const w of [a!, b!, a!, b!, b!]) {
      const answer = next(w, (m) => typeof m === 'object' && m !== null && 'counted' in m);
      w.send('count');
      seen.push(((await answer) as { counted: { current: number } }).counted.current);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  }, 60_000);

  it('keeps no address: its keys are salted hashes', () => {
    const primary = new PrimaryCounters();
    const sent: unknown[] = [];
    primary.answer(
      { send: (m) => sent.push(m) },
      {
        type: 'locator:rate-count',
        id: 7,
        op: 'incr',
        key: 'search:10.0.0.1',
        windowMs: 60_000,
      },
    );
    expect(sent).toEqual([{ type: 'locator:rate-counted', id: 7, current: 1, ttl: 60_000 }]);
    const kept = JSON.stringify([
      ...(
        primary as unknown as { memory: { windows: Map<string, unknown> } }
      ).memory.windows.keys(),
    ]);
    expect(kept).not.toContain('10.0.0.1');
  });
});

describe('a primary that does not answer', () => {
  /** A channel whose messages go nowhere (a primary busy or going away). */
  class Silent extends EventEmitter implements CountChannel {
    sent = 0;
    send(_m: unknown, _h: undefined, _o: undefined, cb: (err: Error | null) => void) {
      this.sent += 1;
      cb(null);
      return true;
    }
  }

  it('counts in the worker after the wait, logs once, and asks again at the next request', async () => {
    const channel = new Silent();
    const log: string[] = [];
    const machine = new MachineCounters(channel, { answerMs: 5, log: (m) => log.push(m) });
    const counters = new RateLimitCounters({ machine });
    expect(counters.shared).toBe(true);
    expect(await counters.incr('k', 60_000)).toMatchObject({ current: 1 });
    expect(await counters.incr('k', 60_000)).toMatchObject({ current: 2 });
    expect(await counters.peek('k')).toMatchObject({ current: 2 });
    expect(channel.sent).toBe(3);
    expect(log).toEqual([
      'rate limits: the primary did not answer; counting per process until it does',
    ]);
  });

  it('a closed channel: counted in the worker at once', async () => {
    const channel = Object.assign(new EventEmitter(), {
      send: (_m: unknown, _h: undefined, _o: undefined, cb: (err: Error | null) => void) => {
        cb(new Error('channel closed'));
        return false;
      },
    });
    const counters = new RateLimitCounters({
      machine: new MachineCounters(channel, { answerMs: 60_000 }),
    });
    expect(await counters.incr('k', 60_000)).toMatchObject({ current: 1 });
  });

  it('with Redis, the machine is never asked', () => {
    const channel = new Silent();
    const counters = new RateLimitCounters({
      redisUrl: 'redis://127.0.0.1:1',
      machine: new MachineCounters(channel),
    });
    expect(counters.shared).toBe(true);
    void counters.close();
    expect(channel.sent).toBe(0);
  });
});
