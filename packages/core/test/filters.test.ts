import { describe, expect, it } from 'vitest';
import {
  SERVICE_CHIP,
  activeFilterCount,
  filterContextFromResults,
  filterGroupsFromResults,
  filterKind,
  filterPanel,
  filterStores,
  isAllProducts,
  storeMatchesFilters,
  toggleFilter,
} from '../src/filters.js';
import type { FilterContext } from '../src/filters.js';
import type { FilterGroup } from '../src/types.js';
import { COMPUTER, PHONE, TABLET, WATCH, badge, results, store } from './fixtures.js';

const res = results({
  productMatrixList: [WATCH, PHONE, TABLET, COMPUTER],
  badgesArray: [badge('b1', 'ars', ['sales']), badge('b2', 'as', ['sales', 'service'])],
  solutionsSpeciality: [
    { _id: 'sp1', code: 'ss1' },
    { _id: 'sp2', code: 'ss2' },
  ],
});

const a = store({
  id: 'a',
  inSales: true,
  inService: true,
  badges: ['ars'],
  salesProducts: [PHONE, TABLET],
  serviceProducts: [PHONE],
  solutionsSpecialties: [{ _id: 'sp1', code: 'ss1' }],
});
const b = store({
  id: 'b',
  orderNumber: 2,
  inSales: true,
  badges: ['as'],
  salesProducts: [PHONE, WATCH],
  solutionsSpecialties: [{ _id: 'sp2', code: 'ss2' }],
});
const c = store({ id: 'c', orderNumber: 3, inService: true, serviceProducts: [COMPUTER] });
const stores = [a, b, c];

const ctx = (chosen = 'all', channel = 'sales'): FilterContext =>
  filterContextFromResults(res, channel, chosen);
const ids = (selected: string[], context = ctx()) =>
  filterStores(stores, selected, context).map((s) => s.id);

describe('matching (PRODUCT.md#filters)', () => {
  it('shows all stores for an empty set', () => {
    expect(ids([])).toEqual(['a', 'b', 'c']);
    expect(filterStores(stores, [], ctx())).not.toBe(stores);
  });

  it('"sales" / "service" require presence in that channel', () => {
    expect(ids(['service'])).toEqual(['a', 'c']);
    expect(ids(['sales'])).toEqual(['a', 'b']);
    expect(ids(['sales', 'service'])).toEqual(['a']);
  });

  it('badge keys match any selected badge', () => {
    expect(ids(['ars'])).toEqual(['a']);
    expect(ids(['ars', 'as'])).toEqual(['a', 'b']);
  });

  it('specialty keys match any selected specialty', () => {
    expect(ids(['ss1', 'ss2'])).toEqual(['a', 'b']);
    expect(ids(['ss2'])).toEqual(['b']);
  });

  it('product keys require all selected codes', () => {
    expect(ids(['phone'])).toEqual(['a', 'b']);
    expect(ids(['phone', 'tablet'])).toEqual(['a']);
    expect(ids(['phone', 'computer'])).toEqual([]);
  });

  it('requires the chosen product too when it is not "all"', () => {
    expect(ids(['phone'], ctx('watch'))).toEqual(['b']);
    expect(ids(['phone'], ctx('allproducts'))).toEqual(['a', 'b']);
    expect(ids(['tablet'], ctx('phone'))).toEqual(['a']);
  });

  it('uses the service products in the service channel', () => {
    expect(ids(['computer'], ctx('all', 'service'))).toEqual(['c']);
    expect(ids(['tablet'], ctx('all', 'service'))).toEqual([]);
  });

  it('uses the training products in the training channel', () => {
    const trainer = store({ id: 't', inTraining: true, trainingProducts: [WATCH] });
    const training = ctx('all', 'training');
    expect(filterStores([a, trainer], ['watch'], training).map((s) => s.id)).toEqual(['t']);
    expect(filterStores([a, trainer], ['phone'], training).map((s) => s.id)).toEqual([]);
  });

  it('combines kinds with AND', () => {
    expect(ids(['service', 'phone'])).toEqual(['a']);
    expect(ids(['as', 'watch'])).toEqual(['b']);
    expect(ids(['ars', 'ss2'])).toEqual([]);
  });

  it('keeps orderNumber', () => {
    expect(filterStores(stores, ['service'], ctx()).map((s) => s.orderNumber)).toEqual([1, 3]);
  });

  it('matches one store', () => {
    expect(storeMatchesFilters(a, ['ars', 'ss1', 'tablet', 'sales'], ctx())).toBe(true);
  });
});

describe('classification and context', () => {
  it('classifies channel, badge, specialty, then product keys', () => {
    const context = ctx();
    expect(filterKind('sales', context)).toBe('channel');
    expect(filterKind('ars', context)).toBe('badge');
    expect(filterKind('ss1', context)).toBe('specialty');
    expect(filterKind('phone', context)).toBe('product');
  });

  it('builds a context from missing lists', () => {
    const context = filterContextFromResults({}, 'sales', 'all');
    expect(context.badgeCodes.size).toBe(0);
    expect(context.specialtyCodes.size).toBe(0);
  });

  it('knows "all" products', () => {
    for (const v of ['all', 'ALL', 'allproducts', '', ' ', null, undefined]) {
      expect(isAllProducts(v)).toBe(true);
    }
    expect(isAllProducts('phone')).toBe(false);
  });
});

describe('toggle and count (PRODUCT.md#filters, #results-page)', () => {
  it('adds and removes a key, without modifying the input', () => {
    const selected = ['ars'];
    expect(toggleFilter(selected, 'phone')).toEqual(['ars', 'phone']);
    expect(toggleFilter(['ars', 'phone'], 'ars')).toEqual(['phone']);
    expect(selected).toEqual(['ars']);
  });

  it('counts distinct active filters', () => {
    expect(activeFilterCount([])).toBe(0);
    expect(activeFilterCount(['a', 'b', 'a'])).toBe(2);
  });
});

describe('filter groups (PRODUCT.md#results-page, #filter-groups-and-suggestions)', () => {
  it('builds products, badges and specialties present on the stores', () => {
    const groups = filterGroupsFromResults(res, stores, 'sales');
    expect(groups.map((g) => g.filterId)).toEqual(['products', 'badges', 'specialties']);
    expect(groups[0]?.filterData).toEqual([
      { id: '1', code: 'phone', title: 'PHONE' },
      { id: '2', code: 'tablet', title: 'TABLET' },
      { id: '4', code: 'watch', title: 'WATCH' },
    ]);
    expect(groups[1]?.filterData.map((d) => d.code)).toEqual(['ars', 'as']);
    expect(groups[2]?.filterData.map((d) => d.code)).toEqual(['ss1', 'ss2']);
  });

  it('keeps badges of the channel only and copes with missing lists', () => {
    const groups = filterGroupsFromResults(res, stores, 'service');
    expect(groups[0]?.filterData.map((d) => d.code)).toEqual(['phone', 'computer']);
    expect(groups[1]?.filterData.map((d) => d.code)).toEqual(['as']);
    const loose = { badgesArray: [{ id: 'x', code: 'ars' }] } as unknown as typeof res;
    expect(filterGroupsFromResults(loose, stores, 'sales')[1]?.filterData).toEqual([]);
    expect(
      filterGroupsFromResults({}, stores, 'sales').every((g) => g.filterData.length === 0),
    ).toBe(true);
  });

  it('lists a code once', () => {
    const twice = results({ productMatrixList: [PHONE, { ...PHONE, _id: '9' }] });
    expect(filterGroupsFromResults(twice, stores, 'sales')[0]?.filterData).toHaveLength(1);
  });
});

describe('filter panel (PRODUCT.md#results-page)', () => {
  const groups: FilterGroup[] = [
    {
      filterId: 'products',
      filterData: [
        { id: '1', code: 'phone', title: 'Phone' },
        { id: '2', code: 'tablet', title: 'Tablet' },
      ],
    },
    { filterId: 'badges', filterData: [{ id: 'b1', code: 'ars', title: 'ars' }] },
    { filterId: 'defaultProducts', filterData: [{ id: 'x', code: 'x', title: 'x' }] },
    { filterId: 'otherProducts', filterData: [{ id: 'y', code: 'y', title: 'y' }] },
    { filterId: 'specialties', filterData: [] },
  ];

  it('leaves the chosen product out of the first group', () => {
    const panel = filterPanel(groups, 'service', 'phone');
    expect(panel.first?.filterData.map((d) => d.code)).toEqual(['tablet']);
  });

  it('keeps every option when all products are chosen', () => {
    expect(filterPanel(groups, 'service', 'all').first?.filterData).toHaveLength(2);
  });

  it('adds the "service" chip in the sales channel', () => {
    const panel = filterPanel(groups, 'sales', 'phone');
    expect(panel.first?.filterData.map((d) => d.code)).toEqual(['tablet', 'service']);
    expect(panel.first?.filterData.at(-1)).toEqual(SERVICE_CHIP);
    const already = filterPanel(
      [{ filterId: 'p', filterData: [{ ...SERVICE_CHIP }] }],
      'sales',
      'all',
    );
    expect(already.first?.filterData).toHaveLength(1);
  });

  it('reveals further groups with data, excluding defaultProducts and otherProducts', () => {
    expect(filterPanel(groups, 'sales', 'all').more.map((g) => g.filterId)).toEqual(['badges']);
  });

  it('has no first group when nothing is left or there are no groups', () => {
    const only = [{ filterId: 'products', filterData: [{ id: '1', code: 'phone', title: 'P' }] }];
    expect(filterPanel(only, 'service', 'phone').first).toBeUndefined();
    expect(filterPanel([], 'sales', 'all')).toEqual({
      hours: undefined,
      first: undefined,
      more: [],
    });
  });
});

describe('open now', () => {
  const hours = {
    timeZone: 'Europe/London',
    week: [[[540, 1080] as const], [], [], [], [], [], []],
    special: [],
  };
  const open = store({ id: 'open', orderNumber: 1, hours });
  const none = store({ id: 'none', orderNumber: 2 });
  // Monday 23 November 2026, 10:00 in London.
  const monday = Date.parse('2026-11-23T10:00:00Z');

  it('keeps the stores with hours that are open at the instant', () => {
    expect(filterKind('opennow', ctx())).toBe('hours');
    const at = (now: number) =>
      filterStores([open, none], ['opennow'], { ...ctx(), now }).map((s) => s.id);
    expect(at(monday)).toEqual(['open']);
    expect(at(monday + 9 * 3_600_000)).toEqual([]);
    expect(filterStores([open], ['opennow'], ctx())).toEqual([]);
  });

  it('is a group of its own when asked for, neither products nor the service chip', () => {
    const groups: FilterGroup[] = [
      { filterId: 'products', filterData: [{ id: '1', code: 'phone', title: 'Phone' }] },
    ];
    const panel = filterPanel(groups, 'sales', 'all', true);
    expect(panel.hours).toEqual({
      filterId: 'hours',
      filterData: [{ id: 'opennow', code: 'opennow', title: 'opennow' }],
    });
    expect(panel.first?.filterData.map((d) => d.code)).toEqual(['phone', 'service']);
    expect(filterPanel(groups, 'service', 'all').hours).toBeUndefined();
    expect(filterPanel(groups, 'service', 'all').first?.filterData).toHaveLength(1);
  });
});
