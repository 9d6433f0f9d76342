import { beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedProvider } from '../src/index.js';
import { INDEX_TIMEOUT_MS, embeddedProvider } from './helpers.js';

let p: EmbeddedProvider;
beforeAll(async () => {
  p = await embeddedProvider();
}, INDEX_TIMEOUT_MS);

describe('reverse geocoding', () => {
  it.each([
    [48.8584, 2.2945, 'FR', 'Paris'],
    [40.7484, -73.9857, 'US', 'New York City'],
    [51.5007, -0.1246, 'GB', 'London'],
    [35.6586, 139.7454, 'JP', 'Tokyo'],
    [-33.8568, 151.2153, 'AU', 'Sydney'],
    [47.3769, 8.5417, 'CH', 'Zürich'],
    [-18.1416, 178.4419, 'FJ', 'Suva'], // near the antimeridian
    [64.1466, -21.9426, 'IS', 'Reykjavík'],
  ])('%f, %f is in %s (%s)', async (lat, lon, country, name) => {
    const r = await p.reverse(lat, lon, { lang: 'en' });
    expect(r?.countryCode).toBe(country);
    expect(r?.lines[0]).toBe(name);
    expect(r?.kind).toBe('place');
  });

  it('finds places across the antimeridian', async () => {
    // Taveuni (Fiji) straddles 180°: a point just west of it must find places east of it too.
    const r = await p.reverse(-16.85, -179.99, { lang: 'en' });
    expect(r?.countryCode).toBe('FJ');
  });

  it('formats in the visitor language', async () => {
    const r = await p.reverse(55.7539, 37.6208, { lang: 'ru' });
    expect(r?.formattedAddress).toBe('Москва, Россия');
    const z = await p.reverse(39.9042, 116.4074, { lang: 'zh' });
    expect(z?.formattedAddress).toContain('北京');
  });

  it('returns null in the open ocean and for invalid input', async () => {
    expect(await p.reverse(0, -30, { lang: 'en' })).toBeNull();
    expect(await p.reverse(95, 0, { lang: 'en' })).toBeNull();
    expect(await p.reverse(Number.NaN, 0, { lang: 'en' })).toBeNull();
  });
});
