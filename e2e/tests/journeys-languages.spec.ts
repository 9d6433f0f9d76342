/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { stores } from './results-helpers';
import { SWEEP_LOCALES } from './sweep-locales';

// No English left on a non-English page: every text a visitor sees or hears (text, aria-label,
// title, alt, placeholder) on the home page, the results beside the map and the narrow detail
// view, in the non-English locales of the accessibility sweep. "English" is any fragment of an
// English translation or product name that the locale's own texts do not contain.

const ROOT = resolve(import.meta.dirname, '../..');
const LOCALES_DIR = resolve(ROOT, 'apps/web/public/locales');
const NAMESPACES = ['commons', 'homes', 'choosers', 'results'];

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree): string[] =>
  Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v)));
const read = (file: string): Tree => JSON.parse(readFileSync(file, 'utf8')) as Tree;

/** The catalogue's product names: language → names. */
function productNames(): Map<string, string[]> {
  const catalogue = read(resolve(ROOT, 'apps/server/config/catalogue-names.json'));
  const byLang = new Map<string, string[]>();
  for (const product of Object.values(catalogue)) {
    if (typeof product === 'string') continue;
    for (const names of Object.values(product)) {
      if (typeof names === 'string' || Object.keys(names).length < 2) continue; // a brand
      for (const [lang, name] of Object.entries(names)) {
        if (typeof name === 'string') byLang.set(lang, [...(byLang.get(lang) ?? []), name]);
      }
    }
  }
  return byLang;
}

/** The catalogue's language of a page locale (its own names, then the language's). */
const catalogueLangs = (locale: string) =>
  locale === 'zh-CN' ? ['zh-Hans'] : [locale, locale.split('-')[0]!];

/** English fragments (around placeholders, 4+ letters) the locale's texts do not contain. */
function englishFragments(locale: string): string[] {
  const products = productNames();
  const file = locale.replace('-', '_');
  const own = [
    ...NAMESPACES.flatMap((ns) => leaves(read(`${LOCALES_DIR}/${ns}-${file}.json`))),
    ...catalogueLangs(locale).flatMap((l) => products.get(l) ?? []),
  ];
  const english = [
    ...NAMESPACES.flatMap((ns) =>
      ['en_US', 'en_GB'].flatMap((f) => leaves(read(`${LOCALES_DIR}/${ns}-${f}.json`))),
    ),
    ...(products.get('en') ?? []),
  ];
  const fragments = new Set<string>();
  for (const text of english) {
    for (const part of text.split(/\{\{[^}]*\}\}|<\/?\d+>/)) {
      const fragment = part.replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');
      if ((fragment.match(/[A-Za-z]/g) ?? []).length < 4) continue;
      if (own.some((t) => t.includes(fragment))) continue;
      fragments.add(fragment);
    }
  }
  return [...fragments];
}

/**
 * The texts of the page in the page's language: text nodes of rendered elements (also the
 * visually hidden ones screen readers read) and the named attributes; parts marked with another
 * language (the language selector's names) are left out, as are stores' own data (names,
 * addresses, phone numbers: data, not interface).
 */
async function pageTexts(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const pageLang = document.documentElement.lang;
    const skip = (el: Element) =>
      (el.closest('[lang]')?.getAttribute('lang') ?? pageLang) !== pageLang ||
      el.closest('address, a[href^="tel:"], .store__select, .store__title, .store-detail h2') !==
        null ||
      !el.checkVisibility();
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim() ?? '';
      if (text !== '' && n.parentElement && !skip(n.parentElement)) texts.push(text);
    }
    for (const el of document.body.querySelectorAll(
      '[aria-label], [title], [alt], [placeholder]',
    )) {
      if (skip(el)) continue;
      for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
        const value = el.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
  expect(texts.length).toBeGreaterThan(20);
  return texts;
}

/** The texts holding an English fragment: a 2+ word fragment anywhere, a word as a whole. */
function english(texts: string[], fragments: string[], where: string): string[] {
  const found: string[] = [];
  for (const text of texts) {
    const parts = text.split(/\s*[,、，،;]\s*/);
    for (const fragment of fragments) {
      const hit = fragment.includes(' ')
        ? text.includes(fragment)
        : parts.includes(fragment) || text === fragment;
      if (hit) found.push(`${where}: "${fragment}" in "${text}"`);
    }
  }
  return found;
}

const NON_ENGLISH = Object.entries(SWEEP_LOCALES).filter(([locale]) => !locale.startsWith('en'));

for (const [locale, s] of NON_ENGLISH) {
  test(`no English on the ${locale} pages`, async ({ page }) => {
    const fragments = englishFragments(locale);
    // The check itself finds English: the English footer would be caught.
    expect(english(['Copyright © 2026 Lumen. All rights reserved.'], fragments, '')).not.toEqual(
      [],
    );
    const found: string[] = [];
    const query = `pt=all&lat=${s.place.lat}&lon=${s.place.lon}&address=${encodeURIComponent(s.place.address)}`;

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(s.home);
    await expect(page.getByTestId('card-sales')).toBeVisible();
    found.push(...english(await pageTexts(page), fragments, 'home'));

    await page.goto(`${s.home}sales?${query}`);
    await expect(stores(page)).toHaveCount(5);
    await expect(page.getByTestId('store-map')).toHaveAttribute('data-map-ready', 'true');
    found.push(...english(await pageTexts(page), fragments, 'results'));

    await page.setViewportSize({ width: 390, height: 844 });
    await stores(page).first().locator('.store__select').click();
    await expect(page.getByTestId('store-detail')).toBeVisible();
    await expect(page.getByTestId('store-map')).toHaveAttribute('data-map-ready', 'true');
    found.push(...english(await pageTexts(page), fragments, 'detail'));

    expect(found).toEqual([]);
  });
}

test('the country list of a multi-country locale is in the page language', async ({ page }) => {
  await page.goto('/lac/es/service');
  const country = page.locator('select[name="country"]');
  await expect(country.locator('option', { hasText: 'Haití' })).toHaveCount(1);
  await expect(country.locator('option', { hasText: 'Guayana Francesa' })).toHaveCount(1);
  await expect(country.locator('option', { hasText: /^Haiti$|^French Guiana$/ })).toHaveCount(0);
});
