// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultsScreen } from '../../src/features/results/ResultsScreen';
import { countryConfig, loadedConfig, manyStores, regionConfig, results } from './fixtures';
import { fakeMaps, mockMatchMedia, place, renderWith } from './render';
import type { Place, PlaceAnswer } from '../../src/lib/maps';

const boot = (locale = 'en-GB') => ({ locale, brand: 'Lumen' });

function stubSearch(body: unknown = { results: results(manyStores(3)) }, status = 200) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    String(input).includes('locationSearch')
      ? new Response(null, { status: 204 })
      : new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * The requests other than the analytics queue's: its timed flush of the page view may fire
 * while a slow run is still typing, and is no search.
 */
function requestsBesideAnalytics(fetchMock: ReturnType<typeof stubSearch>) {
  return fetchMock.mock.calls.filter(([input]) => !String(input).includes('/analytics/events'));
}

beforeEach(() => {
  mockMatchMedia(false);
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const searchButton = () => screen.getByRole('button', { name: 'Search' });
const locationInput = () => screen.getByRole('combobox', { name: 'Location' });

async function chooseSuggestion(user: ReturnType<typeof userEvent.setup>, text = 'Lon') {
  await user.type(locationInput(), text);
  await screen.findByRole('option', { name: /Lon Town/ });
  await user.keyboard('{ArrowDown}{Enter}');
}

describe('search form: fields per variant (PRODUCT.md#search-form)', () => {
  it('default sales: location and product tiles, no carrier, no country', () => {
    stubSearch();
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />);
    expect(locationInput()).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Product' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Carrier' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Country or region' })).toBeNull();
    // Required on the radios: a group (fieldset) takes no aria-required (axe aria-allowed-attr).
    const group = screen.getByRole('group', { name: 'Product' });
    expect(group.hasAttribute('aria-required')).toBe(false);
    for (const radio of screen.getAllByRole('radio'))
      expect(radio).toHaveProperty('required', true);
  });

  it('default service: carrier appears only for phone or tablet, "No-Contract" first', async () => {
    stubSearch();
    const user = userEvent.setup();
    renderWith(<ResultsScreen boot={boot()} channelKey="service" config={loadedConfig()} />);
    expect(screen.queryByRole('combobox', { name: 'Carrier' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Computer' }));
    expect(screen.queryByRole('combobox', { name: 'Carrier' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Change product/ }));
    await user.click(screen.getByRole('radio', { name: 'Phone' }));
    const carrier = screen.getByRole('combobox', { name: 'Carrier' });
    const options = within(carrier)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose a carrier', 'No-Contract', 'EE', 'O2']);
  });

  it('cn/zh service: no carrier even for phone', async () => {
    stubSearch();
    const user = userEvent.setup();
    renderWith(
      <ResultsScreen boot={boot('zh-CN')} channelKey="service" config={loadedConfig()} />,
      {
        url: '/cn/zh/service',
      },
    );
    await user.click(screen.getByRole('radio', { name: 'Phone' }));
    expect(screen.queryByRole('combobox', { name: 'Carrier' })).toBeNull();
  });

  it('"other" variant: products wait for a country; changing it clears search, products, carrier', async () => {
    stubSearch();
    const user = userEvent.setup();
    renderWith(
      <ResultsScreen boot={boot('en-EUROPE')} channelKey="service" config={regionConfig()} />,
      {
        url: '/europe/en/service',
      },
    );
    const country = screen.getByRole('combobox', { name: 'Country or region' });
    expect(screen.queryByRole('group', { name: 'Product' })).toBeNull();
    await user.selectOptions(country, 'IS');
    await chooseSuggestion(user);
    await user.click(screen.getByRole('radio', { name: 'Phone' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Carrier' }), 'EE');
    expect(locationInput()).toHaveProperty('value', 'Lon Town');

    await user.selectOptions(country, 'MT');
    expect(locationInput()).toHaveProperty('value', '');
    expect(screen.queryByRole('combobox', { name: 'Carrier' })).toBeNull();
    // Malta's products: computer, watch, watch edition (no phone).
    const tiles = screen.getAllByRole('radio').map((r) => r.getAttribute('value'));
    expect(tiles).toEqual(['computer', 'watch', 'watchedition']);
  });
});

describe('search form: products (PRODUCT.md#search-form)', () => {
  it('shows 10 tiles, "show more" reveals the rest, a choice collapses to a read-only field', async () => {
    stubSearch();
    const user = userEvent.setup();
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />);
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show more products' }));
    expect(screen.getAllByRole('radio')).toHaveLength(13); // All Products + 12
    await user.click(screen.getByRole('button', { name: 'Show fewer products' }));
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    await user.click(screen.getByRole('radio', { name: 'Tablet' }));
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Product' })).toHaveProperty('readOnly', true);
    expect(screen.getByRole('textbox', { name: 'Product' })).toHaveProperty('value', 'Tablet');
    const change = screen.getByRole('button', { name: 'Change product, currently Tablet' });
    expect(document.activeElement).toBe(change);
    await user.click(change);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Tablet' }));
  });

  it('on narrow screens products are a dropdown', () => {
    mockMatchMedia(true);
    stubSearch();
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />);
    const select = screen.getByRole('combobox', { name: 'Product' });
    expect(within(select).getAllByRole('option')).toHaveLength(14); // placeholder + 13
  });
});

describe('search form: validity and errors (PRODUCT.md#validation)', () => {
  it('Search is disabled until the form is valid', async () => {
    stubSearch();
    const user = userEvent.setup();
    renderWith(<ResultsScreen boot={boot()} channelKey="service" config={loadedConfig()} />);
    expect(searchButton()).toHaveProperty('disabled', true);
    await chooseSuggestion(user);
    expect(searchButton()).toHaveProperty('disabled', true); // product missing
    await user.click(screen.getByRole('radio', { name: 'Phone' }));
    expect(searchButton()).toHaveProperty('disabled', true); // carrier required for phone
    await user.selectOptions(screen.getByRole('combobox', { name: 'Carrier' }), 'No-Contract');
    expect(searchButton()).toHaveProperty('disabled', false);
  });

  it('an emptied location shows its error under the input with a hidden "Error:" prefix', async () => {
    stubSearch();
    const user = userEvent.setup();
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />);
    await user.type(locationInput(), 'x');
    await user.clear(locationInput());
    await user.tab();
    const input = locationInput();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(error.textContent).toBe(
      "Error: We couldn't find that location. Check the spelling or try a nearby city or ZIP code.",
    );
    expect(within(error).getByText('Error:').className).toBe('visually-hidden');
  });

  it('a place that cannot be found puts "not found" on the field and focuses it', async () => {
    const fetchMock = stubSearch();
    const maps = fakeMaps();
    const user = userEvent.setup();
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />, {
      maps,
    });
    await user.type(locationInput(), 'Nowhere');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('radio', { name: 'All Products' }));
    await user.click(searchButton());
    await waitFor(() => expect(locationInput().getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(locationInput());
    expect(maps.geocode).toHaveBeenCalledWith(
      expect.objectContaining({ q: 'Nowhere', countries: ['GB'] }),
    );
    expect(requestsBesideAnalytics(fetchMock)).toEqual([]);
  });
});

describe('location combobox (PRODUCT.md#search-form)', () => {
  it('follows the WAI-ARIA combobox pattern: arrows, Enter, Escape, click outside', async () => {
    stubSearch();
    const user = userEvent.setup();
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />);
    const input = locationInput();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.type(input, 'Lon');
    const list = await screen.findByRole('listbox', { name: 'Suggested locations' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    const options = within(list).getAllByRole('option');
    expect(options[0]!.textContent).toContain('England, United Kingdom');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await user.click(document.body);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.click(input);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(input).toHaveProperty('value', 'Lon City');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('suggestions arriving after Escape or after focus left the field stay closed', async () => {
    stubSearch();
    const pending: ((places: Place[] | undefined) => void)[] = [];
    const maps = fakeMaps({
      autocompleter: () => ({
        suggest: vi.fn(() => new Promise<Place[] | undefined>((r) => pending.push(r))),
        cancel: vi.fn(() => pending.splice(0).forEach((r) => r(undefined))),
      }),
    });
    const user = userEvent.setup();
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />, {
      maps,
    });
    const input = locationInput();
    await user.type(input, 'L');
    await user.keyboard('{Escape}');
    await act(async () => pending.splice(0).forEach((r) => r([place('Leeds')])));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.type(input, 'e');
    await user.click(document.body);
    await act(async () => pending.splice(0).forEach((r) => r([place('Leeds')])));
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('Tab closes the list; the status text is cleared after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubSearch();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />);
    await user.type(locationInput(), 'Lon');
    await screen.findByRole('listbox');
    const status = screen.getByText(/2 suggestions available/);
    await user.tab();
    expect(locationInput().getAttribute('aria-expanded')).toBe('false');
    await act(async () => vi.advanceTimersByTime(5000));
    expect(status.textContent).toBe('');
  });

  it('clicking a suggestion selects it; the reset button clears the field', async () => {
    stubSearch();
    const user = userEvent.setup();
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />);
    await user.type(locationInput(), 'Lon');
    await user.click(await screen.findByRole('option', { name: /Lon City/ }));
    expect(locationInput()).toHaveProperty('value', 'Lon City');
    await user.click(screen.getByRole('button', { name: 'Clear location' }));
    expect(locationInput()).toHaveProperty('value', '');
    expect(document.activeElement).toBe(locationInput());
  });
});

describe('geolocation (PRODUCT.md#geolocation)', () => {
  function stubGeolocation(impl: (ok: PositionCallback, fail: PositionErrorCallback) => void) {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: vi.fn(impl) },
    });
  }

  it('fills the reverse-geocoded address; Search is disabled while locating', async () => {
    stubSearch();
    let succeed: PositionCallback = () => {};
    stubGeolocation((ok) => (succeed = ok));
    const maps = fakeMaps();
    const user = userEvent.setup();
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />, {
      maps,
    });
    await user.click(screen.getByRole('radio', { name: 'All Products' }));
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(searchButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('Finding your location…')).toBeTruthy();
    await act(async () =>
      succeed({ coords: { latitude: 51.51, longitude: -0.13 } } as GeolocationPosition),
    );
    await waitFor(() =>
      expect(locationInput()).toHaveProperty('value', 'Soho, England, United Kingdom'),
    );
    expect(maps.reverse).toHaveBeenCalledWith(
      expect.objectContaining({ latitude: 51.51, longitude: -0.13 }),
    );
    expect(searchButton()).toHaveProperty('disabled', false);
  });

  it('a denial disables the button and explains why', async () => {
    stubSearch();
    stubGeolocation((_ok, fail) =>
      fail({ code: 1, PERMISSION_DENIED: 1, message: 'denied' } as GeolocationPositionError),
    );
    const user = userEvent.setup();
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />);
    const button = screen.getByRole('button', { name: 'Use my location' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    const hint = document.getElementById(button.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe('Location access is turned off for this site');
  });
});

describe('submit, query string and reset (PRODUCT.md#results-page)', () => {
  it('searches with the known position, writes the query, resets everything', async () => {
    const fetchMock = stubSearch();
    const user = userEvent.setup();
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />);
    await chooseSuggestion(user);
    await user.click(screen.getByRole('radio', { name: 'Tablet' }));
    await user.click(searchButton());
    await screen.findByText('3 locations for Tablet near Lon Town');
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/api/v1/grlui/uk/en/sales');
    // The statistic, sent without reverse geocoding (the server checks the country).
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [statUrl, statInit] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(statUrl).toBe('/api/v1/grlui/locationSearch');
    expect(JSON.parse(String(statInit.body))).toEqual({
      channel: 'sales',
      country: 'GB',
      locale: 'en_GB',
      latitude: 51.5,
      longitude: -0.12,
      product: 'Tablet',
      searchedLocation: 'Lon Town',
    });
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pt: '2',
      lat: '51.5',
      lon: '-0.12',
      carrier: '',
      maxrad: '100',
      maxResult: '99',
      repairType: '',
    });
    expect(screen.getByTestId('location').textContent).toBe(
      '/uk/en/sales?pt=2&lat=51.5&lon=-0.12&address=Lon+Town',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reset the search form and results' }));
    expect(screen.getByTestId('location').textContent).toBe('/uk/en/sales');
    expect(screen.queryByTestId('results-section')).toBeNull();
    expect(locationInput()).toHaveProperty('value', '');
  });

  it('a URL with lat, lon and address searches on load and fills the form', async () => {
    const fetchMock = stubSearch();
    renderWith(<ResultsScreen boot={boot()} channelKey="service" config={loadedConfig()} />, {
      url: '/uk/en/service?pt=1&lat=51.5&lon=-0.1&address=Soho&carrier=EE&repairType=Drop+off',
    });
    await screen.findByText('3 drop-off locations for Phone near Soho');
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.searchParams.get('carrier')).toBe('EE');
    expect(url.searchParams.get('repairType')).toBe('Drop off');
    expect(locationInput()).toHaveProperty('value', 'Soho');
    expect(screen.getByRole('combobox', { name: 'Carrier' })).toHaveProperty('value', 'EE');
  });

  it('a URL without a complete position is cleared and does not search', () => {
    const fetchMock = stubSearch();
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />, {
      url: '/uk/en/sales?pt=1&lat=51.5&address=Soho',
    });
    expect(screen.getByTestId('location').textContent).toBe('/uk/en/sales');
    expect(requestsBesideAnalytics(fetchMock)).toEqual([]);
  });

  it('a failed search shows the server-error banner', async () => {
    stubSearch({ error: { code: 'INTERNAL_ERROR', message: 'boom' } }, 500);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />, {
      url: '/uk/en/sales?pt=all&lat=51.5&lon=-0.1&address=Soho',
    });
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Something went wrong.');
    expect(banner.textContent).toContain("We couldn't load locations right now.");
    expect(banner.querySelector('svg')).toBeTruthy();
  });
});

// Last in the file: confirming a suggestion renders the first results map of the file, whose
// lazily loaded basemap settings would otherwise be fetched during a later test.
describe('postcode notice and "did you mean …?" (location field)', () => {
  it('a postcode the maps engine has no data for says so instead of "not found"', async () => {
    const fetchMock = stubSearch();
    const maps = fakeMaps({
      geocodeAnswer: vi.fn(async (): Promise<PlaceAnswer> => ({
        places: [],
        notice: { code: 'postcode-not-offline', countries: ['GB'] },
      })),
    });
    const user = userEvent.setup();
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />, {
      maps,
    });
    await user.type(locationInput(), 'SW1A 1AA');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('radio', { name: 'All Products' }));
    await user.click(searchButton());
    await waitFor(() => expect(locationInput().getAttribute('aria-invalid')).toBe('true'), {
      timeout: 10_000,
    });
    const input = locationInput();
    const error = document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(error.textContent).toBe(
      "Error: We can't look up postal codes for this country. Enter a city or town instead.",
    );
    expect(requestsBesideAnalytics(fetchMock)).toEqual([]);
  });

  it('offers "did you mean …?" after "not found"; confirming it searches there', async () => {
    const fetchMock = stubSearch();
    const meant = place('Manchester', 53.48, -2.24);
    const maps = fakeMaps({
      geocodeAnswer: vi.fn(async () => ({ places: [], suggestion: meant })),
    });
    const user = userEvent.setup();
    renderWith(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />, {
      maps,
    });
    await user.type(locationInput(), 'Manchst');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('radio', { name: 'All Products' }));
    await user.click(searchButton());
    const confirm = await screen.findByRole(
      'button',
      {
        name: 'Did you mean Manchester, England, United Kingdom?',
      },
      { timeout: 10_000 },
    );
    expect(requestsBesideAnalytics(fetchMock)).toEqual([]);
    await user.click(confirm);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled(), { timeout: 10_000 });
    expect(String(fetchMock.mock.calls[0]![0])).toContain('lat=53.48&lon=-2.24');

    expect(locationInput()).toHaveProperty('value', 'Manchester');
    expect(screen.queryByRole('button', { name: /Did you mean/ })).toBeNull();
  }, 30_000); // renders the results and their map: slow when the machine is busy
});

describe('the location placeholder promises what the place search finds', () => {
  it('asks for a postcode where the search finds postcodes, and not where it finds none', () => {
    stubSearch();
    const { unmount } = renderWith(
      <ResultsScreen boot={boot('en-US')} channelKey="sales" config={loadedConfig()} />,
    );
    expect(locationInput().getAttribute('placeholder')).toBe('City, address or ZIP code');
    unmount();
    renderWith(
      <ResultsScreen
        boot={boot('en-US')}
        channelKey="sales"
        config={loadedConfig(countryConfig({ placePostcodes: false }))}
      />,
    );
    expect(locationInput().getAttribute('placeholder')).toBe('City or address');
  });
});
