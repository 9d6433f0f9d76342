import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './web-fixtures';
import { SHOTS, stores } from './results-helpers';

// Opening hours on the results page: the status line kept current by the page's clock, the
// week with today highlighted, the "Open now" filter chip (counted, reset), axe clean in en-GB
// and ar-AE at 1440 px and 390 px. The browser's clock is Playwright's, so times are fixed.

const LONDON = '/uk/en/sales?pt=all&lat=51.5142&lon=-0.142&address=London';
const DUBAI = '/ae/ar/sales?pt=all&lat=25.2048&lon=55.2708&address=%D8%AF%D8%A8%D9%8A';
const status = (page: Page) => page.getByTestId('hours-status');

/** Gives the first store of the answer known hours: weekdays 09:00–18:00 in London. */
async function knownHours(page: Page) {
  await page.route('**/api/v1/grlui/uk/en/sales?**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.results.stores[0].hours = {
      timeZone: 'Europe/London',
      week: [[[540, 1080]], [[540, 1080]], [[540, 1080]], [[540, 1080]], [[540, 1080]], [], []],
      special: [{ date: '2026-12-02', hours: [], name: 'Stocktaking' }],
    };
    await route.fulfill({ response, json: body });
  });
}

test('the status line follows the clock and opens the week', async ({ page }) => {
  // Monday 30 November 2026, 08:30 in London.
  await page.clock.install({ time: new Date('2026-11-30T08:30:00Z') });
  await knownHours(page);
  await page.goto(LONDON);
  await expect(stores(page)).toHaveCount(5);
  const first = stores(page).first();
  await expect(first.getByTestId('hours-status')).toHaveText('Opens in 30 min');
  await page.clock.runFor(31 * 60_000);
  await expect(first.getByTestId('hours-status')).toHaveText('Open now · closes 18:00');

  await first.getByTestId('hours-status').click();
  const rows = first.getByRole('row');
  await expect(rows).toHaveCount(7);
  await expect(rows.first()).toHaveAttribute('aria-current', 'date');
  await expect(rows.first()).toContainText('Monday');
  await expect(rows.first()).toContainText('Today');
  await expect(rows.nth(2)).toContainText('Stocktaking · 2 Dec');
  await expect(rows.nth(5)).toContainText('Closed');
  // Every other store of the demo data has hours too, each with a status line.
  await expect(stores(page).getByTestId('hours-status')).toHaveCount(5);
});

test('"Open now" filters, counts and resets', async ({ page }) => {
  // Saturday 28 November 2026, 18:30 in London: shops open, carriers' stores closed.
  await page.clock.install({ time: new Date('2026-11-28T18:30:00Z') });
  await page.goto(LONDON);
  await expect(stores(page)).toHaveCount(5);
  const before = await stores(page).locator('h3').allTextContents();
  await page.locator('.filters__toggle').click();
  await page.getByRole('checkbox', { name: 'Open now' }).check();
  await expect(page.getByRole('button', { name: 'Filters (1 selected)' })).toBeVisible();
  const shown = await stores(page).getByTestId('hours-status').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  for (const text of shown) expect(text).toMatch(/^(Open now · closes|Closes soon|Open 24 hours)/);
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
  await expect(stores(page).locator('h3')).toHaveText(before);
});

for (const width of [1440, 390]) {
  test.describe(`opening hours accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const [locale, url] of [
      ['en-GB', LONDON],
      ['ar-AE', DUBAI],
    ] as const) {
      test(`${locale}: status, week and filter chip have no axe violation`, async ({ page }) => {
        await page.clock.install({ time: new Date('2026-11-30T12:00:00Z') });
        await page.goto(url);
        await expect(stores(page)).toHaveCount(5);
        await expect(status(page).first()).toBeVisible();
        await status(page).first().click();
        await expect(stores(page).first().getByRole('row')).toHaveCount(7);
        await page.locator('.filters__toggle').click();
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/hours-${locale}-${width}.png`, fullPage: true });
      });
    }
  });
}
