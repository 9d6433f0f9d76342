// @vitest-environment jsdom
/**
 * What the location search tells the visitor beyond "found": the town shown for a street it
 * cannot place, "not found" without postcodes where the search finds none, and the site of
 * another country for a place (or a device position) there.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultsScreen } from '../../src/features/results/ResultsScreen';
import { countrySites, otherSiteHref, siteLocale } from '../../src/features/results/other-site';
import { ConfigStore } from '../../src/lib/config/global-config';
import { ConfigStoreContext } from '../../src/lib/config/useGlobalConfig';
import type { MapsClient, Place, PlaceAnswer } from '../../src/lib/maps';
import { countryConfig, loadedConfig, manyStores, results } from './fixtures';
import { fakeMaps, mockMatchMedia, place, renderWith } from './render';

const boot = (locale = 'en-GB') => ({ locale, brand: 'Lumen' });
const lang = (code: string) => ({
  code,
  name: code,
  dataLang: `${code}_FR`,
  FooterLang: '',
  HeaderFooterLang: '',
  hermesServURL: '',
  hermesStoreURL: '',
  countryNativeName: 'France',
});
/** France as the server configures it: French first (its default), English too. */
const france = countryConfig({
  countryCode: 'FR',
  countryName: 'France',
  langs: [lang('fr'), lang('en')],
});
const paris: Place = {
  lines: ['Paris', 'Île-de-France, France'],
  latitude: 48.8566,
  longitude: 2.3522,
  formattedAddress: 'Paris, Île-de-France, France',
  countryCode: 'FR',
};

function stubFetch() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/fr/') && url.endsWith('/globalmatrix')) {
      return Response.json({ response: [france] });
    }
    if (url.endsWith('/globalmatrix')) return Response.json({ error: {} }, { status: 404 });
    if (url.includes('locationSearch')) return new Response(null, { status: 204 });
    return Response.json({ results: results(manyStores(3)) });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(ui: ReactElement, maps: MapsClient, withStore = true) {
  const store = new ConfigStore((...a) => fetch(...a));
  return renderWith(
    withStore ? <ConfigStoreContext.Provider value={store}>{ui}</ConfigStoreContext.Provider> : ui,
    { maps },
  );
}

beforeEach(() => {
  mockMatchMedia(false);
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const locationInput = () => screen.getByRole('combobox', { name: 'Location' });
const fieldError = () => {
  const input = locationInput();
  return document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)!;
};

async function search(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(locationInput(), text);
  await user.keyboard('{Escape}');
  await user.click(screen.getByRole('radio', { name: 'All Products' }));
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

describe('a street the maps engine cannot place', () => {
  it('searches the town it names and says so under the results heading', async () => {
    stubFetch();
    const munich = place('München', 48.14, 11.58, 'DE');
    const maps = fakeMaps({
      geocodeAnswer: vi.fn(async (): Promise<PlaceAnswer> => ({
        places: [munich],
        notice: { code: 'street-not-found', countries: ['DE'], town: 'München' },
      })),
    });
    const user = userEvent.setup();
    renderPage(
      <ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />,
      maps,
      false,
    );
    await search(user, 'Marienplatz 1, München');
    const notice = await screen.findByTestId('street-not-found', {}, { timeout: 10_000 });
    expect(notice.textContent).toBe(
      "We couldn't find that street, so these are locations near München.",
    );
    expect(document.getElementById('results-heading')!.getAttribute('aria-describedby')).toBe(
      notice.id,
    );
    // A town typed as such: no notice.
    vi.mocked(maps.geocodeAnswer!).mockResolvedValue({ places: [munich] });
    await user.clear(locationInput());
    await user.type(locationInput(), 'München');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(maps.geocodeAnswer).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByTestId('street-not-found')).toBeNull());
  }, 30_000);
});

describe('"not found" promises what the place search finds', () => {
  it('suggests a postcode only where the search finds postcodes', async () => {
    stubFetch();
    const maps = fakeMaps({ geocodeAnswer: vi.fn(async () => ({ places: [] })) });
    const user = userEvent.setup();
    const config = loadedConfig(countryConfig({ placePostcodes: false }));
    const { unmount } = renderPage(
      <ResultsScreen boot={boot()} channelKey="sales" config={config} />,
      maps,
      false,
    );
    await search(user, 'Nowhere');
    await waitFor(() =>
      expect(fieldError().textContent).toBe(
        "Error: We couldn't find that location. Check the spelling or try a nearby city.",
      ),
    );
    unmount();
    renderPage(
      <ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />,
      maps,
      false,
    );
    await search(user, 'Nowhere');
    await waitFor(() => expect(fieldError().textContent).toMatch(/nearby city or ZIP code\.$/));
  });
});

describe("another country's site", () => {
  it('lists a country’s own sites and picks the page language, else the default', () => {
    expect(countrySites('FR')).toEqual(['fr-FR', 'en-FR']);
    expect(countrySites('GB')).toContain('en-GB');
    // Served on its region's path only: no site of its own.
    expect(countrySites('AL')).toEqual([]);
    expect(siteLocale(countrySites('FR'), france, 'en')).toBe('en-FR');
    expect(siteLocale(countrySites('FR'), france, 'de')).toBe('fr-FR');
    expect(
      otherSiteHref('fr-FR', {
        channel: 'service',
        productId: 'p1',
        latitude: 48.8566,
        longitude: 2.3522,
        formattedAddress: 'Paris, France',
      }),
    ).toBe('/fr/fr/service?pt=p1&lat=48.8566&lon=2.3522&address=Paris%2C+France');
  });

  it('offers it for a place typed that lies there, keeping channel, product and place', async () => {
    const fetchMock = stubFetch();
    const maps = fakeMaps({
      geocodeAnswer: vi.fn(async () => ({ places: [] })),
      geocode: vi.fn(async () => [paris]),
    });
    const user = userEvent.setup();
    renderPage(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />, maps);
    await search(user, 'Paris');
    const link = await screen.findByRole(
      'link',
      { name: 'Search near Paris on the site for France' },
      { timeout: 10_000 },
    );
    // English is offered in France: its English site.
    expect(link.getAttribute('href')).toBe(
      '/fr/en/sales?pt=all&lat=48.8566&lon=2.3522&address=Paris%2C+%C3%8Ele-de-France%2C+France',
    );
    expect(fieldError().textContent).toBe('Error: That place is in another country.');
    // The worldwide search: no country.
    expect(maps.geocode).toHaveBeenCalledWith(
      expect.objectContaining({ q: 'Paris', countries: [] }),
    );
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain(
      '/api/v1/grlui/fr/en/globalmatrix',
    );
    // Another text: the offer goes.
    await user.type(locationInput(), 'x');
    expect(screen.queryByTestId('other-site')).toBeNull();
  }, 30_000);

  it('offers nothing for a country without a site of its own', async () => {
    stubFetch();
    const maps = fakeMaps({
      geocodeAnswer: vi.fn(async () => ({ places: [] })),
      geocode: vi.fn(async () => [place('Tirana', 41.33, 19.82, 'AL')]),
    });
    const user = userEvent.setup();
    renderPage(<ResultsScreen boot={boot()} channelKey="sales" config={loadedConfig()} />, maps);
    await search(user, 'Tirana');
    await waitFor(() =>
      expect(fieldError().textContent).toMatch(/^Error: We couldn't find that location/),
    );
    expect(screen.queryByTestId('other-site')).toBeNull();
  });

  it('offers it for a device position there, in the site’s default language', async () => {
    stubFetch();
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 48.8566, longitude: 2.3522 } } as GeolocationPosition),
      },
    });
    const maps = fakeMaps({ reverse: vi.fn(async () => paris) });
    const user = userEvent.setup();
    renderPage(
      <ResultsScreen boot={boot('de-DE')} channelKey="sales" config={loadedConfig()} />,
      maps,
    );
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    const link = await screen.findByRole('link', { name: /on the site for/ }, { timeout: 10_000 });
    // German is not offered in France: its default, French (All Products: the sales default).
    expect(link.getAttribute('href')).toMatch(/^\/fr\/fr\/sales\?pt=all&lat=48.8566&lon=2.3522&/);
  });
});
