/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { mockConfig } from './web-fixtures';

// The country/region chooser of PRODUCT.md#country-and-region-chooser.
test.describe('country/region chooser', () => {
  test.beforeEach(async ({ page }) => {
    await mockConfig(page);
  });

  test('lists the five regions under one heading each, with a region index', async ({ page }) => {
    await page.goto('/choose-country-region');
    await expect(page).toHaveTitle('Choose Your Country or Region - Lumen');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Choose Your Country or Region',
    );
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'Africa, Middle East and India',
      'Asia Pacific',
      'Europe',
      'Latin America and the Caribbean',
      'United States, Canada and Puerto Rico',
    ]);
    const index = page.getByRole('navigation', { name: 'Regions' });
    await index.getByRole('link', { name: 'Europe' }).click();
    await expect(page).toHaveURL(/#region-europe$/);
    await expect(page.getByRole('region', { name: 'Europe' })).toBeInViewport();
  });

  test('labels entries in their own language; right-to-left ones are marked', async ({ page }) => {
    await page.goto('/choose-country-region');
    const amei = page.getByRole('region', { name: 'Africa, Middle East and India' });
    const arabic = amei.getByRole('link', { name: 'الإمارات العربية المتحدة' });
    await expect(arabic).toHaveAttribute('dir', 'rtl');
    await expect(arabic).toHaveAttribute('lang', 'ar-AE');
    await expect(arabic).toHaveAttribute('href', '/ae/ar/');
    const direction = await arabic.evaluate((el) => getComputedStyle(el).direction);
    expect(direction).toBe('rtl');
    await expect(page.getByRole('link', { name: '日本' })).toHaveAttribute('lang', 'ja-JP');
  });

  test('has the catch-all entries', async ({ page }) => {
    await page.goto('/choose-country-region');
    for (const path of [
      '/amei/en/',
      '/amei/fr/',
      '/asia/en/',
      '/europe/en/',
      '/lac/es/',
      '/lac/en/',
      '/lac/fr/',
    ]) {
      await expect(page.locator(`a[href="${path}"]`)).toHaveCount(1);
    }
  });

  test('reaches a country: the chosen locale loads with its language', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Choose your country or region' }).click();
    await expect(page).toHaveURL(/\/choose-country-region$/);
    await page.getByRole('link', { name: 'Canada (Français)' }).click();
    await expect(page).toHaveURL(/\/ca\/fr\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByTestId('home')).toHaveAttribute('data-locale', 'fr-CA');
  });

  test("the footer names the current country with the chooser's label", async ({ page }) => {
    // Embedded in the host page by the server: the home page does not load the chooser's data.
    const footer = page.locator('footer .site-footer__country');
    await page.goto('/ca/fr/');
    await expect(footer).toContainText('Canada (Français)');
    await page.goto('/europe/en/');
    await expect(footer).toContainText('Other Europe');
    // A locale the chooser does not list: the country's name in the page language.
    await page.goto('/il/he/');
    await expect(footer).toContainText('ישראל');
  });

  test('marks the current country when reached from a locale', async ({ page }) => {
    await page.goto('/uk/en/');
    await page.getByRole('link', { name: 'Choose your country or region' }).click();
    await expect(page.getByRole('link', { name: 'United Kingdom' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
});
