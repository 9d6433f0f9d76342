import { expect, test } from '@playwright/test';
import { stores } from './results-helpers';

// What the page says is plausible: a walk beyond walking distance is said to be too far, not
// given as a time of many hours; a search for All Products is not told to choose All Products.
test.use({ viewport: { width: 1440, height: 900 } });

test('a store beyond walking distance is "too far to walk"', async ({ page }) => {
  // The Cairngorms: the nearest stores are tens of miles away.
  await page.goto('/uk/en/sales?pt=all&lat=57.05&lon=-3.6&address=Cairngorms');
  await expect(stores(page).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Travel mode' }).selectOption('walking');
  const first = stores(page).first();
  await expect(first.getByText('Too far to walk')).toBeVisible();
  await expect(first.getByText(/Estimated travel time/)).toHaveCount(0);
  // Driving still gives a time.
  await page.getByRole('combobox', { name: 'Travel mode' }).selectOption('automobile');
  await expect(first.getByText(/^Estimated travel time: /)).toBeVisible();
});

test('no results for All Products does not suggest All Products', async ({ page }) => {
  // The open Atlantic: no British store within the radius nor the nearest-stores cap.
  await page.goto('/uk/en/sales?pt=all&lat=45&lon=-40&address=North%20Atlantic');
  const none = page.getByTestId('no-results');
  await expect(none).toBeVisible();
  await expect(none).toContainText('Try a different location.');
  await expect(none).not.toContainText('All Products');
});
