/**
 * Display rules of the results page (PRODUCT.md#results-page, #maps-service, #display): result-sentence variant, callout
 * size, badge legend, the Chinese layout and the autocomplete language. The page title, which
 * every page uses, is in `page-title.ts`, so that the home page's bundle does not carry these
 * rules and the filter and drop-off modules they import.
 *
 * Decisions where PRODUCT.md is silent:
 * - Result sentence: "all products" wins over drop-off (there is no product to name); an empty
 *   product id counts as all products.
 * - Callout size: the longest of the store's sales and service product lists counts. More than
 *   8 entries without service types or specialties is "medium" (at least as tall as 7–8);
 *   fewer than 7 is "small".
 * - Badge legend: keeps the order of badgesArray; when a channel is given, only the badges of
 *   that channel; "y" is compared case-insensitively. Layout names: "single", "double",
 *   "triple" for 1, 2, 3 badges; no badge gives no legend.
 * - Autocomplete language: without an override, the page language is used.
 */
import { isAllProducts } from './filters.js';
import { isDropOffRepairType } from './dropoff.js';
import type { Badge, Store } from './types.js';

/** Most badges in the legend strip (PRODUCT.md#display). */
export const BADGE_LEGEND_MAX = 3;

export type ResultSentenceVariant = 'allProducts' | 'dropOff' | 'normal';

/** Which result sentence shows (PRODUCT.md#results-page). */
export function resultSentenceVariant(
  productId: string | null | undefined,
  repairType: string | null | undefined,
): ResultSentenceVariant {
  if (isAllProducts(productId)) return 'allProducts';
  return isDropOffRepairType(repairType) ? 'dropOff' : 'normal';
}

export type CalloutSize = 'large' | 'medium' | 'small';

/** Callout size of a store (PRODUCT.md#display). */
export function calloutSize(
  store: Pick<Store, 'salesProducts' | 'serviceProducts' | 'serviceTypes' | 'solutionsSpecialties'>,
): CalloutSize {
  const entries = Math.max(store.salesProducts.length, store.serviceProducts.length);
  const extras = store.serviceTypes.length > 0 || store.solutionsSpecialties.length > 0;
  if (entries > 8 && extras) return 'large';
  return entries >= 7 ? 'medium' : 'small';
}

export type BadgeLegendLayout = 'single' | 'double' | 'triple';

export interface BadgeLegend {
  badges: Badge[];
  layout: BadgeLegendLayout;
}

const LAYOUTS: readonly BadgeLegendLayout[] = ['single', 'double', 'triple'];

/** The badge legend strip (PRODUCT.md#results-page, #store-search-answer, #display), or undefined when nothing shows. */
export function badgeLegend(
  badges: readonly Badge[] | undefined,
  channel?: string,
): BadgeLegend | undefined {
  const shown = (badges ?? [])
    .filter((b) => (b.desc ?? '').trim().toLowerCase() === 'y')
    .filter((b) => channel === undefined || (b.channels ?? []).includes(channel))
    .slice(0, BADGE_LEGEND_MAX);
  const layout = LAYOUTS[shown.length - 1];
  return layout ? { badges: shown, layout } : undefined;
}

export interface SiteLayout {
  showTravelTime: boolean;
  distanceInTitle: boolean;
}

/** The Chinese layout (cn/zh): no travel time, distance in the title (PRODUCT.md#results-page, #display). */
export function siteLayout(country: string, lang: string): SiteLayout {
  const chinese = country.toLowerCase() === 'cn' && lang.toLowerCase() === 'zh';
  return { showTravelTime: !chinese, distanceInTitle: chinese };
}

const AUTOCOMPLETE_LANGUAGE: Readonly<Record<string, string>> = {
  hk: 'zh-HK',
  mo: 'zh-Hant',
  tw: 'zh-Hant',
};

/** The autocomplete language: hk → zh-HK; mo, tw → zh-Hant; otherwise the page language (PRODUCT.md#maps-service). */
export function autocompleteLanguage(country: string, lang: string): string {
  return AUTOCOMPLETE_LANGUAGE[country.toLowerCase()] ?? lang;
}
