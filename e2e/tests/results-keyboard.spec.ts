import { expect, test, type Page } from '@playwright/test';
import { SHOTS, locationBox, sentence, stores } from './results-helpers';

// Issue 6: one whole journey with the keyboard only — search, filter, page, reset.
test.use({ viewport: { width: 1440, height: 900 } });

async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('focus never reached the target');
}

test('search, filter, page and reset with the keyboard only', async ({ page }) => {
  await page.goto('/uk/en/sales');
  await tabTo(page, locationBox(page));
  await page.keyboard.type('Leed', { delay: 40 });
  await expect(page.getByRole('option').first()).toContainText('Leeds');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(locationBox(page)).toHaveValue('Leeds');

  // Product tiles: arrows move the choice, Space picks, leaving the group collapses it.
  const firstTile = page.getByRole('radio').first();
  await tabTo(page, firstTile);
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Phone', exact: true })).toBeChecked();
  await page.keyboard.press('Tab'); // "Show more products"
  await page.keyboard.press('Tab'); // leaves the group: Reset
  await expect(page.getByRole('textbox', { name: 'Product' })).toHaveValue('Phone');
  await tabTo(page, page.getByRole('button', { name: 'Search', exact: true }));
  await page.keyboard.press('Enter');
  await expect(sentence(page)).toHaveText(/for Phone near Leeds$/);
  await expect(sentence(page)).toBeFocused();

  // Filters: open, tick the first chip, reset.
  await page.keyboard.press('Tab'); // enterprise link comes before; focus moves on from the heading
  await tabTo(page, page.getByRole('button', { name: 'Filters', exact: true }));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Filters (1 selected)' })).toBeVisible();
  // Forward round the page: the list's select buttons, the map's pins, zoom and credits (issue 7)
  // come before the page wraps to the top again.
  await tabTo(page, page.getByRole('button', { name: 'Reset filters' }), 90);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();

  // Paging.
  const next = page.getByRole('button', { name: 'Next page' });
  await tabTo(page, next, 120);
  await page.keyboard.press('Enter');
  await expect(stores(page).first().getByRole('heading')).toContainText('6.');
  await page.screenshot({ path: `${SHOTS}/results-keyboard-1440.png` });

  // Reset the whole search from the form.
  await page.keyboard.press('Shift+Tab');
  const reset = page.getByRole('button', { name: 'Reset the search form and results' });
  for (let i = 0; i < 120 && !(await reset.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Shift+Tab');
  }
  await page.keyboard.press('Enter');
  await expect(stores(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/uk\/en\/sales$/);
});
