/** Pure rules of the store map: pin states, camera, labels images, basemap URLs. */
import { describe, expect, it } from 'vitest';
import {
  cameraFor,
  fitMaxZoom,
  isValidPin,
  pinState,
  pinsKey,
  refitCamera,
  styleMaxZoom,
} from '../../src/components/map/logic';
import { calloutOffsetY } from '../../src/components/map/callout-room';
import { parsePlaceImageId, textDirection } from '../../src/components/map/place-labels';
import { absoluteStyle, absoluteUrl, withKey } from '../../src/components/map/basemap';
import { DEFAULT_LABELS, DEFAULT_ZOOM, type MapPin } from '../../src/components/map/types';

const pin = (id: string, latitude: number, longitude: number): MapPin => ({
  id,
  label: id,
  latitude,
  longitude,
  name: `Store ${id}`,
});

describe('pinState', () => {
  it('selected wins over hovered; others default', () => {
    expect(pinState('a', 'a', 'a')).toBe('selected');
    expect(pinState('a', 'b', 'a')).toBe('hovered');
    expect(pinState('a', null, undefined)).toBe('default');
  });
});

describe('cameraFor', () => {
  it('world without pins, default zoom 14 on one place, bounds otherwise', () => {
    expect(cameraFor([]).kind).toBe('world');
    expect(cameraFor([pin('a', 51.5, -0.1)])).toEqual({
      kind: 'point',
      center: [-0.1, 51.5],
      zoom: DEFAULT_ZOOM,
    });
    expect(cameraFor([pin('a', 51.5, -0.1), pin('b', 48.85, 2.35)])).toEqual({
      kind: 'bounds',
      bounds: [
        [-0.1, 48.85],
        [2.35, 51.5],
      ],
    });
  });

  it('takes the searched place into the bounds of the pins (Dubai: centre and stores 11 km out)', () => {
    const stores = [pin('a', 25.11, 55.2), pin('b', 25.12, 55.21)];
    expect(cameraFor(stores, { latitude: 25.2048, longitude: 55.2708 })).toEqual({
      kind: 'bounds',
      bounds: [
        [55.2, 25.11],
        [55.2708, 25.2048],
      ],
    });
    // Within the pins' bounds it changes nothing; with one pin it makes bounds of the two.
    expect(cameraFor(stores, { latitude: 25.115, longitude: 55.205 })).toEqual(cameraFor(stores));
    expect(cameraFor([pin('a', 51.5, -0.1)], { latitude: 51.51, longitude: -0.12 }).kind).toBe(
      'bounds',
    );
    // No pins: the searched place alone does not move the map; an invalid one is ignored.
    expect(refitCamera([], { latitude: 51.5, longitude: -0.1 })).toBeUndefined();
    expect(cameraFor(stores, { latitude: Number.NaN, longitude: 0 })).toEqual(cameraFor(stores));
  });

  it('ignores pins without a valid coordinate', () => {
    expect(isValidPin(pin('x', Number.NaN, 0))).toBe(false);
    expect(isValidPin(pin('x', 91, 0))).toBe(false);
    expect(cameraFor([pin('x', Number.NaN, 0), pin('a', 1, 2)]).kind).toBe('point');
  });

  it('pinsKey changes with order and position', () => {
    const a = pin('a', 1, 2);
    const b = pin('b', 3, 4);
    expect(pinsKey([a, b])).not.toBe(pinsKey([b, a]));
    expect(pinsKey([a])).not.toBe(pinsKey([{ ...a, latitude: 1.5 }]));
  });
});

describe('accessible names (English defaults)', () => {
  it('number and name', () => {
    expect(DEFAULT_LABELS.pin({ ...pin('a', 0, 0), label: 3, name: 'Strand' })).toBe('3. Strand');
    expect(DEFAULT_LABELS.smallMap(pin('a', 0, 0))).toBe('Map showing Store a');
  });
});

describe('place label images', () => {
  it('parses "place:{kind}:{name}" (names may hold colons)', () => {
    expect(parsePlaceImageId('place:capital:القاهرة')).toEqual({
      kind: 'capital',
      name: 'القاهرة',
    });
    expect(parsePlaceImageId('place:town:Foo: Bar')).toEqual({ kind: 'town', name: 'Foo: Bar' });
    expect(parsePlaceImageId('place:district:Putney')).toEqual({
      kind: 'district',
      name: 'Putney',
    });
    expect(parsePlaceImageId('place:river:x')).toBeUndefined();
    expect(parsePlaceImageId('marker')).toBeUndefined();
  });

  it('base direction from the first strong character', () => {
    expect(textDirection('القاهرة')).toBe('rtl');
    expect(textDirection('תל אביב')).toBe('rtl');
    expect(textDirection('12 القاهرة')).toBe('rtl');
    expect(textDirection('東京')).toBe('ltr');
    expect(textDirection('กรุงเทพ')).toBe('ltr');
    expect(textDirection('123')).toBe('ltr');
  });
});

describe('basemap URLs', () => {
  const origin = 'http://localhost:8080';
  it('resolves our relative URLs, pmtiles:// included; leaves others', () => {
    expect(absoluteUrl('/basemap/style.json', origin)).toBe(`${origin}/basemap/style.json`);
    expect(absoluteUrl('pmtiles:///basemap/tiles.pmtiles', origin)).toBe(
      `pmtiles://${origin}/basemap/tiles.pmtiles`,
    );
    expect(absoluteUrl('https://vendor.example/x', origin)).toBe('https://vendor.example/x');
    expect(absoluteUrl('//cdn.example/x', origin)).toBe('//cdn.example/x');
  });

  it('absoluteStyle rewrites tiles, url, data, glyphs and sprite', () => {
    const style = absoluteStyle(
      {
        version: 8,
        glyphs: '/g/{fontstack}/{range}.pbf',
        sources: {
          a: { type: 'vector', tiles: ['/basemap/geo/{z}/{x}/{y}.pbf'] },
          b: { type: 'vector', url: 'pmtiles:///basemap/tiles.pmtiles' },
          c: { type: 'geojson', data: '/x.geojson' },
        },
        layers: [],
      },
      origin,
    ) as unknown as Record<string, unknown> & { sources: Record<string, Record<string, unknown>> };
    expect(style.glyphs).toBe(`${origin}/g/{fontstack}/{range}.pbf`);
    expect(style.sources.a?.tiles).toEqual([`${origin}/basemap/geo/{z}/{x}/{y}.pbf`]);
    expect(style.sources.b?.url).toBe(`pmtiles://${origin}/basemap/tiles.pmtiles`);
    expect(style.sources.c?.data).toBe(`${origin}/x.geojson`);
  });

  it('puts the token in place of {key}', () => {
    expect(withKey('https://v.example/style.json?key={key}', 'a b&c')).toBe(
      'https://v.example/style.json?key=a%20b%26c',
    );
  });
});

describe('zoom range and refit', () => {
  it('reads where our basemap’s data ends from locator:maxzoom', () => {
    const style = (metadata: unknown) =>
      ({ version: 8, sources: {}, layers: [], metadata }) as Parameters<typeof styleMaxZoom>[0];
    expect(styleMaxZoom(style({ 'locator:maxzoom': 13 }))).toBe(13);
    expect(styleMaxZoom(style({ 'locator:maxzoom': 'deep' }))).toBeUndefined();
    expect(styleMaxZoom(style({ 'locator:maxzoom': 99 }))).toBeUndefined();
    expect(styleMaxZoom(style(undefined))).toBeUndefined();
  });

  it('a fit stops a step short of a capped basemap, at 14 on an uncapped one', () => {
    expect(fitMaxZoom(13)).toBe(12);
    expect(fitMaxZoom(undefined)).toBe(DEFAULT_ZOOM);
    expect(fitMaxZoom(22)).toBe(DEFAULT_ZOOM);
    expect(fitMaxZoom(0)).toBe(0);
  });

  it('no pins (a filter that matches nothing): no camera move, the view stays', () => {
    expect(refitCamera([])).toBeUndefined();
    expect(refitCamera([pin('a', 51.5, -0.1)])).toMatchObject({ kind: 'point' });
    expect(refitCamera([pin('a', 51.5, -0.1), pin('b', 51.4, -0.2)])).toMatchObject({
      kind: 'bounds',
    });
  });
});

describe('room for the callout', () => {
  it('keeps the pin centred when the card fits above it, lowers it as far as needed otherwise', () => {
    expect(calloutOffsetY(630, 0)).toBe(0);
    expect(calloutOffsetY(630, 200)).toBe(0); // 200 + 58 + 8 ≤ 315
    expect(calloutOffsetY(630, 380)).toBe(446 - 315);
    expect(calloutOffsetY(630, 900)).toBe(630 - 36 - 315); // never past the attribution line
  });
});
