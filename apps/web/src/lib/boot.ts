/**
 * Reads the value the server embeds in the host page (PRODUCT.md#home-page): the route's locale, the brand,
 * the chooser's label of the locale's country when the chooser lists it, and, when present, the
 * preloaded configuration; on the console's page, whether single sign-on is offered.
 */
import { HOME_LOCALE, normaliseLocaleKey, type CountryConfig } from '@locator/core';

export interface Boot {
  locale: string;
  brand: string;
  /** The chooser's label of the locale's country ("Canada (Français)"), for the footer. */
  countryLabel?: string;
  config?: { response: CountryConfig[] };
  /** The console's page: the server offers single sign-on. */
  sso?: boolean;
}

export function readBoot(doc: Document = document): Boot {
  const el = doc.getElementById('locator-boot');
  let raw: unknown = undefined;
  try {
    raw = el?.textContent ? JSON.parse(el.textContent) : undefined;
  } catch {
    raw = undefined;
  }
  const value = (raw ?? {}) as Partial<Boot>;
  const locale = normaliseLocaleKey(String(value.locale ?? '')) ?? HOME_LOCALE;
  const boot: Boot = { locale, brand: typeof value.brand === 'string' ? value.brand : 'Lumen' };
  if (typeof value.countryLabel === 'string' && value.countryLabel.trim() !== '') {
    boot.countryLabel = value.countryLabel;
  }
  if (value.config && Array.isArray(value.config.response)) boot.config = value.config;
  if (value.sso === true) boot.sso = true;
  return boot;
}
