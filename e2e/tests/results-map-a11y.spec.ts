import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './web-fixtures';
import { SHOTS, stores } from './results-helpers';

// Axe with the map, the callout and the narrow detail view in en-US, ar-AE and zh-CN at
// 1440 px and 390 px; screenshots of each to $SHOTS_DIR (i7-*.png).
const pages: Record<string, string> = {
  'en-US': '/sales?pt=all&lat=40.7128&lon=-74.006&address=New%20York',
  'ar-AE': '/ae/ar/sales?pt=all&lat=25.2048&lon=55.2708&address=%D8%AF%D8%A8%D9%8A',
  'zh-CN': '/cn/zh/sales?pt=all&lat=31.2304&lon=121.4737&address=%E4%B8%8A%E6%B5%B7',
};

async function mapReady(page: Page) {
  await expect(page.getByTestId('store-map').first()).toHaveAttribute('data-map-ready', 'true');
}

for (const [locale, url] of Object.entries(pages)) {
  test.describe(`map and detail in ${locale}`, () => {
    test.describe('1440 px', () => {
      test.use({ viewport: { width: 1440, height: 900 } });

      test('list with map, then the callout', async ({ page }) => {
        await page.goto(url);
        await expect(stores(page)).toHaveCount(5);
        await mapReady(page);
        await page.waitForTimeout(1800); // fitted
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/i7-results-${locale}-1440.png` });
        await stores(page).nth(1).locator('.store__select').click();
        await expect(page.getByTestId('store-callout')).toBeVisible();
        await page.waitForTimeout(1000); // re-centred
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/i7-callout-${locale}-1440.png` });
      });
    });

    test.describe('390 px', () => {
      test.use({ viewport: { width: 390, height: 844 } });

      test('list without map, then the detail view', async ({ page }) => {
        await page.goto(url);
        await expect(stores(page)).toHaveCount(5);
        await expect(page.getByTestId('map-slot')).toHaveCount(0);
        await page.screenshot({ path: `${SHOTS}/i7-results-${locale}-390.png`, fullPage: true });
        await stores(page).first().locator('.store__select').click();
        await expect(page.getByTestId('store-detail')).toBeVisible();
        await mapReady(page);
        await page.waitForTimeout(800);
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/i7-detail-${locale}-390.png`, fullPage: true });
      });
    });
  });
}
