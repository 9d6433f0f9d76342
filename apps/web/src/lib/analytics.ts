/**
 * Analytics (PRODUCT.md#what-the-product-does: "reports analytics page views, searches and link clicks"): the facade the
 * features call (trackPageView, trackSearch, trackClick) and the client queue behind it.
 *
 * - Each event is reduced to the wire format of @locator/core (no URL, no title, no free text)
 *   and checked with `isAnalyticsEvent` (the rules of the server's `analyticsEventSchema`,
 *   without zod, which the home page does not load); an event that does not fit is dropped.
 * - Events wait in a bounded queue and go to POST /api/v1/analytics/events in batches: when
 *   `batchSize` are waiting, after `flushMs`, and on page hide (`navigator.sendBeacon`, falling
 *   back to `fetch` with keepalive). Sending never blocks the page and never throws into the UI;
 *   failures are ignored, as for the statistics call (PRODUCT.md#errors).
 * - The events tracked (facade shape, with `at`) stay inspectable as `window.__locatorAnalytics`
 *   and `analyticsQueue()` for development and the end-to-end tests.
 */
import {
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_MAX_BATCH,
  CHANNEL_KEYS,
  isAnalyticsEvent,
  parseLocalePath,
  type AnalyticsEventInput,
} from '@locator/core';

export interface PageView {
  /** Path and query of the page, e.g. "/uk/en/sales?pt=all". Not sent (it can hold a place). */
  path: string;
  locale: string;
  /** Which screen: home, chooser, results, error. */
  page: string;
  /** Not sent. */
  title: string;
}

/** A store search (PRODUCT.md#what-the-product-does "searches"). */
export interface SearchEvent {
  channel: string;
  locale: string;
  /** Searched country (ISO code). */
  country: string;
  /** Product id, or "all". */
  product: string;
  carrier: string;
  repairType: string;
  /** How the search started: the form, a deep link, or the drop-off switch. */
  trigger: 'form' | 'deepLink' | 'dropOff';
  /** Stores found (0 = unmet demand), when known. */
  resultCount?: number;
  /**
   * The answer's `beyondRadius`, when known: nothing within the radius, the stores shown the
   * nearest beyond it (unmet demand too, PRODUCT.md#demand-dashboard).
   */
  beyondRadius?: boolean;
  /** The searched position, when known; the server rounds it to about 1 km. */
  latitude?: number;
  longitude?: number;
}

/** A link click on the results page (PRODUCT.md#what-the-product-does "link clicks"). */
export interface ClickEvent {
  /** What was clicked: directions, website, phone, carrier, appointment, enterprise, home. */
  link: string;
  channel: string;
  locale: string;
  storeId?: string;
  /** Not sent (a directions URL holds the visitor's position). */
  url?: string;
  /** Default: the country and product of the last search. */
  country?: string;
  product?: string;
}

export type AnalyticsEvent =
  | ({ type: 'pageView'; at: number } & PageView)
  | ({ type: 'search'; at: number } & SearchEvent)
  | ({ type: 'click'; at: number } & ClickEvent);

export interface AnalyticsOptions {
  /** false: events are recorded for inspection but never sent. */
  enabled: boolean;
  endpoint: string;
  /** Events that trigger a send at once (at most ANALYTICS_MAX_BATCH per request). */
  batchSize: number;
  /** Longest wait of a queued event before a send. */
  flushMs: number;
  /** Events waiting at most; the oldest are dropped beyond. */
  maxQueue: number;
  /**
   * Page hide sends with `navigator.sendBeacon` (true) or with `fetch` keepalive only (false: the
   * embedded elements, whose endpoint is on another origin, where a beacon would carry
   * credentials that the cross-origin answer does not allow).
   */
  beacon: boolean;
}

const DEFAULTS: AnalyticsOptions = {
  enabled: true,
  endpoint: ANALYTICS_EVENTS_PATH,
  batchSize: 20,
  flushMs: 5000,
  maxQueue: 200,
  beacon: true,
};
const MAX_HISTORY = 100;

let options: AnalyticsOptions = { ...DEFAULTS };
let pending: AnalyticsEventInput[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let lastSearch: { channel: string; country: string; product: string } | undefined;
const history: AnalyticsEvent[] = [];

if (typeof window !== 'undefined') {
  Object.defineProperty(window, '__locatorAnalytics', {
    get: () => [...history],
    configurable: true,
  });
  // Page hide: the last chance to send; sendBeacon survives the page being unloaded.
  const onHide = () => flushAnalytics(true);
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') onHide();
  });
}

/** Changes the client's settings (tests, boot). */
export function configureAnalytics(next: Partial<AnalyticsOptions>): void {
  options = { ...options, ...next };
}

/** Drops everything queued and recorded and restores the defaults (tests). */
export function resetAnalytics(): void {
  clearTimeout(timer);
  timer = undefined;
  pending = [];
  history.length = 0;
  lastSearch = undefined;
  options = { ...DEFAULTS };
}

/** Events waiting to be sent (a copy). */
export function pendingAnalytics(): AnalyticsEventInput[] {
  return [...pending];
}

/** Sends every queued event now; `hiding` uses sendBeacon. Never throws. */
export function flushAnalytics(hiding = false): void {
  try {
    clearTimeout(timer);
    timer = undefined;
    if (!options.enabled || pending.length === 0) return;
    const batch = pending;
    pending = [];
    for (let i = 0; i < batch.length; i += ANALYTICS_MAX_BATCH) {
      send(JSON.stringify({ events: batch.slice(i, i + ANALYTICS_MAX_BATCH) }), hiding);
    }
  } catch {
    // Analytics never breaks the page.
  }
}

function send(body: string, hiding: boolean): void {
  const { endpoint } = options;
  if (
    hiding &&
    options.beacon &&
    typeof navigator !== 'undefined' &&
    typeof navigator.sendBeacon === 'function'
  ) {
    try {
      if (navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }))) return;
    } catch {
      // Fall back to fetch.
    }
  }
  if (typeof fetch !== 'function') return;
  fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

function enqueue(event: Record<string, unknown>): void {
  if (!isAnalyticsEvent(event)) return;
  pending.push(event as AnalyticsEventInput);
  if (pending.length > options.maxQueue) pending.splice(0, pending.length - options.maxQueue);
  if (!options.enabled) return;
  if (pending.length >= Math.min(options.batchSize, ANALYTICS_MAX_BATCH)) flushAnalytics();
  else timer ??= setTimeout(() => flushAnalytics(), options.flushMs);
}

function record(event: AnalyticsEvent): void {
  history.push(event);
  if (history.length > MAX_HISTORY) history.shift();
}

/** Country (URL code) and channel of a locale path: "/uk/en/sales" → uk, sales. */
function pathContext(path: string): { country?: string; channel?: string } {
  const parsed = parseLocalePath(path.split('?')[0] ?? '/');
  const out: { country?: string; channel?: string } = {};
  const country = parsed.localePath.split('/')[1];
  if (country) out.country = country;
  const channel = parsed.rest.split('/')[0] ?? '';
  if ((CHANNEL_KEYS as readonly string[]).includes(channel)) out.channel = channel;
  return out;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function trackPageView(view: PageView): void {
  try {
    record({ type: 'pageView', at: Date.now(), ...view });
    enqueue({ type: 'pageView', page: view.page, locale: view.locale, ...pathContext(view.path) });
  } catch {
    // Analytics never breaks the page.
  }
}

export function trackSearch(search: SearchEvent): void {
  try {
    record({ type: 'search', at: Date.now(), ...search });
    const product = search.product || 'all';
    lastSearch = { channel: search.channel, country: search.country, product };
    const event: Record<string, unknown> = {
      type: 'search',
      channel: search.channel,
      country: search.country,
      locale: search.locale,
      product,
      trigger: search.trigger,
      dropOff: search.repairType !== '',
    };
    if (search.carrier) event.carrier = search.carrier;
    if (isNumber(search.resultCount)) event.resultCount = search.resultCount;
    if (typeof search.beyondRadius === 'boolean') event.beyondRadius = search.beyondRadius;
    if (isNumber(search.latitude) && isNumber(search.longitude)) {
      event.latitude = search.latitude;
      event.longitude = search.longitude;
    }
    enqueue(event);
  } catch {
    // Analytics never breaks the page.
  }
}

export function trackClick(click: ClickEvent): void {
  try {
    record({ type: 'click', at: Date.now(), ...click });
    const context = lastSearch?.channel === click.channel ? lastSearch : undefined;
    const event: Record<string, unknown> = {
      type: 'click',
      link: click.link,
      locale: click.locale,
      channel: click.channel,
    };
    const country = click.country ?? context?.country;
    const product = click.product ?? context?.product;
    if (country) event.country = country;
    if (product) event.product = product;
    if (click.storeId) event.storeId = click.storeId;
    enqueue(event);
  } catch {
    // Analytics never breaks the page.
  }
}

/** The tracked events, oldest first (a copy). */
export function analyticsQueue(): AnalyticsEvent[] {
  return [...history];
}
