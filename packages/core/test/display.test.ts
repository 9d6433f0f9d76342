import { describe, expect, it } from 'vitest';
import {
  autocompleteLanguage,
  badgeLegend,
  calloutSize,
  resultSentenceVariant,
  siteLayout,
} from '../src/display.js';
import type { Badge, Product } from '../src/types.js';
import { PHONE, badge, store } from './fixtures.js';

const products = (n: number): Product[] => Array.from({ length: n }, () => PHONE);
const types = [{ _id: 'r1', code: 'rt1' }];

describe('result sentence (PRODUCT.md#results-page)', () => {
  it('picks all products, drop-off or normal', () => {
    expect(resultSentenceVariant('all', undefined)).toBe('allProducts');
    expect(resultSentenceVariant('', 'Drop off')).toBe('allProducts');
    expect(resultSentenceVariant('1', 'Drop off')).toBe('dropOff');
    expect(resultSentenceVariant('1', '')).toBe('normal');
    expect(resultSentenceVariant('1', null)).toBe('normal');
  });
});

describe('callout size (PRODUCT.md#display)', () => {
  it.each([
    [9, types, [], 'large'],
    [9, [], [{ _id: 's', code: 'ss1' }], 'large'],
    [9, [], [], 'medium'],
    [8, types, [], 'medium'],
    [7, [], [], 'medium'],
    [6, types, [], 'small'],
    [0, [], [], 'small'],
  ])('%i products → %s', (n, serviceTypes, specialties, size) => {
    expect(
      calloutSize(
        store({ salesProducts: products(n), serviceTypes, solutionsSpecialties: specialties }),
      ),
    ).toBe(size);
  });

  it('counts the longer of the sales and service lists', () => {
    expect(calloutSize(store({ serviceProducts: products(9), serviceTypes: types }))).toBe('large');
  });
});

describe('badge legend (PRODUCT.md#results-page, #display)', () => {
  const badges: Badge[] = [
    badge('1', 'ars', ['sales'], 'y'),
    badge('2', 'as', ['sales', 'service'], 'n'),
    badge('3', 'apr', ['service'], 'Y'),
    badge('4', 'premier', ['sales'], 'y'),
    badge('5', 'aw', ['sales'], 'y'),
  ];

  it('shows at most 3 badges with desc "y", laid out by count', () => {
    expect(badgeLegend(badges)).toEqual({
      badges: [badges[0], badges[2], badges[3]],
      layout: 'triple',
    });
    expect(badgeLegend(badges.slice(0, 1))?.layout).toBe('single');
    expect(badgeLegend(badges.slice(0, 3))?.layout).toBe('double');
  });

  it('keeps the badges of the channel when given', () => {
    expect(badgeLegend(badges, 'service')?.badges.map((b) => b.code)).toEqual(['apr']);
  });

  it('shows nothing without legend badges', () => {
    expect(badgeLegend([])).toBeUndefined();
    expect(badgeLegend(undefined)).toBeUndefined();
    const loose = [{ id: '1', code: 'x' }] as unknown as Badge[];
    expect(badgeLegend(loose)).toBeUndefined();
    expect(
      badgeLegend([{ ...badges[0]!, channels: undefined } as unknown as Badge], 'sales'),
    ).toBeUndefined();
  });
});

describe('Chinese layout (PRODUCT.md#results-page, #display)', () => {
  it('hides travel time and shows distance in the title for cn/zh', () => {
    expect(siteLayout('cn', 'zh')).toEqual({ showTravelTime: false, distanceInTitle: true });
    expect(siteLayout('CN', 'ZH')).toEqual({ showTravelTime: false, distanceInTitle: true });
    expect(siteLayout('cn', 'en')).toEqual({ showTravelTime: true, distanceInTitle: false });
    expect(siteLayout('hk', 'zh')).toEqual({ showTravelTime: true, distanceInTitle: false });
  });
});

describe('autocomplete language (PRODUCT.md#maps-service)', () => {
  it('overrides hk, mo and tw', () => {
    expect(autocompleteLanguage('hk', 'en')).toBe('zh-HK');
    expect(autocompleteLanguage('MO', 'pt')).toBe('zh-Hant');
    expect(autocompleteLanguage('tw', 'zh')).toBe('zh-Hant');
    expect(autocompleteLanguage('fr', 'fr')).toBe('fr');
  });
});
