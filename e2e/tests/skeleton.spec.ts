import { expect, test } from '@playwright/test';

// Walking skeleton: the server embeds the route's locale in the host page and the web
// app redirects to that locale's own path (PRODUCT.md#routes, #home-page).
test.describe('locale routing', () => {
  test('the host page embeds the locale of the route', async ({ request }) => {
    const html = await (await request.get('/uk/en/')).text();
    expect(html).toContain('id="locator-boot"');
    expect(html).toMatch(/"locale":"en-GB"/);
  });

  test('a locale path without its trailing slash redirects to the mapped path', async ({
    page,
  }) => {
    await page.goto('/uk/en');
    await expect(page).toHaveURL(/\/uk\/en\/$/);
    await expect(page.getByTestId('home')).toHaveAttribute('data-locale', 'en-GB');
  });

  test('in-ID and id-ID keep their odd paths', async ({ page }) => {
    await page.goto('/id/in/');
    await expect(page.getByTestId('home')).toHaveAttribute('data-locale', 'in-ID');
    await page.goto('/id/id/');
    await expect(page.getByTestId('home')).toHaveAttribute('data-locale', 'id-ID');
  });

  test('a path that names no site answers the not-found page (404)', async ({ page }) => {
    const res = await page.goto('/zz/qq/whatever');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.getByRole('main').getByRole('link', { name: 'All stores' }).click();
    await expect(page).toHaveURL(/\/stores\/$/);
  });

  test("a site named by its country's ISO code moves to the site's own path", async ({ page }) => {
    await page.goto('/gb/en/');
    await expect(page).toHaveURL(/\/uk\/en\/$/);
    await expect(page.getByTestId('home')).toHaveAttribute('data-locale', 'en-GB');
  });

  test('an invalid channel redirects to the locale home', async ({ page }) => {
    await page.goto('/uk/en/nonsense');
    await expect(page).toHaveURL(/\/uk\/en\/$/);
  });

  test('a results route keeps its channel and the Arabic host page is right to left', async ({
    page,
  }) => {
    await page.goto('/ae/ar/service');
    await expect(page).toHaveURL(/\/ae\/ar\/service$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The web app refines the host page's language to the full tag.
    await expect(page.locator('html')).toHaveAttribute('lang', /^ar(-AE)?$/);
  });
});
