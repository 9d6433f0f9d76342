/**
 * Renders the home-card artwork (apps/web/artwork/channels/*.svg, drawn for the project) to the
 * optimised JPEGs the country configurations reference (apps/web/public/images/channels):
 * {name}.jpg at 560×400 and {name}@2x.jpg at 1120×800 (PRODUCT.md#home-page: high-DPI images at device
 * pixel ratio ≥ 2). The alternative retail image is used on high-DPI screens only, so it has
 * no 1x. Uses Playwright's Chromium; run after changing an SVG:
 *   node apps/web/scripts/render-artwork.mjs
 */
import { chromium } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'artwork', 'channels');
const out = join(root, 'public', 'images', 'channels');
const WIDTH = 560;
const HEIGHT = 400;
const QUALITY = 82;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
for (const scale of [1, 2]) {
  const page = await browser.newPage({
    viewport: { width: WIDTH, height: HEIGHT },
    deviceScaleFactor: scale,
  });
  for (const file of readdirSync(src).filter((f) => f.endsWith('.svg'))) {
    const name = file.replace(/\.svg$/, '');
    if (scale === 1 && name.endsWith('-retail')) continue;
    const svg = readFileSync(join(src, file), 'utf8');
    await page.setContent(
      `<html><body style="margin:0">${svg.replace('<svg ', '<svg style="display:block" ')}</body></html>`,
    );
    const path = join(out, `${name}${scale === 2 ? '@2x' : ''}.jpg`);
    await page.screenshot({ path, type: 'jpeg', quality: QUALITY });
    console.log(path);
  }
  await page.close();
}
await browser.close();
