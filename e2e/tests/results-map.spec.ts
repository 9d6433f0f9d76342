import { expect, test, type Locator, type Page } from '@playwright/test';
import { SHOTS, analytics, stores } from './results-helpers';

// The map beside the list at 1440 px, against the real server, its demo data and its
// offline basemap: pins, hover, selection from the list and from a pin, callout, Escape, fit.
test.use({ viewport: { width: 1440, height: 900 } });

const LONDON = '/uk/en/sales?pt=all&lat=51.50853&lon=-0.12574&address=London';

const mapSlot = (page: Page) => page.getByTestId('map-slot');
const pins = (page: Page) => mapSlot(page).locator('button.store-map__pin');
const callout = (page: Page) => page.getByTestId('store-callout');

async function openResults(page: Page, url = LONDON) {
  await page.goto(url);
  await expect(stores(page)).toHaveCount(5);
  await expect(page.getByTestId('store-map')).toHaveAttribute('data-map-ready', 'true');
  await expect(pins(page)).toHaveCount(5);
}

/** Horizontal distance in px from the pin's point to the map's centre line. */
async function offCentre(page: Page, pin: Locator): Promise<number> {
  const map = await page.getByTestId('store-map').boundingBox();
  const box = await pin.boundingBox();
  if (!map || !box) return Infinity;
  return Math.abs(box.x + box.width / 2 - (map.x + map.width / 2));
}

/** The callout card lies inside the map and shows all of its content (no inner scroll). */
async function calloutFits(page: Page): Promise<boolean> {
  const map = await page.getByTestId('store-map').boundingBox();
  const card = page.locator('.store-map__callout');
  const box = await card.boundingBox();
  if (!map || !box) return false;
  const scrolls = await card.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  return box.y >= map.y && box.y + box.height <= map.y + map.height && !scrolls;
}

async function storeName(entry: Locator): Promise<string> {
  return ((await entry.locator('.store__select').textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

test('numbered pins named by store, fitted to the results, in the pin colours', async ({
  page,
}) => {
  await openResults(page);
  const names = await stores(page).evaluateAll((els) =>
    els.map((el) => el.querySelector('.store__select')?.textContent?.trim() ?? ''),
  );
  // Each pin: label = orderNumber, accessible name "{n}. {name}", list order.
  for (const [i, name] of names.entries()) {
    const pin = mapSlot(page).getByRole('button', { name, exact: true });
    await expect(pin).toHaveText(String(i + 1));
  }
  await expect(pins(page).first()).toHaveCSS('background-color', 'rgb(0, 102, 204)');
  await expect(pins(page).first()).toHaveCSS('color', 'rgb(255, 255, 255)');
  // Fitted (1 s after the results): every pin inside the map.
  await page.waitForTimeout(1800);
  const map = (await page.getByTestId('store-map').boundingBox())!;
  for (const box of await pins(page).evaluateAll((els) =>
    els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect),
  )) {
    expect(box.x).toBeGreaterThanOrEqual(map.x);
    expect(box.x + box.width).toBeLessThanOrEqual(map.x + map.width);
    expect(box.y).toBeGreaterThanOrEqual(map.y);
    expect(box.y + box.height).toBeLessThanOrEqual(map.y + map.height);
  }
  await page.screenshot({ path: `${SHOTS}/i7-map-en-US-1440.png` });
});

test('hovering a list item swaps its pin colours', async ({ page }) => {
  await openResults(page);
  const second = pins(page).nth(1);
  await stores(page).nth(1).hover();
  await expect(second).toHaveClass(/store-map__pin--hovered/);
  await expect(second).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(second).toHaveCSS('color', 'rgb(0, 102, 204)');
  await expect(pins(page).first()).toHaveCSS('background-color', 'rgb(0, 102, 204)');
  await page.getByRole('heading', { level: 1 }).hover();
  await expect(second).not.toHaveClass(/store-map__pin--hovered/);
});

test('a list click selects the pin, opens the callout and re-centres; Escape closes it', async ({
  page,
}) => {
  await openResults(page);
  await page.waitForTimeout(1800); // after the fit
  const entry = stores(page).nth(2);
  const name = await storeName(entry);
  const title = name.replace(/^3\. /, '');
  await entry.locator('address').click(); // anywhere on the entry
  const pin = pins(page).nth(2);
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  await expect(entry).toHaveClass(/store--active/);
  await expect(page.getByRole('region', { name: `Details for ${title}` })).toBeVisible();
  await expect(callout(page).getByRole('heading')).toHaveText(name);
  await expect(
    callout(page).getByRole('link', { name: `Directions to ${title} (opens in a new tab)` }),
  ).toBeVisible();
  // Re-centred on the pin 300 ms later, the pin low enough for the whole callout above it.
  await expect.poll(() => offCentre(page, pin), { timeout: 3000 }).toBeLessThan(12);
  await expect.poll(() => calloutFits(page), { timeout: 3000 }).toBe(true);
  await page.screenshot({ path: `${SHOTS}/i7-callout-en-US-1440.png` });

  // A link in the callout is reported.
  await callout(page)
    .getByRole('link', { name: /^Directions to/ })
    .click({ modifiers: ['ControlOrMeta'] });
  const clicks = (await analytics(page)).filter((e) => e.type === 'click');
  expect(clicks).toContainEqual(
    expect.objectContaining({ link: 'directions', channel: 'sales', locale: 'en-GB' }),
  );

  // Escape in the callout closes it; focus returns to the store in the list.
  await callout(page)
    .getByRole('link', { name: /^Directions to/ })
    .focus();
  await page.keyboard.press('Escape');
  await expect(callout(page)).toHaveCount(0);
  await expect(pin).toHaveAttribute('aria-pressed', 'false');
  await expect(entry.getByRole('button', { name: `Show details for ${title}` })).toBeFocused();
});

test('a pin click (or Enter on a pin) marks the store in the list; Escape returns to it', async ({
  page,
}) => {
  await openResults(page);
  const entry = stores(page).nth(3);
  const title = (await storeName(entry)).replace(/^4\. /, '');
  await pins(page).nth(3).click();
  await expect(entry).toHaveClass(/store--active/);
  await expect(entry.getByRole('button', { name: `Show details for ${title}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(callout(page)).toContainText(title);
  await pins(page).nth(3).focus();
  await page.keyboard.press('Escape');
  await expect(callout(page)).toHaveCount(0);
  await expect(entry.getByRole('button', { name: `Show details for ${title}` })).toBeFocused();

  // Keyboard: the pins follow the list in the tab order; Enter selects.
  await pins(page).first().focus();
  await page.keyboard.press('Tab');
  await expect(pins(page).nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(stores(page).nth(1)).toHaveClass(/store--active/);
  // Escape from the list item's button closes the callout as well.
  await stores(page).nth(1).locator('.store__select').focus();
  await page.keyboard.press('Escape');
  await expect(callout(page)).toHaveCount(0);
});

test('disableMap: no map, the list takes the width', async ({ page }) => {
  // The host page's preloaded configuration (the server's real one) with disableMap on.
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace('"disableMap":false', '"disableMap":true');
    await route.fulfill({ response, body: html });
  });
  await page.goto(LONDON);
  await expect(stores(page)).toHaveCount(5);
  await expect(mapSlot(page)).toHaveCount(0);
  const list = (await page.locator('.results__list').boundingBox())!;
  const section = (await page.getByTestId('results-section').boundingBox())!;
  expect(list.width).toBeGreaterThan(section.width * 0.9);
});

test('the map is loaded lazily: not for the home page, nor beside the list on narrow screens', async ({
  page,
}) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/MapCanvas-[^/]+\.js$/.test(r.url())) chunks.push(r.url());
  });
  await page.goto('/uk/en/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(LONDON);
  await expect(stores(page)).toHaveCount(5);
  await page.waitForLoadState('networkidle');
  expect(chunks).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByTestId('store-map')).toHaveAttribute('data-map-ready', 'true');
  expect(chunks).toHaveLength(1);
});
