/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { mockConfig } from './web-fixtures';

// The route table of PRODUCT.md#routes, locale redirects, document language, titles, hreflang
// alternates and browser history.
test.describe('routes and locales', () => {
  test.beforeEach(async ({ page }) => {
    await mockConfig(page);
  });

  const redirects: [string, string, string][] = [
    ['/uk/en', '/uk/en/', 'en-GB'],
    ['/ca/fr', '/ca/fr/', 'fr-CA'],
    ['/AE/AR/', '/ae/ar/', 'ar-AE'],
    ['/cn/zh', '/cn/zh/', 'zh-CN'],
    ['/lac/es', '/lac/es/', 'es-LAC'],
    ['/europe/en/nonsense', '/europe/en/', 'en-EUROPE'],
    ['/no-such-page', '/', 'en-US'],
  ];
  for (const [from, to, locale] of redirects) {
    test(`${from} redirects to ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL((url) => url.pathname === to);
      await expect(page.getByTestId('home')).toHaveAttribute('data-locale', locale);
    });
  }

  test('a results path keeps its channel; a query without a position is cleared (PRODUCT.md#results-page)', async ({
    page,
  }) => {
    await page.goto('/uk/en/sales?pt=all');
    await expect(page).toHaveURL((url) => url.pathname === '/uk/en/sales' && url.search === '');
    await expect(page).toHaveTitle('Find Where to Buy - Find a Location - Lumen');
  });

  test('lang, dir and title follow the locale', async ({ page }) => {
    await page.goto('/uk/en/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page).toHaveTitle('Find a Location - Lumen');
    await page.goto('/id/in/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'id-ID');
    await page.goto('/lac/es/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-419');
  });

  test('hreflang alternates link the language versions of a page', async ({ page }) => {
    await page.goto('/ca/fr/service');
    const alternates = page.locator('link[rel="alternate"][hreflang]');
    await expect(alternates).toHaveCount(2);
    const links = await alternates.evaluateAll((els) =>
      els.map((el) => [
        el.getAttribute('hreflang'),
        new URL((el as HTMLLinkElement).href).pathname,
      ]),
    );
    expect(links).toEqual([
      ['en-CA', '/ca/en/service'],
      ['fr-CA', '/ca/fr/service'],
    ]);
  });

  test('browser back and forward move between client-side routes', async ({ page }) => {
    await page.goto('/uk/en/');
    await page.getByRole('link', { name: 'Find where to buy' }).click();
    await expect(page).toHaveURL(/\/uk\/en\/sales$/);
    await expect(page.getByTestId('results')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/uk\/en\/$/);
    await expect(page.getByTestId('card-sales')).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(/\/uk\/en\/sales$/);
    await expect(page.getByTestId('results')).toBeVisible();
  });

  test('page views are reported to the analytics facade', async ({ page }) => {
    await page.goto('/uk/en/');
    await page.getByRole('link', { name: 'Find a repair location' }).click();
    await expect(page).toHaveURL(/\/uk\/en\/service$/);
    const views = () =>
      page.evaluate(() =>
        (
          window as unknown as { __locatorAnalytics?: { page: string; path: string }[] }
        ).__locatorAnalytics?.map((v) => `${v.page} ${v.path}`),
      );
    await expect.poll(views).toEqual(['home /uk/en/', 'results /uk/en/service']);
  });
});
