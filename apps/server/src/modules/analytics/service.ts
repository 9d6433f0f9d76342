/**
 * Analytics events: validated batches from browsers (POST /api/v1/analytics/events) and the
 * location-search statistic (PRODUCT.md#location-search-statistic), normalised (country code as configured, locale as en_GB,
 * coordinates rounded to about 1 km), stored through the EventRepository with, in the same
 * transaction, their forwarding rows in the outbox (modules/analytics/forward.ts). Nothing about the visitor is kept; events from a page embedding the locator keep
 * that page's origin (one of EMBED_ORIGINS: scheme, host and port, no path).
 */
import {
  ApiError,
  roundCoordinate,
  type AnalyticsBatch,
  type AnalyticsEventInput,
} from '@locator/core';
import type { ConfigService } from '../../config/service.js';
import type { EventRecord, EventRepository } from '../../db/types.js';
import { pageViewEvent } from './event-columns.js';
import type { Forwarder } from './forward.js';
import type { OutboxRow } from '../../db/outbox.js';
import { KnownValues } from './known-values.js';
import { dayStartHour } from './demand-cube.js';

const DAY_MS = 86_400_000;

/** "en-GB" → "en_GB". */
export const normaliseLocale = (locale: string): string => locale.replace('-', '_');

export function eventRecord(e: AnalyticsEventInput, at: Date, country: string | null): EventRecord {
  const r: EventRecord = {
    ...pageViewEvent(at, normaliseLocale(e.locale)),
    type: e.type,
    channel: e.channel ?? null,
    country,
  };
  switch (e.type) {
    case 'pageView':
      r.page = e.page;
      break;
    case 'search':
      r.product = e.product.toLowerCase();
      r.carrier = e.carrier || null;
      r.trigger = e.trigger ?? null;
      r.dropOff = e.dropOff ?? null;
      r.resultCount = e.resultCount ?? null;
      r.beyondRadius = e.beyondRadius === true;
      if (e.latitude !== undefined && e.longitude !== undefined) {
        r.latitude = roundCoordinate(e.latitude);
        r.longitude = roundCoordinate(e.longitude);
      }
      break;
    case 'click':
      r.link = e.link;
      r.product = e.product?.toLowerCase() ?? null;
      r.storeId = e.storeId ?? null;
      break;
  }
  return r;
}

export interface AnalyticsServiceOptions {
  /** false: batches are validated and then dropped. */
  enabled: boolean;
  forwarder?: Forwarder | undefined;
  /** Days to keep; 0 keeps everything. */
  retentionDays?: number;
  now?: () => Date;
  log?: (msg: string) => void;
}

export class AnalyticsService {
  private readonly now: () => Date;
  private retentionTimer: NodeJS.Timeout | undefined;
  private cubeTimer: NodeJS.Timeout | undefined;
  private cubeRun: Promise<void> | undefined;
  private closing = false;
  private readonly known: KnownValues;

  constructor(
    private readonly config: ConfigService,
    private readonly events: EventRepository,
    private readonly options: AnalyticsServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.known = new KnownValues(config);
  }

  /** The configured code of a country or region ("uk" → "GB"), or undefined. */
  countryCode(code: string): string | undefined {
    return this.config.resolve(code)?.code.toUpperCase();
  }

  /**
   * Validates the countries, stores the batch and queues it for forwarding. `embedOrigin`: the
   * allowed origin of the page embedding the locator (modules/embed/cors.ts), kept with every event.
   */
  async record(batch: AnalyticsBatch, embedOrigin: string | null = null): Promise<number> {
    const at = this.now();
    const codes = new Map<string, string | undefined>();
    const records = batch.events.map((e, i) => {
      let country: string | null = null;
      if (e.country !== undefined) {
        const key = e.country.toLowerCase();
        if (!codes.has(key)) codes.set(key, this.countryCode(key));
        const code = codes.get(key);
        if (!code) {
          throw new ApiError(
            'INVALID_BODY',
            `events.${i}.country: no country or region "${e.country}"`,
            `events.${i}.country`,
          );
        }
        country = code;
      }
      const record = eventRecord(e, at, country);
      record.embedOrigin = embedOrigin;
      // Known values only (modules/analytics/known-values.ts): nothing free-form is kept.
      if (record.product !== null) {
        record.product = this.known.eventProduct(record.product, `events.${i}.product`);
      }
      if (record.carrier !== null && country !== null) {
        record.carrier = this.known.carrier(record.carrier, country, `events.${i}.carrier`);
      }
      return record;
    });
    if (!this.options.enabled) return 0;
    await this.events.insertMany(records, this.forwardRows(records));
    return records.length;
  }

  /** The outbox rows that forward stored records (none without forwarding). */
  forwardRows(records: readonly EventRecord[]): OutboxRow[] {
    return this.options.forwarder?.rowsFor(records) ?? [];
  }

  /** Deletes events past the retention period now and then daily. */
  async startRetention(): Promise<void> {
    const days = this.options.retentionDays ?? 0;
    if (days <= 0) return;
    const prune = async () => {
      const removed = await this.events.deleteBefore(
        new Date(this.now().getTime() - days * DAY_MS),
      );
      if (removed > 0)
        this.options.log?.(`analytics: ${removed} events older than ${days} days removed`);
    };
    await prune();
    this.retentionTimer = setInterval(() => void prune().catch(() => undefined), DAY_MS).unref();
  }

  /**
   * Keeps the demand cube up to date (modules/analytics/demand-cube.ts) now and every minute: the dashboard's
   * long periods are read from it, the hours it does not hold yet from the hourly roll-ups.
   */
  startDemandRefresh(everyMs = 60_000): void {
    const run = async () => {
      try {
        // Ten days at a time, so that closing waits for ten days at most.
        let days = 0;
        for (let step = 10; step === 10 && !this.closing; days += step) {
          // Past UTC days only: the current day is read from the hourly roll-ups, and a day is
          // recomputed once when it is over, not at every minute of it.
          step = await this.events.refreshDemandCube(10, dayStartHour(this.now()));
        }
        if (days > 1) this.options.log?.(`analytics: demand cube: ${days} days brought up to date`);
      } catch (err) {
        this.options.log?.(`analytics: demand cube refresh failed: ${(err as Error).message}`);
      } finally {
        this.cubeRun = undefined;
      }
    };
    const refresh = () => {
      this.cubeRun ??= run();
    };
    void refresh();
    this.cubeTimer = setInterval(() => void refresh(), everyMs).unref();
  }

  /** The forwarding's figures (undefined: not forwarding), for the metrics. */
  forwarding(): ReturnType<Forwarder['stats']> | undefined {
    return this.options.forwarder?.stats();
  }

  async close(): Promise<void> {
    clearInterval(this.retentionTimer);
    clearInterval(this.cubeTimer);
    this.closing = true;
    await this.cubeRun;
    await this.options.forwarder?.close();
  }
}
