/**
 * The host page (PRODUCT.md#home-page "a value embedded in the host page"): the built index.html with the
 * route's locale, its writing direction and, where available, the preloaded configuration of
 * its country embedded as a JSON data block (not executable, so it works under a strict CSP).
 * The block also carries the chooser's label of the locale's country (`countryLabel`, for the
 * page footer) when the chooser lists the locale, so that the web app's pages need not load the
 * chooser's data.
 */
import { chooserLabel, languageTag, localeDirection, type CountryConfig } from '@locator/core';

export interface BootData {
  locale: string;
  brand: string;
  /** The chooser's label of the locale's country; set by renderHostPage when absent. */
  countryLabel?: string;
  /** The console's page only: single sign-on is configured (its sign-in form offers it). */
  sso?: boolean;
  /** Preloaded globalmatrix response for the locale's country, when the server has it. */
  config?: { response: CountryConfig[] };
}

/** Serialises JSON for embedding inside a <script> element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function renderHostPage(template: string, boot: BootData): string {
  const lang = languageTag(boot.locale);
  const dir = localeDirection(boot.locale);
  const countryLabel = boot.countryLabel ?? chooserLabel(boot.locale);
  const data: BootData = countryLabel === undefined ? boot : { ...boot, countryLabel };
  const script = `<script type="application/json" id="locator-boot">${jsonForScript(data)}</script>`;
  return template
    .replace(/<html[^>]*>/, `<html lang="${lang}" dir="${dir}">`)
    .replace('</head>', `${script}\n</head>`);
}
