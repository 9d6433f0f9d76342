/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createConsoleAccount, type ConsoleAccount } from './console-accounts';
import { expectNoAxeViolations } from './web-fixtures';

// The console's store screen at 1440 and 390 px: an editor opens a demo store by its address,
// changes its phone, moves its pin and saves, and the public search answers the new phone; a
// save over someone else's change shows both versions; a bad value is said at its field; a
// new store is made and deleted after a confirmation; a viewer sees no Save. axe finds nothing
// on the screen. These journeys write: each takes a GB demo store of its own, from the last ones,
// and puts back what it changed.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const ADMIN = '/api/v1/admin';

let editor: ConsoleAccount;
let viewer: ConsoleAccount;
test.beforeAll(() => {
  editor = createConsoleAccount('editor');
  viewer = createConsoleAccount('viewer');
});

interface DemoStore {
  storeId: string;
  version: string;
  row: Record<string, string>;
}

async function signIn(page: Page, path: string, account: ConsoleAccount): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The signed-in context's CSRF token, as the console reads it. */
async function csrfToken(request: APIRequestContext): Promise<string> {
  const res = await request.get(`${ADMIN}/session`);
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

/** A GB demo store with a phone that sells: the `index`-th from the last (its own per test). */
async function demoStore(request: APIRequestContext, index: number): Promise<DemoStore> {
  const res = await request.get(`${ADMIN}/stores?after=DEMO-GB-&limit=500`);
  expect(res.status()).toBe(200);
  const { stores } = (await res.json()) as { stores: DemoStore[] };
  const fit = stores.filter(
    (s) => s.storeId.startsWith('DEMO-GB-') && s.row.phone && s.row.salesProducts,
  );
  const store = fit.at(-1 - index);
  if (!store) throw new Error(`no demo store number ${index}`);
  return store;
}

/** The phone the public search answers for the store, searching at its own position. */
async function publicPhone(request: APIRequestContext, store: DemoStore): Promise<string> {
  const query = `pt=all&lat=${store.row.latitude}&lon=${store.row.longitude}`;
  const res = await request.get(`/api/v1/grlui/uk/en/sales?${query}`);
  const body = (await res.json()) as { results: { stores: { storeId: string; phone: string }[] } };
  return body.results.stores.find((s) => s.storeId === store.storeId)?.phone ?? '(not found)';
}

/** Puts back the columns a journey changed. */
async function restore(request: APIRequestContext, store: DemoStore, columns: string[]) {
  const value = (c: string) =>
    c === 'latitude' || c === 'longitude' ? Number(store.row[c]) : (store.row[c] ?? null);
  const data = Object.fromEntries(columns.map((c) => [c, value(c)]));
  const res = await request.patch(`${ADMIN}/stores/${store.storeId}`, {
    headers: { 'X-CSRF-Token': await csrfToken(request) },
    data,
  });
  expect(res.status()).toBe(200);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

for (const [n, width] of [1440, 390].entries()) {
  test.describe(`console store screen at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('an editor changes a phone and moves the pin; the public search answers it', async ({
      page,
    }) => {
      await signIn(page, '/admin/', editor);
      await expect(heading(page, 'Home')).toBeVisible();
      const store = await demoStore(page.request, n * 10);
      await page.goto(`/admin/stores/${store.storeId}`);
      await expect(heading(page, store.row.title!)).toBeVisible();
      await expect(page).toHaveTitle('Store – Lumen Console');
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/console-store-${width}.png`, fullPage: true });

      const phone = page.getByLabel('Phone', { exact: false });
      await expect(phone).toHaveValue(store.row.phone!);
      const newPhone = `020 7946 0${100 + n * 10}`;
      await phone.fill(newPhone);
      // The pin, moved with the keyboard: the longitude follows.
      const longitude = page.getByLabel('Longitude');
      const before = await longitude.inputValue();
      const pin = page.getByRole('button', { name: /^Store position/ });
      await pin.focus();
      await pin.press('ArrowRight');
      await expect(longitude).not.toHaveValue(before);
      await expect(pin).toBeFocused();
      expect(await publicPhone(page.request, store)).toBe(store.row.phone);
      const answer = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && r.url().includes(`/stores/${store.storeId}`),
      );
      await page.getByRole('button', { name: 'Save' }).click();
      expect((await answer).status()).toBe(200);
      // The public search answers the new phone at once: the save is laid over the search's
      // index (docs/ARCHITECTURE.md "When the visitors see a save").
      expect(await publicPhone(page.request, store)).toBe(newPhone);
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

      // The history names the editor and the change, newest first.
      const history = page.getByRole('region', { name: 'History' });
      const latest = history.getByRole('listitem').first();
      await expect(latest.getByRole('heading')).toContainText(`Changed · ${editor.email}`);
      const row = latest.getByRole('row', { name: /^Phone/ });
      await expect(row).toContainText(store.row.phone!);
      await expect(row).toContainText(newPhone);
      await expectNoAxeViolations(page);
      await restore(page.request, store, ['phone', 'latitude', 'longitude']);
    });

    test('a save over a change made meanwhile shows both versions; Keep mine wins', async ({
      page,
    }) => {
      await signIn(page, '/admin/', editor);
      await expect(heading(page, 'Home')).toBeVisible();
      const store = await demoStore(page.request, n * 10 + 1);
      await page.goto(`/admin/stores/${store.storeId}`);
      await expect(heading(page, store.row.title!)).toBeVisible();

      // Someone else changes the phone after the screen read the store.
      const theirPhone = `020 7946 0${200 + n * 10}`;
      const change = await page.request.patch(`${ADMIN}/stores/${store.storeId}`, {
        headers: { 'X-CSRF-Token': await csrfToken(page.request) },
        data: { phone: theirPhone },
      });
      expect(change.status()).toBe(200);

      const myTitle = `${store.row.title} (mine)`;
      await page.getByLabel('Name', { exact: true }).fill(myTitle);
      await page.getByRole('button', { name: 'Save' }).click();
      const conflict = page.getByRole('region', { name: 'Someone else changed this store' });
      await expect(conflict).toBeVisible();
      await expect(conflict.getByRole('row', { name: /^Phone/ })).toContainText(theirPhone);
      await expect(conflict.getByRole('row', { name: /^Phone/ })).toContainText(store.row.phone!);
      await expect(conflict.getByRole('row', { name: /^Name/ })).toContainText(myTitle);
      await expectNoAxeViolations(page);
      await page.screenshot({
        path: `${SHOTS}/console-store-conflict-${width}.png`,
        fullPage: true,
      });

      await conflict.getByRole('button', { name: 'Keep mine' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      await expect(conflict).toBeHidden();
      const after = (await (
        await page.request.get(`${ADMIN}/stores/${store.storeId}`)
      ).json()) as DemoStore;
      expect(after.row.title).toBe(myTitle);
      expect(after.row.phone).toBe(store.row.phone);
      await restore(page.request, store, ['title', 'phone']);
    });

    test('a bad value is said at its field, and the summary leads there', async ({ page }) => {
      await signIn(page, '/admin/', editor);
      await expect(heading(page, 'Home')).toBeVisible();
      const store = await demoStore(page.request, n * 10 + 2);
      await page.goto(`/admin/stores/${store.storeId}`);
      await expect(heading(page, store.row.title!)).toBeVisible();

      // Checked in the browser with the API's schema: nothing is sent.
      const latitude = page.getByLabel('Latitude');
      await latitude.fill('91');
      await page.getByRole('button', { name: 'Save' }).click();
      const summary = page.getByRole('group', { name: 'There is a problem with this store' });
      await expect(summary).toBeFocused();
      const message = 'Enter the latitude as a number from -90 to 90, like 51.5142.';
      await expect(latitude).toHaveAttribute('aria-invalid', 'true');
      await expect(latitude).toHaveAccessibleDescription(
        new RegExp(`^${message.replace(/[.]/g, '\\.')}`),
      );
      await summary.getByRole('link', { name: message }).click();
      await expect(latitude).toBeFocused();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/console-store-errors-${width}.png`, fullPage: true });

      // Checked by the server (the phone's country): said at the field too.
      await latitude.fill(store.row.latitude!);
      const phone = page.getByLabel('Phone');
      await phone.fill('12');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(phone).toHaveAttribute('aria-invalid', 'true');
      await expect(phone).toHaveAccessibleDescription(/not a phone number of the store's country/);
      await expect(latitude).not.toHaveAttribute('aria-invalid', 'true');
    });

    test('a new store is made, then deleted after a confirmation naming it', async ({ page }) => {
      await signIn(page, '/admin/stores/new', editor);
      await expect(heading(page, 'New store')).toBeVisible();
      const id = `E2E-${width}-${Date.now()}`;
      const title = `Console store ${width}`;
      await page.getByLabel('Store id').fill('not an id');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByLabel('Store id')).toHaveAttribute('aria-invalid', 'true');
      await page.getByLabel('Store id').fill(id);
      await page.getByLabel('Name', { exact: true }).fill(title);
      await page.getByLabel('Country').fill('GB');
      await page.getByLabel('Street address').fill('1 High Street');
      await page.getByLabel('Town or city').fill('London');
      await page.getByLabel('Latitude').fill('51.5142');
      await page.getByLabel('Longitude').fill('-0.142');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(heading(page, title)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/admin/stores/${id}$`));

      const open = page.getByRole('button', { name: 'Delete', exact: true });
      await open.click();
      const dialog = page.getByRole('dialog', { name: `Delete “${title}”?` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(open).toBeFocused();
      expect((await page.request.get(`${ADMIN}/stores/${id}`)).status()).toBe(200);

      await open.click();
      await dialog.getByRole('button', { name: 'Delete store' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'has been deleted' })).toBeVisible();
      expect((await page.request.get(`${ADMIN}/stores/${id}`)).status()).toBe(404);
    });

    test('a viewer reads the store without Save or Delete', async ({ page }) => {
      await signIn(page, '/admin/', viewer);
      await expect(heading(page, 'Home')).toBeVisible();
      const store = await demoStore(page.request, n * 10 + 3);
      await page.goto(`/admin/stores/${store.storeId}`);
      await expect(heading(page, store.row.title!)).toBeVisible();
      await expect(page.getByLabel('Phone')).toHaveAttribute('readonly', '');
      await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await expect(page.getByText('your role is Viewer')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
