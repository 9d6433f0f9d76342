import { expect, test } from '@playwright/test';
import { countryConfig, mockConfig } from './web-fixtures';

// The training card has a real destination: its external link where configured, else no link;
// never a link that only leads back to the page the visitor is on.
test.use({ viewport: { width: 1440, height: 900 } });

test('the training card links to its configured destination', async ({ page }) => {
  await page.goto('/uk/en/');
  const card = page.getByTestId('card-training');
  await expect(card).toBeVisible();
  const link = card.getByRole('link');
  await expect(link).toHaveAttribute('href', 'https://training.example.com/uk/en/');
  await expect(card.locator('a[href$="/training"]')).toHaveCount(0);
});

test('without a configured destination the training card has no link', async ({ page }) => {
  await mockConfig(page, { us: countryConfig('us', { training: true }) });
  await page.goto('/us/en/');
  const card = page.getByTestId('card-training');
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading')).toBeVisible();
  await expect(card.getByRole('link')).toHaveCount(0);
  await expect(page.getByTestId('card-consulting').getByRole('link')).toHaveCount(1);
});
