import { expect, test, type Page } from '@playwright/test';
import { SHOTS, sentence, stores } from './results-helpers';
import { expectNoAxeViolations } from './web-fixtures';

// The results map on every screen: below the two-column width a list/map switch (in the URL
// and history) with the same pins, groups, callouts and "Search this area"; the searched place
// marked with its name; the keyboard around pins, callouts and the narrow detail.
const LONDON = '/uk/en/sales?pt=all&lat=51.50853&lon=-0.12574&address=London';

const mapSlot = (page: Page) => page.getByTestId('map-slot');
const pins = (page: Page) => mapSlot(page).locator('button.store-map__pin');
const clusters = (page: Page) => mapSlot(page).locator('button.store-map__cluster');
const callout = (page: Page) => page.getByTestId('store-callout');
const origin = (page: Page) => mapSlot(page).getByTestId('map-origin');
const shownSwitch = (page: Page) => page.getByRole('group', { name: 'Show results as' });

async function mapReady(page: Page) {
  await expect(page.getByTestId('store-map')).toHaveAttribute('data-map-ready', 'true');
}

test.describe('390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('list or map: the switch is a history entry; the map has pins, callouts, the searched place and "Search this area"', async ({
    page,
  }) => {
    // A long journey: two map loads, six zoom steps, an area search, three axe runs.
    test.setTimeout(150_000);
    await page.goto(LONDON);
    await expect(stores(page)).toHaveCount(5);
    await expect(mapSlot(page)).toHaveCount(0);
    const list = shownSwitch(page).getByRole('button', { name: 'List' });
    const map = shownSwitch(page).getByRole('button', { name: 'Map' });
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await map.click();
    await expect(page).toHaveURL(/[?&]show=map(&|$)/);
    await expect(map).toHaveAttribute('aria-pressed', 'true');
    await expect(stores(page)).toHaveCount(0);
    await mapReady(page);
    await expect(pins(page)).toHaveCount(5);
    await expect(origin(page)).toHaveText('London');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/narrow-map-en-GB-390.png`, fullPage: true });

    // A pin opens its callout on the map; Escape closes it and focus stays on the pin.
    await pins(page).nth(1).click();
    await expect(callout(page)).toBeVisible();
    await expect(pins(page).nth(1)).toHaveAttribute('aria-pressed', 'true');
    await pins(page).nth(1).focus();
    await page.keyboard.press('Escape');
    await expect(callout(page)).toHaveCount(0);
    await expect(pins(page).nth(1)).toBeFocused();

    // Back: the list again; Forward: the map; a reload keeps it.
    await page.goBack();
    await expect(stores(page)).toHaveCount(5);
    await expect(mapSlot(page)).toHaveCount(0);
    await page.goForward();
    await mapReady(page);
    await expect(pins(page)).toHaveCount(5);
    await page.reload();
    await mapReady(page);
    await expect(shownSwitch(page).getByRole('button', { name: 'Map' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Zoomed out by the visitor: "Search this area", and the area's stores in groups.
    await page.waitForTimeout(1500);
    const zoomOut = mapSlot(page).getByRole('button', { name: 'Zoom out', exact: true });
    for (let i = 0; i < 6; i += 1) {
      await zoomOut.click();
      await expect(page.getByTestId('store-map')).not.toHaveAttribute('data-map-moving', 'true');
    }
    await page.getByTestId('search-area').click();
    await expect(sentence(page)).toHaveText(/^Locations in this map area: [\d,]+$/);
    await mapReady(page);
    await expect(clusters(page).first()).toBeVisible();
    await expect(page).toHaveURL(/[?&]show=map(&|$)/);
    // Groups differ from pins by shape: a stack of squarish cards, not a round pin.
    const radius = (selector: string) =>
      mapSlot(page)
        .locator(selector)
        .first()
        .evaluate((el) => parseFloat(getComputedStyle(el).borderTopLeftRadius));
    const groupRadius = await radius('button.store-map__cluster');
    const groupSize = await clusters(page)
      .first()
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(groupRadius).toBeLessThan(groupSize / 4);
    expect(await radius('button.store-map__pin')).toBeGreaterThanOrEqual(15);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/narrow-map-area-en-GB-390.png` });
  });

  test('Escape closes the store detail, focus back on its store', async ({ page }) => {
    await page.goto(LONDON);
    await expect(stores(page)).toHaveCount(5);
    const button = stores(page).nth(2).locator('.store__select');
    await button.click();
    await expect(page.getByTestId('store-detail')).toBeVisible();
    // The detail is ready for keys once it has moved focus to its heading (as a person sees).
    await expect(page.getByTestId('store-detail').getByRole('heading').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('store-detail')).toHaveCount(0);
    await expect(stores(page).nth(2).locator('.store__select')).toBeFocused();
  });

  test('German and Arabic (right to left): the switch and the map translated', async ({ page }) => {
    await page.goto('/de/de/sales?pt=all&lat=52.52437&lon=13.41053&address=Berlin');
    await expect(page.getByRole('group', { name: 'Ergebnisse anzeigen als' })).toBeVisible();
    await page.getByRole('button', { name: 'Karte', exact: true }).click();
    await mapReady(page);
    await expect(origin(page)).toHaveText('Berlin');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/narrow-map-de-390.png` });
    await page.goto(
      '/ae/ar/sales?pt=all&lat=25.2048&lon=55.2708&address=%D8%AF%D8%A8%D9%8A&show=map',
    );
    await mapReady(page);
    await expect(page.getByRole('button', { name: 'خريطة', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(origin(page)).toHaveText('دبي');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/narrow-map-ar-390.png` });
  });
});

test.describe('1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the searched place is named on the map; Tab from a pin opened with Enter enters its callout', async ({
    page,
  }) => {
    await page.goto(LONDON);
    await mapReady(page);
    await expect(shownSwitch(page)).toHaveCount(0);
    await expect(origin(page)).toHaveText('London');
    await pins(page).nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(callout(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.locator('.store-map__callout :focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(callout(page)).toHaveCount(0);
  });
});
