import { expect, test } from '@playwright/test';
import { countryConfig, expectNoAxeViolations, mockConfig } from './web-fixtures';
import { SHOTS, pickPlace, pickProduct, searchButton, sentence, stores } from './results-helpers';

// The training card has a real destination: its external link where configured, else the
// results page of the training providers where the channel has products to search, else no
// link; never a link that only leads back to the page the visitor is on.
test.use({ viewport: { width: 1440, height: 900 } });

test('the training card links to its configured destination', async ({ page }) => {
  await page.goto('/uk/en/');
  const card = page.getByTestId('card-training');
  await expect(card).toBeVisible();
  const link = card.getByRole('link');
  await expect(link).toHaveAttribute('href', 'https://training.example.com/uk/en/');
  await expect(card.locator('a[href$="/training"]')).toHaveCount(0);
});

test('without a configured destination or products the training card has no link', async ({
  page,
}) => {
  await mockConfig(page, { us: countryConfig('us', { training: true }) });
  await page.goto('/us/en/');
  const card = page.getByTestId('card-training');
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading')).toBeVisible();
  await expect(card.getByRole('link')).toHaveCount(0);
  await expect(page.getByTestId('card-consulting').getByRole('link')).toHaveCount(1);
});

test('with products the training card leads to the training providers', async ({ page }) => {
  // en-US lives at "/" (PRODUCT.md#routes), so its training results page is "/training".
  await page.goto('/');
  const link = page.getByTestId('card-training').getByRole('link');
  await expect(link).toHaveAttribute('href', '/training');
  await link.click();
  await expect(page).toHaveURL(/\/training$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a training provider');
  await expect(page).toHaveTitle(/^Find a Training Provider - /);

  await pickPlace(page, 'Chicag', 'Chicago');
  await pickProduct(page, 'Watch');
  const answer = page.waitForResponse((r) => r.url().includes('/api/v1/grlui/us/en/training?'));
  await searchButton(page).click();
  const body = (await (await answer).json()) as {
    results: { stores: { trainingProducts?: string[] }[] };
  };
  expect(body.results.stores.length).toBeGreaterThan(0);
  for (const s of body.results.stores) expect(s.trainingProducts ?? []).toContain('4');
  await expect(sentence(page)).toHaveText(/^\d+ locations? for Watch near Chicago/);
  await expect(stores(page).first()).toBeVisible();
  await expect(page).toHaveURL(/\/training\?pt=4&lat=41\.\d+&lon=-87\.\d+&address=/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/training-results-1440.png`, fullPage: true });
});

test('a localised home links to its own training results page', async ({ page }) => {
  await page.goto('/de/de/');
  const link = page.getByTestId('card-training').getByRole('link');
  await expect(link).toHaveAttribute('href', '/de/de/training');
  await link.click();
  await expect(page).toHaveURL(/\/de\/de\/training$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schulungsanbieter finden');
});

test('the training results page on a narrow screen, from a shared link', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/training?pt=1&lat=41.8781&lon=-87.6298&address=Chicago');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a training provider');
  await expect(sentence(page)).toHaveText(/^\d+ locations? for Phone near Chicago/);
  await expect(stores(page).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/training-results-390.png`, fullPage: true });
});
