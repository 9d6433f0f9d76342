/**
 * Rate-limit counters shared by the worker processes of one machine without Redis: the
 * cluster's primary keeps them (MemoryCounters) and each worker asks it over the cluster's
 * channel, so a client gets each limit once per machine whichever worker its connections reach.
 *
 * Like Redis's, the primary's keys are salted hashes of the workers' keys (no address is kept).
 *
 * An answer that takes longer than MACHINE_ANSWER_MS (a primary busy or going away) never fails
 * the request: the worker counts that request in its own memory, logs one warning until the
 * primary answers again, and asks the primary again at its next request.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Counter } from './rate-limit-counters.js';
import { MemoryCounters } from './rate-limit-counters.js';

/** Longest wait for the primary's answer (ms) before a request is counted in the worker. */
export const MACHINE_ANSWER_MS = 100;

export interface CountRequest {
  type: 'locator:rate-count';
  id: number;
  /** `incr` counts a request; `peek` reads the window without counting. */
  op: 'incr' | 'peek';
  key: string;
  windowMs: number;
}

export interface CountAnswer {
  type: 'locator:rate-counted';
  id: number;
  current: number;
  ttl: number;
}

export function isCountRequest(m: unknown): m is CountRequest {
  const o = m as Partial<CountRequest> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    o.type === 'locator:rate-count' &&
    typeof o.id === 'number' &&
    (o.op === 'incr' || o.op === 'peek') &&
    typeof o.key === 'string' &&
    typeof o.windowMs === 'number'
  );
}

function isCountAnswer(m: unknown): m is CountAnswer {
  const o = m as Partial<CountAnswer> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    o.type === 'locator:rate-counted' &&
    typeof o.id === 'number' &&
    typeof o.current === 'number' &&
    typeof o.ttl === 'number'
  );
}

/**
 * In the primary: the machine's counters, answering its workers. Like Redis's, its keys are
 * hashes of the workers' keys with a random salt of the day, so no address is kept.
 */
export class PrimaryCounters {
  private readonly memory: MemoryCounters;
  private salt = { day: -1, value: '' };

  constructor(private readonly now: () => number = Date.now) {
    this.memory = new MemoryCounters(now);
  }

  private hashed(key: string): string {
    const day = Math.floor(this.now() / 86_400_000);
    if (this.salt.day !== day) this.salt = { day, value: randomBytes(16).toString('base64url') };
    return createHash('sha256').update(this.salt.value).update(key).digest('base64url');
  }

  /** Answers a worker's request on its channel (a worker going away is not answered). */
  answer(worker: { send(message: unknown): unknown }, request: CountRequest): void {
    const counter =
      request.op === 'incr'
        ? this.memory.incr(this.hashed(request.key), request.windowMs)
        : this.memory.peek(this.hashed(request.key));
    const answer: CountAnswer = { type: 'locator:rate-counted', id: request.id, ...counter };
    try {
      worker.send(answer);
    } catch {
      // The worker is going away.
    }
  }
}

/** The part of a worker process (or a test's stand-in) the counters use. */
export interface CountChannel {
  send?(
    message: unknown,
    handle: undefined,
    options: undefined,
    callback: (err: Error | null) => void,
  ): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

export interface MachineCountersOptions {
  answerMs?: number;
  log?: (msg: string) => void;
}

/** In a worker: asks the primary to count; undefined when it does not answer in time. */
export class MachineCounters {
  private nextId = 1;
  private readonly waiting = new Map<number, (counter: Counter) => void>();
  private readonly answerMs: number;
  private readonly log: (msg: string) => void;
  private degraded = false;

  constructor(
    private readonly channel: CountChannel = process,
    options: MachineCountersOptions = {},
  ) {
    this.answerMs = options.answerMs ?? MACHINE_ANSWER_MS;
    this.log = options.log ?? (() => undefined);
    channel.on('message', (m) => {
      if (!isCountAnswer(m)) return;
      this.waiting.get(m.id)?.({ current: m.current, ttl: m.ttl });
    });
  }

  incr(key: string, windowMs: number): Promise<Counter | undefined> {
    return this.ask('incr', key, windowMs);
  }

  peek(key: string): Promise<Counter | undefined> {
    return this.ask('peek', key, 0);
  }

  private ask(op: CountRequest['op'], key: string, windowMs: number): Promise<Counter | undefined> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const done = (counter: Counter | undefined): void => {
        clearTimeout(timer);
        this.waiting.delete(id);
        if (counter === undefined) this.outage();
        else if (this.degraded) {
          this.degraded = false;
          this.log('rate limits: the primary answers again; counting is per machine again');
        }
        resolve(counter);
      };
      const timer = setTimeout(() => done(undefined), this.answerMs);
      this.waiting.set(id, done);
      const request: CountRequest = { type: 'locator:rate-count', id, op, key, windowMs };
      // A closed channel is reported to the callback (not as an error of the process).
      const sent = this.channel.send?.(request, undefined, undefined, (err) => {
        if (err) done(undefined);
      });
      if (sent === undefined) done(undefined);
    });
  }

  private outage(): void {
    if (this.degraded) return;
    this.degraded = true;
    this.log('rate limits: the primary did not answer; counting per process until it does');
  }
}
