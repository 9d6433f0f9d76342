/**
 * The embedded basemap in Chromium: MapLibre with our style, land, borders and place
 * names in the visitor's script, numbered pins; every request the page makes goes to our own
 * server. Screenshots: /tmp/shots/map-{lang}.png.
 */
import { expect, test } from '@playwright/test';
import { SHOTS } from './results-helpers';
import { buildHarness, mountMap, openHarness, waitForMap, type HarnessPin } from './map-harness';

test.beforeAll(() => buildHarness());

const pins = (list: [string, number, number][]): HarnessPin[] =>
  list.map(([name, latitude, longitude], i) => ({
    id: `s${i + 1}`,
    label: i + 1,
    latitude,
    longitude,
    name,
  }));

const CASES: { lang: string; dir?: 'rtl'; pins: HarnessPin[] }[] = [
  {
    lang: 'en',
    pins: pins([
      ['Leeds Store', 53.8, -1.55],
      ['Manchester Store', 53.48, -2.24],
      ['Birmingham Store', 52.48, -1.9],
    ]),
  },
  {
    lang: 'ar',
    dir: 'rtl',
    pins: pins([
      ['متجر القاهرة', 30.05, 31.24],
      ['متجر الإسكندرية', 31.2, 29.92],
    ]),
  },
  {
    lang: 'ja',
    pins: pins([
      ['東京店', 35.68, 139.76],
      ['大阪店', 34.69, 135.5],
    ]),
  },
  {
    lang: 'th',
    pins: pins([
      ['ร้านกรุงเทพ', 13.75, 100.5],
      ['ร้านพัทยา', 12.93, 100.88],
    ]),
  },
  {
    lang: 'hi',
    pins: pins([
      ['दिल्ली स्टोर', 28.61, 77.21],
      ['जयपुर स्टोर', 26.91, 75.79],
    ]),
  },
  {
    lang: 'he',
    dir: 'rtl',
    pins: pins([
      ['חנות תל אביב', 32.08, 34.78],
      ['חנות ירושלים', 31.77, 35.21],
    ]),
  },
  {
    lang: 'ru',
    pins: pins([
      ['Магазин Москва', 55.75, 37.62],
      ['Магазин Тверь', 56.86, 35.9],
    ]),
  },
];

for (const c of CASES) {
  test(`basemap with ${c.lang} place names: only same-origin requests`, async ({
    page,
    baseURL,
  }) => {
    const requests = await openHarness(page);
    await mountMap(page, { pins: c.pins, lang: c.lang, ...(c.dir ? { dir: c.dir } : {}) });
    await waitForMap(page);
    await page.screenshot({ path: `${SHOTS}/map-${c.lang}.png` });

    // Our style, our tiles, in the visitor's language.
    const urls = requests.map((r) => r.url());
    expect(urls.some((u) => u.includes(`/basemap/style.json?lang=${c.lang}`))).toBe(true);
    expect(urls.some((u) => /\/basemap\/geo\/\d+\/\d+\/\d+\.pbf/.test(u))).toBe(true);
    expect(urls.some((u) => u.includes('/basemap/places/') && u.includes(`lang=${c.lang}`))).toBe(
      true,
    );
    // Not one request leaves the machine.
    const foreign = urls.filter((u) => !u.startsWith(`${baseURL}/`) && !u.startsWith('blob:'));
    expect(foreign).toEqual([]);

    // Numbered pins, named buttons, and the attributions.
    for (const p of c.pins) {
      await expect(page.getByRole('button', { name: `${p.label}. ${p.name}` })).toBeVisible();
    }
    const credits = page.getByRole('list', { name: 'Map data' });
    await expect(credits).toContainText('© Natural Earth');
    await expect(credits).toContainText('GeoNames (CC BY 4.0)');
    await expect(credits).toContainText('MapLibre');
  });
}
