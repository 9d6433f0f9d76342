import { expect, test, type Page } from '@playwright/test';
import { SHOTS, analytics, stores } from './results-helpers';

// The narrow screen (390 px): choosing a store replaces the list with its detail view
// (back, small map, share). The share sheet is stubbed through the page's own API surface
// (navigator.share / navigator.clipboard), never a mocked server.
test.use({ viewport: { width: 390, height: 844 } });

const LONDON = '/uk/en/sales?pt=all&lat=51.50853&lon=-0.12574&address=London';
const detail = (page: Page) => page.getByTestId('store-detail');

type Shared = { title: string; text: string; url: string };

async function stubShare(page: Page, behaviour: 'share' | 'reject' | 'none') {
  await page.addInitScript((mode) => {
    const w = window as unknown as { __shared: unknown[]; __copied: string[] };
    w.__shared = [];
    w.__copied = [];
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value:
        mode === 'none'
          ? undefined
          : (data: unknown) => {
              w.__shared.push(data);
              return mode === 'reject'
                ? Promise.reject(new DOMException('Share target failed', 'DataError'))
                : Promise.resolve();
            },
    });
    Object.defineProperty(Navigator.prototype, 'clipboard', {
      configurable: true,
      get: () => ({
        writeText: (text: string) => {
          w.__copied.push(text);
          return Promise.resolve();
        },
      }),
    });
  }, behaviour);
}

const shared = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shared: Shared[] }).__shared);
const copied = (page: Page) =>
  page.evaluate(() => (window as unknown as { __copied: string[] }).__copied);

async function openDetail(page: Page, index: number) {
  await page.goto(LONDON);
  await expect(stores(page)).toHaveCount(5);
  await expect(page.getByTestId('map-slot')).toHaveCount(0); // no map beside the list
  const entry = stores(page).nth(index);
  const title = ((await entry.locator('.store__select').textContent()) ?? '')
    .replace(/^\d+\.\s*/, '')
    .trim();
  await entry.getByRole('button', { name: `Show details for ${title}` }).click();
  await expect(detail(page)).toBeVisible();
  return { title };
}

test('detail view: back to stores returns focus to the store', async ({ page }) => {
  await stubShare(page, 'share');
  const { title } = await openDetail(page, 1);
  await expect(stores(page)).toHaveCount(0); // the list is replaced
  await expect(detail(page).getByRole('heading', { level: 3 })).toBeFocused();
  await expect(detail(page).getByRole('heading', { level: 3 })).toContainText(title);
  const map = detail(page).getByRole('img', { name: `Map showing ${title}` });
  await expect(map).toBeVisible();
  await expect(detail(page).getByTestId('store-map')).toHaveAttribute('data-map-ready', 'true');
  await expect(detail(page).locator('.store-map__pin')).toHaveText('2');
  await expect(detail(page).getByRole('combobox', { name: 'Travel mode' })).toBeVisible();
  await expect(
    detail(page).getByRole('link', { name: `Directions to ${title} (opens in a new tab)` }),
  ).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS}/i7-detail-en-US-390.png`, fullPage: true });

  await detail(page).getByRole('button', { name: 'Back to stores' }).click();
  await expect(detail(page)).toHaveCount(0);
  await expect(stores(page)).toHaveCount(5);
  await expect(
    stores(page)
      .nth(1)
      .getByRole('button', { name: `Show details for ${title}` }),
  ).toBeFocused();
});

test("share: the Web Share API gets title, text and the store page's URL", async ({ page }) => {
  await stubShare(page, 'share');
  const { title } = await openDetail(page, 0);
  const storePage = await detail(page)
    .getByRole('link', { name: `Store page: ${title}` })
    .getAttribute('href');
  const street = (await detail(page).locator('address span').first().textContent()) ?? '';
  const phone = (await detail(page).locator('a[href^="tel:"]').textContent()) ?? '';
  await detail(page)
    .getByRole('button', { name: `Share ${title}` })
    .click();
  await expect.poll(() => shared(page)).toHaveLength(1);
  const [payload] = await shared(page);
  expect(payload!.title).toBe(title);
  // The store's own page, not directions from the sharer's searched place.
  expect(new URL(payload!.url).pathname).toBe(storePage);
  expect(storePage).toMatch(/^\/uk\/en\/stores\/DEMO-GB-\d+-[a-z0-9-]+$/);
  const lines = payload!.text.split('\n');
  expect(lines[0]).toBe(title);
  expect(lines[1]).toContain(street);
  expect(lines).toContain('England'); // the state
  expect(lines.at(-1)).toBe(phone);
  expect(await copied(page)).toEqual([]);
  const clicks = (await analytics(page)).filter((e) => e.type === 'click');
  expect(clicks).toContainEqual(expect.objectContaining({ link: 'share', channel: 'sales' }));
});

test('share without the Web Share API copies the link', async ({ page }) => {
  await stubShare(page, 'none');
  const { title } = await openDetail(page, 2);
  const storePage = await detail(page)
    .getByRole('link', { name: `Store page: ${title}` })
    .getAttribute('href');
  await detail(page)
    .getByRole('button', { name: `Share ${title}` })
    .click();
  await expect(detail(page).getByRole('status')).toHaveText('Link copied to the clipboard.');
  expect((await copied(page)).map((url) => new URL(url).pathname)).toEqual([storePage]);
  await page.screenshot({ path: `${SHOTS}/i7-detail-copied-en-US-390.png` });
});

test('a failed share is only logged', async ({ page }) => {
  await stubShare(page, 'reject');
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  const { title } = await openDetail(page, 0);
  await detail(page)
    .getByRole('button', { name: `Share ${title}` })
    .click();
  await expect.poll(() => warnings.some((w) => w.startsWith('Share failed'))).toBe(true);
  await expect(detail(page).getByRole('status')).toHaveText('');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(detail(page).getByRole('button', { name: `Share ${title}` })).toBeEnabled();
});
