/**
 * Analytics facade (spec 1: "reports analytics page views, searches and link clicks").
 * The analytics service arrives with its own issue; until then events are queued in memory
 * (inspectable as `window.__locatorAnalytics` in development and tests) and go nowhere.
 */
export interface PageView {
  /** Path and query of the page, e.g. "/uk/en/sales?pt=all". */
  path: string;
  locale: string;
  /** Which screen: home, chooser, results, error. */
  page: string;
  title: string;
}

/** A store search (spec 1 "searches"); added with issue 6. */
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
}

/** A link click on the results page (spec 1 "link clicks"); added with issue 6. */
export interface ClickEvent {
  /** What was clicked: directions, website, phone, carrier, appointment, enterprise, home. */
  link: string;
  channel: string;
  locale: string;
  storeId?: string;
  url?: string;
}

export type AnalyticsEvent =
  | ({ type: 'pageView'; at: number } & PageView)
  | ({ type: 'search'; at: number } & SearchEvent)
  | ({ type: 'click'; at: number } & ClickEvent);

const MAX_QUEUE = 100;
const queue: AnalyticsEvent[] = [];
if (typeof window !== 'undefined') {
  Object.defineProperty(window, '__locatorAnalytics', {
    get: () => [...queue],
    configurable: true,
  });
}

function push(event: AnalyticsEvent): void {
  queue.push(event);
  if (queue.length > MAX_QUEUE) queue.shift();
}

export function trackPageView(view: PageView): void {
  push({ type: 'pageView', at: Date.now(), ...view });
}

export function trackSearch(search: SearchEvent): void {
  push({ type: 'search', at: Date.now(), ...search });
}

export function trackClick(click: ClickEvent): void {
  push({ type: 'click', at: Date.now(), ...click });
}

/** The queued events, oldest first (a copy). */
export function analyticsQueue(): AnalyticsEvent[] {
  return [...queue];
}
