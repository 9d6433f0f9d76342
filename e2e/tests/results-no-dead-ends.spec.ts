import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SHOTS, locationBox, searchButton, sentence, stores } from './results-helpers';

// No dead ends: a street answered with its town (saying so), "not found" without postcodes
// where the search finds none, another country's site for a place or position there, and the
// nearest stores from anywhere in a country that has some.
test.use({ viewport: { width: 1440, height: 900 } });

async function typeAndSearch(page: Page, text: string, product: string) {
  await locationBox(page).fill(text);
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: product, exact: true }).click();
  await searchButton(page).click();
}

async function axeViolations(page: Page) {
  return (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations;
}

test('a street the maps engine cannot place: the town it names, saying so', async ({ page }) => {
  await page.goto('/us/en/sales');
  await typeAndSearch(page, '350 5th Ave, New York', 'All Products');
  await expect(sentence(page)).toHaveText(/locations near New York City/);
  const notice = page.getByTestId('street-not-found');
  await expect(notice).toHaveText(
    "We couldn't find that street, so these are locations near New York City.",
  );
  await expect(sentence(page)).toHaveAttribute('aria-describedby', 'results-town-shown');
  await expect(stores(page).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/results-street-not-found-1440.png` });

  // In German, on the German site.
  await page.goto('/de/de/sales');
  await typeAndSearch(page, 'Marienplatz 1, München', 'Alle Produkte');
  await expect(page.getByTestId('street-not-found')).toHaveText(
    'Diese Straße wurde nicht gefunden. Angezeigt werden Standorte in der Nähe von München.',
  );
  // A town as such: no notice.
  await page.goto('/de/de/sales');
  await typeAndSearch(page, 'München', 'Alle Produkte');
  await expect(sentence(page)).toHaveText(/München/);
  await expect(page.getByTestId('street-not-found')).toHaveCount(0);
});

test('"not found" offers postcodes only where the search finds them', async ({ page }) => {
  await page.goto('/uk/en/sales');
  // The placeholder promises the same.
  await expect(locationBox(page)).toHaveAttribute('placeholder', 'Town or address');
  await typeAndSearch(page, 'Qwxzvbn Qwxzvbn', 'All Products');
  const error = page.locator('.field-error');
  await expect(error).toHaveText(
    "Error: We couldn't find that location. Check the spelling or try a nearby town.",
  );
  await page.goto('/de/de/sales');
  await typeAndSearch(page, 'Qwxzvbn Qwxzvbn', 'Alle Produkte');
  await expect(page.locator('.field-error')).toContainText('Stadt oder PLZ in der Nähe');
  await expect(locationBox(page)).toHaveAttribute('placeholder', 'Stadt, Adresse oder PLZ');
});

test('a Paris postcode is searched at its arrondissement, not the city centre', async ({
  page,
}) => {
  await page.goto('/fr/fr/sales');
  await typeAndSearch(page, '75008', 'Tous les produits');
  await expect(stores(page).first()).toBeVisible();
  // The 8th arrondissement lies north-west of the centre (48.8566, 2.3522).
  await expect(page).toHaveURL(/lat=48\.87\d*&lon=2\.3[01]\d*&/);
});

test("a place in another country offers that country's site, keeping the search", async ({
  page,
}) => {
  await page.goto('/de/de/sales');
  await typeAndSearch(page, 'Paris', 'Alle Produkte');
  await expect(page.locator('.field-error')).toHaveText(
    'Fehler: Dieser Ort liegt in einem anderen Land.',
  );
  await expect(stores(page)).toHaveCount(0);
  // German is not offered in France: its default language, French.
  const offer = page.getByRole('link', {
    name: 'In der Nähe von Paris auf der Website für Frankreich suchen',
  });
  await expect(offer).toHaveAttribute(
    'href',
    /^\/fr\/fr\/sales\?pt=all&lat=48\.8\d*&lon=2\.3\d*&address=/,
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/results-other-country-de-1440.png` });
  // One click: the French site searches there.
  await offer.click();
  await expect(page).toHaveURL(/\/fr\/fr\/sales\?pt=all&lat=48\.8/);
  await expect(stores(page).first()).toBeVisible();
  await expect(sentence(page)).toHaveText(/Paris/);
  await expect(locationBox(page)).toHaveValue(/Paris/);

  // English is offered in France: from the British site, its English one.
  await page.goto('/uk/en/sales');
  await typeAndSearch(page, 'Paris', 'All Products');
  await expect(
    page.getByRole('link', { name: 'Search near Paris on the site for France' }),
  ).toHaveAttribute('href', /^\/fr\/en\/sales\?pt=all&/);
});

test("a device position in another country offers that country's site", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 48.8566, longitude: 2.3522 });
  await page.goto('/de/de/sales');
  await page.getByRole('radio', { name: 'Alle Produkte', exact: true }).click();
  await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
  await expect(locationBox(page)).toHaveValue(/Paris/);
  const offer = page.getByTestId('other-site').getByRole('link');
  await expect(offer).toHaveText(/^In der Nähe von Paris auf der Website für Frankreich suchen$/);
  await expect(offer).toHaveAttribute(
    'href',
    /^\/fr\/fr\/sales\?pt=all&lat=48\.8566&lon=2\.3522&address=/,
  );
  await page.screenshot({ path: `${SHOTS}/results-other-country-position-de-1440.png` });
});

test('the nearest stores from anywhere in a country that has some (Inuvik)', async ({ page }) => {
  await page.goto('/ca/en/sales?pt=all&lat=68.3607&lon=-133.723&address=Inuvik');
  await expect(sentence(page)).toHaveText(/^No locations within .+ of Inuvik\. The nearest are:$/);
  await expect(stores(page).first()).toBeVisible();
  await expect(page.getByTestId('no-results')).toHaveCount(0);
  // The open sea, far from any Canadian store: still nothing.
  await page.goto('/ca/en/sales?pt=all&lat=-40&lon=-140&address=South%20Pacific');
  await expect(page.getByTestId('no-results')).toBeVisible();
  // At 390 px too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ca/en/sales?pt=all&lat=68.3607&lon=-133.723&address=Inuvik');
  await expect(stores(page).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/results-inuvik-390.png` });
});
