/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createConsoleAccount, type ConsoleAccount } from './console-accounts';
import { expectNoAxeViolations } from './web-fixtures';

// The console's API keys and webhooks screens, admins only, at 1440 and 390 px: an admin creates
// a key (shown once, with a warning, never used; it then works on the admin API, and the list
// shows when it was last used), revokes it through the
// confirmation dialog (it then answers 401); the webhooks screen shows its empty state (the
// journeys' server has no WEBHOOK_URLS); an editor sees neither screen and the server refuses
// it (403). axe finds nothing; right to left, nothing overflows at 390 px. Screenshots go to
// $SHOTS_DIR.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

let admin: ConsoleAccount;
let editor: ConsoleAccount;
test.beforeAll(() => {
  admin = createConsoleAccount('admin');
  editor = createConsoleAccount('editor');
});

async function signIn(page: Page, account: ConsoleAccount, path = '/admin/'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The page does not scroll sideways (nothing wider than the screen). */
async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [1440, 390]) {
  test.describe(`console keys and webhooks at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('an admin creates a key, sees it once, uses it, and revokes it', async ({
      page,
      request,
    }) => {
      await signIn(page, admin);
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
      const admin_ = page.getByRole('navigation', { name: 'Administration' });
      await admin_.getByRole('link', { name: 'API keys' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/keys$/);
      await expect(page).toHaveTitle('API keys – Lumen Console');

      // A name is needed.
      await page.getByRole('button', { name: 'Create key' }).click();
      await expect(page.getByText('Enter a name for the key.')).toBeVisible();
      await expect(page.getByLabel('Name')).toBeFocused();

      const name = `Feed ${width}`;
      await page.getByLabel('Name').fill(name);
      await page.getByRole('radio', { name: 'Read', exact: true }).check();
      await page.getByRole('button', { name: 'Create key' }).click();
      const shown = page.getByRole('region', { name: `Your new key "${name}"` });
      await expect(shown).toBeVisible();
      await expect(shown.getByText('It is shown only this once')).toBeVisible();
      const key = await shown.getByLabel('API key').inputValue();
      expect(key).toMatch(/^lk_/);
      await expect(shown.getByRole('button', { name: 'Copy key' })).toBeVisible();
      const table = page.getByRole('table');
      const row = table.getByRole('row', { name: new RegExp(name) });
      await expect(row).toContainText('Read');
      await expect(row).toContainText('Active');
      await expect(row.getByRole('cell').nth(2)).toHaveText('Never');
      await expectNoAxeViolations(page);
      await expectNoOverflow(page);
      // The whole table fits, its revoke buttons included.
      const list = page.getByRole('region', { name: 'Keys', exact: true });
      expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/console-keys-shown-${width}.png`, fullPage: true });

      // The key works on the admin API.
      const auth = { authorization: `Bearer ${key}` };
      expect((await request.get('/api/v1/admin/stores?limit=1', { headers: auth })).status()).toBe(
        200,
      );

      // Done: the secret is gone from the page for good.
      await shown.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByLabel('API key')).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
      expect(await page.content()).not.toContain(key);
      // Its use is noted: the last-used column shows a time now.
      const used = page.getByRole('table').getByRole('row', { name: new RegExp(name) });
      await expect(used.getByRole('cell').nth(2).locator('time')).toHaveAttribute(
        'datetime',
        /^\d{4}-\d\d-\d\dT/,
      );

      // Revoke, through the dialog: Escape cancels, the confirmation revokes.
      const revoke = page.getByRole('button', { name: `Revoke the key "${name}"` });
      await revoke.click();
      const dialog = page.getByRole('dialog', { name: `Revoke the key "${name}"?` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/console-keys-revoke-${width}.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(revoke).toBeFocused();
      await revoke.click();
      await dialog.getByRole('button', { name: 'Revoke key' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('status')).toHaveText(`The key "${name}" is revoked.`);
      await expect(
        page.getByRole('table').getByRole('row', { name: new RegExp(name) }),
      ).toContainText('Revoked');
      expect((await request.get('/api/v1/admin/stores?limit=1', { headers: auth })).status()).toBe(
        401,
      );

      // Right to left, the screen still fits.
      await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
      await expectNoOverflow(page);
      await page.screenshot({ path: `${SHOTS}/console-keys-rtl-${width}.png`, fullPage: true });
    });

    test('an admin sees the webhooks empty state', async ({ page }) => {
      await signIn(page, admin, '/admin/webhooks');
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 2, name: 'No webhooks configured' }),
      ).toBeVisible();
      await expect(page.getByText('WEBHOOK_URLS')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoOverflow(page);
      await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
      await expectNoOverflow(page);
      await page.screenshot({ path: `${SHOTS}/console-webhooks-${width}.png`, fullPage: true });
    });
  });
}

test('an editor sees neither screen, and the server refuses it', async ({ page }) => {
  await signIn(page, editor);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'API keys' })).toHaveCount(0);
  for (const path of ['/admin/keys', '/admin/webhooks']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }
  // The session's cookie, asking the server directly.
  for (const path of ['/api/v1/admin/keys', '/api/v1/admin/webhooks']) {
    const res = await page.request.get(path);
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'ROLE_FORBIDDEN' } });
  }
});
