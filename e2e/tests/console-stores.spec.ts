/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createConsoleAccount, type ConsoleAccount } from './console-accounts';
import { expectNoAxeViolations } from './web-fixtures';

// The console's store table at 1440 and 390 px: an editor made with the admin command signs in
// at /admin/stores, finds a demo store by its id and by its city (the search in the address,
// Back returning to the search before), sorts by a column, and axe finds nothing; at 390 px
// the table scrolls inside its region, also right to left. Screenshots go to $SHOTS_DIR.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

interface Row {
  storeId: string;
  name: string;
  city: string;
}

let editor: ConsoleAccount;
test.beforeAll(() => {
  editor = createConsoleAccount('editor');
});

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(editor.email);
  await page.getByLabel('Password').fill(editor.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A demo store of Germany, read through the table's API with the page's session. */
async function demoStore(page: Page): Promise<Row> {
  const res = await page.request.get('/api/v1/admin/store-search?country=DE&sort=name&limit=1');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { stores: Row[] };
  return body.stores[0]!;
}

for (const width of [1440, 390]) {
  test.describe(`console store table at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('an editor finds a demo store by its id and by its city', async ({ page }) => {
      await page.goto('/admin/stores');
      await signIn(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Stores' })).toBeVisible();
      await expect(page).toHaveTitle('Stores – Lumen Console');
      const nav = page.getByRole('navigation', { name: 'Console' });
      await expect(nav.getByRole('link', { name: 'Stores' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const status = page.getByRole('status');
      await expect(status).toContainText(/Showing 1–50 of [\d,]+ stores/);
      await expectNoAxeViolations(page);

      const store = await demoStore(page);
      const search = page.getByRole('searchbox', { name: 'Search stores' });
      const table = page.getByRole('table');

      // By its id, as one types (no Enter).
      await search.pressSequentially(store.storeId, { delay: 20 });
      await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(store.storeId)}`));
      const link = table.getByRole('link', { name: store.storeId, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute(
        'href',
        `/admin/stores/${encodeURIComponent(store.storeId)}`,
      );

      // By its city, in its country, on Enter.
      await search.fill(store.city);
      await search.press('Enter');
      await page.getByLabel('Country').selectOption('DE');
      await expect(page).toHaveURL(/country=DE/);
      await expect(status).toContainText(/Showing 1–\d+ of [\d,]+ stores?/);
      await expect(
        table.getByRole('cell', { name: store.city, exact: true }).first(),
      ).toBeVisible();

      // Sorted by name, then back to the search before the sort.
      const nameHeader = table.getByRole('columnheader', { name: 'Name' });
      await nameHeader.getByRole('button').click();
      await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
      await expect(page).toHaveURL(/sort=name/);
      await nameHeader.getByRole('button').click();
      await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
      await page.goBack();
      await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
      await page.goBack();
      await expect(page).not.toHaveURL(/sort=/);
      await expect(search).toHaveValue(store.city);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/console-stores-${width}.png`, fullPage: true });

      // The page never scrolls sideways: the table's region does, right to left too.
      for (const dir of ['ltr', 'rtl']) {
        await page.evaluate((d) => document.documentElement.setAttribute('dir', d), dir);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await page.screenshot({ path: `${SHOTS}/console-stores-${width}-rtl.png`, fullPage: true });
    });
  });
}
