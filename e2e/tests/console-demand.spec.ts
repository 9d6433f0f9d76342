/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { analyticsReportCsv } from './analytics-report';
import { createConsoleAccount, type ConsoleAccount } from './console-accounts';
import { expectNoAxeViolations } from './web-fixtures';

// The console's demand dashboard: searches that found no store are posted for a place at sea
// off Germany (a product id of this run's own keeps them apart from other journeys' events);
// a viewer opens /admin/demand for the last 7 days in Germany: the place is named among unmet demand
// in the table and on the map (its popup) with the count GET /api/v1/admin/demand gives; the
// filters change the address and a reload restores them; the CSV export downloads the row;
// every chart has its table; axe finds nothing at 1440 and 390 px; after "Show on map" the table of
// places fits its column without scrolling sideways at 1440, 768 and 390 px; the report command
// (`npm run analytics:report`) run on the server's database counts the same unmet searches for the
// place as the dashboard's table. Screenshots go to $SHOTS_DIR.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const UNMET = 7;
// In the North Sea, far from any demo store; the run's own hundredths of a degree.
const LAT = (5450 + Math.floor(Math.random() * 40)) / 100;
const LON = (520 + Math.floor(Math.random() * 40)) / 100;

let viewer: ConsoleAccount;
test.beforeAll(async ({ request }) => {
  viewer = createConsoleAccount('viewer');
  const search = {
    type: 'search',
    channel: 'sales',
    country: 'DE',
    locale: 'de_DE',
    product: 'all',
    resultCount: 0,
    latitude: LAT,
    longitude: LON,
  };
  const found = { ...search, resultCount: 3, latitude: 52.52, longitude: 13.4 };
  const res = await request.post('/api/v1/analytics/events', {
    data: { events: [...Array(UNMET).fill(search), ...Array(6).fill(found)] },
  });
  expect(res.status(), await res.text()).toBe(204);
});

test.use({ timezoneId: 'Europe/Berlin' });

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(viewer.email);
  await page.getByLabel('Password').fill(viewer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** How far the table of places runs past its frame sideways (0 when it fits). */
const tableOverflow = (page: Page) =>
  page
    .locator('.console-demand-unmet__table .console-table-scroll')
    .evaluate((e) => e.scrollWidth - e.clientWidth);

/** The dashboard's period "last 7 days" in Berlin: its first and last day. */
function lastWeek(): { from: string; to: string } {
  const to = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

interface Place {
  place: string;
  latitude: number;
  longitude: number;
  searches: number | { fewerThan: number };
}

for (const width of [1440, 390]) {
  test.describe(`console demand dashboard at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a viewer finds the place of unmet demand in the table and on the map', async ({
      page,
    }) => {
      await page.goto(`/admin/demand?period=7d&country=DE`);
      await signIn(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Demand' })).toBeVisible();
      await expect(page).toHaveTitle('Demand – Lumen Console');
      await expect(
        page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Demand' }),
      ).toHaveAttribute('aria-current', 'page');
      await expect(
        page.getByText('Days are counted in your time zone, Europe/Berlin.'),
      ).toBeVisible();

      // The same figures as the API's for the same filters.
      const form = page.locator('form.console-demand-filters');
      const { from, to: today } = lastWeek();
      const api = await page.request.get(
        `/api/v1/admin/demand?from=${from}&to=${today}&tz=Europe/Berlin&country=DE`,
      );
      expect(api.status()).toBe(200);
      const answer = (await api.json()) as { unmetPlaces: { rows: Place[] } };
      const rows = answer.unmetPlaces.rows;
      const row = rows.find((r) => r.latitude === LAT && r.longitude === LON)!;
      expect(row.searches).toBe(UNMET);

      const table = page.getByRole('table', { name: /with the most unmet searches/ });
      const coords = `${LAT.toFixed(2)}, ${LON.toFixed(2)}`;
      const line = table.getByRole('row').filter({ hasText: coords });
      await expect(line.getByRole('rowheader')).toContainText(row.place);
      await expect(line.getByRole('cell', { name: String(UNMET), exact: true })).toBeVisible();
      await expect(
        page.getByText('Searches that found no store nearby', { exact: true }),
      ).toBeVisible();

      // On the map: drawn, and its popup opened from the table by keyboard.
      await expect(page.getByTestId('demand-map-canvas')).toHaveAttribute(
        'data-places',
        String(rows.length),
      );
      await line
        .getByRole('button', { name: `Show on map: ${row.place} (${coords})` })
        .press('Enter');
      const popup = page.locator('.console-demand-popup');
      await expect(popup).toBeFocused();
      await expect(popup).toContainText(row.place);
      await expect(popup).toContainText(`Unmet searches: ${UNMET}`);
      // The table below the map keeps to its column: nothing to scroll sideways.
      expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
      await page
        .locator('.console-demand-unmet')
        .screenshot({ path: `${SHOTS}/console-demand-unmet-${width}.png` });

      // Every chart has its table, reached by keyboard.
      const charts = page.locator('.console-chart');
      await expect(charts).toHaveCount(5);
      for (const chart of await charts.all()) {
        const toggle = chart.getByText('Show as table');
        await toggle.focus();
        await page.keyboard.press('Enter');
        await expect(chart.locator('table caption')).toBeVisible();
        await expect(chart.locator('th[scope="col"]').first()).toBeVisible();
      }
      await expect(page.locator('.console-chart').last().locator('table')).toContainText(
        'Found a store',
      );
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/console-demand-${width}.png`, fullPage: true });
      // Nothing runs off the screen (the elements that would, named); a tablet's width too.
      const offScreen = () =>
        page.evaluate(() => {
          const root = document.documentElement;
          const edge = root.clientWidth;
          if (root.scrollWidth <= edge) return [];
          return [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > edge + 1)
            .filter((e) => !e.closest('.console-table-scroll, .visually-hidden'))
            .slice(0, 5)
            .map((e) => `${e.tagName}.${e.className}`);
        });
      expect(await offScreen()).toEqual([]);
      if (width === 390) {
        await page.setViewportSize({ width: 768, height: 900 });
        await page.screenshot({ path: `${SHOTS}/console-demand-768.png`, fullPage: true });
        expect(await offScreen()).toEqual([]);
        await line
          .getByRole('button', { name: `Show on map: ${row.place} (${coords})` })
          .press('Enter');
        await expect(popup).toBeFocused();
        expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
        await page
          .locator('.console-demand-unmet')
          .screenshot({ path: `${SHOTS}/console-demand-unmet-768.png` });
      }

      // The export: the same row as CSV.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toBe(
        'place,country,latitude,longitude,unmet_searches,nearest_store_km,beyond_radius',
      );
      expect(csv).toContain(`,DE,${LAT},${LON},${UNMET},`);

      // The filters in the address, restored by a reload.
      await form.getByLabel('Show by').selectOption('week');
      await form.getByLabel('Channel').selectOption('sales');
      await expect(page).toHaveURL(/by=week/);
      await expect(page).toHaveURL(/channel=sales/);
      await expect(page).toHaveURL(/period=7d/);
      await page.reload();
      await expect(form.getByLabel('Show by')).toHaveValue('week');
      await expect(form.getByLabel('Channel')).toHaveValue('sales');
      await expect(form.getByLabel('Period')).toHaveValue('7d');
      await expect(line.getByRole('cell', { name: String(UNMET), exact: true })).toBeVisible();
    });
  });
}

test('the report command counts the unmet searches of the place as the dashboard does', async ({
  page,
}) => {
  await page.goto(`/admin/demand?period=7d&country=DE`);
  await signIn(page);
  const coords = `${LAT.toFixed(2)}, ${LON.toFixed(2)}`;
  const table = page.getByRole('table', { name: /with the most unmet searches/ });
  const line = table.getByRole('row').filter({ hasText: coords });
  await expect(line.getByRole('cell', { name: String(UNMET), exact: true })).toBeVisible();
  // The place's cell in the column "Unmet searches" (the row's header takes the first column).
  const heads = await table.getByRole('columnheader').allTextContents();
  const column = heads.findIndex((h) => h.startsWith('Unmet searches'));
  expect(column).toBeGreaterThan(0);
  const shown = Number(
    await line
      .getByRole('cell')
      .nth(column - 1)
      .textContent(),
  );

  // The same days (the report's are UTC days: they take in the searches posted for this run,
  // whose UTC day is the Berlin day or the one before), by the position's rounded coordinates.
  const { from, to } = lastWeek();
  const rows = analyticsReportCsv([
    '--from',
    from,
    '--to',
    to,
    '--top',
    '1000',
    '--no-place-names',
  ]);
  const unmet = rows.filter((r) => r.section === 'unmet_demand' && r.place === coords);
  expect(unmet.length).toBeGreaterThan(0);
  expect(unmet.map((r) => r.country)).toEqual(unmet.map(() => 'DE'));
  expect(unmet.reduce((sum, r) => sum + Number(r.count), 0)).toBe(shown);
  expect(shown).toBe(UNMET);
});

test('a address the dashboard cannot read falls back with a note', async ({ page }) => {
  await page.goto('/admin/demand?period=forever&channel=shop');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Demand' })).toBeVisible();
  const note = page.locator('.console-warning');
  await expect(note).toContainText('“period” is not a known period');
  await expect(note).toContainText('“channel” has a value that cannot be used');
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('30d');
});
