// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type {
  DropOffSwitch,
  RawStore,
  ResultChannel,
  SearchRequest,
  SearchResults,
  Store,
} from '@locator/core';
import { ResultsSection } from '../../src/features/results/components/ResultsSection';
import { resultsContext } from '../../src/features/results/context';
import { pageQueryOf } from '../../src/features/results/request';
import { countryConfig, loadedConfig, manyStores, results, store } from './fixtures';
import type { MapsClient } from '../../src/lib/maps';
import { fakeMaps, renderWith } from './render';

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function request(overrides: Partial<SearchRequest> = {}): SearchRequest {
  return {
    latitude: 51.5,
    longitude: -0.12,
    channel: 'sales',
    lang: 'en',
    countryCode: 'GB',
    productId: 'all',
    product: 'All Products',
    maxRadius: 100,
    maxResults: 99,
    carriers: '',
    formattedAddress: 'Soho',
    ...overrides,
  };
}

function show(
  data: SearchResults,
  {
    channel = 'sales',
    req = request({ channel }),
    locale = 'en-GB',
    config = loadedConfig(),
    onLinkClick = vi.fn<(link: string, store: Store | undefined, url: string) => void>(),
    onDropOff = vi.fn<(target: DropOffSwitch) => void>(),
    maps = fakeMaps(),
  }: {
    maps?: MapsClient;
    channel?: ResultChannel;
    req?: SearchRequest;
    locale?: string;
    config?: ReturnType<typeof loadedConfig>;
    onLinkClick?: Mock<(link: string, store: Store | undefined, url: string) => void>;
    onDropOff?: Mock<(target: DropOffSwitch) => void>;
  } = {},
) {
  const ctx = resultsContext(locale, 'Lumen', channel, config.channels[channel]!, config);
  renderWith(
    <ResultsSection
      ctx={ctx}
      request={req}
      results={data}
      pageQuery={pageQueryOf(ctx, req)}
      dropOffHref={() => '?dropoff'}
      onDropOff={onDropOff}
      onLinkClick={onLinkClick}
      narrow={false}
    />,
    { maps },
  );
  return { onLinkClick, onDropOff };
}

const titles = () =>
  screen.getAllByTestId('store').map((s) => within(s).getByRole('heading').textContent);

describe('result sentence (PRODUCT.md#results-page)', () => {
  it('all products, normal and drop-off variants', () => {
    show(results(manyStores(1)));
    expect(screen.getByRole('heading', { name: /near Soho/ }).textContent).toBe(
      '1 location near Soho',
    );
    cleanup();
    show(results(manyStores(2)), { req: request({ productId: '2', product: 'Tablet' }) });
    expect(screen.getByRole('heading', { name: /near Soho/ }).textContent).toBe(
      '2 locations for Tablet near Soho',
    );
    cleanup();
    show(results(manyStores(2), { dropOff: true }), {
      channel: 'service',
      req: request({ channel: 'service', productId: '1', repairType: 'Drop off' }),
    });
    expect(screen.getByRole('heading', { name: /near Soho/ }).textContent).toBe(
      '2 drop-off locations for Phone near Soho',
    );
  });
});

describe('paging (PRODUCT.md#paging-and-timing)', () => {
  it('5 a page, previous/next, the window, the announcement cleared after 4 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    show(results(manyStores(32)));
    expect(titles()).toEqual([
      '1. Store 1',
      '2. Store 2',
      '3. Store 3',
      '4. Store 4',
      '5. Store 5',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Result pages' });
    const pageNumbers = () =>
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5']);
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(titles()[0]).toBe('6. Store 6');
    const status = screen.getByText('page updated, showing results 6 to 10 of 32');
    await act(async () => vi.advanceTimersByTime(4000));
    expect(status.textContent).toBe('');
    await user.click(within(nav).getByRole('button', { name: 'Page 5 of 7' }));
    expect(pageNumbers()).toEqual(['3', '4', '5', '6', '7']);
    expect(
      within(nav).getByRole('button', { name: 'Page 5 of 7' }).getAttribute('aria-current'),
    ).toBe('page');
    await user.click(within(nav).getByRole('button', { name: 'Page 7 of 7' }));
    expect(titles()).toEqual(['31. Store 31', '32. Store 32']);
    expect(within(nav).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
  });

  it('no pagination with one page', () => {
    show(results(manyStores(5)));
    expect(screen.queryByRole('navigation', { name: 'Result pages' })).toBeNull();
  });
});

describe('filters (PRODUCT.md#results-page, #filters)', () => {
  const data = () =>
    results([
      store(1, { salesProducts: ['1'], storeBadges: ['1'], solutionsSpecialties: ['1'] }),
      store(2, { salesProducts: ['1', '2'], storeBadges: ['3'] }),
      store(3, { salesProducts: ['2'], serviceProducts: [] }),
      ...manyStores(9)
        .slice(3)
        .map((s) => ({ ...s, salesProducts: ['3'] })),
    ]);

  it('toggle with the active count; matching; back to page 1; no match; reset announced', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    show(data());
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const panel = screen.getByRole('group', { name: 'Filter locations' });
    // First group: products present on the stores plus the sales "Service" chip.
    const chips = within(panel)
      .getAllByRole('checkbox')
      .map((c) => c.parentElement?.textContent);
    expect(chips).toEqual(['Phone', 'Tablet', 'Computer', 'Service']);
    await user.click(within(panel).getByRole('checkbox', { name: 'Phone' }));
    expect(screen.getByRole('button', { name: 'Filters (1 selected)' })).toBeTruthy();
    expect(titles()).toEqual(['1. Store 1', '2. Store 2']); // back on page 1, only phones
    await user.click(within(panel).getByRole('checkbox', { name: 'Tablet' }));
    expect(titles()).toEqual(['2. Store 2']); // all selected products
    await user.click(within(panel).getByRole('checkbox', { name: 'Service' }));
    expect(titles()).toEqual(['2. Store 2']);

    // More filters: badges and specialties, focus on the first new checkbox after 550 ms.
    await user.click(within(panel).getByRole('button', { name: 'More filters' }));
    await act(async () => vi.advanceTimersByTime(550));
    expect(document.activeElement).toBe(
      within(panel).getByRole('checkbox', { name: 'Lumen Store' }),
    );
    await user.click(within(panel).getByRole('checkbox', { name: 'Lumen Store' }));
    expect(screen.getByTestId('no-match').textContent).toContain(
      'No locations match the filters you selected.',
    );
    await user.click(screen.getByRole('button', { name: 'reset all filters' }));
    expect(titles()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
    const announcement = screen.getByText('Filters reset. Showing all locations.');
    await act(async () => vi.advanceTimersByTime(4000));
    expect(announcement.textContent).toBe('');
  });

  it('the chosen product is left out of the first group', async () => {
    const user = userEvent.setup();
    show(data(), { req: request({ productId: '1', product: 'Phone' }) });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('group', { name: 'Filter locations' });
    expect(within(panel).queryByRole('checkbox', { name: 'Phone' })).toBeNull();
  });
});

describe('drop-off (PRODUCT.md#drop-off)', () => {
  const serviceData = () =>
    results(
      [
        store(1, { serviceTypes: ['2'] }),
        store(2, { serviceTypes: ['1'] }),
        store(3, { serviceTypes: ['2', '3'] }),
        store(4, { serviceTypes: ['3'] }),
      ],
      { dropOff: true },
    );

  it('on-site search: the stores as the server answered them; the switch offers drop-off', async () => {
    // The server's search leaves out drop-off (rt2) stores of an on-site search: the browser
    // shows what it answered, numbers included.
    const user = userEvent.setup();
    const { onDropOff } = show(serviceData(), {
      channel: 'service',
      req: request({ channel: 'service', productId: '1' }),
    });
    expect(titles()).toEqual(['1. Store 1', '2. Store 2', '3. Store 3', '4. Store 4']);
    const link = screen.getByRole('link', { name: 'Show drop-off locations' });
    await user.click(link);
    expect(onDropOff).toHaveBeenCalledWith('toDropOff');
  });

  it('drop-off search keeps every store and offers on-site', () => {
    show(serviceData(), {
      channel: 'service',
      req: request({ channel: 'service', productId: '1', repairType: 'Drop off' }),
    });
    expect(titles()).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Show on-site repair locations' })).toBeTruthy();
  });

  it('no switch in sales', () => {
    show(results(manyStores(2), { dropOff: true }));
    expect(screen.queryByTestId('drop-off-switch')).toBeNull();
  });
});

describe('store entry (PRODUCT.md#results-page)', () => {
  it('shows every item and reports link clicks', async () => {
    const user = userEvent.setup();
    const raw: RawStore = store(1, {
      storeBadges: ['1', '3', '8'],
      storeTypes: [5],
      salesProducts: ['1', '5', '6'],
      serviceTypes: ['1', '3'],
      solutionsSpecialties: ['2'],
      valueAddedServices: ['1'],
    });
    const { onLinkClick } = show(results([raw]), {
      req: request({ carriers: 'EE' }),
    });
    const entry = screen.getByTestId('store');
    expect(within(entry).getByText('Lumen Store', { selector: '.store__banner' })).toBeTruthy();
    expect(within(entry).getByRole('heading').textContent).toBe('1. Store 1');
    expect(within(entry).getByText('Distance: 1.0 mi')).toBeTruthy();
    const badges = within(entry).getByRole('list', { name: 'Store types' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Lumen Store', 'Specialist']);
    expect(entry.querySelector('address')?.textContent).toBe('1 High StreetLondon England W1 1AA');
    expect(within(entry).getByRole('link', { name: '+44 20 7946 0000' }).getAttribute('href')).toBe(
      'tel:+442079460000',
    );
    expect(within(entry).getByText('Phone, Watch')).toBeTruthy(); // ribbon names, de-duplicated
    expect(within(entry).getByText('In-store repair, On-site repair')).toBeTruthy();
    expect(within(entry).getByText('Education')).toBeTruthy();
    expect(within(entry).getByText('Trade-in')).toBeTruthy();
    const directions = within(entry).getByRole('link', { name: /Directions to Store 1/ });
    expect(directions.getAttribute('href')).toBe(
      'https://maps.example.com/maps?saddr=Soho&daddr=1%20High%20Street,London,England,W1%201AA&hl=en',
    );
    expect(directions.getAttribute('target')).toBe('_blank');
    expect(
      within(entry)
        .getByRole('link', { name: /Website of Store 1/ })
        .getAttribute('href'),
    ).toBe('https://store1.example.com');
    expect(
      within(entry)
        .getByRole('link', { name: /Buy from EE/ })
        .getAttribute('href'),
    ).toBe('https://carriers.example.com/ee/sales');
    expect(within(entry).queryByRole('link', { name: /appointment/ })).toBeNull();
    await user.click(directions);
    expect(onLinkClick).toHaveBeenCalledWith(
      'directions',
      expect.objectContaining({ storeId: 'ST1' }),
      directions.getAttribute('href'),
    );
  });

  it('India service: the appointment link', () => {
    const config = loadedConfig(countryConfig({ countryCode: 'IN' }));
    show(results([store(1, { apptSchedulerIndVal: 'Y', serviceProducts: ['1'] })]), {
      channel: 'service',
      locale: 'en-IN',
      config,
      req: request({ channel: 'service', countryCode: 'IN', productId: '1', carriers: 'EE' }),
    });
    const link = screen.getByRole('link', { name: /Book a repair appointment at Store 1/ });
    expect(link.getAttribute('href')).toBe(
      'https://getsupport.example.com/?caller=grl&locale=en_IN&storeID=ST1&lat=51.5&long=-0.12&carrier=EE&pgid=pgid1001',
    );
  });

  it('cn/zh: distance in the title', () => {
    const config = loadedConfig(countryConfig({ countryCode: 'CN' }), 'zh');
    show(results([store(1)]), { locale: 'zh-CN', config });
    expect(screen.getByTestId('store').querySelector('h3')?.textContent).toBe(
      '1. Store 1 (1.0 mi)',
    );
    expect(screen.queryByText('Distance: 1.0 mi')).toBeNull();
  });
});

describe('badge legend, no results (PRODUCT.md#results-page)', () => {
  it('legend strip of up to 3 "y" badges and the info block', () => {
    show(results(manyStores(1)));
    const legend = screen.getByTestId('badge-legend');
    expect(legend.className).toContain('badge-legend--triple');
    // A key to the marks, captioned where it is seen, with no control in it (not filter chips).
    expect(screen.getByRole('list', { name: 'Store types' })).toBe(legend);
    expect(legend.previousElementSibling?.textContent).toBe('Store types:');
    expect(within(legend).queryAllByRole('checkbox')).toEqual([]);
    expect(within(legend).queryAllByRole('button')).toEqual([]);
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Lumen Store', 'Lumen Shop', 'Specialist']);
    const info = screen.getByRole('region', { name: 'Store types' });
    expect(info.textContent).toContain('A store owned and run by Lumen.');
  });

  it('no stores: title and the channel message', () => {
    show(results([]));
    expect(screen.getByTestId('no-results').textContent).toContain('No results found');
    expect(screen.getByTestId('no-results').textContent).toContain("couldn't find a reseller");
    cleanup();
    show(results([]), { channel: 'service', req: request({ channel: 'service', productId: '1' }) });
    expect(screen.getByTestId('no-results').textContent).toContain(
      "couldn't find a service provider",
    );
  });
});

describe('travel time (PRODUCT.md#results-page, #maps-service)', () => {
  it('asks the ETAs of the shown stores and follows the travel-mode choice', async () => {
    const request = vi.fn(async ({ mode }: { mode: string }) =>
      [1, 2].map((i) => ({
        expectedTravelTime: (mode === 'walking' ? 3900 : 300) * i,
        estimate: true,
      })),
    );
    const maps = fakeMaps({ etaRequester: () => ({ request, cancel: vi.fn() }) as never });
    const user = userEvent.setup();
    show(results(manyStores(2), { modesOfTransport: 'automobile' }), { maps, locale: 'en-US' });
    expect(await screen.findByText('Estimated travel time: 5 min')).toBeTruthy();
    expect(screen.getByText('Estimated travel time: 10 min')).toBeTruthy();
    expect(screen.getByText('Travel times are estimates.')).toBeTruthy();
    expect(request.mock.calls[0]![0]).toMatchObject({
      origin: { latitude: 51.5, longitude: -0.12 },
      mode: 'automobile',
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Travel mode' }), 'walking');
    expect(await screen.findByText(/^Estimated travel time: 1 hr,? 5 min$/)).toBeTruthy();
  });

  it('is hidden in the Chinese layout', () => {
    const config = loadedConfig(countryConfig({ countryCode: 'CN' }), 'zh');
    show(results([store(1)]), { locale: 'zh-CN', config });
    expect(screen.queryByRole('combobox', { name: 'Travel mode' })).toBeNull();
    expect(screen.queryByText('Calculating travel time')).toBeNull();
  });
});
