/** Rendering helpers for the shell, home and chooser component tests (jsdom). */
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from '../../src/lib/router';
import type { CountryConfig, Product } from '@locator/core';
import choosers from '../../public/locales/choosers-en_US.json';
import commons from '../../public/locales/commons-en_US.json';
import homes from '../../public/locales/homes-en_US.json';
import { ConfigStore } from '../../src/lib/config/global-config';
import { ConfigStoreContext } from '../../src/lib/config/useGlobalConfig';

export function testI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { common: commons, home: homes, chooser: choosers } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

export function renderApp(
  ui: ReactElement,
  { url = '/', store = new ConfigStore(neverFetch) }: { url?: string; store?: ConfigStore } = {},
) {
  return render(
    <I18nextProvider i18n={testI18n()}>
      <ConfigStoreContext.Provider value={store}>
        <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
      </ConfigStoreContext.Provider>
    </I18nextProvider>,
  );
}

/** A fetch that never answers (the configuration stays loading). */
export const neverFetch: typeof fetch = () => new Promise<Response>(() => {});

export function jsonFetch(body: unknown, status = 200): typeof fetch & { calls: string[] } {
  const calls: string[] = [];
  const fn = (async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch & { calls: string[] };
  fn.calls = calls;
  return fn;
}

const product = (code: string, order: number): Product => ({
  _id: `p-${code}`,
  displayName: code,
  code,
  value: code,
  displayOrder: order,
  productRibbonName: code,
  pdmSuperGrpProductId: `SG${order}`,
});

export function config(overrides: Partial<CountryConfig> = {}): CountryConfig {
  const channel = (id: string, products: Product[]) => ({
    channelId: id,
    channelName: id,
    maxResults: 99,
    dropOff: false,
    searchRadius: 100,
    products,
    countries: [],
    consultingLinkMap: [],
  });
  return {
    countryCode: 'GB',
    countryName: 'United Kingdom',
    countryNativeName: 'United Kingdom',
    langs: [
      {
        code: 'en',
        name: 'English',
        dataLang: 'en_GB',
        FooterLang: 'en_GB',
        HeaderFooterLang: 'en_GB',
        hermesServURL: '',
        hermesStoreURL: '',
        countryNativeName: 'United Kingdom',
      },
    ],
    disableMap: false,
    enableGeolocation: true,
    casRedirect: false,
    casSupportUrl: '',
    carriers: [],
    itemsPerPage: 5,
    widgetCount: 3,
    filterByStoreType: true,
    getDirection: '',
    checkCountryMismatchArray: [],
    dontSendCountryName: false,
    disputedCountries: [],
    disputedPlaces: [],
    pacificisland: false,
    images: {},
    catchAll: false,
    catchAllSalesCountry: false,
    catchAllServiceCountry: false,
    channels: {
      sales: channel('sales', [product('phone', 1)]),
      service: channel('service', [product('phone', 1)]),
      consulting: channel('consulting', []),
    },
    ...overrides,
  };
}
