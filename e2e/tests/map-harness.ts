/**
 * The store-map harness of the map journeys: apps/web/test/map/harness, built from the app's
 * own sources (once per run, shared by the workers) and served from disk at /map-harness/ on the
 * server's origin with page.route, so that the page's origin, and every request it makes, is the
 * server's.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page, Request } from '@playwright/test';
import type { Map as MapLibreMap } from 'maplibre-gl';

const repoRoot = resolve(import.meta.dirname, '../..');
/** The run's folder: playwright.config.ts makes it once, and its workers inherit the name. */
const RUN_DIR = process.env.E2E_RUN_DIR ?? '';
if (!RUN_DIR)
  throw new Error('E2E_RUN_DIR is unset: run the journeys with e2e/playwright.config.ts');
export const HARNESS_DIR = process.env.MAP_HARNESS_OUT ?? join(RUN_DIR, 'map-harness');
/** Outside the output (vite empties it): which worker builds, and that the build is done. */
const LOCK = join(RUN_DIR, 'map-harness.building');
const BUILT = join(RUN_DIR, 'map-harness.built');

/**
 * Builds the harness once per run: the first worker to take the lock builds it, the others wait
 * for the mark it leaves when done (or fail with the builder's error message).
 */
export async function buildHarness(): Promise<void> {
  if (existsSync(BUILT)) return;
  try {
    mkdirSync(LOCK);
  } catch {
    const deadline = Date.now() + 150_000;
    while (!existsSync(BUILT)) {
      const failed = join(LOCK, 'failed');
      if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
      if (Date.now() > deadline) throw new Error('the map harness was not built in time');
      await new Promise((r) => setTimeout(r, 200));
    }
    return;
  }
  try {
    await promisify(execFile)(
      'npx',
      ['vite', 'build', '-c', 'apps/web/test/map/harness/vite.config.ts'],
      { cwd: repoRoot, env: { ...process.env, MAP_HARNESS_OUT: HARNESS_DIR } },
    );
  } catch (err) {
    writeFileSync(join(LOCK, 'failed'), `the map harness build failed: ${String(err)}`);
    throw err;
  }
  writeFileSync(BUILT, '');
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
};

/** Serves the harness and records every request the page makes. */
export async function openHarness(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await page.route('**/map-harness/**', async (route) => {
    const path = new URL(route.request().url()).pathname.replace('/map-harness/', '');
    const file = join(HARNESS_DIR, path || 'index.html');
    if (!file.startsWith(HARNESS_DIR) || !existsSync(file) || !statSync(file).isFile()) {
      return route.fulfill({ status: 404, body: 'not found' });
    }
    return route.fulfill({
      status: 200,
      contentType: TYPES[extname(file)] ?? 'application/octet-stream',
      body: readFileSync(file),
    });
  });
  await page.goto('/map-harness/index.html');
  await page.waitForFunction(() => typeof window.mountStoreMap === 'function');
  return requests;
}

export interface HarnessPin {
  id: string;
  label: number;
  latitude: number;
  longitude: number;
  name: string;
}

declare global {
  interface Window {
    // Set by the harness entry (apps/web/test/map/harness/entry.ts).
    mountStoreMap: (
      el: HTMLElement,
      props: Record<string, unknown>,
    ) => {
      update(p: Record<string, unknown>): void;
      unmount(): void;
    };
    mapHandle?: { update(p: Record<string, unknown>): void; unmount(): void };
    mapEvents: string[];
    mapProps: Record<string, unknown>;
    /** The MapLibre map of the last mount (StoreMapProps.onMapReady). */
    storeMap?: MapLibreMap;
  }
}

/** Mounts the map with the pins; events (select:ID, escape, hover:ID) land in window.mapEvents. */
export async function mountMap(
  page: Page,
  props: {
    pins: HarnessPin[];
    lang: string;
    dir?: 'ltr' | 'rtl';
    fitKey?: string;
    interactive?: boolean;
    origin?: { latitude: number; longitude: number };
  },
): Promise<void> {
  await page.evaluate((p) => {
    window.mapEvents = [];
    document.documentElement.lang = p.lang;
    document.documentElement.dir = p.dir ?? 'ltr';
    const el = document.getElementById('map');
    if (!el) throw new Error('no #map');
    window.mapProps = {
      ...p,
      onSelect: (id: string) => {
        window.mapEvents.push(`select:${id}`);
        window.mapProps = { ...window.mapProps, activeId: id };
        window.mapHandle?.update(window.mapProps);
      },
      onEscape: () => {
        window.mapEvents.push('escape');
        window.mapProps = { ...window.mapProps, activeId: null };
        window.mapHandle?.update(window.mapProps);
      },
      renderCallout: (id: string) => `Callout of store ${id}`,
      onMapReady: (map: NonNullable<Window['storeMap']>) => {
        window.storeMap = map;
      },
    };
    window.mapHandle = window.mountStoreMap(el, window.mapProps);
  }, props);
}

/** Changes props of the mounted map. */
export async function updateMap(page: Page, changes: Record<string, unknown>): Promise<void> {
  await page.evaluate((c) => {
    window.mapProps = { ...window.mapProps, ...c };
    window.mapHandle?.update(window.mapProps);
  }, changes);
}

/** Waits until the map has loaded and no request is pending for a moment. */
export async function waitForMap(page: Page): Promise<void> {
  await page.locator('[data-map-ready="true"]').waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500); // fit (1 s) and label images
  await page.waitForLoadState('networkidle');
}
