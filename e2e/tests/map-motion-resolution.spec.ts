import { expect, test, type Page } from '@playwright/test';
import { stores } from './results-helpers';

// Smooth panning without a graphics card (apps/web/src/components/map/README.md, "Software
// renderers"): this Chromium draws WebGL on the CPU (--disable-gpu: SwiftShader), so the
// results map draws at half its pixel ratio while the visitor drags it, follows the drag, and
// is back at its full ratio once the camera rests; its labels do not fade. Both rely on
// MapLibre internals, which the map reports it could use.
test.use({ viewport: { width: 1440, height: 900 } });

const LONDON = '/uk/en/sales?pt=all&lat=51.50853&lon=-0.12574&address=London';

const canvasWidth = (page: Page) =>
  page.locator('.maplibregl-canvas').evaluate((c) => (c as HTMLCanvasElement).width);
const pinX = async (page: Page) =>
  (await page.locator('button.store-map__pin').first().boundingBox())?.x ?? NaN;

/** London's results with the map fitted (1 s after the results) and at rest. */
async function openRestingMap(page: Page) {
  await page.goto(LONDON);
  await expect(stores(page)).toHaveCount(5);
  const map = page.getByTestId('store-map');
  await expect(map).toHaveAttribute('data-map-ready', 'true');
  await expect(map).toHaveAttribute('data-motion-resolution', 'true');
  await expect(map).toHaveAttribute('data-label-fade', 'off');
  await page.waitForTimeout(1800);
  await expect(map).toHaveAttribute('data-map-moving', 'false');
  return map;
}

test('a drag draws at half the pixel ratio and follows the pointer; at rest the full ratio is back', async ({
  page,
}) => {
  const map = await openRestingMap(page);
  const box = (await map.boundingBox())!;
  const full = await canvasWidth(page);
  const dpr = await page.evaluate(() => window.devicePixelRatio);
  expect(full).toBe(Math.round(box.width * dpr));
  const before = await pinX(page);

  // Pressed away from the pins (they gather round the centre), dragged 150 px to the right.
  const x = box.x + box.width * 0.15;
  const y = box.y + box.height * 0.8;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1) await page.mouse.move(x + i * 15, y, { steps: 2 });
  await expect.poll(() => canvasWidth(page)).toBe(Math.round(full / 2));
  // The map follows the pointer while the canvas is the smaller one.
  await expect.poll(async () => (await pinX(page)) - before).toBeGreaterThan(100);
  for (let i = 11; i <= 14; i += 1) await page.mouse.move(x + i * 15, y, { steps: 2 });
  await expect.poll(async () => (await pinX(page)) - before).toBeGreaterThan(180);
  expect(await canvasWidth(page)).toBe(Math.round(full / 2));
  await page.mouse.up();

  await expect(map).toHaveAttribute('data-map-moving', 'false');
  await expect.poll(() => canvasWidth(page)).toBe(full);
  // A visitor's move: "Search this area" is offered, as after any pan.
  await expect(page.getByTestId('search-area')).toBeVisible();
});

test('a zoom with the map control draws at half the ratio while it eases, then at the full ratio', async ({
  page,
}) => {
  const map = await openRestingMap(page);
  const full = await canvasWidth(page);
  // Every width the canvas takes, recorded in the page as MapLibre sets it (the width attribute
  // reflects the property): the ease lasts half a second, which a loaded machine can spend
  // between two polls from here, so sampling from the test would miss it.
  await page.locator('.maplibregl-canvas').evaluate((c) => {
    const widths: number[] = [];
    (window as unknown as { canvasWidths: number[] }).canvasWidths = widths;
    new MutationObserver(() => widths.push((c as HTMLCanvasElement).width)).observe(c, {
      attributes: true,
      attributeFilter: ['width'],
    });
  });
  await page.locator('.maplibregl-ctrl-zoom-out').click();
  await expect(map).toHaveAttribute('data-map-moving', 'false');
  await expect.poll(() => canvasWidth(page)).toBe(full);
  const widths = await page.evaluate(
    () => (window as unknown as { canvasWidths: number[] }).canvasWidths,
  );
  // Lowered as the ease starts, back to the full width once it ends.
  expect(widths[0]).toBe(Math.round(full / 2));
  expect(widths.at(-1)).toBe(full);
});
