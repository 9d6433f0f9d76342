import { expect, test, type Page } from '@playwright/test';
import { sentence, stores } from './results-helpers';

// Focus where a visitor expects it: Escape closes a callout opened with the mouse, "reset all
// filters" leaves focus in the filters.
test.use({ viewport: { width: 1440, height: 900 } });

const LONDON = '/uk/en/sales?pt=all&lat=51.50853&lon=-0.12574&address=London';
const pins = (page: Page) => page.getByTestId('map-slot').locator('button.store-map__pin');
const callout = (page: Page) => page.getByTestId('store-callout');

test('Escape closes a callout opened with the mouse, wherever focus is', async ({ page }) => {
  await page.goto(LONDON);
  await expect(page.getByTestId('store-map')).toHaveAttribute('data-map-ready', 'true');
  await pins(page).nth(2).click();
  await expect(callout(page)).toBeVisible();
  // A click on the page's background: focus is on the body.
  await page.mouse.click(5, 5);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(callout(page)).toHaveCount(0);
  await expect(stores(page).nth(2).locator('.store__select')).toBeFocused();
});

test('after "reset all filters" focus is on the filter toggle, not the body', async ({ page }) => {
  await page.goto(LONDON);
  await expect(stores(page)).toHaveCount(5);
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await toggle.click();
  const panel = page.getByRole('group', { name: 'Filter locations' });
  await panel.getByRole('checkbox', { name: 'Computer', exact: true }).check();
  await page.getByRole('button', { name: 'Reset filters', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeFocused();
  await expect(sentence(page)).toBeVisible();
});
