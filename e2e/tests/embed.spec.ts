/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The embeddable elements on another origin (docs/EMBEDDING.md): a host page on a second
 * loopback port, under the strict Content-Security-Policy the documentation gives, with a
 * hostile stylesheet and both elements twice; and an origin not in EMBED_ORIGINS.
 */
import type { Server } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { HOST_PORT, LOCATOR, OTHER_PORT, startHost } from './embed-host';

interface HostWindow {
  __events: { type: string; tag: string; detail: { storeId?: string } }[];
  __violations: string[];
  __frameHeight?: number;
}

let host: Server;
let other: Server;

test.beforeAll(async () => {
  host = await startHost(HOST_PORT);
  other = await startHost(OTHER_PORT);
});
test.afterAll(async () => {
  await new Promise((r) => host.close(r));
  await new Promise((r) => other.close(r));
});

const ELEMENTS = ['#n1', '#n2', '#l1', '#l2'];

for (const lang of ['en', 'ar']) {
  test(`four elements show stores on another origin under a strict CSP (${lang})`, async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`http://127.0.0.1:${HOST_PORT}/?lang=${lang}`);

    for (const id of ELEMENTS) {
      // Playwright's locators pierce open shadow roots.
      await expect(page.locator(`${id} li.store`).first()).toBeVisible();
    }
    await expect(page.locator('#n1 li.store')).toHaveCount(3);
    await expect(page.locator('#n2 li.store')).toHaveCount(2);
    // The full locators draw their maps (MapLibre's worker through worker-src).
    for (const id of ['#l1', '#l2']) {
      await expect(page.locator(`${id} .map canvas`)).toBeVisible();
      await expect(page.locator(`${id} .map .pin`).first()).toBeAttached();
    }

    // Host styles do not reach in: the hostile sheet hides lists and sets magenta 31 px text.
    const style = await page
      .locator('#n1 li.store .name')
      .first()
      .evaluate((el) => {
        const s = getComputedStyle(el);
        return { color: s.color, size: s.fontSize, spacing: s.letterSpacing };
      });
    expect(style.color).not.toBe('rgb(255, 0, 255)');
    expect(style.size).toBe('16px');
    expect(style.spacing).toBe('normal');

    // Language and direction.
    const dir = await page
      .locator('#n1 .frame')
      .evaluate((el) => [el.getAttribute('lang'), el.getAttribute('dir')]);
    expect(dir).toEqual(lang === 'ar' ? ['ar-AE', 'rtl'] : ['en-GB', 'ltr']);

    // Events reach the host page: one search per element, then a selection.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as HostWindow).__events.length))
      .toBe(4);
    await page.locator('#l1 li.store button.open-detail').first().click();
    await expect(page.locator('#l1 .detail h3')).toBeFocused();
    const events = await page.evaluate(() => (window as unknown as HostWindow).__events);
    expect(events.filter((e: { type: string }) => e.type === 'locator:search')).toHaveLength(4);
    const select = events.find((e: { type: string }) => e.type === 'locator:select');
    expect(select?.tag).toBe('store-locator');
    expect(select?.detail.storeId).toMatch(/\S/);

    // No CSP violation, no CORS or other error.
    expect(await page.evaluate(() => (window as unknown as HostWindow).__violations)).toEqual([]);
    expect(problems).toEqual([]);

    // axe inside the shadow roots (axe-core reads open shadow roots).
    const results = await new AxeBuilder({ page })
      .include('store-nearest')
      .include('store-locator')
      .analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(summary).toEqual([]);
  });
}

test('attributes changed after load are followed', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${HOST_PORT}/?lang=en`);
  await expect(page.locator('#n1 li.store')).toHaveCount(3);
  await page.locator('#n1').evaluate((el) => el.setAttribute('max-results', '5'));
  await expect(page.locator('#n1 li.store')).toHaveCount(5);
  await page.locator('#n1').evaluate((el) => {
    el.setAttribute('country', 'ae');
    el.setAttribute('lang', 'ar');
    el.setAttribute('lat', '25.2048');
    el.setAttribute('lon', '55.2708');
  });
  await expect(page.locator('#n1 .frame')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('#n1 li.store')).toHaveCount(5);
});

test('the iframe page is framed by an allowed origin and reports its height', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${HOST_PORT}/frame`);
  const frame = page.frameLocator('iframe');
  await expect(frame.locator('store-locator li.store').first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as HostWindow).__frameHeight ?? 0))
    .toBeGreaterThan(300);
});

test('an origin not in EMBED_ORIGINS is refused', async ({ page, request }) => {
  const disallowed = `http://127.0.0.1:${OTHER_PORT}`;
  const allowed = `http://127.0.0.1:${HOST_PORT}`;
  const api = `${LOCATOR}/api/v1/grlui/uk/en/globalmatrix`;
  const refused = await request.get(api, { headers: { Origin: disallowed } });
  expect(refused.headers()['access-control-allow-origin']).toBeUndefined();
  const ok = await request.get(api, { headers: { Origin: allowed } });
  expect(ok.headers()['access-control-allow-origin']).toBe(allowed);
  expect(ok.headers()['access-control-allow-credentials']).toBeUndefined();
  const preflight = await request.fetch(api, {
    method: 'OPTIONS',
    headers: { Origin: disallowed, 'Access-Control-Request-Method': 'GET' },
  });
  expect(preflight.status()).toBe(403);
  const allowedPreflight = await request.fetch(api, {
    method: 'OPTIONS',
    headers: { Origin: allowed, 'Access-Control-Request-Method': 'GET' },
  });
  expect(allowedPreflight.status()).toBe(204);
  expect(allowedPreflight.headers()['access-control-max-age']).toBe('86400');

  // In the browser: the element script itself is refused, so nothing is defined.
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${disallowed}/?lang=en`);
  await expect.poll(() => errors.some((e) => /CORS/.test(e))).toBe(true);
  expect(await page.evaluate(() => customElements.get('store-nearest'))).toBeUndefined();
  await expect(page.locator('#n1 li.store')).toHaveCount(0);
});
