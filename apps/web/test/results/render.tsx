/** Rendering helpers for the results feature's component tests (jsdom). */
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, useLocation } from '../../src/lib/router';
import { vi } from 'vitest';
import commons from '../../public/locales/commons-en_US.json';
import results from '../../public/locales/results-en_US.json';
import type { MapsClient, Place } from '../../src/lib/maps';
import { MapsClientContext } from '../../src/features/results/hooks/mapsContext';

export function testI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { common: commons, result: results } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

export function place(name: string, latitude = 51.5, longitude = -0.12, countryCode = 'GB'): Place {
  return {
    lines: [name, 'England, United Kingdom'],
    latitude,
    longitude,
    formattedAddress: `${name}, England, United Kingdom`,
    countryCode,
  };
}

/** A maps client answering from fixed data, without timers. */
export function fakeMaps(overrides: Partial<MapsClient> = {}): MapsClient & {
  geocode: ReturnType<typeof vi.fn>;
  reverse: ReturnType<typeof vi.fn>;
} {
  const client = {
    autocompleter: () => ({
      suggest: vi.fn(async ({ q }: { q: string }) =>
        q.trim() === '' ? [] : [place(`${q} Town`), place(`${q} City`, 52, -1)],
      ),
      cancel: vi.fn(),
    }),
    geocode: vi.fn(async ({ q }: { q: string }) => (q === 'Nowhere' ? [] : [place(q)])),
    reverse: vi.fn(async () => place('Soho')),
    etaRequester: () => ({ request: vi.fn(async () => undefined), cancel: vi.fn() }),
    ...overrides,
  };
  return client as never;
}

/** Shows the router location for assertions. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export function renderWith(
  ui: ReactElement,
  { maps = fakeMaps(), url = '/uk/en/sales' }: { maps?: MapsClient; url?: string } = {},
) {
  const i18n = testI18n();
  return render(
    <I18nextProvider i18n={i18n}>
      <MapsClientContext.Provider value={maps}>
        <MemoryRouter initialEntries={[url]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </MapsClientContext.Provider>
    </I18nextProvider>,
  );
}

/** matchMedia for jsdom: `narrow` decides the 1068 px query. */
export function mockMatchMedia(narrow: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: narrow && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}
