/**
 * Shared steps of the results-page journeys. They run against the real server with
 * its demo data and the embedded maps engine; nothing is mocked except where a journey says so.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

export const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

/** The location combobox (any language). */
export const locationBox = (page: Page) => page.locator('input[role="combobox"]');
/** The form's Search button (any language). */
export const searchButton = (page: Page) =>
  page.getByTestId('search-form').locator('[type=submit]');
export const stores = (page: Page) => page.getByTestId('store');
export const sentence = (page: Page) => page.locator('#results-heading');

/** Types a place and picks the first suggestion with the keyboard. */
export async function pickPlace(page: Page, text: string, expected: RegExp | string = text) {
  await locationBox(page).click();
  await locationBox(page).pressSequentially(text, { delay: 30 });
  await expect(page.getByRole('option').first()).toContainText(expected);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** Chooses a product tile (wide screens). */
export async function pickProduct(page: Page, name: string) {
  await page.getByRole('radio', { name, exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Product' })).toHaveValue(name);
}

/** The analytics events queued by the page. */
export async function analytics(page: Page): Promise<{ type: string; [k: string]: unknown }[]> {
  return page.evaluate(
    () =>
      (window as unknown as { __locatorAnalytics: { type: string; [k: string]: unknown }[] })
        .__locatorAnalytics,
  );
}
