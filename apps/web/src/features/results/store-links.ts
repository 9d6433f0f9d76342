/**
 * The links of one store (PRODUCT.md#external-links, #appointment-link) computed from @locator/core's rules, shared by the list
 * entry, the map callout and the narrow detail view.
 *
 * Decisions where PRODUCT.md is silent:
 * - Directions open the platform's maps app where it can: on Apple devices the same saddr/daddr
 *   query goes to maps.apple.com (which opens Apple Maps); elsewhere the configured getDirection
 *   URL is kept (Google's map links open its app on Android).
 * - Share sends the store's own page (not directions from the sharer's searched place), on
 *   every width: the list entry, the callout and the narrow detail.
 * - The channel's externalLink (service with casRedirect, PRODUCT.md#channels-in-the-web-app) is offered in each store
 *   entry as the place to arrange a repair, since the appointment link is then not shown (PRODUCT.md#appointment-link).
 */
import {
  appointmentProduct,
  appointmentUrl,
  carrierLink,
  directionsUrl,
  isAppointmentLinkShown,
  localeToPath,
  localeToUnderscore,
  safeWebUrl,
  storePagePath,
  type Carrier,
  type SearchRequest,
  type Store,
} from '@locator/core';
import type { ResultsContext } from './context';

export const APPLE_MAPS_DIRECTIONS = 'https://maps.apple.com/?';

/** The directions URL for the visitor's platform (see above); "" stays "". */
export function platformDirectionsUrl(url: string, apple: boolean): string {
  if (!apple || url === '') return url;
  const at = url.indexOf('saddr=');
  return at < 0 ? url : `${APPLE_MAPS_DIRECTIONS}${url.slice(at)}`;
}

/** True on iPhone, iPad and Mac (iPadOS reports itself as a Mac with touch). */
export function isApplePlatform(
  nav: Pick<Navigator, 'userAgent'> | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator,
): boolean {
  const data = (nav as { userAgentData?: { platform?: string } } | undefined)?.userAgentData;
  if (data?.platform) return /^(macOS|iOS)$/i.test(data.platform);
  return /iPhone|iPad|iPod|Macintosh/.test(nav?.userAgent ?? '');
}

export interface StoreLinkInput {
  ctx: ResultsContext;
  request: SearchRequest;
  /** The results page's query string, for the appointment link. */
  currentQuery: string;
  /** The chosen carrier's configuration, when one was chosen. */
  carrier: Carrier | undefined;
}

export interface StoreUrls {
  /** The configured directions URL (shared). */
  directions: string;
  /** The directions URL opened on this platform. */
  directionsHere: string;
  website: string;
  carrier: { name: string; url: string } | undefined;
  appointment: string;
  /** The channel's external support link (service with casRedirect). */
  support: string;
  /** The store's own page on this site (`/uk/en/stores/{storeId}-{slug}`): linked and shared. */
  page: string;
}

export function storeUrls(
  store: Store,
  input: StoreLinkInput,
  apple = isApplePlatform(),
): StoreUrls {
  const { ctx, request } = input;
  const directions = directionsUrl(
    ctx.config.country.getDirection ?? '',
    {
      latitude: request.latitude,
      longitude: request.longitude,
      formattedAddress: request.formattedAddress,
    },
    store,
    ctx.lang,
  );
  const appointment = isAppointmentLinkShown({
    countryCode: request.countryCode,
    channel: ctx.channelKey,
    casRedirect: ctx.config.country.casRedirect,
    store,
  })
    ? appointmentUrl({
        casSupportUrl: ctx.config.country.casSupportUrl ?? '',
        locale: localeToUnderscore(ctx.locale),
        storeId: store.storeId,
        latitude: request.latitude,
        longitude: request.longitude,
        currentQuery: input.currentQuery,
        product: appointmentProduct(store, request.productId),
      })
    : '';
  const support =
    ctx.channelKey === 'service' && ctx.config.country.casRedirect
      ? safeWebUrl(ctx.channel.externalLink ?? '')
      : '';
  return {
    directions,
    directionsHere: platformDirectionsUrl(directions, apple),
    website: store.storeWeb,
    carrier: input.carrier ? carrierLink(input.carrier, ctx.channelKey) : undefined,
    appointment,
    support,
    page: storePagePath(localeToPath(ctx.locale), store.storeId, store.title),
  };
}

/** The store page's absolute URL, what Share sends on every width. */
export function storePageUrl(urls: Pick<StoreUrls, 'page'>): string {
  return new URL(urls.page, window.location.origin).href;
}
