/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { expect, test } from '@playwright/test';
import { stores } from './results-helpers';

// Right to left: each address line keeps its own direction, so a Latin address on an Arabic or
// Hebrew page reads "1032 Station Avenue" (its first character on the left), an Arabic or
// Hebrew one from the right.
test.use({ viewport: { width: 1440, height: 900 } });

const PAGES = {
  'ar-AE': '/ae/ar/sales?pt=all&lat=25.2048&lon=55.2708&address=%D8%AF%D8%A8%D9%8A',
  'he-IL':
    '/il/he/sales?pt=all&lat=32.0853&lon=34.7818&address=%D7%AA%D7%9C%20%D7%90%D7%91%D7%99%D7%91',
};

for (const [locale, url] of Object.entries(PAGES)) {
  test(`address lines read in their own direction on ${locale} pages`, async ({ page }) => {
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(stores(page)).toHaveCount(5);
    const lines = await page.locator('.store__details address > span').evaluateAll((spans) =>
      spans.map((span) => {
        const text = span.textContent ?? '';
        const strong = /[A-Za-z\u00C0-\u024F]|[\u0590-\u08FF]/.exec(text)?.[0] ?? '';
        // Where the line's first and last characters are drawn.
        const range = document.createRange();
        const node = span.firstChild!;
        range.setStart(node, 0);
        range.setEnd(node, 1);
        const first = range.getBoundingClientRect().x;
        range.setStart(node, text.length - 1);
        range.setEnd(node, text.length);
        const last = range.getBoundingClientRect().x;
        return {
          text,
          latin: /[A-Za-z\u00C0-\u024F]/.test(strong),
          direction: getComputedStyle(span).direction,
          firstOnLeft: first < last,
        };
      }),
    );
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      if (line.text.length < 2 || !/\p{L}/u.test(line.text)) continue;
      expect(line, line.text).toMatchObject({
        direction: line.latin ? 'ltr' : 'rtl',
        firstOnLeft: line.latin,
      });
    }
  });
}
