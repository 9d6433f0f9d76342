import { expect, test, type Page } from '@playwright/test';
import { SHOTS, analytics, stores } from './results-helpers';

// The appointment link (PRODUCT.md#external-links, #appointment-link) in India and China with and without
// casRedirect, the travel-mode choice (PRODUCT.md#maps-service) and the Chinese layout, against the demo data.
// casRedirect is flipped in the host page's preloaded configuration (the server's real one).

const MUMBAI = '/in/en/service?pt=3&lat=19.076&lon=72.8777&address=Mumbai';
const SHANGHAI = '/cn/zh/service?pt=3&lat=31.2304&lon=121.4737&address=%E4%B8%8A%E6%B5%B7';
const SCHEDULER = 'https://getsupport.example.com/?caller=grl&locale=';

async function casRedirectOn(page: Page) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    expect(html).toContain('"casRedirect":false');
    await route.fulfill({
      response,
      body: html.replace('"casRedirect":false', '"casRedirect":true'),
    });
  });
}

const appointmentLinks = (page: Page, locale: string) =>
  page.locator(`a[href^="${SCHEDULER}${locale}&storeID="]`);

for (const width of [1440, 390]) {
  test.describe(`appointment link at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('India (en-IN): shown for scheduler stores, per store, reported', async ({ page }) => {
      await page.goto(MUMBAI);
      await expect(stores(page)).toHaveCount(5);
      const links = appointmentLinks(page, 'en_IN');
      await expect(links.first()).toBeVisible();
      const count = await links.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(5); // not every demo store has the scheduler
      const href = (await links.first().getAttribute('href')) ?? '';
      expect(href).toMatch(
        /^https:\/\/getsupport\.example\.com\/\?caller=grl&locale=en_IN&storeID=[^&]+&lat=19\.076&long=72\.8777&[A-Za-z]+=[A-Za-z]+\d+$/,
      );
      const title = await links
        .first()
        .evaluate(
          (a) =>
            a.closest('[data-testid="store"]')?.querySelector('.store__select')?.textContent ?? '',
        )
        .then((t) => t.replace(/^\d+\.\s*/, '').trim());
      await expect(links.first()).toHaveAccessibleName(
        `Book a repair appointment at ${title} (opens in a new tab)`,
      );
      await links.first().click({ modifiers: ['ControlOrMeta'] });
      const clicks = (await analytics(page)).filter((e) => e.type === 'click');
      expect(clicks).toContainEqual(
        expect.objectContaining({ link: 'appointment', channel: 'service', locale: 'en-IN' }),
      );
    });

    test('India with casRedirect: no appointment link; the support link instead', async ({
      page,
    }) => {
      await casRedirectOn(page);
      await page.goto(MUMBAI);
      await expect(stores(page)).toHaveCount(5);
      await expect(appointmentLinks(page, 'en_IN')).toHaveCount(0);
      const support = stores(page)
        .first()
        .getByRole('link', { name: /^Get repair support – / });
      await expect(support).toHaveAttribute('href', SCHEDULER);
    });

    test('China (zh-CN): shown; no travel time; distance in the title', async ({ page }) => {
      await page.goto(SHANGHAI);
      await expect(stores(page)).toHaveCount(5);
      await expect(appointmentLinks(page, 'zh_CN').first()).toBeVisible();
      await expect(page.locator('.travel-mode, .store__travel')).toHaveCount(0);
      await expect(stores(page).first().locator('.store__title')).toHaveText(
        /^1\. .+ \(\d+(\.\d+)?\s?(km|公里)\)$/,
      );
      await expect(page.locator('.store__distance')).toHaveCount(0);
    });

    test('China with casRedirect: no appointment link', async ({ page }) => {
      await casRedirectOn(page);
      await page.goto(SHANGHAI);
      await expect(stores(page)).toHaveCount(5);
      await expect(appointmentLinks(page, 'zh_CN')).toHaveCount(0);
      await expect(page.locator(`a[href^="${SCHEDULER}"]`)).toHaveCount(0);
      // The store's own link keeps the caller and locale (the store page's link may follow it).
      await expect(
        stores(page).first().locator('.store__links a[href*="caller=grl&locale=zh_CN"]'),
      ).not.toHaveCount(0);
    });
  });
}

test.describe('travel time', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('driving first (modesOfTransport), then walking; a pending request is cancelled', async ({
    page,
  }) => {
    const modes: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/v1/maps/eta') modes.push(url.searchParams.get('mode') ?? '');
    });
    await page.goto('/uk/en/sales?pt=all&lat=51.50853&lon=-0.12574&address=London');
    await expect(stores(page)).toHaveCount(5);
    const select = page.getByRole('combobox', { name: 'Travel mode' });
    await expect(select).toHaveValue('automobile');
    const first = stores(page).first().locator('.store__travel');
    await expect(first).toHaveText(/^Estimated travel time: \d+ mins?$/);
    const driving = await first.textContent();
    await select.selectOption('walking');
    await expect(first).not.toHaveText(driving ?? '');
    await expect(first).toHaveText(/^Estimated travel time: (\d+ hr,? )?\d+ mins?$/);
    const minutes = (text: string | null) => {
      const m = /(?:(\d+) hr,? )?(\d+) min/.exec(text ?? '');
      return m ? Number(m[1] ?? 0) * 60 + Number(m[2]) : NaN;
    };
    expect(minutes(await first.textContent())).toBeGreaterThan(minutes(driving));
    expect(modes[0]).toBe('automobile');
    expect(modes.at(-1)).toBe('walking');

    // Switching quickly: the last choice wins; the earlier request was cancelled first.
    const aborted: string[] = [];
    page.on('requestfailed', (r) => {
      if (r.url().includes('/api/v1/maps/eta')) aborted.push(r.failure()?.errorText ?? '');
    });
    // The driving request is held until the walking one has been sent, so it is still pending
    // when the page cancels it, however slow the machine is.
    let walkingSent: () => void = () => undefined;
    const walking = new Promise<void>((r) => (walkingSent = r));
    await page.route('**/api/v1/maps/eta?**', async (route) => {
      if (new URL(route.request().url()).searchParams.get('mode') === 'walking') walkingSent();
      else await Promise.race([walking, new Promise((r) => setTimeout(r, 15_000))]);
      await route.continue().catch(() => undefined);
    });
    await select.selectOption('automobile');
    await select.selectOption('walking');
    await expect.poll(() => aborted).toEqual(['net::ERR_ABORTED']);
    await expect(page.locator('.store__travel--loading')).toHaveCount(0);
    await expect(first).toHaveText(/^Estimated travel time: (\d+ hr,? )?\d+ mins?$/);
    expect(minutes(await first.textContent())).toBeGreaterThan(minutes(driving));
    await expect(select).toHaveValue('walking');
    await page.screenshot({ path: `${SHOTS}/i7-travel-walking-1440.png` });
  });

  test('an ETA failure stops the spinner and is logged', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.route('**/api/v1/maps/eta?**', (route) => route.abort('failed'));
    await page.goto('/uk/en/sales?pt=all&lat=51.50853&lon=-0.12574&address=London');
    await expect(stores(page)).toHaveCount(5);
    await expect(page.locator('.store__travel--loading')).toHaveCount(0);
    await expect(page.locator('.store__travel')).toHaveCount(0);
    await expect.poll(() => warnings.some((w) => w.startsWith('[maps] ETA failed'))).toBe(true);
  });
});
