import { expect, test } from '@playwright/test';
import { sentence, stores } from './results-helpers';

// Product names come from the API in the page's language (server config/catalogue-names.json).
test('the result sentence names the product in the page language', async ({ page }) => {
  await page.goto('/ae/ar/sales?pt=1&lat=25.2048&lon=55.2708&address=%D8%AF%D8%A8%D9%8A');
  await expect(stores(page).first()).toBeVisible();
  await expect(sentence(page)).toContainText('هاتف');
  await expect(sentence(page)).not.toContainText('Phone');
  await page.goto('/jp/ja/sales?pt=2&lat=35.6812&lon=139.7671&address=Tokyo');
  await expect(stores(page).first()).toBeVisible();
  await expect(sentence(page)).toContainText('タブレット');
});
