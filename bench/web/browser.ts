/**
 * The Playwright measurements of bench:web, in Debian's Chromium (playwright-core; no browser
 * download): the JavaScript a page loads before any interaction, and the time from pressing
 * Search to the first results rendered.
 */
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export interface Viewport {
  width: number;
  height: number;
}

/**
 * The scripts (paths under the site root, e.g. "/assets/index-abc.js") a fresh page loads
 * from navigation until it is settled (network idle, and for a results page its stores shown),
 * nobody touching it.
 */
export async function scriptsBeforeInteraction(
  browser: Browser,
  url: string,
  viewport: Viewport,
  settledSelector?: string,
): Promise<string[]> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    // Dedicated workers' scripts (MapLibre's) are reported through the page too.
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (/\.m?js$/.test(pathname)) scripts.add(pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    if (settledSelector) await page.locator(settledSelector).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
    return [...scripts].sort();
  } finally {
    await context.close();
  }
}

const SEARCH_BUTTON = '[data-testid="search-form"] [type="submit"]';
const STORE = '[data-testid="store"]';

/** Types a place in the location box and picks the first suggestion, as a visitor would. */
export async function pickPlace(page: Page, text: string): Promise<void> {
  const box = page.locator('input[role="combobox"]');
  await box.click();
  await box.pressSequentially(text, { delay: 20 });
  await page.getByRole('option').first().waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

/**
 * One search on a fresh page (cold HTTP cache) of `url` (a sales results page without a query):
 * a place and "All products" chosen, then the milliseconds from the click on Search to the
 * first store of the list in the page and painted (the frame after it appears), measured in
 * the page (performance.now).
 */
export async function searchToResults(
  browser: Browser,
  url: string,
  place: string,
  viewport: Viewport,
): Promise<number> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await pickPlace(page, place);
    // Wide screens show the products as radio tiles, narrow ones as a dropdown.
    const tile = page.getByRole('radio', { name: 'All Products', exact: true });
    const dropdown = page.getByRole('combobox', { name: 'Product', exact: true });
    await tile.or(dropdown).first().waitFor();
    if (await tile.count()) await tile.click();
    else await dropdown.selectOption({ label: 'All Products' });
    const button = page.locator(SEARCH_BUTTON);
    await button.waitFor();
    if (await button.isDisabled()) throw new Error(`Search stayed disabled for ${place}`);
    // Armed before the click: the click's time, then the first store's first frame. A string,
    // not a function: tsx's compiled functions call helpers that the page does not have.
    // (The statement ends with `undefined`: evaluating the promise itself would wait for it.)
    await page.evaluate(`
      window.__searchMs = new Promise((resolve) => {
        const store = ${JSON.stringify(STORE)};
        document.querySelector(${JSON.stringify(SEARCH_BUTTON)}).addEventListener(
          'click',
          () => {
            const t0 = performance.now();
            const seen = () => {
              requestAnimationFrame(() => resolve(performance.now() - t0));
            };
            if (document.querySelector(store)) return seen();
            const observer = new MutationObserver(() => {
              if (!document.querySelector(store)) return;
              observer.disconnect();
              seen();
            });
            observer.observe(document.body, { childList: true, subtree: true });
          },
          { capture: true, once: true },
        );
      });
      undefined;
    `);
    await button.click();
    const ms = Number(await page.evaluate('window.__searchMs'));
    await page.locator(STORE).first().waitFor();
    return Math.round(ms * 10) / 10;
  } finally {
    await context.close();
  }
}
