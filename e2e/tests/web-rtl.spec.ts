/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { mockConfig } from './web-fixtures';

// Right-to-left pages (PRODUCT.md#what-the-product-does): dir="rtl", a mirrored layout, chevrons pointing left.
test.describe('right to left', () => {
  test.beforeEach(async ({ page }) => {
    await mockConfig(page);
  });

  test('an Arabic page is right to left and mirrored', async ({ page }) => {
    await page.goto('/ae/ar/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar-AE');
    await expect(page.getByTestId('card-sales')).toBeVisible();

    // Card 0 has its image on the "right" side, which is the inline end: the left in RTL.
    const card = page.getByTestId('card-sales');
    const text = await card.locator('.channel-card__text').boundingBox();
    const image = await card.locator('img').boundingBox();
    expect(text && image && image.x < text.x).toBe(true);

    // The heading starts at the right edge.
    const h1 = await page.getByRole('heading', { level: 1 }).boundingBox();
    const main = await page.locator('main').boundingBox();
    expect(h1 && main && main.x + main.width - (h1.x + h1.width) < 40).toBe(true);

    // Chevrons point left.
    const transform = await card
      .locator('.chevron')
      .evaluate((el) => getComputedStyle(el).transform);
    expect(transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  });

  test('Latin text and numbers in the page stay readable left to right', async ({ page }) => {
    await page.goto('/ae/ar/');
    // The brand (Latin) is isolated so that it is not reordered by the Arabic around it.
    const brand = page.locator('.site-header__brand');
    await expect(brand).toContainText('Lumen');
    const english = page.getByRole('navigation', { name: /./ }).locator('a[lang="en-AE"]');
    await expect(english).toHaveAttribute('dir', 'ltr');
  });

  test('a left-to-right page keeps chevrons pointing right', async ({ page }) => {
    await page.goto('/ae/en/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    const transform = await page
      .getByTestId('card-sales')
      .locator('.chevron')
      .evaluate((el) => getComputedStyle(el).transform);
    expect(transform).toBe('none');
  });
});
