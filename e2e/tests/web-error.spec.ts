import { expect, test } from '@playwright/test';
import { mockConfig, rewriteBoot } from './web-fixtures';

// The error screen of PRODUCT.md#error-screen, shown by the error boundary on a rendering failure.
// The failure is real: the host page's preloaded configuration is corrupted (a channel whose
// products are not a list), so building the channels throws while the page renders. No test
// switch exists in the shipped app.
test.describe('error screen', () => {
  test('a rendering failure shows "Error Occured."', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await mockConfig(page);
    await rewriteBoot(page, (boot) => ({
      ...boot,
      config: { response: [{ countryCode: 'GB', channels: { sales: { products: 42 } } }] },
    }));
    await page.goto('/uk/en/');
    const screen = page.getByTestId('error-screen');
    await expect(screen.getByRole('heading', { level: 1 })).toHaveText('Error Occured.');
    await expect(screen).toContainText('Please contact the administrator for the issue.');
    await expect(page).toHaveTitle('Error Occured. - Lumen');
    await expect(screen.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(screen.getByRole('link')).toHaveAttribute('href', '/uk/en/');
  });
});
