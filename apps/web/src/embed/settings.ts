/**
 * What an element's attributes ask for (docs/EMBEDDING.md "Attributes"), read with the web
 * app's own rules: the locale of a site path ("/uk/en/" → en-GB), the result channels, the
 * coordinate ranges of deep links.
 */
import {
  isResultChannel,
  localeParts,
  parseCoordinate,
  parseLocalePath,
  type ResultChannel,
} from '@locator/core';

export const OBSERVED_ATTRIBUTES = [
  'country',
  'lang',
  'channel',
  'product',
  'place',
  'lat',
  'lon',
  'max-results',
] as const;

export const DEFAULT_NEAREST = 3;
export const MAX_NEAREST = 10;

export interface EmbedSettings {
  /** Locale key ("en-GB"); en-US when country and lang name no site. */
  locale: string;
  /** Country or region code of site and API paths ("uk"). */
  pathCountry: string;
  /** Language segment of site and API paths ("en"). */
  pathLang: string;
  channel: ResultChannel;
  /** Product id, or "" for the channel's default. */
  product: string;
  /** A place to search near, by name. */
  place: string;
  /** A position to search near (both or neither). */
  position: { latitude: number; longitude: number } | undefined;
  /** <store-nearest>: how many stores (1–10, default 3). */
  maxResults: number;
}

export function readSettings(el: Element): EmbedSettings {
  const attr = (name: string) => (el.getAttribute(name) ?? '').trim();
  const country = attr('country').toLowerCase() || 'us';
  const lang = attr('lang').toLowerCase() || 'en';
  const parsed = parseLocalePath(`/${country}/${lang}/`);
  const locale = parsed.known ? parsed.locale : 'en-US';
  const parts = localeParts(locale);
  const channel = attr('channel');
  const latitude = parseCoordinate(attr('lat'), 90);
  const longitude = parseCoordinate(attr('lon'), 180);
  const max = Number.parseInt(attr('max-results'), 10);
  return {
    locale,
    pathCountry: parts.country,
    pathLang: parts.pathLang,
    channel: isResultChannel(channel) ? channel : 'sales',
    product: /^[\w-]{1,40}$/.test(attr('product')) ? attr('product') : '',
    place: attr('place').slice(0, 200),
    position:
      latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined,
    maxResults: Number.isFinite(max) ? Math.min(MAX_NEAREST, Math.max(1, max)) : DEFAULT_NEAREST,
  };
}

/** A key that changes when the settings do (an element re-renders only then). */
export const settingsKey = (s: EmbedSettings): string => JSON.stringify(s);
