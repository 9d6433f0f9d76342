/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SHOTS, locationBox, searchButton, sentence, stores } from './results-helpers';

// One whole journey with the keyboard only — search, filter, page, reset.
test.use({ viewport: { width: 1440, height: 900 } });

async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('focus never reached the target');
}

test('search, filter, page and reset with the keyboard only', async ({ page }) => {
  await page.goto('/uk/en/sales');
  await tabTo(page, locationBox(page));
  await page.keyboard.type('Leed', { delay: 40 });
  await expect(page.getByRole('option').first()).toContainText('Leeds');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(locationBox(page)).toHaveValue('Leeds');

  // Product tiles: arrows move the choice, Space picks, leaving the group collapses it.
  const firstTile = page.getByRole('radio').first();
  await tabTo(page, firstTile);
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Phone', exact: true })).toBeChecked();
  await page.keyboard.press('Tab'); // "Show more products"
  await page.keyboard.press('Tab'); // leaves the group: Reset
  await expect(page.getByRole('textbox', { name: 'Product' })).toHaveValue('Phone');
  await tabTo(page, page.getByRole('button', { name: 'Search', exact: true }));
  await page.keyboard.press('Enter');
  await expect(sentence(page)).toHaveText(/for Phone near Leeds$/);
  await expect(sentence(page)).toBeFocused();

  // Filters: open, tick the first chip, reset.
  await page.keyboard.press('Tab'); // enterprise link comes before; focus moves on from the heading
  await tabTo(page, page.getByRole('button', { name: 'Filters', exact: true }));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Filters (1 selected)' })).toBeVisible();
  // Forward round the page: the list's select buttons, the map's pins, zoom and credits
  // come before the page wraps to the top again.
  await tabTo(page, page.getByRole('button', { name: 'Reset filters' }), 90);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();

  // Paging.
  const next = page.getByRole('button', { name: 'Next page' });
  await tabTo(page, next, 120);
  await page.keyboard.press('Enter');
  await expect(stores(page).first().getByRole('heading')).toContainText('6.');
  await page.screenshot({ path: `${SHOTS}/results-keyboard-1440.png` });

  // Reset the whole search from the form.
  await page.keyboard.press('Shift+Tab');
  const reset = page.getByRole('button', { name: 'Reset the search form and results' });
  for (let i = 0; i < 120 && !(await reset.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Shift+Tab');
  }
  await page.keyboard.press('Enter');
  await expect(stores(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/uk\/en\/sales$/);
});

// A whole sales journey (1440 px) and a whole service journey (390 px) with the
// keyboard alone — country from the chooser, channel from the home page, a place typed with
// autocomplete, product (and carrier), search, paging, a store opened and its links followed —
// asserting at every step that the focused element shows a focus indicator.

interface FocusState {
  /** The target element has the focus. */
  reached: boolean;
  /** Nothing is focused (the page itself). */
  none: boolean;
  ok: boolean;
  what: string;
}

/**
 * In the page: whether the focused element matches :focus-visible and shows an indicator —
 * the browser's own ring, or an outline or box shadow set by a :focus rule on the element
 * (when it is itself visible) or on one of its three nearest ancestors (tiles, chips and the
 * location box draw the ring around their hidden or borderless input).
 */
function focusState(target: Element | null): FocusState {
  const el = document.activeElement as HTMLElement | null;
  const reached = target !== null && el === target;
  const describe = (e: Element) => {
    const name = (e.getAttribute('aria-label') ?? e.textContent ?? '').trim().replace(/\s+/g, ' ');
    return `<${e.tagName.toLowerCase()} class="${e.getAttribute('class') ?? ''}"> "${name.slice(0, 50)}"`;
  };
  if (!el || el === document.body || el === document.documentElement) {
    return { reached, none: true, ok: false, what: 'nothing focused' };
  }
  const what = describe(el);
  if (!el.matches(':focus-visible'))
    return { reached, none: false, ok: false, what: `${what} not :focus-visible` };
  // Rules read at every call: lazily loaded chunks bring their own style sheets.
  const rules: string[] = [];
  const walk = (list: CSSRuleList) => {
    for (const rule of list) {
      if (rule instanceof CSSStyleRule && /:focus/.test(rule.selectorText)) {
        const s = rule.style;
        if (s.outline || s.outlineStyle || s.outlineWidth || s.boxShadow) {
          rules.push(rule.selectorText);
        }
      }
      if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
    }
  };
  for (const sheet of document.styleSheets) walk(sheet.cssRules);
  const shows = (s: CSSStyleDeclaration) =>
    (s.outlineStyle !== 'none' &&
      parseFloat(s.outlineWidth) > 0 &&
      !/^transparent$|rgba\(.*,\s*0\)$/.test(s.outlineColor)) ||
    s.boxShadow !== 'none';
  const byRule = (e: Element) => rules.some((selector) => e.matches(selector));
  const rect = el.getBoundingClientRect();
  const visible =
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
    rect.width > 2 &&
    rect.height > 2;
  const own = getComputedStyle(el);
  if (visible && (own.outlineStyle === 'auto' || (byRule(el) && shows(own)))) {
    return { reached, none: false, ok: true, what };
  }
  let e: Element | null = el.parentElement;
  for (let i = 0; e && i < 3; i++, e = e.parentElement) {
    if (byRule(e) && shows(getComputedStyle(e))) return { reached, none: false, ok: true, what };
  }
  return { reached, none: false, ok: false, what: `${what} shows no focus indicator` };
}

async function expectFocusVisible(page: Page) {
  const state = await page.evaluate(focusState, null);
  expect(state.ok, state.what).toBe(true);
}

/** Tab (or Shift+Tab) until `target` has the focus, checking the indicator at every step. */
async function walkTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let step = 0; step <= max; step++) {
    const state = await target.evaluate(focusState);
    // Only the page itself may hold the focus before the first key.
    if (step > 0 || !state.none) expect(state.ok, `step ${step}: ${state.what}`).toBe(true);
    if (state.reached) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`focus never reached ${target.toString()}`);
}

/** ArrowDown in a focused dropdown until it has `value` (at most 20 options). */
async function arrowDownTo(page: Page, select: Locator, value: string) {
  for (let i = 0; i < 20 && (await select.inputValue()) !== value; i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(select).toHaveValue(value);
}

/** Enter on a link that opens a new tab: the tab opens on `url`, then is closed. */
async function followInNewTab(page: Page, url: RegExp) {
  const popup = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  const tab = await popup;
  expect(tab.url()).toMatch(url);
  await tab.close();
}

test.describe('whole journeys with the keyboard alone, focus always visible', () => {
  test.beforeEach(async ({ page }) => {
    // Followed links open pages outside the locator: answer them here, nothing leaves.
    await page
      .context()
      .route(/^https:\/\/(?!localhost)/, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>External</title>' }),
      );
  });

  test('sales: Australia, Sydney, phones, page 2, a store and its links (1440 px)', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('card-sales')).toBeVisible();

    // Country from the chooser, then the channel from the country's home page.
    await walkTo(page, page.locator('footer a[href="/choose-country-region"]'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chooser')).toBeVisible();
    await walkTo(page, page.getByRole('link', { name: 'Australia', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/au\/en\/$/);
    await walkTo(page, page.getByTestId('card-sales').getByRole('link'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/au\/en\/sales$/);

    // Place, typed, picked from the suggestions.
    await walkTo(page, locationBox(page));
    await page.keyboard.type('Sydn', { delay: 40 });
    await expect(page.getByRole('option').first()).toContainText('Sydney');
    await page.keyboard.press('ArrowDown');
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expect(locationBox(page)).toHaveValue(/^Sydney/);
    await expectFocusVisible(page);

    // Product: arrows move the choice, leaving the group collapses it.
    await walkTo(page, page.getByRole('radio').first());
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Phone', exact: true })).toBeChecked();
    await expectFocusVisible(page);
    await walkTo(page, searchButton(page));
    await expect(page.getByRole('textbox', { name: 'Product' })).toHaveValue('Phone');
    await page.keyboard.press('Enter');
    await expect(sentence(page)).toHaveText(/for Phone near Sydney/);
    await expect(sentence(page)).toBeFocused();
    await expectFocusVisible(page);

    // Paging.
    await walkTo(page, page.getByRole('button', { name: 'Next page' }));
    await page.keyboard.press('Enter');
    await expect(stores(page).first().getByRole('heading')).toContainText('6.');
    // Paging moves focus to the results heading, above the new page's first store.
    await expect(sentence(page)).toBeFocused();

    // A store: on to the first entry of page 2, open its callout on the map.
    const entry = stores(page).first();
    await walkTo(page, entry.locator('.store__select'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('store-callout')).toBeVisible();
    await expectFocusVisible(page);

    // Its links: directions and website open in a new tab.
    await walkTo(page, entry.getByRole('link', { name: /^Directions to / }));
    await followInNewTab(page, /^https:\/\//);
    await expectFocusVisible(page);
    await walkTo(page, entry.getByRole('link', { name: /^Website of / }));
    await followInNewTab(page, /^https?:\/\//);
    await expectFocusVisible(page);
    await page.screenshot({ path: `${SHOTS}/i9-keyboard-sales-1440.png` });
  });

  test('service: India, Mumbai, phone and carrier, page 2, the detail view and its links (390 px)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByTestId('card-service')).toBeVisible();

    await walkTo(page, page.locator('footer a[href="/choose-country-region"]'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chooser')).toBeVisible();
    await walkTo(page, page.getByRole('link', { name: 'India', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/in\/en\/$/);
    await walkTo(page, page.getByTestId('card-service').getByRole('link'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/in\/en\/service$/);

    await walkTo(page, locationBox(page));
    await page.keyboard.type('Mumb', { delay: 40 });
    await expect(page.getByRole('option').first()).toContainText('Mumbai');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(locationBox(page)).toHaveValue(/^Mumbai/);

    // Narrow screens: product and carrier are dropdowns, changed with the arrow keys.
    const product = page.getByRole('combobox', { name: 'Product' });
    await walkTo(page, product);
    await arrowDownTo(page, product, 'iphone');
    await expectFocusVisible(page);
    // en-IN reads British English: the carrier field is "Network".
    const carrier = page.getByRole('combobox', { name: 'Network' });
    await walkTo(page, carrier);
    await arrowDownTo(page, carrier, 'Airtel');
    await expectFocusVisible(page);
    await walkTo(page, searchButton(page));
    await page.keyboard.press('Enter');
    await expect(sentence(page)).toHaveText(/for Phone near Mumbai/);
    await expect(sentence(page)).toBeFocused();
    await expectFocusVisible(page);

    await walkTo(page, page.getByRole('button', { name: 'Next page' }));
    await page.keyboard.press('Enter');
    await expect(stores(page).first().getByRole('heading')).toContainText('6.');
    await expect(sentence(page)).toBeFocused();

    // A store: its detail view replaces the list.
    await walkTo(page, stores(page).first().locator('.store__select'));
    await page.keyboard.press('Enter');
    const detail = page.getByTestId('store-detail');
    await expect(detail).toBeVisible();
    await expectFocusVisible(page);
    await walkTo(page, detail.getByRole('link', { name: /^Directions to / }));
    await followInNewTab(page, /^https:\/\//);
    await walkTo(page, detail.getByRole('link', { name: /Airtel/ }));
    await followInNewTab(page, /carriers\.example\.com\/in\/airtel\/service/);
    await page.screenshot({ path: `${SHOTS}/i9-keyboard-service-390.png` });

    // Back to the list: focus returns to the entry.
    await walkTo(page, detail.getByRole('button', { name: 'Back to stores' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(stores(page)).toHaveCount(5);
    await expectFocusVisible(page);
  });
});
