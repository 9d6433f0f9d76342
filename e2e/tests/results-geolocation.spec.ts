import { expect, test } from '@playwright/test';
import { SHOTS, locationBox, pickProduct, searchButton, sentence } from './results-helpers';

// PRODUCT.md#geolocation: "use my location" with Chromium's geolocation override.
test.use({ viewport: { width: 1440, height: 900 } });

test('granted: the reverse-geocoded address fills the field and searches there', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 53.4809, longitude: -2.2374 });
  await page.goto('/uk/en/sales');
  await pickProduct(page, 'All Products');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(locationBox(page)).toHaveValue(/Manchester/);
  await expect(searchButton(page)).toBeEnabled();
  await searchButton(page).click();
  await expect(sentence(page)).toHaveText(/locations near .*Manchester/);
  await expect(page).toHaveURL(/lat=53\.4809&lon=-2\.2374/);
});

test('denied: the button is disabled with an explanation', async ({ page }) => {
  await page.goto('/uk/en/sales');
  const button = page.getByRole('button', { name: 'Use my location' });
  await button.click();
  await expect(button).toBeDisabled();
  await expect(page.getByText('Location access is turned off for this site')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/results-geolocation-denied-1440.png` });
});
