/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createConsoleAccount, type ConsoleAccount } from './console-accounts';
import { expectNoAxeViolations } from './web-fixtures';

// The console's sign-in at 1440 and 390 px: an editor made with the admin command signs in at a
// console address, sees the account's email and role, and signs out; a wrong password is said
// so; axe finds nothing on the sign-in form or the home screen. Screenshots go to $SHOTS_DIR.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

let editor: ConsoleAccount;
test.beforeAll(() => {
  editor = createConsoleAccount('editor');
});

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

for (const width of [1440, 390]) {
  test.describe(`console sign-in at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('an editor signs in, sees the account, and signs out', async ({ page }) => {
      const blocked: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) blocked.push(m.text());
      });
      const res = await page.goto('/admin/');
      expect(res?.headers()['cache-control']).toBe('no-store');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Sign in to the console' }),
      ).toBeVisible();
      await expect(page).toHaveTitle('Sign in – Lumen Console');
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/console-sign-in-${width}.png`, fullPage: true });

      await signIn(page, editor.email, editor.password);
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
      const header = page.getByRole('banner');
      await expect(header.getByText(editor.email)).toBeVisible();
      await expect(header.getByText('Editor', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/$/);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/console-home-${width}.png`, fullPage: true });

      // The session outlives a reload (the cookie), and the keyboard reaches sign-out.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
      const signOut = page.getByRole('button', { name: 'Sign out', exact: true });
      for (
        let i = 0;
        i < 10 && !(await signOut.evaluate((el) => el === document.activeElement));
        i++
      ) {
        await page.keyboard.press('Tab');
      }
      await expect(signOut).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Sign in to the console' }),
      ).toBeVisible();
      await expect(page.getByRole('status')).toHaveText('You have signed out.');
      await page.reload();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      expect(blocked).toEqual([]);
    });

    test('a console address asked for signed out is where sign-in leads', async ({ page }) => {
      await page.goto('/admin/stores?q=DE-1');
      await signIn(page, editor.email, editor.password);
      await expect(page.getByRole('heading', { level: 1, name: 'Stores' })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/stores\?q=DE-1$/);
      await expect(page.getByRole('searchbox', { name: 'Search stores' })).toHaveValue('DE-1');
      await page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link', { name: 'Home' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    });
  });
}

test('a wrong password is said so, in an alert', async ({ page }) => {
  const account = createConsoleAccount('viewer');
  await page.goto('/admin/');
  await signIn(page, account.email, `${account.password}-not`);
  await expect(page.getByRole('alert')).toHaveText(
    'The email or password is wrong. Check both and try again.',
  );
  await expectNoAxeViolations(page);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to the console' }),
  ).toBeVisible();
});
