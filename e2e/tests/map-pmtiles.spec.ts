/**
 * The production basemap path, end to end in the browser: a server started here with
 * MAP_STYLE=pmtiles and a small archive of the Protomaps schema that this test writes (earth,
 * water, roads at z0), read by MapLibre's pmtiles protocol with HTTP Range requests to our own
 * origin, drawn with the Protomaps light cartography and our place labels in the visitor's
 * language. Screenshot: /tmp/shots/map-pmtiles-{lang}.png.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownServerDir, startOwnServer, type OwnServer } from './own-server';
import { expect, test } from '@playwright/test';
import { encodeTile } from '../../apps/server/src/modules/basemap/tiles';
import { pmtilesArchive } from '../../apps/server/test/helpers/pmtiles';
import { SHOTS } from './results-helpers';
import { buildHarness, mountMap, openHarness, waitForMap } from './map-harness';

// Its own port in each worker that runs it at the same time (TEST_PARALLEL_INDEX: 0, 1, …).
const PORT =
  Number(process.env.E2E_PORT ?? 8181) + 1000 + 2 * Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const BASE = `http://127.0.0.1:${PORT}`;
let server: OwnServer | undefined;

const square = (x0: number, y0: number, x1: number, y1: number) => [
  [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ],
];

/** One z0 tile of the Protomaps schema: land everywhere, a sea in the west, two roads. */
function protomapsArchive(): Buffer {
  const tile = encodeTile({
    earth: [{ type: 3, geometry: square(0, 0, 4096, 4096), tags: { kind: 'earth' } }],
    water: [{ type: 3, geometry: square(0, 0, 1900, 4096), tags: { kind: 'ocean' } }],
    roads: [
      {
        type: 2,
        geometry: [
          [
            [1900, 1300],
            [4096, 1500],
          ],
          [
            [2050, 0],
            [2100, 4096],
          ],
        ],
        tags: { kind: 'highway', kind_detail: 'motorway', min_zoom: 0 },
      },
    ],
  });
  return pmtilesArchive(tile, {
    vector_layers: ['earth', 'water', 'roads', 'boundaries', 'places'].map((id) => ({ id })),
    attribution: '© Test archive',
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The harness is built while the server starts.
  const harness = buildHarness();
  const dir = ownServerDir('pmtiles');
  const archive = join(dir, 'protomaps.pmtiles');
  writeFileSync(archive, protomapsArchive());
  server = startOwnServer('the PMTiles server', PORT, dir, {
    MAP_STYLE: 'pmtiles',
    MAP_PMTILES_PATH: archive,
  });
  await Promise.all([harness, server.ready]);
});

test.afterAll(() => server?.stop());

test.use({ baseURL: BASE });

for (const c of [
  { lang: 'en', dir: 'ltr' as const, name: 'Paris' },
  { lang: 'ar', dir: 'rtl' as const, name: 'باريس' },
]) {
  test(`PMTiles (Protomaps schema) by range requests to our origin, names in ${c.lang}`, async ({
    page,
  }) => {
    const requests = await openHarness(page);
    const ranges: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/basemap/tiles.pmtiles')) ranges.push(r.status());
    });
    await mountMap(page, {
      pins: [{ id: 's1', label: 1, latitude: 51.5, longitude: -0.12, name: 'Store' }],
      lang: c.lang,
      dir: c.dir,
    });
    await waitForMap(page);
    await page.evaluate(() => window.storeMap?.jumpTo({ center: [-0.12, 51.5], zoom: 3 }));
    await page.waitForFunction(() => window.storeMap?.loaded() && !window.storeMap.isMoving());
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/map-pmtiles-${c.lang}.png` });

    // Every request to our own origin; the archive read by byte ranges.
    const foreign = requests
      .map((r) => r.url())
      .filter((u) => !u.startsWith(`${BASE}/`) && !u.startsWith('blob:'));
    expect(foreign).toEqual([]);
    expect(ranges).toContain(206);
    expect(ranges.filter((s) => s !== 206 && s !== 304)).toEqual([]);

    // Drawn from the archive with the Protomaps cartography, labelled by us.
    const drawn = await page.evaluate(() => {
      const map = window.storeMap;
      if (!map) return { layers: [] as string[], labels: [] as string[], schema: '' };
      const style = map.getStyle();
      const features = map.queryRenderedFeatures();
      return {
        layers: [...new Set(features.map((f) => f.layer.id))],
        labels: features
          .filter((f) => f.layer.id === 'place-labels')
          .map((f) => String(f.properties.name)),
        schema: String((style.metadata as Record<string, unknown>)['locator:schema']),
      };
    });
    expect(drawn.schema).toBe('protomaps');
    expect(drawn.layers).toEqual(expect.arrayContaining(['earth', 'water']));
    expect(drawn.layers.some((id) => id.startsWith('roads_'))).toBe(true);
    expect(drawn.labels).toContain(c.name);
    await expect(page.getByRole('list', { name: 'Map data' })).toContainText('© Test archive');
  });
}
