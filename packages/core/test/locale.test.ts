import { describe, expect, it } from 'vitest';
import localeMap from '../data/locale-map.json' with { type: 'json' };
import {
  LOCALE_KEYS,
  PROPOSED_LOCALES,
  channelPath,
  isCatchAllCode,
  languageTag,
  localeAliasPath,
  localeDirection,
  localeParts,
  localeToPath,
  localeToUnderscore,
  normaliseLocaleKey,
  parseLocalePath,
  pathToLocale,
} from '../src/locale.js';

describe('locale → path (PRODUCT.md#routes)', () => {
  it('maps every one of the 340 keys to the path in the reference map', () => {
    expect(LOCALE_KEYS).toHaveLength(340);
    for (const [locale, path] of Object.entries(localeMap.locales)) {
      expect(localeToPath(locale)).toBe(path);
    }
  });

  it.each([
    ['en-US', '/'],
    ['en-GB', '/uk/en/'],
    ['fr-CA', '/ca/fr/'],
    ['zh-CN', '/cn/zh/'],
    ['ar-AE', '/ae/ar/'],
    ['in-ID', '/id/in/'],
    ['id-ID', '/id/id/'],
    ['en-EUROPE', '/europe/en/'],
    ['en-ASIA', '/asia/en/'],
    ['en-AMEI', '/amei/en/'],
    ['fr-AMEI', '/amei/fr/'],
    ['es-LAC', '/lac/es/'],
    ['en-LAC', '/lac/en/'],
    ['fr-LAC', '/lac/fr/'],
    ['es-419', '/lac/es/'],
    ['en-AL', '/europe/en/'],
  ])('%s → %s', (locale, path) => {
    expect(localeToPath(locale)).toBe(path);
  });

  it('accepts the underscore form and odd case', () => {
    expect(localeToPath('en_GB')).toBe('/uk/en/');
    expect(localeToPath('EN-gb')).toBe('/uk/en/');
    expect(normaliseLocaleKey('fr_ca')).toBe('fr-CA');
  });

  it('maps unknown locales to home', () => {
    expect(localeToPath('xx-YY')).toBe('/');
    expect(localeToPath('')).toBe('/');
    expect(localeToPath('english')).toBe('/');
    expect(normaliseLocaleKey('en')).toBeUndefined();
  });
});

describe('path → locale', () => {
  it('round-trips every locale whose path is its own', () => {
    const pathCount = new Map<string, number>();
    for (const path of Object.values(localeMap.locales)) {
      pathCount.set(path, (pathCount.get(path) ?? 0) + 1);
    }
    for (const [locale, path] of Object.entries(localeMap.locales)) {
      if (pathCount.get(path) === 1) expect(pathToLocale(path)).toBe(locale);
    }
  });

  it.each([
    ['/', 'en-US'],
    ['/uk/en/', 'en-GB'],
    ['/uk/en', 'en-GB'],
    ['/UK/EN/', 'en-GB'],
    ['/uk/en/sales', 'en-GB'],
    ['/id/in/', 'in-ID'],
    ['/id/id/', 'id-ID'],
    ['/europe/en/', 'en-EUROPE'],
    ['/lac/es/service', 'es-LAC'],
    ['/lac/en/', 'en-LAC'],
    ['/amei/fr/', 'fr-AMEI'],
    ['/sales', 'en-US'],
    ['/choose-country-region', 'en-US'],
    ['/zz/qq/', 'en-US'],
    ['/a/b/c/d', 'en-US'],
  ])('%s → %s', (path, locale) => {
    expect(pathToLocale(path)).toBe(locale);
  });

  it('splits a path into locale and rest', () => {
    expect(parseLocalePath('/uk/en/sales')).toEqual({
      locale: 'en-GB',
      localePath: '/uk/en/',
      rest: 'sales',
      known: true,
    });
    expect(parseLocalePath('/service')).toEqual({
      locale: 'en-US',
      localePath: '/',
      rest: 'service',
      known: true,
    });
    expect(parseLocalePath('/zz/qq/sales').known).toBe(false);
  });
});

describe("a site named by its country's ISO code", () => {
  it("moves to the site's own path, keeping what follows", () => {
    expect(localeAliasPath('/gb/en/sales')).toBe('/uk/en/sales');
    expect(localeAliasPath('/GB/EN/')).toBe('/uk/en/');
    expect(localeAliasPath('/gb/en')).toBe('/uk/en/');
    expect(localeAliasPath('/gb/en/stores/in/london/')).toBe('/uk/en/stores/in/london/');
    expect(localeAliasPath('/us/en/service')).toBe('/service');
  });

  it("leaves a site's own path, the root and paths that name no site", () => {
    for (const path of [
      '/uk/en/sales',
      '/',
      '/sales',
      '/zz/en/',
      '/gb/zz/',
      '/europe/en/',
      '/gbr/en/',
      '/g1/en/',
    ]) {
      expect(localeAliasPath(path), path).toBeUndefined();
    }
  });
});

describe('locale helpers', () => {
  it('gives country and language parts for paths and API calls', () => {
    expect(localeParts('en-GB')).toEqual({
      lang: 'en',
      region: 'GB',
      country: 'uk',
      pathLang: 'en',
    });
    expect(localeParts('en-US')).toEqual({
      lang: 'en',
      region: 'US',
      country: 'us',
      pathLang: 'en',
    });
    expect(localeParts('in-ID')).toEqual({
      lang: 'in',
      region: 'ID',
      country: 'id',
      pathLang: 'in',
    });
    expect(localeParts('en-EUROPE').country).toBe('europe');
    expect(localeParts('nonsense').region).toBe('US');
  });

  it('converts to the translation-file form', () => {
    expect(localeToUnderscore('en-GB')).toBe('en_GB');
  });

  it('marks Arabic and Hebrew right to left', () => {
    expect(localeDirection('ar-AE')).toBe('rtl');
    expect(localeDirection('he_IL')).toBe('rtl');
    expect(localeDirection('en-GB')).toBe('ltr');
    expect(localeDirection('')).toBe('ltr');
  });

  it('builds channel paths from the locale path', () => {
    expect(channelPath('en-US', 'sales')).toBe('/sales');
    expect(channelPath('en-GB', 'service')).toBe('/uk/en/service');
  });

  it('marks the 235 proposed keys, all of them keys of the map', () => {
    expect(PROPOSED_LOCALES.size).toBe(235);
    expect([...PROPOSED_LOCALES].filter((key) => !LOCALE_KEYS.includes(key))).toEqual([]);
    expect(PROPOSED_LOCALES.has('ar-BH')).toBe(true);
    expect(PROPOSED_LOCALES.has('en-GB')).toBe(false);
  });

  it('recognises the regional catch-all codes', () => {
    expect(isCatchAllCode('asia')).toBe(true);
    expect(isCatchAllCode('LAC')).toBe(true);
    expect(isCatchAllCode('uk')).toBe(false);
  });
});

describe('language tags (lang and hreflang attributes)', () => {
  it.each([
    ['fr-CA', 'fr-CA'],
    ['ar_AE', 'ar-AE'],
    ['in-ID', 'id-ID'],
    ['es-LAC', 'es-419'],
    ['en-419', 'en-419'],
    ['fr-LAC', 'fr'],
    ['en-EUROPE', 'en'],
    ['xx-YY', 'xx-YY'],
  ])('%s → %s', (locale, tag) => {
    expect(languageTag(locale)).toBe(tag);
  });
});
