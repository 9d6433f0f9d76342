/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, mockConfig } from './web-fixtures';

// axe finds no violations on the home and chooser pages in en-US, ar-AE and ja-JP at 390 px; a
// full-page screenshot of each goes to $SHOTS_DIR (default /tmp/shots). At 1440 px the same pages
// are checked in ten locales, these three among them, with the real configuration, by
// a11y-sweep.spec.ts.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const locales: [string, string][] = [
  ['en-US', '/'],
  ['ar-AE', '/ae/ar/'],
  ['ja-JP', '/jp/ja/'],
];

for (const width of [390]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [locale, path] of locales) {
      test(`home ${locale}`, async ({ page }) => {
        await mockConfig(page);
        await page.goto(path);
        await expect(page.getByTestId('card-sales')).toBeVisible();
        await page.waitForFunction(() =>
          [...document.images].every((img) => img.complete || img.loading === 'lazy'),
        );
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/home-${locale}-${width}.png`, fullPage: true });
      });

      test(`chooser ${locale}`, async ({ page }) => {
        await mockConfig(page);
        await page.goto(path);
        await expect(page.getByTestId('card-sales')).toBeVisible();
        await page.locator('footer a[href="/choose-country-region"]').click();
        await expect(page.getByTestId('chooser')).toBeVisible();
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/chooser-${locale}-${width}.png`, fullPage: true });
      });
    }
  });
}
