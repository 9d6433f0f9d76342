import { expect, test, type Page } from '@playwright/test';
import { SHOTS, sentence, stores } from './results-helpers';
import { expectNoAxeViolations } from './web-fixtures';

// Never an empty page: the nearest stores beyond the radius (the Sahara, the Atlantic), and
// browsing the wide map: "Search this area", groups of stores that zoom in when chosen.
test.use({ viewport: { width: 1440, height: 900 } });

const SIWA = 'pt=all&lat=29.2&lon=25.52&address=Siwa';
const LONDON = '/uk/en/sales?pt=all&lat=51.50853&lon=-0.12574&address=London';

const mapSlot = (page: Page) => page.getByTestId('map-slot');
const pins = (page: Page) => mapSlot(page).locator('button.store-map__pin');
const clusters = (page: Page) => mapSlot(page).locator('button.store-map__cluster');
const areaButton = (page: Page) => page.getByTestId('search-area');

async function mapReady(page: Page) {
  await expect(page.getByTestId('store-map')).toHaveAttribute('data-map-ready', 'true');
}

/** Zooms the map out with its own control, as a visitor would. */
async function zoomOut(page: Page, times: number, name = 'Zoom out') {
  const button = mapSlot(page).getByRole('button', { name, exact: true });
  for (let i = 0; i < times; i += 1) {
    await button.click();
    // Each step eases for a moment; the next click waits for the map to settle.
    await expect(page.getByTestId('store-map')).not.toHaveAttribute('data-map-moving', 'true');
  }
}

test('the Sahara: the nearest stores beyond the radius, with distances, pins and links', async ({
  page,
}) => {
  await page.goto(`/eg/en/sales?${SIWA}`);
  await expect(sentence(page)).toHaveText('No locations within 100 km of Siwa. The nearest are:');
  await expect(stores(page)).toHaveCount(3);
  await expect(page.getByTestId('no-results')).toHaveCount(0);
  // Nearest first, each with its distance (Marsa Matruh, then Alexandria).
  const distances = await stores(page).evaluateAll((els) =>
    els.map((el) => Number(/([\d.]+) km/.exec(el.textContent ?? '')?.[1])),
  );
  expect(distances[0]).toBeGreaterThan(100);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  await expect(
    stores(page)
      .first()
      .getByRole('link', { name: /^Directions/ }),
  ).toBeVisible();
  await mapReady(page);
  await expect(pins(page)).toHaveCount(3);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/beyond-en-GB-1440.png` });
});

// Egyptian Arabic writes Arabic-Indic digits (CLDR ar-EG).
test('the Sahara in Arabic (right to left), and on a phone', async ({ page }) => {
  await page.goto(`/eg/ar/sales?${SIWA}`);
  await expect(sentence(page)).toHaveText('لا توجد مواقع في نطاق ١٠٠ كم من Siwa. أقرب المواقع:');
  await expect(stores(page)).toHaveCount(3);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/beyond-ar-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(stores(page)).toHaveCount(3);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/beyond-ar-390.png`, fullPage: true });
});

test('the Atlantic: the nearest British stores, in miles', async ({ page }) => {
  await page.goto('/uk/en/sales?pt=all&lat=56&lon=-9&address=Sea%20of%20the%20Hebrides');
  await expect(sentence(page)).toHaveText(
    'No locations within 62.1 mi of Sea of the Hebrides. The nearest are:',
  );
  await expect(stores(page)).toHaveCount(3);
  await expect(stores(page).first()).toContainText(/\d mi/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/beyond-en-GB-atlantic-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(stores(page)).toHaveCount(3);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/beyond-en-GB-atlantic-390.png`, fullPage: true });
});

test('search this area: offered after zooming out, one request, the area grouped', async ({
  page,
}) => {
  await page.goto(LONDON);
  await mapReady(page);
  await expect(pins(page)).toHaveCount(5);
  // The map's own fit offers nothing; the visitor's zoom does.
  await page.waitForTimeout(1500);
  await expect(areaButton(page)).toHaveCount(0);
  await zoomOut(page, 6);
  await expect(areaButton(page)).toHaveText('Search this area');
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/grlui/uk/en/sales')) requests.push(r.url());
  });
  await areaButton(page).click();
  await expect(sentence(page)).toHaveText(/^Locations in this map area: [\d,]+$/);
  expect(requests).toHaveLength(1);
  const url = new URL(requests[0]!);
  expect(url.searchParams.get('bbox')?.split(',')).toHaveLength(4);
  // Nearest the centre first, the same paging: 5 on the first page.
  await expect(stores(page)).toHaveCount(5);
  await mapReady(page);
  // The view is kept (no refit to the pins) and the area's stores come in groups with counts.
  await expect(clusters(page).first()).toBeVisible();
  const total = Number((await sentence(page).textContent())!.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(100);
  const counts = await clusters(page).evaluateAll((els) =>
    els.map((el) => Number(el.getAttribute('data-cluster-count'))),
  );
  expect(Math.max(...counts)).toBeGreaterThan(10);
  await expect(clusters(page).first()).toHaveAttribute(
    'aria-label',
    /^Group of locations: [\d,]+\. Zoom in$/,
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/area-en-US-1440.png` });
});

test('a group zooms in when chosen, with the keyboard too', async ({ page }) => {
  await page.goto(LONDON);
  await mapReady(page);
  await zoomOut(page, 6);
  await areaButton(page).click();
  await mapReady(page);
  await expect(clusters(page).first()).toBeVisible();
  const largest = async () => {
    const counts = await clusters(page).evaluateAll((els) =>
      els.map((el) => Number(el.getAttribute('data-cluster-count'))),
    );
    return Math.max(...counts);
  };
  const before = await largest();
  const biggest = clusters(page).locator(`xpath=self::*[@data-cluster-count="${before}"]`);
  // Keyboard: focus the group, Enter zooms in until it splits; focus goes to the map.
  await biggest.focus();
  await page.keyboard.press('Enter');
  await expect(biggest).toHaveCount(0);
  await expect(page.locator('.maplibregl-canvas')).toBeFocused();
  expect(await largest()).toBeLessThan(before);
  // Zooming in offers a new area search.
  await expect(areaButton(page)).toBeVisible();
  // A click on a group zooms in too.
  const next = await largest();
  const group = clusters(page).locator(`xpath=self::*[@data-cluster-count="${next}"]`);
  await group.click();
  await expect(group).toHaveCount(0);
});

test('search this area in Arabic on the right-to-left map', async ({ page }) => {
  await page.goto('/ae/ar/sales?pt=all&lat=25.2048&lon=55.2708&address=%D8%AF%D8%A8%D9%8A');
  await mapReady(page);
  await zoomOut(page, 4, 'تصغير');
  await areaButton(page).click();
  await expect(sentence(page)).toHaveText(/^المواقع في منطقة الخريطة هذه: /);
  await mapReady(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/area-ar-AE-1440.png` });
});
