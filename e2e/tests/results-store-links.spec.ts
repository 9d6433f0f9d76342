import { expect, test } from '@playwright/test';
import { SHOTS, stores } from './results-helpers';
import { expectNoAxeViolations } from './web-fixtures';

// Links between results and store pages: each result links to its page, the selected store is
// in the URL, and Share sends the store's page on every width.
test.use({ viewport: { width: 1440, height: 900 } });

const LONDON = '/uk/en/sales?pt=all&lat=51.50853&lon=-0.12574&address=London';

test('each result links to its store page; the selected store is in the URL; Share sends the page', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __shared: { url: string }[] };
    w.__shared = [];
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: (data: { url: string }) => {
        w.__shared.push(data);
        return Promise.resolve();
      },
    });
  });
  await page.goto(LONDON);
  await expect(stores(page)).toHaveCount(5);
  const entry = stores(page).nth(1);
  const id = await entry.getAttribute('data-store-id');
  const title = ((await entry.locator('.store__select').textContent()) ?? '')
    .replace(/^\d+\.\s*/, '')
    .trim();

  // Selecting a store marks it in the URL (in place); a reload selects it again.
  await entry.locator('.store__select').click();
  await expect(page).toHaveURL(new RegExp(`[?&]store=${id}(&|$)`));
  await page.reload();
  await expect(stores(page).nth(1)).toHaveClass(/store--active/);
  await expect(page.getByTestId('store-callout')).toContainText(title);
  // Escape closes the callout and the URL forgets the store.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('store-callout')).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]store=/);

  // Share on a wide screen: the store's page, not a directions link.
  const link = stores(page)
    .nth(1)
    .getByRole('link', { name: `Store page: ${title}` });
  const path = await link.getAttribute('href');
  expect(path).toMatch(/^\/uk\/en\/stores\/DEMO-GB-\d+-[a-z0-9-]+$/);
  await stores(page)
    .nth(1)
    .getByRole('button', { name: `Share ${title}` })
    .click();
  const shared = await page.evaluate(
    () => (window as unknown as { __shared: { url: string }[] }).__shared,
  );
  expect(shared.map((s) => new URL(s.url).pathname)).toEqual([path]);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/store-links-en-GB-1440.png` });

  // The link leads to the store's page.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('filters, "Open now" among them, are kept in the URL: a reload shows the same', async ({
  page,
}) => {
  await page.goto(LONDON);
  await expect(stores(page)).toHaveCount(5);
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const panel = page.getByRole('group', { name: 'Filter locations' });
  // "Open now" has a group of its own, apart from the products and the service chip.
  const hours = panel.getByRole('group', { name: 'Opening hours' });
  await expect(hours.getByRole('checkbox')).toHaveCount(1);
  await hours.getByRole('checkbox', { name: 'Open now' }).check();
  await panel.getByRole('checkbox', { name: 'Service' }).check();
  await expect(page).toHaveURL(/[?&]filters=opennow%2Cservice(&|$)/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Filters (2 selected)' })).toBeVisible();
  await page.getByRole('button', { name: 'Filters (2 selected)' }).click();
  await expect(page.getByRole('checkbox', { name: 'Open now' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Service' })).toBeChecked();
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page).not.toHaveURL(/[?&]filters=/);
});
