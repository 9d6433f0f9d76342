import { expect, test } from '@playwright/test';
import { mockConfig } from './web-fixtures';

// The language selector of PRODUCT.md#language-selector.
test.describe('language selector', () => {
  test.beforeEach(async ({ page }) => {
    await mockConfig(page);
  });

  test('lists the country languages; the current one is marked and not a link', async ({
    page,
  }) => {
    await page.goto('/ca/en/');
    const nav = page.getByRole('navigation', { name: 'Language' });
    await expect(nav.getByRole('listitem')).toHaveText(['English, current language', 'Français']);
    await expect(nav.locator('[aria-current="true"]')).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByRole('link')).toHaveCount(1);
  });

  test('switching language keeps the page and its query string', async ({ page }) => {
    await page.goto('/ca/en/?pt=all&countryCode=CA');
    await page.locator('nav.language-selector').getByRole('link').click();
    await expect(page).toHaveURL(/\/ca\/fr\/\?pt=all&countryCode=CA$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');

    const search = '?pt=all&lat=45.5&lon=-73.6&address=Montr%C3%A9al';
    await page.goto(`/ca/fr/service${search}`);
    const link = page.locator('nav.language-selector').getByRole('link');
    await expect(link).toHaveAttribute('href', `/ca/en/service${search}`);
  });

  test('the space key activates a language link', async ({ page }) => {
    await page.goto('/ca/fr/?lat=45.5&lon=-73.6');
    const link = page.locator('nav.language-selector').getByRole('link');
    await link.focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/\/ca\/en\/\?lat=45\.5&lon=-73\.6$/);
  });

  test('a single-language country has no selector', async ({ page }) => {
    await page.goto('/uk/en/');
    await expect(page.getByTestId('card-sales')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Language' })).toHaveCount(0);
  });
});
