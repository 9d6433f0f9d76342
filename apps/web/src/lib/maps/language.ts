/**
 * The maps language of a page (PRODUCT.md#maps-service): hk → zh-HK, mo and tw → zh-Hant, else the page's. In
 * a module of its own, without the requests and their schemas (the embeddable compact element
 * needs only this).
 */
import { autocompleteLanguage } from '@locator/core';
import { languageTag } from '../locale-tag';

export function mapsLanguage(country: string, locale: string): string {
  return autocompleteLanguage(country, languageTag(locale));
}
