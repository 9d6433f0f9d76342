import { describe, expect, it } from 'vitest';
import { chooserLabel } from '@locator/core';
import { readBoot } from '../../src/lib/boot';
import { cardImages, DEFAULT_CARD_IMAGES } from '../../src/lib/card-images';
import { alternatesFor, countryLabel, languageOptions } from '../../src/lib/languages';
import { languageTag } from '../../src/lib/locale-tag';
import { analyticsQueue, trackPageView } from '../../src/lib/analytics';

describe('languageTag', () => {
  it('keeps ordinary locale keys', () => {
    expect(languageTag('en-GB')).toBe('en-GB');
    expect(languageTag('fr_CA')).toBe('fr-CA');
    expect(languageTag('ar-AE')).toBe('ar-AE');
  });
  it('maps the old Indonesian code and regional catch-alls', () => {
    expect(languageTag('in-ID')).toBe('id-ID');
    expect(languageTag('es-LAC')).toBe('es-419');
    expect(languageTag('en-419')).toBe('en-419');
    expect(languageTag('en-EUROPE')).toBe('en');
    expect(languageTag('fr-AMEI')).toBe('fr');
    expect(languageTag('fr-LAC')).toBe('fr');
  });
});

describe('languageOptions (PRODUCT.md#language-selector)', () => {
  it("lists the configuration's languages with the current one marked", () => {
    const options = languageOptions('fr-CA', [
      { code: 'en', name: 'English' },
      { code: 'fr', name: 'French' },
    ]);
    expect(options.map((o) => [o.locale, o.path, o.current, o.dir])).toEqual([
      ['en-CA', '/ca/en/', false, 'ltr'],
      ['fr-CA', '/ca/fr/', true, 'ltr'],
    ]);
    // Each language is named in itself.
    expect(options[1]?.label).toBe('Français');
  });

  it('marks Arabic right to left', () => {
    const options = languageOptions('ar-AE', [
      { code: 'en', name: 'English' },
      { code: 'ar', name: 'العربية' },
    ]);
    expect(options.find((o) => o.locale === 'ar-AE')).toMatchObject({ dir: 'rtl', current: true });
  });

  it('leaves out languages without a locale of their own', () => {
    expect(languageOptions('en-GB', [{ code: 'xx', name: 'X' }])).toEqual([]);
  });

  it('falls back to the locale map without a configuration', () => {
    expect(languageOptions('en-CA', undefined).map((o) => o.locale)).toEqual(['en-CA', 'fr-CA']);
    expect(languageOptions('en-GB', undefined).map((o) => o.locale)).toEqual(['en-GB']);
  });

  it('shows Indonesian once although in-ID and id-ID both exist', () => {
    const options = languageOptions('id-ID', undefined);
    expect(options.filter((o) => o.tag === 'id-ID')).toHaveLength(1);
  });
});

describe('alternatesFor', () => {
  it("links a page's language versions with the same rest of path", () => {
    expect(alternatesFor('/ca/en/sales')).toEqual([
      { hreflang: 'en-CA', href: '/ca/en/sales' },
      { hreflang: 'fr-CA', href: '/ca/fr/sales' },
    ]);
  });
  it('has none for a single-language country or the chooser', () => {
    expect(alternatesFor('/uk/en/')).toEqual([]);
    expect(alternatesFor('/choose-country-region')).toEqual([]);
  });
});

describe('countryLabel', () => {
  it("is the chooser label in the country's language, which the host page embeds", () => {
    expect(countryLabel('ja-JP', chooserLabel('ja-JP'))).toBe('日本');
    expect(countryLabel('en-EUROPE', chooserLabel('en-EUROPE'))).toBe('Other Europe');
    expect(countryLabel('fr-CA', chooserLabel('fr-CA'))).toBe('Canada (Français)');
  });
  it("is the country's name in the page language for a locale the chooser does not list", () => {
    for (const locale of ['he-IL', 'hi-IN', 'ru-RU']) expect(chooserLabel(locale)).toBeUndefined();
    expect(countryLabel('he-IL', chooserLabel('he-IL'))).toBe('ישראל');
    expect(countryLabel('hi-IN')).toBe('भारत');
    expect(countryLabel('ru-RU')).toBe('Россия');
  });
  it('without the embedded label, is the country or region name', () => {
    expect(countryLabel('ja-JP')).toBe('日本');
    expect(countryLabel('fr-CA', ' ')).toBe('Canada');
    expect(countryLabel('en-EUROPE')).toBe('Other Europe');
    expect(countryLabel('en-AMEI')).toBe('Other Africa and Middle East');
  });
});

describe('readBoot', () => {
  const doc = (json: string) =>
    ({ getElementById: () => ({ textContent: json }) }) as unknown as Document;
  it("reads the locale, the brand and the chooser's label of the country", () => {
    expect(
      readBoot(doc('{"locale":"fr-CA","brand":"B","countryLabel":"Canada (Français)"}')),
    ).toEqual({ locale: 'fr-CA', brand: 'B', countryLabel: 'Canada (Français)' });
  });
  it('leaves out a missing or blank label and falls back on bad values', () => {
    expect(readBoot(doc('{"locale":"he-IL","brand":"B"}'))).toEqual({
      locale: 'he-IL',
      brand: 'B',
    });
    expect(readBoot(doc('{"locale":"xx","countryLabel":" "}'))).toEqual({
      locale: 'en-US',
      brand: 'Lumen',
    });
    expect(readBoot(doc('{'))).toEqual({ locale: 'en-US', brand: 'Lumen' });
  });
});

describe('cardImages', () => {
  it('keeps configured images over the defaults and ignores blanks', () => {
    const images = cardImages({ salesImageUrl: '/x.jpg', serviceImageUrl: ' ', bad: 3 });
    expect(images.salesImageUrl).toBe('/x.jpg');
    expect(images.serviceImageUrl).toBe(DEFAULT_CARD_IMAGES.serviceImageUrl);
    expect(images).not.toHaveProperty('bad');
    expect(cardImages('nonsense')).toEqual(DEFAULT_CARD_IMAGES);
  });
});

describe('analytics facade', () => {
  it('queues page views', () => {
    trackPageView({ path: '/uk/en/', locale: 'en-GB', page: 'home', title: 'T' });
    expect(analyticsQueue().at(-1)).toMatchObject({ type: 'pageView', path: '/uk/en/' });
  });
});
