import { describe, expect, it } from 'vitest';
import {
  directoryPath,
  directoryRegionName,
  placeSlug,
  storeIdOfSegment,
  storePagePath,
  storeSlug,
  STORE_SLUG_MAX,
  PLACE_SLUG_MAX,
  storePageDirectionsUrl,
} from '../src/index.js';

describe('store page addresses', () => {
  it('slugs store names as lower-case ASCII, "store" when nothing is left', () => {
    expect(storeSlug('Café Zürich & Co.')).toBe('cafe-zurich-co');
    expect(storeSlug('  Lumen -- Repair ')).toBe('lumen-repair');
    expect(storeSlug('東京')).toBe('store');
    expect(storeSlug('MediaMarkt Goethestraße 12')).toBe('mediamarkt-goethestrasse-12');
    expect(storeSlug('Ærø Øst Łódź Œuvre')).toBe('aero-ost-lodz-oeuvre');
    expect(storeSlug('')).toBe('store');
    expect(storeSlug('a'.repeat(100)).length).toBe(STORE_SLUG_MAX);
    expect(storeSlug(`${'a'.repeat(STORE_SLUG_MAX - 1)} b`)).toBe('a'.repeat(STORE_SLUG_MAX - 1));
  });

  it('slugs places with Latin letters in ASCII, as store slugs, in every language', () => {
    expect(placeSlug('Greater London')).toBe('greater-london');
    expect(placeSlug('Île-de-France')).toBe('ile-de-france');
    expect(placeSlug('München')).toBe('munchen');
    expect(placeSlug('Gießen')).toBe('giessen');
    expect(placeSlug('Zürich (Kreis 1)')).toBe('zurich-kreis-1');
    expect(placeSlug('Łódź')).toBe('lodz');
    expect(placeSlug('Hà Nội')).toBe('ha-noi');
    expect(placeSlug('São Paulo')).toBe('sao-paulo');
    expect(placeSlug('Ｔｏｋｙｏ')).toBe('tokyo');
    expect(placeSlug('')).toBe('-');
    expect(placeSlug('!!')).toBe('-');
    expect(placeSlug('ß'.repeat(80)).length).toBe(PLACE_SLUG_MAX);
    // What a slug of before (every letter kept) becomes: the slug of the name.
    expect(placeSlug('münchen')).toBe(placeSlug('München'));
  });

  it('keeps the letters of other scripts, their marks included', () => {
    expect(placeSlug('東京都')).toBe('東京都');
    expect(placeSlug('さいたま市')).toBe('さいたま市');
    expect(placeSlug('Йошкар-Ола')).toBe('йошкар-ола');
    expect(placeSlug('Ёлки')).toBe('ёлки');
    expect(placeSlug('תל אביב')).toBe('תל-אביב');
    expect(placeSlug('القاهرة')).toBe('القاهرة');
    expect(placeSlug('서울')).toBe('서울');
    expect(placeSlug('दिल्ली')).toBe('दिल्ली');
    expect([...placeSlug('東'.repeat(80))].length).toBe(PLACE_SLUG_MAX);
  });

  it('builds store and directory paths', () => {
    expect(storePagePath('/uk/en/', 'GB-1', 'Lumen Soho')).toBe('/uk/en/stores/GB-1-lumen-soho');
    expect(storePagePath('/', 'a/b', 'X')).toBe('/stores/a%2Fb-x');
    expect(directoryPath('/uk/en/')).toBe('/uk/en/stores/');
    expect(directoryPath('/uk/en/', ['england', 'st albans'])).toBe(
      '/uk/en/stores/in/england/st%20albans/',
    );
  });

  it('finds the longest known storeId before a dash', () => {
    const known = new Set(['DEMO-GB-000001', 'DEMO']);
    const has = (id: string) => known.has(id);
    expect(storeIdOfSegment('DEMO-GB-000001-lumen-soho', has)).toBe('DEMO-GB-000001');
    expect(storeIdOfSegment('DEMO-x', has)).toBe('DEMO');
    expect(storeIdOfSegment('OTHER-x', has)).toBeUndefined();
    expect(storeIdOfSegment('nodash', has)).toBeUndefined();
    expect(storeIdOfSegment('-x', has)).toBeUndefined();
  });
});

describe('storePageDirectionsUrl', () => {
  const store = {
    street1: '1 High St',
    street2: '',
    city: 'London',
    state: '',
    postalCode: 'W1 1AA',
    latitude: 51.5,
    longitude: -0.1,
  };
  it('sends the address as daddr, without saddr', () => {
    expect(storePageDirectionsUrl('https://maps.example.com/?', store, 'en')).toBe(
      'https://maps.example.com/?daddr=1%20High%20St,London,W1%201AA&hl=en',
    );
  });
  it('sends lat,lon for a blank address, nothing for an unsafe base', () => {
    const blank = { ...store, street1: '', city: '', postalCode: '' };
    expect(storePageDirectionsUrl('https://m.example.com/?', blank, 'fr')).toBe(
      'https://m.example.com/?daddr=51.5,-0.1&hl=fr',
    );
    expect(storePageDirectionsUrl('javascript:alert(1)//', store, 'en')).toBe('');
  });
});

describe('directoryRegionName', () => {
  it('is the state, or the city when there is no state', () => {
    expect(directoryRegionName(' England ', 'London')).toBe('England');
    expect(directoryRegionName('', ' دبي ')).toBe('دبي');
    expect(directoryRegionName(undefined, undefined)).toBe('');
  });
});
