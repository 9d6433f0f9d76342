/**
 * The elements' analytics: the same search and store-link events as the locator's own pages
 * (lib/analytics), sent to the locator's origin. The server keeps the embedding site's origin
 * with them when it is one of EMBED_ORIGINS; nothing else about the page is sent.
 */
import { ANALYTICS_EVENTS_PATH, type SearchRequest } from '@locator/core';
import { configureAnalytics, trackClick, trackSearch } from '../lib/analytics';
import type { ResultsContext } from '../features/results/context';
import { LOCATOR_ORIGIN } from './origin';

let configured = false;

/** Points the queue at the locator's origin, once (no beacon: see lib/analytics). */
function configure(): void {
  if (configured) return;
  configured = true;
  configureAnalytics({ endpoint: `${LOCATOR_ORIGIN}${ANALYTICS_EVENTS_PATH}`, beacon: false });
}

/**
 * A search of an element: "deepLink" when its attributes named the place (as a link to the
 * locator's results does), "form" when the visitor searched; with the stores shown and whether
 * the answer was beyond the radius.
 */
export function trackEmbedSearch(
  ctx: ResultsContext,
  request: SearchRequest,
  trigger: 'form' | 'deepLink',
  resultCount?: number,
  beyondRadius?: boolean,
): void {
  configure();
  trackSearch({
    channel: ctx.channelKey,
    locale: ctx.locale,
    country: request.countryCode,
    product: request.productId,
    carrier: '',
    repairType: '',
    trigger,
    latitude: request.latitude,
    longitude: request.longitude,
    ...(resultCount === undefined ? {} : { resultCount }),
    ...(beyondRadius === undefined ? {} : { beyondRadius }),
  });
}

/** A click on a store's link (directions, phone, website, appointment, support). */
export function trackEmbedClick(
  ctx: ResultsContext,
  request: SearchRequest,
  link: string,
  storeId: string,
): void {
  configure();
  trackClick({
    link,
    channel: ctx.channelKey,
    locale: ctx.locale,
    country: request.countryCode,
    product: request.productId,
    storeId,
  });
}
