/**
 * Frame times of the wide results map while the visitor pans it, with an area search's stores
 * grouped (bench:web): a results page at 1440 px, the map zoomed out with its own control until
 * the whole area shows, "Search this area", then the map dragged back and forth with the mouse
 * while every animation frame's interval is recorded in the page (requestAnimationFrame).
 * A frame over 1.5 × 16.7 ms missed a 60 Hz display refresh ("dropped").
 */
import type { Browser, Page } from 'playwright-core';

/** One display refresh at 60 Hz, and the interval beyond which a frame was dropped. */
const VSYNC_MS = 1000 / 60;
const DROPPED_MS = 1.5 * VSYNC_MS;

/** Frame intervals of one panning run. */
export interface FrameStats {
  frames: number;
  medianMs: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  dropped: number;
  droppedShare: number;
  /**
   * The frames while the camera moved (the map's container said `data-map-moving="true"` at the
   * frame's start or its end), and how many of them were dropped: the pan as the visitor sees
   * it. The rest are the frames between pans, where the map at rest draws again at its full
   * ratio (docs/ARCHITECTURE.md, "Map frames").
   */
  movingFrames: number;
  movingDropped: number;
  movingDroppedShare: number;
  /**
   * How far the map moved under the first 300 px drag (px, from a numbered pin's position): a
   * pan that did not move the map (pressed on a pin, say) would time idle frames.
   */
  movedPx: number;
}

export interface FrameFigures {
  url: string;
  zoomOutSteps: number;
  /** Stores in the searched area (the answer's areaTotal), and groups drawn at that view. */
  areaStores: number;
  groups: number;
  /** Panning with the area's stores grouped. */
  grouped: FrameStats;
  /** The same panning at the same view before the area search (basemap and 5 pins only). */
  baseline: FrameStats;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const share = (part: number, whole: number) =>
  Math.round((part / Math.max(1, whole)) * 1000) / 1000;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Drags the map horizontally by `dx` px in small steps, one a frame. */
async function drag(page: Page, x: number, y: number, dx: number, steps: number): Promise<void> {
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i += 1) {
    await page.mouse.move(x + (dx * i) / steps, y + Math.sin(i / 5) * 20);
    await page.waitForTimeout(VSYNC_MS);
  }
  await page.mouse.up();
}

export async function panFrameTimes(
  browser: Browser,
  url: string,
  zoomOutSteps: number,
): Promise<FrameFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    await page
      .locator('[data-testid="store-map"][data-map-ready="true"]')
      .waitFor({ timeout: 120_000 });
    const zoomOut = page.locator('.maplibregl-ctrl-zoom-out');
    for (let i = 0; i < zoomOutSteps; i += 1) {
      await zoomOut.click();
      await page
        .locator('[data-testid="store-map"][data-map-moving="true"]')
        .waitFor({ state: 'detached' });
    }
    await page.waitForLoadState('networkidle');
    const baseline = await panRun(page);
    // Back where the panning started: the area searched is the zoomed-out view.
    const answer = page.waitForResponse((r) => r.url().includes('bbox='), { timeout: 120_000 });
    await page.getByTestId('search-area').click();
    const body = (await (await answer).json()) as { results: { areaTotal: number } };
    await page
      .locator('[data-testid="store-map"][data-map-ready="true"]')
      .waitFor({ timeout: 120_000 });
    await page.locator('button.store-map__cluster').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const groups = await page.locator('button.store-map__cluster').count();
    const grouped = await panRun(page);
    return { url, zoomOutSteps, areaStores: body.results.areaTotal, groups, grouped, baseline };
  } finally {
    await context.close();
  }
}

/** Drags the map back and forth, recording every animation frame's interval. */
async function panRun(page: Page): Promise<FrameStats> {
  await page.waitForTimeout(1000);
  const box = (await page.getByTestId('store-map').boundingBox())!;
  // In the page (a string: this file is compiled without the DOM's types).
  await page.evaluate(`
    window.__frames = [];
    window.__moving = [];
    window.__recording = true;
    const map = document.querySelector('[data-testid="store-map"]');
    const isMoving = () => map.getAttribute('data-map-moving') === 'true';
    let last = performance.now();
    let wasMoving = isMoving();
    const tick = (t) => {
      const moving = isMoving();
      window.__frames.push(t - last);
      window.__moving.push(wasMoving || moving);
      last = t;
      wasMoving = moving;
      if (window.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  `);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const pinX = async () =>
    (await page.locator('button.store-map__pin').first().boundingBox())?.x ?? NaN;
  let movedPx = NaN;
  for (let i = 0; i < 3; i += 1) {
    const before = i === 0 ? await pinX() : NaN;
    await drag(page, cx - 150, cy, 300, 60);
    if (i === 0) movedPx = Math.round((await pinX()) - before);
    await drag(page, cx + 150, cy, -300, 60);
  }
  if (!(Math.abs(movedPx) > 200)) {
    throw new Error(`the map did not follow the drag (a pin moved ${movedPx} px of 300)`);
  }
  const { frames, moving } = (await page.evaluate(
    '(window.__recording = false, { frames: window.__frames.slice(1), moving: window.__moving.slice(1) })',
  )) as { frames: number[]; moving: boolean[] };
  const dropped = frames.filter((ms) => ms > DROPPED_MS).length;
  const movingFrames = frames.filter((_, i) => moving[i]);
  const movingDropped = movingFrames.filter((ms) => ms > DROPPED_MS).length;
  return {
    frames: frames.length,
    medianMs: round(percentile(frames, 50)),
    p95Ms: round(percentile(frames, 95)),
    p99Ms: round(percentile(frames, 99)),
    maxMs: round(Math.max(...frames)),
    dropped,
    droppedShare: share(dropped, frames.length),
    movingFrames: movingFrames.length,
    movingDropped,
    movingDroppedShare: share(movingDropped, movingFrames.length),
    movedPx,
  };
}
