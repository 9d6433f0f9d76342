import { expect, test, type Page } from '@playwright/test';
import { locationBox, pickPlace, searchButton, sentence, stores } from './results-helpers';

// Navigation history: each search, each results page and the narrow detail view is a history
// entry; Back, Forward and reload come back to it with its scroll position and focus.

const LONDON = '/uk/en/sales?pt=all&lat=51.50853&lon=-0.12574&address=London';
const nav = (page: Page) => page.getByRole('navigation', { name: 'Result pages' });

async function searchFromForm(page: Page, text: string) {
  await locationBox(page).fill('');
  await pickPlace(page, text);
  await searchButton(page).click();
  await expect(sentence(page)).toHaveText(new RegExp(`near ${text}$`));
}

test.describe('wide screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Back and Forward between two searches; reload keeps the search', async ({ page }) => {
    await page.goto('/uk/en/');
    await page.getByTestId('card-sales').getByRole('link').click();
    await expect(page).toHaveURL(/\/uk\/en\/sales$/);
    await page.getByRole('radio', { name: 'All Products', exact: true }).click();
    await searchFromForm(page, 'London');
    await searchFromForm(page, 'Birmingham');
    await expect(page).toHaveURL(/address=Birmingham/);

    await page.goBack();
    await expect(page).toHaveURL(/address=London/);
    await expect(sentence(page)).toHaveText(/near London$/);
    await expect(locationBox(page)).toHaveValue('London');
    await expect(stores(page)).toHaveCount(5);

    await page.goForward();
    await expect(sentence(page)).toHaveText(/near Birmingham$/);
    await expect(locationBox(page)).toHaveValue('Birmingham');

    await page.reload();
    await expect(sentence(page)).toHaveText(/near Birmingham$/);
    await expect(page).toHaveURL(/address=Birmingham/);

    // Back past the first search: the empty form, then the home page.
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/uk\/en\/sales$/);
    await expect(stores(page)).toHaveCount(0);
    await page.goBack();
    await expect(page.getByTestId('home')).toBeVisible();
  });

  test('each results page is an entry; Back restores scroll and focus', async ({ page }) => {
    await page.goto(LONDON);
    await expect(stores(page)).toHaveCount(5);
    const next = nav(page).getByRole('button', { name: 'Next page' });
    await next.scrollIntoViewIfNeeded();
    const scrollBefore = await page.evaluate(() => Math.round(window.scrollY));
    await next.click();
    await expect(page).toHaveURL(/&page=2$/);
    await expect(stores(page).first().getByRole('heading')).toContainText('6.');
    // Paging: focus and scroll go to the results heading, above the new page's first store.
    await expect(sentence(page)).toBeFocused();
    await expect(sentence(page)).toBeInViewport();

    await page.goBack();
    await expect(page).not.toHaveURL(/page=/);
    await expect(stores(page).first().getByRole('heading')).toContainText('1.');
    await expect(next).toBeFocused();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(scrollBefore);

    await page.goForward();
    await expect(stores(page).first().getByRole('heading')).toContainText('6.');
    await page.reload();
    await expect(stores(page).first().getByRole('heading')).toContainText('6.');
    await expect(nav(page).getByRole('button', { name: /^Page 2 of/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('Search is unavailable while a search is in flight', async ({ page }) => {
    await page.goto(LONDON);
    await expect(stores(page)).toHaveCount(5);
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v1/grlui/uk/en/sales?**', async (route) => {
      await held;
      await route.continue();
    });
    await searchButton(page).click();
    await expect(searchButton(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(searchButton(page)).toHaveAttribute('aria-busy', 'true');
    await expect(searchButton(page)).toBeFocused();
    release();
    await expect(searchButton(page)).not.toHaveAttribute('aria-busy', 'true');
    await expect(stores(page)).toHaveCount(5);
  });
});

test.describe('narrow screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the detail view is an entry: Back returns to the list and its store', async ({ page }) => {
    await page.goto('/uk/en/');
    await page.goto(LONDON);
    await expect(stores(page)).toHaveCount(5);
    const entry = stores(page).nth(2);
    await entry.locator('.store__select').click();
    await expect(page.getByTestId('store-detail')).toBeVisible();
    await expect(page).toHaveURL(/&store=[^&]+$/);

    await page.goBack();
    await expect(page.getByTestId('store-detail')).toHaveCount(0);
    await expect(page).toHaveURL(/address=London$/);
    await expect(stores(page).nth(2).locator('.store__select')).toBeFocused();

    await page.goForward();
    await expect(page.getByTestId('store-detail')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('store-detail')).toBeVisible();

    // "Back to stores" after a reload: the list, still on the locator.
    await page.getByRole('button', { name: 'Back to stores' }).click();
    await expect(stores(page)).toHaveCount(5);
    await expect(page).toHaveURL(/address=London$/);
  });
});
