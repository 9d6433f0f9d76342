/**
 * Shared helpers of the web-app journeys: a country configuration fixture, a mock of
 * the globalmatrix endpoint, host-page rewriting (to preload or corrupt the embedded
 * configuration) and axe.
 *
 * The UI journeys mock GET /api/v1/grlui/{country}/{lang}/globalmatrix with the fixture so
 * that what they assert (which cards, which links) does not depend on the server's data.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { CountryConfig, Product } from '@locator/core';

const product = (code: string, name: string, order: number, value = code): Product => ({
  _id: `p-${code}`,
  displayName: name,
  code,
  value,
  displayOrder: order,
  productRibbonName: name,
  pdmSuperGrpProductId: `SG${order}00`,
});

export const PRODUCTS: Product[] = [
  product('phone', 'Phone', 1, 'iphone'),
  product('tablet', 'Tablet', 2, 'ipad'),
  product('computer', 'Computer', 3),
  product('watch', 'Watch', 4),
];

export interface FixtureOptions {
  /** [code, name] of each language; default English only. */
  langs?: [string, string][];
  training?: boolean;
  /** consultingLinkMap entries. */
  consultingLinks?: { lang: string; link: string }[];
  casRedirect?: boolean;
  casSupportUrl?: string;
  /** Service channel without products (its card is then hidden). */
  noServiceProducts?: boolean;
  images?: Record<string, string>;
}

export function countryConfig(code: string, options: FixtureOptions = {}): CountryConfig {
  const langs = options.langs ?? [['en', 'English']];
  const channel = (id: string, name: string, products: Product[]) => ({
    channelId: id,
    channelName: name,
    maxResults: 99,
    dropOff: false,
    searchRadius: 100,
    products,
    countries: [],
    consultingLinkMap: [] as { lang: string; link: string }[],
  });
  const config: CountryConfig = {
    countryCode: code.toUpperCase(),
    countryName: code.toUpperCase(),
    countryNativeName: code.toUpperCase(),
    langs: langs.map(([lang, name]) => ({
      code: lang,
      name,
      dataLang: `${lang}_${code.toUpperCase()}`,
      FooterLang: `${lang}_${code.toUpperCase()}`,
      HeaderFooterLang: `${lang}_${code.toUpperCase()}`,
      hermesServURL: '',
      hermesStoreURL: '',
      countryNativeName: code.toUpperCase(),
    })),
    disableMap: false,
    enableGeolocation: true,
    casRedirect: options.casRedirect ?? false,
    casSupportUrl: options.casSupportUrl ?? '',
    carriers: [],
    itemsPerPage: 5,
    widgetCount: 3,
    filterByStoreType: true,
    getDirection: 'https://maps.example.com/?',
    checkCountryMismatchArray: [],
    dontSendCountryName: false,
    disputedCountries: [],
    disputedPlaces: [],
    pacificisland: false,
    images: options.images ?? {
      salesImageUrl: '/images/channels/sales.jpg',
      salesImageUrl2x: '/images/channels/sales@2x.jpg',
      serviceImageUrl: '/images/channels/service.jpg',
      serviceImageUrl2x: '/images/channels/service@2x.jpg',
      consultingImageUrl: '/images/channels/consulting.jpg',
      consultingImageUrl2x: '/images/channels/consulting@2x.jpg',
      trainingImageUrl: '/images/channels/training.jpg',
      trainingImageUrl2x: '/images/channels/training@2x.jpg',
      salesRetailImageUrl2x: '/images/channels/sales-retail@2x.jpg',
    },
    catchAll: false,
    catchAllSalesCountry: false,
    catchAllServiceCountry: false,
    channels: {
      sales: channel('sales', 'Sales', PRODUCTS),
      service: channel('service', 'Repairs', options.noServiceProducts ? [] : PRODUCTS),
      consulting: {
        ...channel('consulting', 'Consulting', []),
        consultingLinkMap: options.consultingLinks ?? [],
      },
      ...(options.training ? { training: channel('training', 'Training', []) } : {}),
    },
  };
  return config;
}

/** Fixture configurations of the journeys, by country path segment. */
export const FIXTURES: Record<string, CountryConfig> = {
  us: countryConfig('us', { training: true }),
  uk: countryConfig('gb', {
    consultingLinks: [{ lang: 'en', link: 'https://consulting.example.com/uk' }],
  }),
  ca: countryConfig('ca', {
    langs: [
      ['en', 'English'],
      ['fr', 'Français'],
    ],
  }),
  ae: countryConfig('ae', {
    langs: [
      ['en', 'English'],
      ['ar', 'العربية'],
    ],
    training: true,
  }),
  jp: countryConfig('jp', {
    langs: [
      ['ja', '日本語'],
      ['en', 'English'],
    ],
  }),
};

/**
 * Serves the fixture for every globalmatrix request (404 for a country without one) and
 * returns the list of requested paths. The configuration the server preloads into the host
 * page is removed so that the app loads the fixture (rewrite the boot again afterwards to
 * preload something else).
 */
export async function mockConfig(
  page: Page,
  fixtures: Record<string, CountryConfig> = FIXTURES,
  { delayMs = 0 }: { delayMs?: number } = {},
): Promise<string[]> {
  await rewriteBoot(page, ({ config: _preloaded, ...boot }) => boot);
  const requested: string[] = [];
  await page.route('**/api/v1/grlui/*/*/globalmatrix', async (route) => {
    const path = new URL(route.request().url()).pathname;
    requested.push(path);
    const country = path.split('/')[4] ?? '';
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    const config = fixtures[country];
    if (config) await route.fulfill({ json: { response: [config] } });
    else await route.fulfill({ status: 404, json: { error: { code: 'NOT_FOUND' } } });
  });
  return requested;
}

const BOOT_RE = /(<script type="application\/json" id="locator-boot">)([\s\S]*?)(<\/script>)/;

/** Rewrites the embedded boot value of host pages (document requests) before the app reads it. */
export async function rewriteBoot(
  page: Page,
  rewrite: (boot: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    const body = html.replace(BOOT_RE, (_all, open: string, json: string, close: string) => {
      const boot = rewrite(JSON.parse(json) as Record<string, unknown>);
      const text = JSON.stringify(boot).replace(/</g, '\\u003c');
      return `${open}${text}${close}`;
    });
    await route.fulfill({ response, body });
  });
}

/** Runs axe (WCAG 2.x A/AA and best practices) and expects no violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}
