/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { createConsoleAccount, type ConsoleAccount } from './console-accounts';
import { htmlcsErrors } from './html-codesniffer';
import { RenderedPages } from './nu-checker';
import { stores } from './results-helpers';

// The W3C Nu Html Checker and HTML_CodeSniffer (WCAG 2 AA) over the screens as the browser renders
// them, visitor's and console's, left to right and right to left, wide and narrow: no error. The store pages' server-rendered
// HTML has its own check (apps/server/test/pages.validators.api.test.ts); this one judges what
// React builds. Nothing is written to the stores: the import screen only checks a file; a few
// searches are recorded for the demand screen to draw.

const LONDON = '/uk/en/sales?pt=all&lat=51.50853&lon=-0.12574&address=London';
const DUBAI = `/ae/ar/sales?pt=all&lat=25.2048&lon=55.2708&address=${encodeURIComponent('دبي')}`;

/** Both judges over the screens kept: the Nu checker (one run at the end) and HTML_CodeSniffer. */
function judges() {
  const rendered = new RenderedPages();
  const sniffed: string[] = [];
  return {
    judge: async (page: Page, name: string) => {
      await rendered.keep(page, name);
      sniffed.push(...(await htmlcsErrors(page, name)));
    },
    expectNoErrors: async (screens: number) => {
      expect(rendered.size).toBe(screens);
      expect(await rendered.errors()).toEqual([]);
      expect(sniffed).toEqual([]);
    },
  };
}

const mapReady = (page: Page) =>
  expect(page.getByTestId('store-map').first()).toHaveAttribute('data-map-ready', 'true');

test('the visitor’s screens have no Nu checker or HTML_CodeSniffer error', async ({ page }) => {
  test.setTimeout(120_000);
  const { judge, expectNoErrors } = judges();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/uk/en/');
  await expect(page.locator('h1')).toBeVisible();
  await judge(page, 'home en 1440');

  for (const [name, url] of [
    ['results en', LONDON],
    ['results ar', DUBAI],
  ] as const) {
    await page.goto(url);
    await expect(stores(page).first()).toBeVisible();
    await mapReady(page);
    await judge(page, `${name} 1440`);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(LONDON);
  await expect(stores(page).first()).toBeVisible();
  await judge(page, 'results en 390');
  await stores(page).first().getByRole('button').first().click();
  await expect(page.getByTestId('store-detail')).toBeVisible();
  await mapReady(page);
  await judge(page, 'store detail en 390');

  await expectNoErrors(5);
});

let admin: ConsoleAccount;
test.beforeAll(async ({ request }) => {
  admin = createConsoleAccount('admin');
  // Searches for the demand screen to draw (found and unmet, in France).
  const search = {
    type: 'search',
    channel: 'sales',
    country: 'FR',
    locale: 'fr_FR',
    product: 'all',
    resultCount: 0,
    latitude: 46.9,
    longitude: -4.9,
  };
  const found = { ...search, resultCount: 4, latitude: 48.85, longitude: 2.35 };
  const res = await request.post('/api/v1/analytics/events', {
    data: { events: [...Array(6).fill(search), ...Array(6).fill(found)] },
  });
  expect(res.status(), await res.text()).toBe(204);
});

test('the console’s screens have no Nu checker or HTML_CodeSniffer error', async ({ page }) => {
  test.setTimeout(120_000);
  const { judge, expectNoErrors } = judges();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/stores');
  await expect(page.getByLabel('Email')).toBeVisible();
  await judge(page, 'sign-in');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('status')).toContainText(/Showing 1–50 of [\d,]+ stores/);
  await judge(page, 'stores');

  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' }).first()).toBeVisible();
  await judge(page, 'store edit');

  await page.goto('/admin/imports');
  await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
  await page.getByLabel('Choose a file, or drop it here').setInputFiles({
    name: 'stores.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'storeId,title,country,street1,city,latitude,longitude,salesProducts\n' +
        'NU-1,Nu One,GB,1 High Street,London,north,-0.1420,phone\n',
    ),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('status').filter({ hasText: /./ })).toHaveText(
    'The file has problems: nothing written. Fix them and check again.',
  );
  await judge(page, 'import with problems');

  await page.goto('/admin/demand');
  await expect(page.getByRole('heading', { level: 1, name: 'Demand' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await page.getByText('Show as table').first().click();
  await expect(page.getByTestId('demand-map-canvas')).toHaveAttribute('data-places', /^[1-9]/);
  await expect(page.getByRole('table').first()).toBeVisible();
  await judge(page, 'demand');

  for (const [path, heading] of [
    ['/admin/keys', 'API keys'],
    ['/admin/webhooks', 'Webhooks'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await judge(page, heading);
  }

  await expectNoErrors(7);
});

test('the checker reports a rendered error', async ({ page }) => {
  const rendered = new RenderedPages();
  await page.setContent(
    '<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><div><li>x</li></div></body></html>',
  );
  await rendered.keep(page, 'bad');
  const errors = await rendered.errors();
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(/^bad: Element “li” not allowed as child of element “div”/);
});
