import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  SHOTS,
  analytics,
  locationBox,
  pickPlace,
  pickProduct,
  searchButton,
  sentence,
  stores,
} from './results-helpers';

// Search journeys on the results page against the real server and demo data.
test.use({ viewport: { width: 1440, height: 900 } });

test('sales search: place, product, results, query string and analytics', async ({ page }) => {
  await page.goto('/uk/en/sales');
  await expect(searchButton(page)).toBeDisabled();
  await pickPlace(page, 'Manch', 'Manchester');
  // Enter without a product names what is missing and moves focus to it.
  await locationBox(page).press('Enter');
  const products = page.getByRole('group', { name: 'Product' });
  await expect(products.getByText('Choose a product.')).toBeVisible();
  await expect(products.getByRole('radio').first()).toBeFocused();
  await pickProduct(page, 'All Products');
  await expect(searchButton(page)).toBeEnabled();
  await searchButton(page).click();
  await expect(sentence(page)).toHaveText(/^\d+ locations near Manchester$/);
  await expect(stores(page)).toHaveCount(5);
  await expect(stores(page).first().getByRole('heading')).toContainText('1.');
  await expect(sentence(page)).toBeFocused();
  await expect(page).toHaveURL(
    /\/uk\/en\/sales\?pt=all&lat=53\.\d+&lon=-2\.\d+&address=Manchester$/,
  );
  const first = stores(page).first();
  await expect(first.getByRole('link', { name: /Directions to/ })).toHaveAttribute(
    'href',
    /saddr=Manchester&daddr=.+&hl=en$/,
  );
  await first.getByRole('link', { name: /Directions to/ }).click({ modifiers: ['ControlOrMeta'] });
  const events = await analytics(page);
  expect(events.filter((e) => e.type === 'search')).toEqual([
    expect.objectContaining({ channel: 'sales', country: 'GB', product: 'all', trigger: 'form' }),
  ]);
  expect(events.some((e) => e.type === 'click' && e.link === 'directions')).toBe(true);
  await page.screenshot({ path: `${SHOTS}/results-sales-search-1440.png`, fullPage: true });
});

test('service search with carrier, then the drop-off switch', async ({ page }) => {
  await page.goto('/uk/en/service');
  await pickPlace(page, 'Lond', 'London');
  await pickProduct(page, 'Phone');
  // en-GB says "network" for carrier (the en_GB catalogue).
  const carrier = page.getByRole('combobox', { name: 'Network' });
  await expect(carrier.locator('option').nth(1)).toHaveText('No contract');
  await expect(searchButton(page)).toBeDisabled();
  await carrier.selectOption('EE');
  await searchButton(page).click();
  await expect(sentence(page)).toHaveText(/^\d+ locations? for Phone near London$/);
  await expect(page).toHaveURL(/pt=1&.*&carrier=EE$/);
  // On-site search: no store offering only drop-off (rt2), numbered from 1.
  await expect(stores(page).first().getByRole('heading')).toContainText('1.');
  await expect(page.getByRole('link', { name: /EE repairs/ }).first()).toBeVisible();

  await page.getByRole('link', { name: 'Show drop-off locations' }).click();
  await expect(sentence(page)).toHaveText(/^\d+ drop-off locations? for Phone near London$/);
  await expect(page).toHaveURL(/carrier=EE&repairType=Drop\+off$/);
  await page.getByRole('link', { name: 'Show on-site repair locations' }).click();
  await expect(sentence(page)).toHaveText(/^\d+ locations? for Phone near London$/);
  await expect(page).not.toHaveURL(/repairType/);
  await page.screenshot({ path: `${SHOTS}/results-service-search-1440.png`, fullPage: true });
});

test('filtering to no match, then reset', async ({ page }) => {
  await page.goto('/uk/en/sales?pt=all&lat=51.50853&lon=-0.12574&address=London');
  await expect(stores(page)).toHaveCount(5);
  const total = Number((await sentence(page).textContent())?.split(' ')[0]);
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const panel = page.getByRole('group', { name: 'Filter locations' });
  await panel.getByRole('checkbox', { name: 'Computer', exact: true }).check();
  await expect(page.getByRole('button', { name: 'Filters (1 selected)' })).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Headset', exact: true }).check();
  await expect(page.getByRole('button', { name: 'Filters (2 selected)' })).toBeVisible();
  await panel.getByRole('button', { name: 'More filters' }).click();
  const firstNew = panel.locator('[data-filter-group="badges"] input').first();
  await expect(firstNew).toBeFocused();
  // No "Coming Soon" store of the demo data (version 2) near London sells both computers and
  // headsets (products: all selected; badges: any).
  await panel.getByRole('checkbox', { name: 'Coming Soon' }).check();
  await expect(page.getByRole('button', { name: 'Filters (3 selected)' })).toBeVisible();
  await expect(page.getByTestId('no-match')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/results-no-match-1440.png`, fullPage: true });
  await page.getByRole('button', { name: 'reset all filters' }).click();
  await expect(stores(page)).toHaveCount(5);
  await expect(sentence(page)).toHaveText(`${total} locations near London`);
  await expect(page.getByRole('status').filter({ hasText: 'Filters reset.' })).toHaveCount(1);
});

test('paging through results', async ({ page }) => {
  await page.goto('/uk/en/sales?pt=all&lat=51.50853&lon=-0.12574&address=London');
  const nav = page.getByRole('navigation', { name: 'Result pages' });
  await expect(nav.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await nav.getByRole('button', { name: 'Next page' }).click();
  await expect(stores(page).first().getByRole('heading')).toContainText('6.');
  await expect(page.getByText(/^page updated, showing results 6 to 10 of \d+$/)).toBeAttached();
  await nav.getByRole('button', { name: /^Page 5 of/ }).click();
  await expect(stores(page).first().getByRole('heading')).toContainText('21.');
  await expect(nav.getByRole('listitem')).toHaveText(['3', '4', '5', '6', '7']);
  await expect(page.getByText(/^page updated/)).toHaveCount(1);
  await expect(page.getByText(/^page updated/)).toHaveCount(0, { timeout: 6000 });
});

test('a place that cannot be found', async ({ page }) => {
  await page.goto('/uk/en/sales');
  await locationBox(page).fill('Qwxzvbn Qwxzvbn');
  await page.keyboard.press('Escape');
  await pickProduct(page, 'All Products');
  await searchButton(page).click();
  await expect(page.getByText("We couldn't find that location.", { exact: false })).toBeVisible();
  await expect(locationBox(page)).toBeFocused();
  await expect(locationBox(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(stores(page)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/results-not-found-1440.png` });
});

test('a postcode without offline data says so; a typo is offered, then searched', async ({
  page,
}) => {
  await page.goto('/uk/en/sales');
  await locationBox(page).fill('SW1A 1AA');
  await page.keyboard.press('Escape');
  await pickProduct(page, 'All Products');
  await searchButton(page).click();
  await expect(
    page.getByText("We can't look up postcodes for this country.", { exact: false }),
  ).toBeVisible();
  await expect(locationBox(page)).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page)).toEqual([]);

  await locationBox(page).fill('Leedz');
  await page.keyboard.press('Escape');
  await searchButton(page).click();
  const meant = page.getByRole('button', { name: 'Did you mean Leeds, England, United Kingdom?' });
  await expect(meant).toBeVisible();
  await expect(stores(page)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await meant.click();
  await expect(stores(page).first()).toBeVisible();
  await expect(locationBox(page)).toHaveValue('Leeds');
  await expect(page).toHaveURL(/lat=53\.79/);
});

test('a server error shows the banner', async ({ page }) => {
  // The browser's own network layer fails the search request.
  await page.route('**/api/v1/grlui/uk/en/sales?**', (route) => route.abort('failed'));
  await page.goto('/uk/en/sales?pt=all&lat=51.50853&lon=-0.12574&address=London');
  const banner = page.getByRole('alert');
  await expect(banner).toContainText('Something went wrong.');
  await expect(banner).toContainText("We couldn't load locations right now.");
  await expect(stores(page)).toHaveCount(0);
  await page.unroute('**/api/v1/grlui/uk/en/sales?**');
  await banner.getByRole('button', { name: 'Try again' }).click();
  await expect(stores(page)).toHaveCount(5);
});

test('a deep link searches on load and fills the form; an incomplete one is cleared', async ({
  page,
}) => {
  await page.goto('/uk/en/service?pt=2&lat=53.48&lon=-2.24&address=Manchester&carrier=O2');
  await expect(sentence(page)).toHaveText(/for Tablet near Manchester$/);
  await expect(locationBox(page)).toHaveValue('Manchester');
  await expect(page.getByRole('textbox', { name: 'Product' })).toHaveValue('Tablet');
  await expect(page.getByRole('combobox', { name: 'Network' })).toHaveValue('O2');
  await expect(searchButton(page)).toBeEnabled();
  await page.goto('/uk/en/service?pt=2&lat=53.48&address=Manchester');
  await expect(page).toHaveURL(/\/uk\/en\/service$/);
  await expect(stores(page)).toHaveCount(0);
  // Reset clears form, results and query.
  await page.goto('/uk/en/sales?pt=all&lat=53.48&lon=-2.24&address=Manchester');
  await expect(stores(page)).toHaveCount(5);
  await page.getByRole('button', { name: 'Reset the search form and results' }).click();
  await expect(page).toHaveURL(/\/uk\/en\/sales$/);
  await expect(stores(page)).toHaveCount(0);
  await expect(locationBox(page)).toHaveValue('');
});

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
