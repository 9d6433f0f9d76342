/**
 * A map a visitor can find their way on, offline: at the zoom the results fit to, and two zoom
 * steps in, the embedded basemap draws the sea and its coast or country borders, and names the
 * districts and places around the pins (rivers and lakes are drawn at z 6–9 only: the offline
 * data is too coarse for city zooms, so London's Thames is not in these views); it does not
 * zoom in past its data (locator:maxzoom). Dubai's results page is also tried as it is: its
 * nearest demo stores stand together 11 km from the searched centre, and the fit takes the
 * searched place in with them.
 * Read from MapLibre's rendered features (what is on screen, after label collision), at 1440 px
 * and 390 px, read again until the district names are placed (no fixed waits). Screenshots:
 * /tmp/shots/map-orientation-{city}-{width}-z{fit|in}.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { SHOTS } from './results-helpers';
import {
  buildHarness,
  mountMap,
  openHarness,
  updateMap,
  waitForMap,
  type HarnessPin,
} from './map-harness';

test.beforeAll(() => buildHarness());

const pins = (list: [string, number, number][]): HarnessPin[] =>
  list.map(([name, latitude, longitude], i) => ({
    id: `s${i + 1}`,
    label: i + 1,
    latitude,
    longitude,
    name,
  }));

interface City {
  /** Test and screenshot name. */
  id: string;
  lang: string;
  pins: HarnessPin[];
  /** The city has sea and coast in view. */
  water: boolean;
  /** District names are written in this script (the page's language has names for them). */
  script?: RegExp;
}

const LONDON = pins([
  ['Oxford Street', 51.5152, -0.1419],
  ['Clapham', 51.4618, -0.1384],
  ['Stratford', 51.5416, -0.0034],
  ['Hammersmith', 51.4927, -0.2248],
]);
const DUBAI = pins([
  ['Dubai Marina', 25.0805, 55.1403],
  ['Deira', 25.2697, 55.3095],
  ['Al Quoz', 25.1425, 55.2312],
]);
/**
 * Dubai as the results page shows it: the demo stores nearest the city's centre stand together
 * 11 km out, inland round GeoNames' point for the city; fitted alone at the cap, plain land.
 */
const DUBAI_NEAREST = pins([
  ['e& (Demo)', 25.102221, 55.291039],
  ['Capi (Demo)', 25.105568, 55.30841],
  ['Etisalat (Demo)', 25.102793, 55.301715],
  ['du (Demo)', 25.100721, 55.296966],
  ['du (Demo)', 25.098778, 55.288968],
]);
const TOKYO = pins([
  ['新宿店', 35.6909, 139.7003],
  ['銀座店', 35.6717, 139.765],
  ['渋谷店', 35.658, 139.7016],
  ['お台場店', 35.6267, 139.7756],
]);
const JAPANESE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

const CITIES: City[] = [
  { id: 'london', lang: 'en', water: false, pins: LONDON },
  { id: 'dubai', lang: 'en', water: true, pins: DUBAI },
  // The gazetteer has no Arabic names for Dubai's districts: they stay in Latin letters.
  { id: 'dubai-ar', lang: 'ar', water: true, pins: DUBAI },
  { id: 'tokyo', lang: 'ja', water: true, pins: TOKYO, script: JAPANESE },
];

interface View {
  zoom: number;
  maxZoom: number;
  geography: Record<string, number>;
  labels: { kind: string; name: string }[];
}

/** What the map shows now: its zoom, and the rendered geography and place labels. */
async function view(page: Page): Promise<View> {
  return page.evaluate(() => {
    const map = window.storeMap;
    if (!map) throw new Error('no map');
    const geography: Record<string, number> = {};
    const layers = ['land', 'sea', 'water', 'coast', 'admin1', 'borders'];
    for (const f of map.queryRenderedFeatures({ layers })) {
      const id = f.layer.id;
      geography[id] = (geography[id] ?? 0) + 1;
    }
    const labels = map.queryRenderedFeatures({ layers: ['place-labels'] }).map((f) => ({
      kind: String(f.properties.kind),
      name: String(f.properties.name),
    }));
    return { zoom: map.getZoom(), maxZoom: map.getMaxZoom(), geography, labels };
  });
}

async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => window.storeMap?.loaded() && !window.storeMap.isMoving());
  await page.waitForLoadState('networkidle');
}

/** What a visitor needs to read the view: place names, district names, in the right script. */
function legible(v: View, city: City) {
  const districts = v.labels.filter((l) => l.kind === 'district');
  return {
    places: v.labels.length > 0,
    districts: districts.length > 0,
    script: !city.script || districts.some((l) => city.script?.test(l.name)),
  };
}

/**
 * The view once its names are drawn: symbols are placed (and their images drawn on demand) a
 * few frames after the map has settled, so the view is read again until they are, or the
 * expectation's timeout.
 */
async function legibleView(page: Page, city: City): Promise<View> {
  let last: View | undefined;
  await expect
    .poll(async () => {
      last = await view(page);
      return legible(last, city);
    })
    .toEqual({ places: true, districts: true, script: true });
  if (!last) throw new Error('no view');
  return last;
}

/** The map harness in a window `width` px wide; a phone's map spans the screen, 520 px high. */
async function openHarnessAt(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
  await openHarness(page);
  if (width < 800) {
    await page.addStyleTag({ content: '#map { inline-size: 100vw; block-size: 520px; }' });
  }
}

for (const width of [1440, 390]) {
  for (const city of CITIES) {
    test(`${city.id} at ${width} px: sea, coast or borders and district names, fitted and 2 steps in`, async ({
      page,
    }) => {
      await openHarnessAt(page, width);
      await mountMap(page, { pins: city.pins, lang: city.lang });
      await waitForMap(page);
      await settle(page);

      const fitted = await legibleView(page, city);
      await page.screenshot({ path: `${SHOTS}/map-orientation-${city.id}-${width}-zfit.png` });
      // An honest zoom range: the embedded map ends where its data does.
      expect(fitted.maxZoom).toBe(13);
      expect(fitted.zoom).toBeLessThanOrEqual(13);

      await page.evaluate(() =>
        window.storeMap?.zoomTo(window.storeMap.getZoom() + 2, { duration: 0 }),
      );
      await settle(page);
      const closer = await legibleView(page, city);
      await page.screenshot({ path: `${SHOTS}/map-orientation-${city.id}-${width}-zin.png` });
      expect(closer.zoom).toBeCloseTo(Math.min(13, fitted.zoom + 2), 5);

      if (city.water) {
        expect(fitted.geography.sea ?? 0).toBeGreaterThan(0);
        expect(fitted.geography.coast ?? 0).toBeGreaterThan(0);
      }
      // Not cluttered: names are spaced by MapLibre's collision, never a wall of text.
      for (const v of [fitted, closer]) expect(v.labels.length).toBeLessThan(60);
    });
  }
}

for (const width of [1440, 390]) {
  test(`Dubai's results at ${width} px: the fit takes in the searched centre, with districts and sea`, async ({
    page,
  }) => {
    await openHarnessAt(page, width);
    const origin = { latitude: 25.2048, longitude: 55.2708 };
    await mountMap(page, { pins: DUBAI_NEAREST, lang: 'ar', dir: 'rtl', origin });
    await waitForMap(page);
    await settle(page);
    const city: City = { id: 'dubai-searched', lang: 'ar', water: true, pins: DUBAI_NEAREST };
    const fitted = await legibleView(page, city);
    await page.screenshot({ path: `${SHOTS}/map-orientation-dubai-searched-${width}-zfit.png` });
    // Fitted to the stores alone, the view was the cap (13) round them: plain land, no name.
    expect(fitted.zoom).toBeLessThan(13);
    expect(fitted.geography.sea ?? 0).toBeGreaterThan(0);
    expect(fitted.geography.coast ?? 0).toBeGreaterThan(0);
    const inView = await page.evaluate(
      ([o, pinList]) => {
        const bounds = window.storeMap?.getBounds();
        const points = [{ lng: o.longitude, lat: o.latitude }].concat(
          pinList.map((p) => ({ lng: p.longitude, lat: p.latitude })),
        );
        return points.every((p) => bounds?.contains(p));
      },
      [origin, DUBAI_NEAREST] as const,
    );
    expect(inView).toBe(true);
  });
}

test('a filter that matches nothing keeps the view; the world view has no seam', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openHarness(page);
  await mountMap(page, { pins: LONDON, lang: 'en', fitKey: 'a' });
  await waitForMap(page);
  await settle(page);
  const before = await page.evaluate(() => ({
    zoom: window.storeMap?.getZoom(),
    centre: window.storeMap?.getCenter().toArray(),
  }));
  await updateMap(page, { pins: [], fitKey: 'b' });
  await page.waitForTimeout(1600); // the fit would come 1 s after the results
  await settle(page);
  const after = await page.evaluate(() => ({
    zoom: window.storeMap?.getZoom(),
    centre: window.storeMap?.getCenter().toArray(),
  }));
  expect(after).toEqual(before);

  // The world (no pins at all): the land against the sea, no edge along the antimeridian or the
  // tile seams. Below z 6 the land's edge is the coast; no coast line is drawn along it.
  await updateMap(page, { pins: [], fitKey: 'c' });
  await page.evaluate(() => window.storeMap?.jumpTo({ center: [10, 25], zoom: 1 }));
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/map-orientation-world-1440.png` });
  const world = await view(page);
  expect(world.geography.land ?? 0).toBeGreaterThan(0);
  expect(world.geography.coast ?? 0).toBe(0);
});

test('regional zooms: lakes and big rivers (z 6–9), state lines where Natural Earth has them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openHarness(page);
  await mountMap(page, { pins: [], lang: 'en' });
  await waitForMap(page);
  // Lake Geneva and Lake Neuchâtel at z 8.
  await page.evaluate(() => window.storeMap?.jumpTo({ center: [6.6, 46.6], zoom: 8 }));
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/map-orientation-lakes-z8-1440.png` });
  expect((await view(page)).geography.water ?? 0).toBeGreaterThan(0);
  // The United States at z 4: state lines inside, the country border with Canada.
  await page.evaluate(() => window.storeMap?.jumpTo({ center: [-97, 40], zoom: 4 }));
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/map-orientation-states-z4-1440.png` });
  const states = await view(page);
  expect(states.geography.admin1 ?? 0).toBeGreaterThan(0);
  expect(states.geography.borders ?? 0).toBeGreaterThan(0);
});
