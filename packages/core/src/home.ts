/**
 * Home page cards (PRODUCT.md#home-page, #channels, #display): which channel cards show, in which order, where they
 * link, on which side their image sits and which image they use.
 *
 * Image keys of a country configuration's `images` (3.1 names salesImageUrl and
 * serviceImageUrl; the others are this project's, documented here):
 * - `{channel}ImageUrl`: the standard image (salesImageUrl, serviceImageUrl,
 *   consultingImageUrl, trainingImageUrl);
 * - `{channel}ImageUrl2x`: its high-DPI version, used at devicePixelRatio ≥ 2;
 * - `salesRetailImageUrl2x`: the alternative retail image for sales on high-DPI screens in
 *   ae, at, be, kr, mo, sg, th, tr and tw.
 * A missing key falls back: retail → `salesImageUrl2x` → `salesImageUrl`; `…2x` → standard.
 *
 * Decisions where PRODUCT.md is silent:
 * - Consulting is always shown (2.3 "always shown"); training is shown only when the
 *   configuration has it ("training's further behaviour: not shown").
 * - A blank externalLink counts as unset.
 * - Training's card links to its externalLink (from its consultingLinkMap, as consulting's)
 *   when configured; else to its results page (the training providers) when the channel has
 *   products or countries to search; else it has no link. Never a link to a path that would
 *   only lead back to the home page.
 */
import { channelHasOptions } from './channels.js';
import { HOME_CHANNEL_ORDER } from './types.js';
import type { Channel, ChannelKey } from './types.js';

/** Card order (PRODUCT.md#home-page, #channels): sales, service, consulting, training. */
export const HOME_CARD_ORDER: readonly ChannelKey[] = HOME_CHANNEL_ORDER;

/** Device pixel ratio from which high-DPI images are used (PRODUCT.md#display). */
export const HIGH_DPI_THRESHOLD = 2;

/** Countries using the alternative retail image for sales on high-DPI screens (PRODUCT.md#home-page). */
export const RETAIL_IMAGE_COUNTRIES: readonly string[] = [
  'ae',
  'at',
  'be',
  'kr',
  'mo',
  'sg',
  'th',
  'tr',
  'tw',
];

export const RETAIL_IMAGE_KEY = 'salesRetailImageUrl2x';

export type ImageSide = 'right' | 'left';

export interface HomeCard {
  channel: ChannelKey;
  /** externalLink, or the channel's path; none for training with neither. */
  href?: string;
  /** True when href is the channel's externalLink. */
  external: boolean;
  imageSide: ImageSide;
  /** The chosen image, or undefined when the configuration has none. */
  image?: { key: string; url: string };
}

export interface HomeCardContext {
  /** Current location path ("/", "/uk/en/"). */
  pathname: string;
  /** Country code of the page ("us", "ae"). */
  country: string;
  devicePixelRatio: number;
  images: Readonly<Record<string, string>>;
}

/** Whether a channel's card shows (PRODUCT.md#home-page). */
export function isHomeCardShown(key: ChannelKey, channel: Channel | undefined): boolean {
  if (key === 'consulting') return true;
  if (key === 'training') return channel !== undefined;
  return channelHasOptions(channel);
}

/** The current path plus "/{channel}", without a double slash ("/" → "/sales"). */
export function channelLinkFromPath(pathname: string, channel: string): string {
  const base = pathname.replace(/\/+$/, '');
  return `${base}/${channel}`;
}

/**
 * Whether a channel's results page has something to search: sales and service when configured
 * (PRODUCT.md#results-page), training only when it has products or countries (its training providers).
 */
export function hasResultsPage(key: string, channel: Channel | undefined): boolean {
  if (channel === undefined) return false;
  if (key === 'training') return channelHasOptions(channel);
  return key === 'sales' || key === 'service';
}

/**
 * Card link target: externalLink when set, else the channel's path (PRODUCT.md#home-page). Training links
 * to its path only when `searchable` (it has a results page, see hasResultsPage).
 */
export function homeCardLink(
  pathname: string,
  key: ChannelKey,
  externalLink: string | undefined,
  searchable = false,
): { href?: string; external: boolean } {
  if (externalLink !== undefined && externalLink.trim() !== '') {
    return { href: externalLink, external: true };
  }
  if (key === 'training' && !searchable) return { external: false };
  return { href: channelLinkFromPath(pathname, key), external: false };
}

/** Image side by card index: 0 right, 1 left, and so on (PRODUCT.md#home-page). */
export function imageSide(index: number): ImageSide {
  return index % 2 === 0 ? 'right' : 'left';
}

export function isHighDpi(devicePixelRatio: number): boolean {
  return devicePixelRatio >= HIGH_DPI_THRESHOLD;
}

/** The image keys to try for a card, best first. */
export function homeImageKeys(
  key: ChannelKey,
  country: string,
  devicePixelRatio: number,
): string[] {
  const standard = `${key}ImageUrl`;
  if (!isHighDpi(devicePixelRatio)) return [standard];
  const keys = [`${standard}2x`, standard];
  if (key === 'sales' && RETAIL_IMAGE_COUNTRIES.includes(country.toLowerCase())) {
    keys.unshift(RETAIL_IMAGE_KEY);
  }
  return keys;
}

/** The card image: the first of `homeImageKeys` present in the images (PRODUCT.md#home-page). */
export function homeCardImage(
  key: ChannelKey,
  ctx: Omit<HomeCardContext, 'pathname'>,
): { key: string; url: string } | undefined {
  for (const k of homeImageKeys(key, ctx.country, ctx.devicePixelRatio)) {
    const url = ctx.images[k];
    if (url !== undefined && url !== '') return { key: k, url };
  }
  return undefined;
}

/** The home page's cards, in order, with link, side and image (PRODUCT.md#home-page). */
export function homeCards(
  channels: Partial<Record<ChannelKey, Channel>>,
  ctx: HomeCardContext,
): HomeCard[] {
  return HOME_CARD_ORDER.filter((key) => isHomeCardShown(key, channels[key])).map((key, index) => {
    const card: HomeCard = {
      channel: key,
      ...homeCardLink(
        ctx.pathname,
        key,
        channels[key]?.externalLink,
        hasResultsPage(key, channels[key]),
      ),
      imageSide: imageSide(index),
    };
    const image = homeCardImage(key, ctx);
    if (image) card.image = image;
    return card;
  });
}
