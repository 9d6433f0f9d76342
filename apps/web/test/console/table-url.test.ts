/** The store table's view in the address (src/console/stores/table-url.ts). */
import { describe, expect, it } from 'vitest';
import {
  apiQueryOfView,
  DEFAULT_VIEW,
  searchOfView,
  viewOfSearch,
} from '../../src/console/stores/table-url';

describe('the store table in the address', () => {
  it('reads every part of a shared link', () => {
    const view = viewOfSearch(
      new URLSearchParams('q=Köln&country=de&channel=service&badge=ars&sort=name&dir=desc&page=3'),
    );
    expect(view).toEqual({
      q: 'Köln',
      country: 'DE',
      channel: 'service',
      badge: 'ars',
      sort: 'name',
      dir: 'desc',
      page: 3,
    });
  });

  it('drops what the address cannot mean, keeping the defaults', () => {
    const view = viewOfSearch(
      new URLSearchParams(
        'country=Germany&channel=consulting&badge=a%20b&sort=street&dir=up&page=-2',
      ),
    );
    expect(view).toEqual(DEFAULT_VIEW);
    expect(viewOfSearch(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and reads it back the same', () => {
    expect(searchOfView(DEFAULT_VIEW)).toEqual({});
    const view = { ...DEFAULT_VIEW, q: 'berlin', sort: 'city' as const, page: 2 };
    const search = new URLSearchParams(searchOfView(view));
    expect(search.toString()).toBe('q=berlin&sort=city&page=2');
    expect(viewOfSearch(search)).toEqual(view);
  });

  it("asks the API for the view's page of 50", () => {
    const view = { ...DEFAULT_VIEW, q: 'DE-1', country: 'DE', page: 3 };
    expect(apiQueryOfView(view)).toBe('q=DE-1&country=DE&sort=id&offset=100&limit=50');
  });
});
