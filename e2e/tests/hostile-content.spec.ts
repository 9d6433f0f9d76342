/**
 * Hostile content in Chromium, under the real server's Content-Security-Policy.
 *
 * 1. The map works under the policy: the results page with its map, MapLibre's worker, our
 *    tiles and the pins, and not one `securitypolicyviolation` event, console error or page
 *    error on the way.
 * 2. Store data holding markup, script-like text and dangerous URLs is inert: no script runs
 *    (every payload would set `window.__pwned` and call alert(); the flag stays undefined and
 *    no dialog opens), nothing is injected into the DOM, the text shows literally in the list,
 *    the map pins' names, the map callout and the narrow detail view, and only http(s) and tel:
 *    links are rendered (`javascript:`, `data:`, `vbscript:` website and phone values give no
 *    link). The same holds for hostile directions and appointment-scheduler bases in the
 *    country configuration.
 *
 * How the hostile stores get in: the page, its scripts and its configuration come from the real
 * server (with its real headers), and so does the search answer — fetched with route.fetch()
 * for the page's own request — of which only the first stores' text and URL fields are replaced
 * before the page sees it. Everything from the HTTP answer on is the real path: the API client's
 * schema, @locator/core's normalisation and link builders, React, MapLibre's markers. Importing
 * such stores into the e2e server's database instead would test less of the web app's own
 * defence: the import validates and rewrites some of these values (a store the import refuses
 * could still come from an older database or another feed), and the first import would replace
 * the demo data the other journeys of the same run depend on. The configuration values are
 * replaced the same way in the host page's preloaded configuration (as results-links does).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SHOTS, stores } from './results-helpers';

const LONDON = '/uk/en/sales?pt=all&lat=51.50853&lon=-0.12574&address=London';
const MUMBAI = '/in/en/service?pt=3&lat=19.076&lon=72.8777&address=Mumbai';
const SEARCH = /\/api\/v1\/grlui\/[^/]+\/[^/]+\/(sales|service)\?/;

const mapSlot = (page: Page) => page.getByTestId('map-slot');
const pins = (page: Page) => mapSlot(page).locator('button.store-map__pin');
const callout = (page: Page) => page.getByTestId('store-callout');
const detail = (page: Page) => page.getByTestId('store-detail');

/** A statement that would show it ran. */
const pwn = (where: string) => `window.__pwned='${where}';alert('${where}')`;

type Fields = Record<string, string>;

/** The hostile values of the first five stores, in result order. */
const HOSTILE: Fields[] = [
  {
    title: `<img src=x onerror="${pwn('title')}">Hostile & Co`,
    street1: `<script>${pwn('street1')}</script>`,
    street2: `"><svg onload="${pwn('street2')}">`,
    city: `{{constructor.constructor("${pwn('city')}")()}}`,
    state: `</address><iframe srcdoc="<script>parent.${pwn('state')}</script>"></iframe>`,
    postalCode: '${7*7}',
    phone: `javascript:${pwn('phone')}`,
    storeWeb: `javascript:${pwn('web')}//https://example.com`,
    distance: '<b>0.1</b> mi',
  },
  {
    title: `"><svg onload="${pwn('titleB')}">`,
    street1: `<a href="javascript:${pwn('street1b')}">Click me</a>`,
    phone: `+44 20 7946 0000"><script>${pwn('phoneB')}</script>`,
    storeWeb: `data:text/html,<script>${pwn('webB')}</script>`,
  },
  {
    title: `{{constructor.constructor('${pwn('titleC')}')()}}`,
    phone: 'vbscript:msgbox("phoneC")',
    storeWeb: 'vbscript:msgbox("webC")',
  },
  {
    title: `<script>${pwn('titleD')}</script>`,
    phone: 'n/a',
    storeWeb: ` JaVaScRiPt:${pwn('webD')}`,
  },
  {
    title: 'javascript:alert(document.domain)',
    storeWeb: `https://safe.example.com/?q="><script>${pwn('webE')}</script>`,
  },
];

/** Records policy violations, console errors, page errors and dialogs from the first script. */
async function watch(page: Page) {
  const found = { violations: [] as string[], errors: [] as string[], dialogs: [] as string[] };
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__violations.push(
        `${e.effectiveDirective} ${e.blockedURI} ${e.sample} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error') found.errors.push(m.text());
  });
  page.on('pageerror', (e) => found.errors.push(e.message));
  page.on('dialog', (d) => {
    found.dialogs.push(d.message());
    void d.dismiss();
  });
  return {
    ...found,
    /** Everything recorded, for one assertion with a readable failure. */
    async all() {
      const violations = await page.evaluate(
        () => (window as unknown as { __violations: string[] }).__violations,
      );
      const pwned = await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned);
      return { violations, errors: found.errors, dialogs: found.dialogs, pwned };
    },
  };
}

const CLEAN = { violations: [], errors: [], dialogs: [], pwned: undefined };

const ADDRESS_FIELDS = ['street1', 'street2', 'postalCode', 'city', 'state'] as const;

/** Replaces the first stores' fields of the real search answer. */
async function hostileSearch(page: Page, extra: (store: Fields, i: number) => Fields = () => ({})) {
  await page.route(SEARCH, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { results: { stores: Fields[] } };
    body.results.stores.forEach((store, i) => {
      if (i >= HOSTILE.length) return;
      Object.assign(store, HOSTILE[i], extra(store, i));
      // The server sends the address lines it wrote from the store's fields: those of the
      // hostile fields, which the page must show as literally as the fields themselves.
      (store as Record<string, unknown>).addressLines = ADDRESS_FIELDS.map((k) => store[k]).filter(
        (v): v is string => v !== undefined && v.trim() !== '',
      );
    });
    await route.fulfill({ response, json: body });
  });
}

/** Replaces values in the host page's preloaded configuration (the server's real one). */
async function hostileConfig(page: Page, replacements: [string, string][]) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    let html = await response.text();
    for (const [from, to] of replacements) {
      expect(html).toContain(from);
      html = html.replaceAll(from, to);
    }
    await route.fulfill({ response, body: html });
  });
}

/** Links whose scheme is not http(s) or tel:, and anything that could run or embed. */
async function dangerous(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('[href], [src], [action], [formaction]')) {
      for (const attr of ['href', 'src', 'action', 'formaction']) {
        const value = el.getAttribute(attr);
        if (value === null) continue;
        const { protocol } = new URL(value, location.href);
        if (!['http:', 'https:', 'tel:'].includes(protocol)) {
          out.push(`<${el.localName} ${attr}="${value}">`);
        }
      }
    }
    for (const el of document.querySelectorAll('*')) {
      for (const { name } of el.attributes) {
        if (/^on/i.test(name)) out.push(`<${el.localName} ${name}>`);
      }
    }
    for (const el of document.querySelectorAll(
      'iframe, object, embed, script:not([src]):not([type="application/json"])',
    )) {
      out.push(`<${el.localName}>`);
    }
    return out;
  });
}

/** The number of distinct colours of a PNG screenshot (decoded by the page). */
async function colours(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    }
    return seen.size;
  }, png.toString('base64'));
}

async function expectLiteral(scope: Locator, fields: Fields) {
  await expect(scope.locator('.store__title')).toContainText(fields.title!);
  for (const key of ['street1', 'street2'] as const) {
    if (fields[key]) await expect(scope.locator('address')).toContainText(fields[key]);
  }
}

test.describe('under the Content-Security-Policy', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the results page and its map work with no violation or error', async ({ page }) => {
    const seen = await watch(page);
    const tiles: number[] = [];
    page.on('response', (r) => {
      if (/\/basemap\/(geo|places)\/\d+\/\d+\/\d+/.test(r.url())) tiles.push(r.status());
    });
    const response = await page.goto(LONDON);
    const policy = (await response?.headerValue('content-security-policy')) ?? '';
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scriptSrc.trim()).toBe("'self'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(policy).toContain("frame-ancestors 'none'");

    await expect(stores(page)).toHaveCount(5);
    await expect(page.getByTestId('store-map')).toHaveAttribute('data-map-ready', 'true');
    await expect(pins(page)).toHaveCount(5);
    await page.waitForLoadState('networkidle');

    // MapLibre's worker runs (same-origin module script), the tiles it fetched arrived, and the
    // canvas was drawn at the map's size.
    expect(page.workers().map((w) => w.url())).toContainEqual(
      expect.stringMatching(/\/assets\/maplibre-gl-worker-[^/]+\.mjs/),
    );
    // The worker's tile requests are not part of the page's network idle: wait for them to
    // arrive (a fresh server cuts its first city tiles from the whole ocean).
    await expect.poll(() => tiles.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(tiles.every((s) => s === 200)).toBe(true);
    const canvas = page.locator('.store-map canvas, [data-testid="store-map"] canvas').first();
    const box = (await canvas.boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    expect(box.height).toBeGreaterThan(300);
    // Drawn: with the pins and controls hidden, the canvas shows more than its background
    // colour (land, and the place names with their anti-aliased edges).
    await page.evaluate(() => {
      for (const el of document.querySelectorAll<HTMLElement>(
        '.maplibregl-marker, .maplibregl-control-container',
      )) {
        el.style.visibility = 'hidden';
      }
    });
    await expect
      .poll(async () => colours(page, await canvas.screenshot()), { timeout: 30_000 })
      .toBeGreaterThan(20);
    await page.evaluate(() => {
      for (const el of document.querySelectorAll<HTMLElement>(
        '.maplibregl-marker, .maplibregl-control-container',
      )) {
        el.style.visibility = '';
      }
    });

    // The callout (React in MapLibre's popup element) opens from a pin.
    await pins(page).nth(1).click();
    await expect(callout(page)).toBeVisible();
    expect(await seen.all()).toEqual(CLEAN);
  });
});

test.describe('hostile store data, wide screen (list, pins, callout)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('shows the text literally, runs nothing, links only http(s) and tel:', async ({ page }) => {
    const seen = await watch(page);
    await hostileSearch(page, (_store, i): Fields =>
      i === 1 ? { id: 'S2"><img src=x onerror=alert(1)>', storeId: 'S2"><b>x</b>' } : {},
    );
    await page.goto(LONDON);
    await expect(stores(page)).toHaveCount(5);
    await expect(page.getByTestId('store-map')).toHaveAttribute('data-map-ready', 'true');
    await expect(pins(page)).toHaveCount(5);

    for (const [i, fields] of HOSTILE.entries()) {
      const entry = stores(page).nth(i);
      await expectLiteral(entry, fields);
      // The pin is named by the literal title.
      await expect(
        mapSlot(page).getByRole('button', { name: `${i + 1}. ${fields.title}`, exact: true }),
      ).toHaveText(String(i + 1));
    }
    const first = stores(page).first();
    await expect(first.locator('address')).toContainText(HOSTILE[0]!.city!);
    await expect(first.locator('address')).toContainText(HOSTILE[0]!.state!);
    await expect(first.locator('.store__distance')).toContainText('<b>0.1</b> mi');
    // A phone without a number is text, not a link; one with a number dials only its digits.
    await expect(first.getByText(HOSTILE[0]!.phone!, { exact: true })).toBeVisible();
    await expect(first.locator('a[href^="tel:"]')).toHaveCount(0);
    await expect(stores(page).nth(1).locator('a[href^="tel:"]')).toHaveAttribute(
      'href',
      'tel:+442079460000',
    );
    await expect(stores(page).nth(1).locator('a[href^="tel:"]')).toHaveText(HOSTILE[1]!.phone!);
    await expect(stores(page).nth(2).locator('a[href^="tel:"]')).toHaveCount(0);
    await expect(stores(page).nth(3).locator('a[href^="tel:"]')).toHaveCount(0);
    // No website link from javascript:, data: or vbscript:; an http(s) one stays as written.
    for (const i of [0, 1, 2, 3]) {
      await expect(
        stores(page)
          .nth(i)
          .getByRole('link', { name: /^Website of/ }),
      ).toHaveCount(0);
    }
    await expect(
      stores(page)
        .nth(4)
        .getByRole('link', { name: /^Website of/ }),
    ).toHaveAttribute('href', HOSTILE[4]!.storeWeb!);

    // The callout of a hostile store, opened from its pin and from the list.
    await pins(page).first().click();
    await expect(callout(page)).toBeVisible();
    await expectLiteral(callout(page), HOSTILE[0]!);
    await expect(callout(page).locator('a[href^="tel:"]')).toHaveCount(0);
    await page.waitForTimeout(1200); // the re-centring
    await page.screenshot({ path: `${SHOTS}/i9-hostile-results-1440.png` });
    await stores(page).nth(1).locator('.store__select').click();
    await expect(callout(page)).toBeVisible();
    await expectLiteral(callout(page), HOSTILE[1]!);

    expect(await dangerous(page)).toEqual([]);
    expect(await seen.all()).toEqual(CLEAN);
  });
});

test.describe('hostile store data, narrow screen (detail view)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the detail view shows the text literally and links nothing unsafe', async ({ page }) => {
    const seen = await watch(page);
    await hostileSearch(page);
    await page.goto(LONDON);
    await expect(stores(page)).toHaveCount(5);
    for (const i of [0, 1, 4]) {
      const fields = HOSTILE[i]!;
      await stores(page).nth(i).locator('.store__select').click();
      await expect(detail(page)).toBeVisible();
      await expect(detail(page).locator('.store__title')).toContainText(fields.title!);
      if (fields.street1)
        await expect(detail(page).locator('address')).toContainText(fields.street1);
      expect(await dangerous(page)).toEqual([]);
      if (i === 0) {
        // The small map works too, its pin named by the literal title.
        await expect(detail(page).getByTestId('store-map')).toHaveAttribute(
          'data-map-ready',
          'true',
        );
        await expect(detail(page).locator('.store-map__pin')).toHaveText('1');
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1500); // the tiles drawn, for the screenshot
        await expect(detail(page).locator('a[href^="tel:"]')).toHaveCount(0);
        await expect(detail(page).getByRole('link', { name: /^Website of/ })).toHaveCount(0);
        await page.screenshot({ path: `${SHOTS}/i9-hostile-detail-390.png`, fullPage: true });
      }
      await page.getByRole('button', { name: /^Back/ }).click();
      await expect(stores(page)).toHaveCount(5);
    }
    expect(await seen.all()).toEqual(CLEAN);
  });
});

test.describe('hostile configured link bases (appointment, directions)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  const scheduled = (_store: Fields, i: number): Fields =>
    i === 0
      ? { apptSchedulerIndVal: 'Y', storeId: `IN-1"><img src=x onerror="${pwn('id')}">` }
      : { apptSchedulerIndVal: 'Y' };

  test('javascript: and data: bases give no directions or appointment link', async ({ page }) => {
    const seen = await watch(page);
    await hostileConfig(page, [
      [
        '"getDirection":"https://maps.google.com/maps?"',
        `"getDirection":"javascript:${pwn('dir')}//"`,
      ],
      [
        // The host page escapes "&" and "<" in its JSON data block.
        '"casSupportUrl":"https://getsupport.example.com/?caller=grl\\u0026locale="',
        '"casSupportUrl":"data:text/html,\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"',
      ],
    ]);
    await hostileSearch(page, scheduled);
    await page.goto(MUMBAI);
    await expect(stores(page)).toHaveCount(5);
    await expectLiteral(stores(page).first(), HOSTILE[0]!);
    await expect(page.getByRole('link', { name: /^Directions to/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Book a repair appointment/ })).toHaveCount(0);
    expect(await dangerous(page)).toEqual([]);
    expect(await seen.all()).toEqual(CLEAN);
  });

  test('the real bases keep hostile store values inside the query, encoded', async ({ page }) => {
    const seen = await watch(page);
    await hostileSearch(page, scheduled);
    await page.goto(MUMBAI);
    await expect(stores(page)).toHaveCount(5);
    const appointment = stores(page)
      .first()
      .getByRole('link', { name: /^Book a repair appointment/ });
    const href = (await appointment.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https:\/\/getsupport\.example\.com\/\?caller=grl&locale=en_IN&storeID=/);
    expect(href).not.toMatch(/[<>"\s]/);
    expect(new URL(href).searchParams.get('storeID')).toBe(scheduled({}, 0).storeId);
    const directions = stores(page)
      .first()
      .getByRole('link', { name: /^Directions to/ });
    const to = new URL((await directions.getAttribute('href')) ?? '');
    expect(to.origin).toMatch(/^https:\/\/maps\.(google|apple)\.com$/);
    expect(to.searchParams.get('daddr')).toContain(HOSTILE[0]!.street1);
    expect(await dangerous(page)).toEqual([]);
    expect(await seen.all()).toEqual(CLEAN);
  });
});
