/** The order of the unmet places' table (src/console/demand/place-sort.ts). */
import { describe, expect, it } from 'vitest';
import type { DemandPlace } from '@locator/core/console-demand';
import { DEFAULT_PLACE_ORDER, nextOrder, sortPlaces } from '../../../src/console/demand/place-sort';

const place = (
  name: string,
  country: string,
  searches: DemandPlace['searches'],
  km: number | null,
  beyondRadius: DemandPlace['beyondRadius'] = 0,
) =>
  ({
    place: name,
    country,
    searches,
    beyondRadius,
    nearestStoreKm: km,
    latitude: 0,
    longitude: 0,
  }) as DemandPlace;

const rows = [
  place('Östersund', 'SE', 12, 80, 12),
  place('Aberdeen', 'GB', { fewerThan: 5 }, null, { fewerThan: 5 }),
  place('Zwolle', 'NL', 30, 12.5),
  place('Bergen', 'NO', 0, 200),
];
const names = (list: DemandPlace[]) => list.map((r) => r.place);

describe('the unmet places table’s order', () => {
  it('puts the most unmet searches first, a hidden count between 0 and its threshold', () => {
    expect(names(sortPlaces(rows, DEFAULT_PLACE_ORDER, 'en'))).toEqual([
      'Zwolle',
      'Östersund',
      'Aberdeen',
      'Bergen',
    ]);
  });

  it('sorts by name in the language’s order, and by distance with no store farthest', () => {
    expect(names(sortPlaces(rows, { sort: 'place', dir: 'asc' }, 'en'))).toEqual([
      'Aberdeen',
      'Bergen',
      'Östersund',
      'Zwolle',
    ]);
    expect(names(sortPlaces(rows, { sort: 'nearestStoreKm', dir: 'asc' }, 'en'))).toEqual([
      'Zwolle',
      'Östersund',
      'Bergen',
      'Aberdeen',
    ]);
    expect(names(sortPlaces(rows, { sort: 'country', dir: 'desc' }, 'en'))).toEqual([
      'Östersund',
      'Bergen',
      'Zwolle',
      'Aberdeen',
    ]);
  });

  it('sorts by the searches answered beyond the radius, most first when chosen', () => {
    const order = nextOrder(DEFAULT_PLACE_ORDER, 'beyondRadius');
    expect(order).toEqual({ sort: 'beyondRadius', dir: 'desc' });
    expect(names(sortPlaces(rows, order, 'en'))).toEqual([
      'Östersund',
      'Aberdeen',
      'Zwolle',
      'Bergen',
    ]);
  });

  it('turns a column the other way when chosen again, and starts names A to Z', () => {
    expect(nextOrder(DEFAULT_PLACE_ORDER, 'searches')).toEqual({ sort: 'searches', dir: 'asc' });
    expect(nextOrder(DEFAULT_PLACE_ORDER, 'place')).toEqual({ sort: 'place', dir: 'asc' });
    expect(nextOrder(DEFAULT_PLACE_ORDER, 'nearestStoreKm')).toEqual({
      sort: 'nearestStoreKm',
      dir: 'desc',
    });
  });

  it('keeps the answer’s order for ties', () => {
    const tie = [place('B', 'DE', 3, 1), place('A', 'DE', 3, 1)];
    expect(names(sortPlaces(tie, DEFAULT_PLACE_ORDER, 'en'))).toEqual(['B', 'A']);
  });
});
