import { expect, test, type Page } from '@playwright/test';
import { locationBox, searchButton, sentence, stores } from './results-helpers';

/** Types a place and picks the first suggestion of the location's listbox. */
async function pickPlace(page: Page, text: string) {
  await locationBox(page).click();
  await locationBox(page).pressSequentially(text, { delay: 30 });
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText(text);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
}

// The search form as a visitor fills it: in multi-country locales the country comes first (it
// limits the place search), and a field shows an error only for what the visitor did.
test.use({ viewport: { width: 1440, height: 900 } });

test('multi-country form: country, then place; a new country brings no stale errors', async ({
  page,
}) => {
  await page.goto('/europe/en/sales');
  const form = page.getByTestId('search-form');
  const country = page.getByRole('combobox', { name: 'Country or region' });
  // The country field comes before the location field.
  await expect(form.locator('select, input[role="combobox"]').first()).toHaveAttribute(
    'name',
    'country',
  );
  await country.selectOption({ label: 'Serbia' });
  await pickPlace(page, 'Belgrade');
  await expect(locationBox(page)).toHaveValue(/^Belgrade/);
  await page.getByRole('radio', { name: 'All Products', exact: true }).click();
  await searchButton(page).click();
  await expect(sentence(page)).toHaveText(/near Belgrade/);
  await expect(stores(page).first()).toBeVisible();

  // Another country: the place and product are emptied, but no error is shown for them, and
  // Serbia's results leave the screen (they are not Albania's).
  await country.selectOption({ label: 'Albania' });
  await expect(locationBox(page)).toHaveValue('');
  await expect(stores(page)).toHaveCount(0);
  await expect(sentence(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/lat=/);
  await expect(form.getByText('Choose a product.')).toHaveCount(0);
  await expect(form.getByText("We couldn't find that location.", { exact: false })).toHaveCount(0);
  await expect(locationBox(page)).not.toHaveAttribute('aria-invalid', 'true');
  await pickPlace(page, 'Tirana');
  await page.getByRole('radio', { name: 'All Products', exact: true }).click();
  await searchButton(page).click();
  await expect(sentence(page)).toHaveText(/near Tirana/);
});

test('after a search, another country clears the results; errors only for what is submitted', async ({
  page,
}) => {
  await page.goto('/lac/es/service');
  const form = page.getByTestId('search-form');
  const country = form.locator('select[name="country"]');
  await country.selectOption('MQ');
  await pickPlace(page, 'Fort-de-France');
  // The first product (phone) and the first carrier offered for it.
  await form.getByRole('radio').first().click();
  await form.locator('select[name="carrier"]').selectOption({ index: 1 });
  await searchButton(page).click();
  await expect(sentence(page)).toContainText('Fort-de-France');
  await expect(stores(page).first()).toBeVisible();
  const martinique = page.url();

  await country.selectOption('GP');
  await expect(stores(page)).toHaveCount(0);
  await expect(sentence(page)).toHaveCount(0);
  await expect(form.locator('.field-error')).toHaveCount(0);
  await expect(locationBox(page)).not.toHaveAttribute('aria-invalid', 'true');

  // Back shows the search before the change again.
  await page.goBack();
  await expect(page).toHaveURL(martinique);
  await expect(stores(page).first()).toBeVisible();
  await expect(country).toHaveValue('MQ');
});
