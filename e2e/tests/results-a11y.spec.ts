import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './web-fixtures';
import { SHOTS, locationBox, searchButton, sentence, stores } from './results-helpers';

// Axe on the results page with results, with no results and with a server error, in
// en-US and ar-AE at 1440 px and 390 px; a full-page screenshot of each goes to $SHOTS_DIR.
const pages: Record<string, { base: string; place: string; nowhere: string }> = {
  'en-US': {
    base: '/sales',
    place: 'pt=all&lat=40.7128&lon=-74.006&address=New%20York',
    // Far from every store (beyond the nearest-stores cap): no results at all.
    nowhere: 'pt=all&lat=-40&lon=-140&address=South%20Pacific',
  },
  'ar-AE': {
    base: '/ae/ar/sales',
    place: 'pt=all&lat=25.2048&lon=55.2708&address=%D8%AF%D8%A8%D9%8A',
    nowhere: 'pt=all&lat=-5&lon=70&address=%D8%A7%D9%84%D9%85%D8%AD%D9%8A%D8%B7',
  },
};

for (const width of [1440, 390]) {
  test.describe(`results accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [locale, p] of Object.entries(pages)) {
      test(`${locale} with results`, async ({ page }) => {
        await page.goto(`${p.base}?${p.place}`);
        await expect(stores(page)).toHaveCount(5);
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/results-${locale}-${width}.png`, fullPage: true });
        // The open filter panel and the suggestion list too.
        await page.locator('.filters__toggle').click();
        await page.locator('.filters__more-toggle').click();
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/results-filters-${locale}-${width}.png` });
        await locationBox(page).fill('');
        await locationBox(page).pressSequentially(locale === 'ar-AE' ? 'Dub' : 'Bost', {
          delay: 30,
        });
        await expect(page.getByRole('listbox')).toBeVisible();
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/results-suggest-${locale}-${width}.png` });
      });

      test(`${locale} with no results`, async ({ page }) => {
        await page.goto(`${p.base}?${p.nowhere}`);
        await expect(page.getByTestId('no-results')).toBeVisible();
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: `${SHOTS}/results-none-${locale}-${width}.png`,
          fullPage: true,
        });
      });

      test(`${locale} with a server error`, async ({ page }) => {
        await page.route('**/api/v1/grlui/*/*/sales?**', (route) => route.abort('failed'));
        await page.goto(`${p.base}?${p.place}`);
        await expect(page.getByTestId('server-error')).toBeVisible();
        await expect(sentence(page)).toHaveCount(0);
        await expect(searchButton(page)).toBeEnabled();
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: `${SHOTS}/results-error-${locale}-${width}.png`,
          fullPage: true,
        });
      });
    }
  });
}
