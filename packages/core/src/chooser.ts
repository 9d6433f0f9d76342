/**
 * The country/region chooser's data (PRODUCT.md#country-and-region-chooser): its five regions, each with its entries (the
 * country's label in its own language, locale key, path, `rtl` where the language is written
 * right to left, `alias` for the regional alias the real site uses).
 *
 * Kept apart from the locale ↔ path mapping (`locale.ts`, `data/locale-map.json`) in a data file
 * of its own, `data/chooser-regions.json`, so that a bundle using only the mapping does not
 * carry the labels: the web app's home page. Every entry names a locale key of the
 * map with the same path (tested).
 */
import chooserRegions from '../data/chooser-regions.json' with { type: 'json' };
import { localeToPath } from './locale.js';

export interface ChooserEntry {
  label: string;
  locale: string;
  path: string;
  rtl?: boolean;
  alias?: string;
}

export interface ChooserRegion {
  id: string;
  label: string;
  entries: ChooserEntry[];
}

interface ChooserRegionsFile {
  regions: ChooserRegion[];
}

/** The chooser's regions with their entries (PRODUCT.md#country-and-region-chooser), in file order. */
export const CHOOSER_REGIONS: readonly ChooserRegion[] = (chooserRegions as ChooserRegionsFile)
  .regions;

/**
 * The chooser's label of the entry at a locale's path ("fr-CA" → "Canada (Français)",
 * "en-AL" → "Other Europe"); undefined where the chooser lists no entry at that path (he-IL,
 * hi-IN…).
 */
export function chooserLabel(locale: string): string | undefined {
  const path = localeToPath(locale);
  for (const region of CHOOSER_REGIONS) {
    const entry = region.entries.find((e) => e.path === path);
    if (entry) return entry.label;
  }
  return undefined;
}
