/**
 * Metrics of every worker of the machine, summed in the primary: the primary asks each worker
 * for its registry (prom-client's JSON form) over the cluster's channel and combines them with
 * prom-client's AggregatorRegistry.aggregate (counters and histograms summed, gauges as each
 * says). A worker that does not answer within METRICS_ANSWER_MS is left out of that scrape.
 * A worker asked for the metrics on the public port (METRICS_TOKEN) asks the primary in turn.
 */
import { AggregatorRegistry, register } from 'prom-client';

type metric = Awaited<ReturnType<typeof register.getMetricsAsJSON>>[number];

export const METRICS_ANSWER_MS = 2000;

interface MetricsRequest {
  type: 'locator:metrics-request';
  id: number;
}
interface MetricsAnswer {
  type: 'locator:metrics-answer';
  id: number;
  metrics: metric[] | string;
}

const isObject = (m: unknown): m is Record<string, unknown> => typeof m === 'object' && m !== null;
export const isMetricsRequest = (m: unknown): m is MetricsRequest =>
  isObject(m) && m.type === 'locator:metrics-request' && typeof m.id === 'number';
const isMetricsAnswer = (m: unknown): m is MetricsAnswer =>
  isObject(m) && m.type === 'locator:metrics-answer' && typeof m.id === 'number';

interface Channel {
  send(
    message: unknown,
    handle?: undefined,
    options?: undefined,
    cb?: (e: Error | null) => void,
  ): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

let nextId = 1;

/** Sends a request on each channel and collects the answers that come in time. */
function ask(channels: readonly Channel[], ms: number): Promise<MetricsAnswer['metrics'][]> {
  const id = nextId++;
  return new Promise((resolve) => {
    const answers: MetricsAnswer['metrics'][] = [];
    let pending = channels.length;
    const listeners: [Channel, (m: unknown) => void][] = [];
    const finish = (): void => {
      clearTimeout(timer);
      for (const [c, l] of listeners) c.off('message', l);
      resolve(answers);
    };
    const timer = setTimeout(finish, ms);
    if (pending === 0) return finish();
    for (const channel of channels) {
      const listener = (m: unknown): void => {
        if (!isMetricsAnswer(m) || m.id !== id) return;
        answers.push(m.metrics);
        channel.off('message', listener);
        if (--pending === 0) finish();
      };
      listeners.push([channel, listener]);
      channel.on('message', listener);
      channel.send(
        { type: 'locator:metrics-request', id } satisfies MetricsRequest,
        undefined,
        undefined,
        (err) => {
          if (err && --pending === 0) finish();
        },
      );
    }
  });
}

/** In the primary: every worker's metrics, summed, in the text format. */
export async function clusterMetrics(
  workers: readonly Channel[],
  ms = METRICS_ANSWER_MS,
  /** The primary's own (its process metrics). */
  own: metric[][] = [],
): Promise<string> {
  const answers = await ask(workers, ms);
  const registries = [...own, ...answers.filter((a): a is metric[] => Array.isArray(a))];
  return AggregatorRegistry.aggregate(
    registries as Parameters<typeof AggregatorRegistry.aggregate>[0],
  ).metrics();
}

/** In the primary: the machine's metrics, its own process's included. */
export async function machineText(workers: readonly Channel[]): Promise<string> {
  return clusterMetrics(workers, METRICS_ANSWER_MS, [await register.getMetricsAsJSON()]);
}

/**
 * In a worker: answers the primary's requests with this process's registry, and `fromPrimary`
 * asks the primary for the machine's text.
 */
export function answerPrimary(channel: Channel = process as unknown as Channel): void {
  channel.on('message', (m) => {
    if (isMetricsRequest(m)) {
      void register
        .getMetricsAsJSON()
        .then((metrics) =>
          channel.send(
            { type: 'locator:metrics-answer', id: m.id, metrics },
            undefined,
            undefined,
            () => undefined,
          ),
        );
    }
  });
}

export const MACHINE_METRICS_REQUEST = 'locator:machine-metrics-request';

/** In a worker: the machine's metrics as the primary sums them (undefined: no answer in time). */
export async function machineMetrics(
  channel: Channel = process as unknown as Channel,
  ms = METRICS_ANSWER_MS * 2,
): Promise<string | undefined> {
  const id = nextId++;
  return new Promise((resolve) => {
    const listener = (m: unknown): void => {
      if (!isMetricsAnswer(m) || m.id !== id || typeof m.metrics !== 'string') return;
      done(m.metrics);
    };
    const done = (text: string | undefined): void => {
      clearTimeout(timer);
      channel.off('message', listener);
      resolve(text);
    };
    const timer = setTimeout(() => done(undefined), ms);
    channel.on('message', listener);
    channel.send({ type: MACHINE_METRICS_REQUEST, id }, undefined, undefined, (err) => {
      if (err) done(undefined);
    });
  });
}

export const isMachineMetricsRequest = (m: unknown): m is { type: string; id: number } =>
  isObject(m) && m.type === MACHINE_METRICS_REQUEST && typeof m.id === 'number';

/** In the primary: answers a worker's request for the machine's metrics. */
export function answerWorker(worker: Channel, id: number, text: Promise<string>): void {
  void text.then((metrics) =>
    worker.send(
      { type: 'locator:metrics-answer', id, metrics } satisfies MetricsAnswer,
      undefined,
      undefined,
      () => undefined,
    ),
  );
}
