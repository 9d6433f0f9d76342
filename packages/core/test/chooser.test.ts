import { describe, expect, it } from 'vitest';
import chooserRegions from '../data/chooser-regions.json' with { type: 'json' };
import localeMap from '../data/locale-map.json' with { type: 'json' };
import { CHOOSER_REGIONS, chooserLabel } from '../src/chooser.js';
import { isKnownLocale, localeDirection, localeToPath } from '../src/locale.js';

const entries = CHOOSER_REGIONS.flatMap((r) => r.entries);

describe('chooser regions (PRODUCT.md#country-and-region-chooser)', () => {
  it('exposes the chooser regions, with rtl entries marked', () => {
    expect(CHOOSER_REGIONS.map((r) => r.id)).toEqual(['amei', 'apac', 'europe', 'lac', 'na']);
    const rtl = entries.filter((e) => e.rtl);
    expect(rtl.length).toBeGreaterThan(0);
    for (const e of rtl) expect(localeDirection(e.locale)).toBe('rtl');
  });

  it('is the data file, whose entries name locales of the locale map at the same path', () => {
    expect(CHOOSER_REGIONS).toEqual(chooserRegions.regions);
    expect(entries).toHaveLength(147);
    const paths: Record<string, string> = localeMap.locales;
    const wrong = entries.filter(
      (e) =>
        !isKnownLocale(e.locale) ||
        localeToPath(e.locale) !== e.path ||
        (e.alias !== undefined && paths[e.alias] !== e.path),
    );
    expect(wrong).toEqual([]);
  });

  it('lists each path once', () => {
    const paths = entries.map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('chooser label of a locale', () => {
  it.each([
    ['fr-CA', 'Canada (Français)'],
    ['en-US', 'United States'],
    ['ja-JP', '日本'],
    ['en-EUROPE', 'Other Europe'],
    ['en-AL', 'Other Europe'],
    ['es-419', 'América Latina y el Caribe (Español)'],
  ])('%s → %s', (locale, label) => {
    expect(chooserLabel(locale)).toBe(label);
  });

  it('is undefined for a locale the chooser does not list', () => {
    expect(chooserLabel('he-IL')).toBeUndefined();
    expect(chooserLabel('hi-IN')).toBeUndefined();
  });
});
