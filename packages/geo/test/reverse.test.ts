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

  it.each([
    [31.7587, -106.4869, 'US'], // El Paso, facing Ciudad Juárez
    [31.69, -106.42, 'MX'],
    [48.5725, 7.8155, 'DE'], // Kehl, facing Strasbourg
    [48.5734, 7.7521, 'FR'],
    [47.5596, 7.5886, 'CH'], // Basel, Weil am Rhein, Saint-Louis
    [47.594, 7.621, 'DE'],
    [47.59, 7.56, 'FR'],
    [42.35, -83.1, 'US'], // Detroit, facing Windsor
    [42.29, -83.0, 'CA'],
    [32.555, -117.045, 'US'], // San Ysidro, facing Tijuana
    [32.52, -117.03, 'MX'],
    [36.14, -5.35, 'GI'], // Gibraltar, facing La Línea
    [36.165, -5.345, 'ES'],
    [57.777, 26.047, 'EE'], // Valga / Valka
    [57.775, 26.02, 'LV'],
    [59.377, 28.19, 'EE'], // Narva, facing Ivangorod
    [59.37, 28.22, 'RU'],
    [43.7384, 7.4246, 'MC'],
    [23.6, 5.5, 'DZ'], // the Sahara, no town within reach
  ])('%f, %f near a border is in %s', async (lat, lon, country) => {
    expect((await p.reverse(lat, lon, { lang: 'en' }))?.countryCode).toBe(country);
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
