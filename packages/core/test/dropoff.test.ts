import { describe, expect, it } from 'vitest';
import { dropOffSearchRequest, dropOffSwitch, isDropOffRepairType } from '../src/dropoff.js';
import type { SearchRequest } from '../src/types.js';

describe('drop-off switch (PRODUCT.md#drop-off)', () => {
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
