/// <reference lib="dom" />
/**
 * Store pages (apps/server/src/modules/pages/README.md): from the locale home through the directory
 * (country → region → city) to a store page, with JavaScript disabled (the host page's
 * noscript link, then plain server-rendered pages) and enabled (the web app's footer link,
 * then the island's Share button); the small map is a same-origin SVG drawn by the server in
 * both; every request stays on our origin; axe finds nothing on the directory and store pages; screenshots at 1440 and 390 px go to
 * $SHOTS_DIR (default /tmp/shots).
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './web-fixtures';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

/** Follows the first place link of each directory level down to a store page. */
async function walkToStore(page: Page): Promise<string> {
  await expect(page.locator('h1')).toHaveText('Stores in the United Kingdom');
  await page.locator('main .sp-places a').first().click();
  await expect(page).toHaveURL(/\/uk\/en\/stores\/in\/[^/]+\/$/);
  await page.locator('main .sp-places a').first().click();
  await expect(page).toHaveURL(/\/uk\/en\/stores\/in\/[^/]+\/[^/]+\/$/);
  const store = page.locator('main .sp-stores a').first();
  const name = (await store.textContent()) ?? '';
  await store.click();
  await expect(page).toHaveURL(/\/uk\/en\/stores\/DEMO-GB-\d+-[a-z0-9-]+$/);
  await expect(page.locator('h1')).toHaveText(name);
  await expect(page).toHaveTitle(new RegExp(name.replace(/[()]/g, '\\$&')));
  return name;
}

async function checkStorePage(page: Page, name: string): Promise<void> {
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  const store = JSON.parse(ld ?? '{}') as Record<string, unknown>;
  expect(store['@type']).toBe('ElectronicsStore');
  expect(store.name).toBe(name);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /^https?:\/\/[^/]+\/uk\/en\/stores\/DEMO-GB-/,
  );
  await expect(page.getByRole('link', { name: /^Directions to / })).toBeVisible();
  await expect(page.locator('.sp-nearby a').first()).toBeVisible();
  // The small map: an image of our own basemap, drawn (loaded) with the page.
  const map = page.getByRole('img', { name: `Map showing ${name}` });
  await expect(map).toBeVisible();
  // (The first map after start-up waits for the gazetteer's place names.)
  await expect
    .poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 30_000,
    })
    .toBe(true);
  expect(new URL(await map.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname).toBe(
    '/basemap/static.svg',
  );
}

/** Every request the page makes goes to our own origin. */
function sameOriginOnly(page: Page, baseURL: string | undefined): string[] {
  const foreign: string[] = [];
  const host = new URL(baseURL ?? 'http://localhost').host;
  page.on('request', (r) => {
    if (!r.url().startsWith('data:') && new URL(r.url()).host !== host) foreign.push(r.url());
  });
  return foreign;
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('locale home → directory → store page', async ({ page, baseURL }) => {
    const foreign = sameOriginOnly(page, baseURL);
    await page.goto('/uk/en/');
    await page.getByRole('link', { name: 'All stores' }).click();
    const name = await walkToStore(page);
    await checkStorePage(page, name);
    // Sharing needs JavaScript: no button that would do nothing.
    await expect(page.getByRole('button', { name: `Share ${name}` })).toHaveCount(0);
    expect(foreign).toEqual([]);
    // Another slug answers a permanent redirect to the store's own address.
    const canonical = page.url();
    await page.goto(canonical.replace(/(DEMO-GB-\d+)-.*$/, '$1-old-name'));
    expect(page.url()).toBe(canonical);
  });
});

test('a bare store id moves to its page, which marks today and says whether it is open', async ({
  page,
}) => {
  await page.goto('/de/de/stores/DEMO-DE-000678');
  await expect(page).toHaveURL(/\/de\/de\/stores\/DEMO-DE-000678-[a-z0-9-]+$/);
  await expect(page.locator('h1')).toContainText('(Demo)');
  // The week's table marks today; the status line is rendered with the page.
  await expect(page.locator('.sp-hours tr[aria-current="date"]').first()).toBeVisible();
  await expect(page.locator('.sp-now')).toHaveText(/\S/);
});

test.describe('with JavaScript enabled', () => {
  for (const width of [1440, 390]) {
    test(`locale home → directory → store page at ${width} px, axe clean`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/uk/en/');
      await expect(page.getByTestId('card-sales')).toBeVisible();
      await page.locator('footer .site-footer__stores a').click();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/store-directory-${width}.png`, fullPage: true });
      const name = await walkToStore(page);
      await checkStorePage(page, name);
      await expect(page.getByRole('button', { name: `Share ${name}` })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/store-page-${width}.png`, fullPage: true });
    });
  }

  test('the island shares the store page: its link copied and announced', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const foreign = sameOriginOnly(page, baseURL);
    await page.goto('/uk/en/stores/');
    const name = await walkToStore(page);
    // No Web Share API in headless Chromium on Linux: the link is copied instead.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await page.getByRole('button', { name: `Share ${name}` }).click();
    await expect(page.getByRole('status')).toHaveText('Link copied to the clipboard.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).pathname).toBe(new URL(page.url()).pathname);
    expect(foreign).toEqual([]);
  });

  test('right to left: an Arabic store page is axe clean', async ({ page }) => {
    await page.goto('/ae/ar/stores/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.locator('main .sp-places a').first().click();
    await page.locator('main .sp-places a').first().click();
    await page.locator('main .sp-stores a').first().click();
    await expect(page.locator('h1')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/store-page-ar.png`, fullPage: true });
  });
});
