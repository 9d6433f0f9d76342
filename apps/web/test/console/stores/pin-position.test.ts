/**
 * The pin map's pure rules (src/console/stores/location/pin-position.ts): coordinates written
 * and read as the admin API takes them, arrow-key moves, the country warning.
 */
import { describe, expect, it } from 'vitest';
import {
  countryWarning,
  formatCoordinate,
  movedByKey,
  parseCoordinate,
  wrapLongitude,
} from '../../../src/console/stores/location/pin-position';

describe('coordinates', () => {
  it('writes at most six decimals, without trailing zeros or a negative zero', () => {
    expect(formatCoordinate(51.5142)).toBe('51.5142');
    expect(formatCoordinate(-0.142)).toBe('-0.142');
    expect(formatCoordinate(12.3456789)).toBe('12.345679');
    expect(formatCoordinate(10)).toBe('10');
    expect(formatCoordinate(-0.0000001)).toBe('0');
  });

  it('reads plain decimals within range only, as the admin API does', () => {
    expect(parseCoordinate(' 51.5142 ', 'latitude')).toBe(51.5142);
    expect(parseCoordinate('-.5', 'longitude')).toBe(-0.5);
    expect(parseCoordinate('51.', 'latitude')).toBe(51);
    for (const bad of ['', '1e3', '0x33', 'Infinity', '51,5', 'N51']) {
      expect(parseCoordinate(bad, 'latitude')).toBeUndefined();
    }
    expect(parseCoordinate('90.000001', 'latitude')).toBeUndefined();
    expect(parseCoordinate('180', 'longitude')).toBe(180);
    expect(parseCoordinate('-180.5', 'longitude')).toBeUndefined();
  });

  it('brings a longitude of another world copy back into -180…180', () => {
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(-540)).toBe(-180);
    expect(wrapLongitude(180)).toBe(180);
    expect(wrapLongitude(13.4)).toBeCloseTo(13.4, 9);
  });
});

describe('arrow keys', () => {
  const london = { lat: 51.5, lon: -0.12 };

  it('moves ten screen pixels in the key’s direction at the map’s zoom, 100 with Shift', () => {
    // At zoom 10 a pixel is 360 / (512 × 2^10) degrees of longitude.
    const step = (10 * 360) / (512 * 1024);
    expect(movedByKey(london, 'ArrowRight', 10)!.lon).toBeCloseTo(-0.12 + step, 5);
    expect(movedByKey(london, 'ArrowLeft', 10, true)!.lon).toBeCloseTo(-0.12 - 10 * step, 5);
    const up = movedByKey(london, 'ArrowUp', 10)!;
    expect(up.lon).toBe(-0.12);
    expect(up.lat).toBeGreaterThan(51.5);
    // A degree of latitude is longer on the map than one of longitude, by 1/cos(latitude).
    expect(up.lat - 51.5).toBeCloseTo(step * Math.cos((51.5 * Math.PI) / 180), 4);
    expect(movedByKey(london, 'ArrowDown', 10)!.lat).toBeLessThan(51.5);
  });

  it('ignores other keys, and stays on the map at its edges', () => {
    expect(movedByKey(london, 'Enter', 10)).toBeUndefined();
    expect(movedByKey({ lat: 85.05, lon: 179.9999 }, 'ArrowUp', 1, true)!.lat).toBeLessThanOrEqual(
      85.051129,
    );
    // Past the antimeridian: the other side's longitude (100 px of a 1,024 px world).
    expect(movedByKey({ lat: 0, lon: 179.9999 }, 'ArrowRight', 1, true)!.lon).toBeCloseTo(
      179.9999 + (100 * 360) / 1024 - 360,
      5,
    );
  });
});

describe('country warning', () => {
  const found = (countryCode: string) => ({
    kind: 'found' as const,
    name: 'Somewhere',
    countryCode,
  });

  it('warns of a place in another country, whatever the case of the codes', () => {
    expect(countryWarning(found('FR'), 'GB')).toBe('outside');
    expect(countryWarning(found('GB'), 'gb')).toBeUndefined();
  });

  it('warns when no place is known there (the open sea)', () => {
    expect(countryWarning({ kind: 'nothing' }, 'GB')).toBe('unknown');
  });

  it('says nothing while nothing is known, or without a country', () => {
    for (const lookup of [
      { kind: 'none' },
      { kind: 'loading' },
      { kind: 'failed' },
      found(''),
    ] as const) {
      expect(countryWarning(lookup, 'GB')).toBeUndefined();
    }
    expect(countryWarning(found('FR'), undefined)).toBeUndefined();
    expect(countryWarning(found('FR'), '')).toBeUndefined();
  });
});
