/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { countryConfig, FIXTURES, mockConfig, rewriteBoot } from './web-fixtures';

// The home page of PRODUCT.md#home-page — configuration loading, cards, links and images.
test.describe('home page', () => {
  test('shows "Loading home page" while the configuration loads, then the cards in order', async ({
    page,
  }) => {
    await mockConfig(page, FIXTURES, { delayMs: 800 });
    await page.goto('/');
    await expect(page.getByRole('status')).toHaveText('Loading home page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a Location');
    const cards = page.getByRole('list', { name: 'What do you need?' }).getByRole('listitem');
    await expect(cards).toHaveCount(4);
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText([
      'Buy',
      'Repair and service',
      'Consulting',
      'Training',
    ]);
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  test('images alternate sides and card links follow the rules', async ({ page }) => {
    await mockConfig(page);
    await page.goto('/uk/en/');
    await expect(page.getByTestId('card-consulting')).toBeVisible();
    const sides = await page
      .locator('[data-image-side]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-image-side')));
    expect(sides).toEqual(['right', 'left', 'right']);
    // Image of card 0 sits right of its text, card 1 left of it.
    for (const [index, side] of [
      [0, 'right'],
      [1, 'left'],
    ] as const) {
      const card = page.locator('.channel-card').nth(index);
      const text = await card.locator('.channel-card__text').boundingBox();
      const image = await card.locator('img').boundingBox();
      expect(text && image && (side === 'right' ? image.x > text.x : image.x < text.x)).toBe(true);
    }
    await expect(page.getByRole('link', { name: 'Find where to buy' })).toHaveAttribute(
      'href',
      '/uk/en/sales',
    );
    await expect(page.getByRole('link', { name: 'Find a repair location' })).toHaveAttribute(
      'href',
      '/uk/en/service',
    );
    await expect(page.getByRole('link', { name: 'Find a consultant' })).toHaveAttribute(
      'href',
      'https://consulting.example.com/uk',
    );
    await expect(page.getByTestId('card-training')).toHaveCount(0);
  });

  test('a channel without products has no card; consulting always has one', async ({ page }) => {
    await mockConfig(page, { us: countryConfig('us', { noServiceProducts: true }) });
    await page.goto('/');
    await expect(page.getByTestId('card-sales')).toBeVisible();
    await expect(page.getByTestId('card-service')).toHaveCount(0);
    await expect(page.getByTestId('card-consulting')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find where to buy' })).toHaveAttribute(
      'href',
      '/sales',
    );
  });

  test('a service externalLink replaces the results link (casRedirect)', async ({ page }) => {
    await mockConfig(page, {
      us: countryConfig('us', {
        casRedirect: true,
        casSupportUrl: 'https://support.example.com/repair',
      }),
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Find a repair location' })).toHaveAttribute(
      'href',
      'https://support.example.com/repair',
    );
  });

  test('standard images at device pixel ratio 1', async ({ page }) => {
    await mockConfig(page);
    await page.goto('/ae/en/');
    await expect(page.locator('[data-testid="card-sales"] img')).toHaveAttribute(
      'src',
      '/images/channels/sales.jpg',
    );
  });

  test.describe('at device pixel ratio 2', () => {
    test.use({ deviceScaleFactor: 2 });

    test('high-DPI images, and the retail image for sales in ae', async ({ page }) => {
      await mockConfig(page);
      await page.goto('/ae/en/');
      await expect(page.locator('[data-testid="card-sales"] img')).toHaveAttribute(
        'src',
        '/images/channels/sales-retail@2x.jpg',
      );
      await expect(page.locator('[data-testid="card-service"] img')).toHaveAttribute(
        'src',
        '/images/channels/service@2x.jpg',
      );
      await page.goto('/uk/en/');
      await expect(page.locator('[data-testid="card-sales"] img')).toHaveAttribute(
        'src',
        '/images/channels/sales@2x.jpg',
      );
      // The image loads after the card is drawn: wait for it, then read its pixel width.
      await expect
        .poll(() =>
          page
            .locator('[data-testid="card-sales"] img')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBe(1120);
    });
  });

  test('uses the configuration preloaded in the host page without calling the server', async ({
    page,
  }) => {
    const requested = await mockConfig(page);
    await rewriteBoot(page, (boot) => ({ ...boot, config: { response: [FIXTURES.uk] } }));
    await page.goto('/uk/en/');
    await expect(page.getByTestId('card-sales')).toBeVisible();
    expect(requested).toEqual([]);
  });

  test('loads the configuration once per country across client-side navigation', async ({
    page,
  }) => {
    const requested = await mockConfig(page);
    await page.goto('/uk/en/');
    await page.getByRole('link', { name: 'Find where to buy' }).click();
    await expect(page).toHaveURL(/\/uk\/en\/sales$/);
    await page.goBack();
    await expect(page.getByTestId('card-sales')).toBeVisible();
    await page.getByRole('link', { name: 'Choose your country or region' }).click();
    await expect(page.getByTestId('chooser')).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId('card-sales')).toBeVisible();
    expect(requested).toEqual(['/api/v1/grlui/uk/en/globalmatrix']);
  });

  test('a failed configuration load shows "Something went wrong." and can be retried', async ({
    page,
  }) => {
    let calls = 0;
    await rewriteBoot(page, ({ config: _preloaded, ...boot }) => boot);
    await page.route('**/api/v1/grlui/*/*/globalmatrix', async (route) => {
      calls += 1;
      if (calls === 1) await route.fulfill({ status: 500, json: { error: { code: 'INTERNAL' } } });
      else await route.fulfill({ json: { response: [FIXTURES.us] } });
    });
    await page.goto('/');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Something went wrong.');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('card-sales')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
