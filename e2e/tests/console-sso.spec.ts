/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { ownServerDir, startOwnServer, type OwnServer } from './own-server';
import { expect, test, type Page } from '@playwright/test';
import { startProvider, type TestProvider } from '../../apps/server/test/helpers/oidc-provider';
import { expectNoAxeViolations } from './web-fixtures';

// Single sign-on at 1440 and 390 px: the sign-in form offers it, the local OpenID provider's own
// sign-in form (oidc-provider's development form, started here on 127.0.0.1, never a provider on
// the internet) signs the person in, and the console opens with the role the provider's groups
// map to; a person whose groups map to no role comes back to the form told why. axe finds
// nothing. A server of its own, configured for single sign-on. Screenshots go to $SHOTS_DIR.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const PORT = Number(
  process.env.E2E_SSO_PORT ??
    Number(process.env.E2E_PORT ?? 8181) + 1022 + Number(process.env.TEST_PARALLEL_INDEX ?? 0),
);
/** The provider's port (0: any free one). */
const PROVIDER_PORT = Number(process.env.E2E_SSO_PROVIDER_PORT ?? 0);
const BASE = `http://127.0.0.1:${PORT}`;

let server: OwnServer | undefined;
let provider: TestProvider | undefined;

test.beforeAll(async () => {
  const dir = ownServerDir('sso');
  provider = await startProvider(
    `${BASE}/api/v1/admin/sso/callback`,
    {
      ada: { email: 'ada@example.com', email_verified: true, groups: ['locator-admins'] },
      max: { email: 'max@example.com', email_verified: true, groups: ['marketing'] },
    },
    { port: PROVIDER_PORT, loginForm: true },
  );
  server = startOwnServer('the single sign-on journey’s server', PORT, dir, {
    PUBLIC_ORIGIN: BASE,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_ROLES: 'locator-admins=admin,locator-editors=editor,locator-viewers=viewer',
  });
  await server.ready;
});

test.afterAll(async () => {
  server?.stop();
  await provider?.close();
});

test.use({ baseURL: BASE });

/** From the console's sign-in form through the provider's sign-in form as `login`. */
async function signOnAs(page: Page, login: string): Promise<void> {
  await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

for (const width of [1440, 390]) {
  test.describe(`console single sign-on at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a person signs in through the provider with the role their groups give', async ({
      page,
    }) => {
      await page.goto('/admin/');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Sign in to the console' }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/console-sso-form-${width}.png`, fullPage: true });
      await signOnAs(page, 'ada');
      await expect(page).toHaveURL(`${BASE}/admin/`);
      const header = page.getByRole('banner');
      await expect(header.getByText('ada@example.com')).toBeVisible();
      await expect(header.getByText('Admin')).toBeVisible();
      // The session is the console's own, with its CSRF token, as after password sign-in.
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page.getByRole('status')).toHaveText('You have signed out.');
    });

    test('a person whose groups give no role comes back to the form, told why', async ({
      page,
    }) => {
      await page.goto('/admin/');
      await signOnAs(page, 'max');
      await expect(page.getByRole('alert')).toHaveText(
        'Your single sign-on account has no role in the console. Ask whoever runs the locator ' +
          'to give you one.',
      );
      await expect(page).toHaveURL(`${BASE}/admin/`);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/console-sso-refused-${width}.png`, fullPage: true });
    });
  });
}
