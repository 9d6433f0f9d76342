import { describe, expect, it } from 'vitest';
import {
  applyDropOffRules,
  dropOffSearchRequest,
  dropOffSwitch,
  hasExcludedServiceType,
  isDropOffRepairType,
  removeDropOffExcluded,
  renumber,
  shouldApplyDropOffFilter,
} from '../src/dropoff.js';
import type { SearchRequest } from '../src/types.js';
import { store } from './fixtures.js';

describe('drop-off switch (spec 4.5)', () => {
  it('offers drop-off when the current search is not drop-off', () => {
    expect(dropOffSwitch('service', true, undefined)).toBe('toDropOff');
    expect(dropOffSwitch('service', true, '')).toBe('toDropOff');
  });

  it('offers the way back from a drop-off search', () => {
    expect(dropOffSwitch('service', true, 'Drop off')).toBe('toOnSite');
    expect(dropOffSwitch('service', true, 'Drop+off')).toBe('toOnSite');
    expect(dropOffSwitch('service', true, 'drop%20OFF')).toBe('toOnSite');
  });

  it('is not shown outside service or without dropOff results', () => {
    expect(dropOffSwitch('sales', true, undefined)).toBeUndefined();
    expect(dropOffSwitch('service', false, undefined)).toBeUndefined();
    expect(dropOffSwitch('service', undefined, 'Drop off')).toBeUndefined();
  });

  it('recognises the drop-off repairType', () => {
    expect(isDropOffRepairType(' Drop off ')).toBe(true);
    expect(isDropOffRepairType('Drop')).toBe(false);
    expect(isDropOffRepairType(null)).toBe(false);
  });

  it('builds the re-search request with or without repairType', () => {
    const request: SearchRequest = {
      latitude: 1,
      longitude: 2,
      channel: 'service',
      lang: 'en',
      countryCode: 'in',
      productId: '1',
      product: 'Phone',
      maxRadius: 50,
      maxResults: 20,
      carriers: '',
      formattedAddress: 'Mumbai',
    };
    expect(dropOffSearchRequest(request, 'toDropOff').repairType).toBe('Drop off');
    const back = dropOffSearchRequest({ ...request, repairType: 'Drop off' }, 'toOnSite');
    expect(back).toEqual(request);
    expect('repairType' in back).toBe(false);
  });
});

describe('drop-off filtering (spec 4.5)', () => {
  it('applies for service results with dropOff when the URL has no repairType=Drop', () => {
    expect(shouldApplyDropOffFilter('service', true, '/in/en/service?pt=1')).toBe(true);
    expect(shouldApplyDropOffFilter('service', true, '/in/en/service?repairType=Drop%20off')).toBe(
      false,
    );
    expect(shouldApplyDropOffFilter('service', true, '/in/en/service?repairType=Drop+off')).toBe(
      false,
    );
    expect(shouldApplyDropOffFilter('sales', true, '/')).toBe(false);
    expect(shouldApplyDropOffFilter('service', false, '/')).toBe(false);
  });

  const stores = [
    store({ id: 'a', orderNumber: 1, serviceTypes: [{ _id: 'r1', code: 'rt1' }] }),
    store({ id: 'b', orderNumber: 2, serviceTypes: [{ _id: 'r2', code: 'rt2' }] }),
    store({ id: 'c', orderNumber: 3 }),
  ];

  it('removes stores with service type rt2 and renumbers from 1', () => {
    const out = removeDropOffExcluded(stores);
    expect(out.map((s) => [s.id, s.orderNumber])).toEqual([
      ['a', 1],
      ['c', 2],
    ]);
    expect(stores[2]?.orderNumber).toBe(3);
    expect(hasExcludedServiceType(stores[1]!)).toBe(true);
  });

  it('applies the rules only when they hold', () => {
    const ctx = { channel: 'service', resultsDropOff: true, pageUrl: '/in/en/service' };
    expect(applyDropOffRules(stores, ctx)).toHaveLength(2);
    expect(applyDropOffRules(stores, { ...ctx, resultsDropOff: false })).toEqual(stores);
  });

  it('renumbers copies', () => {
    const input = [{ orderNumber: 7 }, { orderNumber: 9 }];
    expect(renumber(input)).toEqual([{ orderNumber: 1 }, { orderNumber: 2 }]);
    expect(input[0]?.orderNumber).toBe(7);
  });
});
