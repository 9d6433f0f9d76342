/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { searchButton, stores } from './results-helpers';
import { SWEEP_LOCALES as LOCALES, type Sweep } from './sweep-locales';

// Axe finds no violations on every screen and state — home, chooser, results with
// results, filtered to none, no results, server error (1440 px) and the narrow store detail
// view (390 px) — in ten locales, left to right and right to left. Real server, real
// configuration and demo data; only the failing search is provoked (routed to a 500).
// One page per locale walks through the states, so the whole sweep stays short.

const query = ({ lat, lon, address }: Sweep['place']) =>
  `pt=all&lat=${lat}&lon=${lon}&address=${encodeURIComponent(address)}`;

/** axe (WCAG 2.x A/AA and best practices): one line per violation, prefixed with the state. */
async function axe(page: Page, state: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations.map(
    (v) =>
      `${state}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}

async function mapReady(page: Page) {
  await expect(page.getByTestId('store-map').first()).toHaveAttribute('data-map-ready', 'true');
}

for (const [locale, s] of Object.entries(LOCALES)) {
  test(`every screen and state has no axe violation in ${locale}`, async ({ page }) => {
    const rtl = locale.startsWith('ar') || locale.startsWith('he');
    const found: string[] = [];
    await page.setViewportSize({ width: 1440, height: 900 });

    // Home.
    await page.goto(s.home);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
    await expect(page.getByTestId('card-sales')).toBeVisible();
    await page.waitForFunction(() =>
      [...document.images].every((img) => img.complete || img.loading === 'lazy'),
    );
    found.push(...(await axe(page, 'home')));

    // Country/region chooser, from the footer link.
    await page.locator('footer a[href="/choose-country-region"]').click();
    await expect(page.getByTestId('chooser')).toBeVisible();
    found.push(...(await axe(page, 'chooser')));

    // Results with results, the map beside the list.
    await page.goto(`${s.home}sales?${query(s.place)}`);
    await expect(stores(page)).toHaveCount(5);
    await mapReady(page);
    found.push(...(await axe(page, 'results')));

    // Filtered to none: every product chip (a store must have all of them), then under "More
    // filters" one chip at a time (badges and specialties: any of them) until nothing matches.
    // The chips are clicked in the page (one round trip instead of one per chip).
    const noMatch = page.getByTestId('no-match');
    await page.locator('.filters__toggle').click();
    await page.evaluate(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const none = () => document.querySelector('[data-testid="no-match"]') !== null;
      const chips = (sel: string) => [...document.querySelectorAll<HTMLInputElement>(sel)];
      for (const chip of chips('.filters__panel > fieldset input')) {
        chip.click();
        await frame();
      }
      if (none()) return;
      document.querySelector<HTMLButtonElement>('.filters__more-toggle')?.click();
      await frame();
      for (const chip of chips('.filters__more input')) {
        chip.click();
        await frame();
        if (none()) return;
        chip.click();
        await frame();
      }
    });
    await expect(noMatch).toBeVisible();
    found.push(...(await axe(page, 'filtered to none')));
    await noMatch.getByRole('button').click();
    await expect(stores(page)).toHaveCount(5);

    // The narrow store detail view: the same results at 390 px, a store chosen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('map-slot')).toHaveCount(0);
    // The badge legend wraps rather than run off a phone's screen (ja: スペシャリスト).
    const offScreen = await page.evaluate(() =>
      [...document.querySelectorAll('.badge-legend li')]
        .filter((li) => {
          const r = li.getBoundingClientRect();
          return r.right > window.innerWidth + 1 || r.left < -1;
        })
        .map((li) => li.textContent),
    );
    expect(offScreen).toEqual([]);
    await stores(page).first().locator('.store__select').click();
    await expect(page.getByTestId('store-detail')).toBeVisible();
    await mapReady(page);
    found.push(...(await axe(page, 'narrow detail')));

    // Server error: the same search again, answered with a 500.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.route('**/api/v1/grlui/*/*/sales?**', (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong.' } },
      }),
    );
    await searchButton(page).click();
    await expect(page.getByTestId('server-error')).toBeVisible();
    await expect(stores(page)).toHaveCount(0);
    found.push(...(await axe(page, 'server error')));
    await page.unrouteAll({ behavior: 'wait' });

    // No results (service channel: its form has the carrier field).
    await page.goto(`${s.home}service?${query(s.nowhere)}`);
    await expect(page.getByTestId('no-results')).toBeVisible();
    found.push(...(await axe(page, 'no results')));

    expect(found).toEqual([]);
  });
}
