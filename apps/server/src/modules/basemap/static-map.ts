/**
 * A small map as one SVG image, drawn on the server from the embedded basemap's own data (the
 * geography tiles and the gazetteer's place names): what a store page shows without any
 * JavaScript. Same colours as the embedded style; a pin at the centre; the place names of the
 * zoom in the visitor's language, best first, none overlapping another or the pin. Only
 * presentation attributes (no style attribute or element), so no stylesheet policy applies.
 */
import { langInfo, type Gazetteer } from '@locator/geo';
import { GEO_MAX_ZOOM, OSM_FROM_ZOOM, type GeoTiles } from './geo-tiles.js';
import type { PlaceTiles } from './places.js';
import { COLOURS } from './style.js';
import { EXTENT, type TileFeature } from './tiles.js';

export interface StaticMapQuery {
  latitude: number;
  longitude: number;
  zoom: number;
  width: number;
  height: number;
  lang: string;
}

export const STATIC_MAP_LIMITS = {
  minZoom: 2,
  maxZoom: GEO_MAX_ZOOM,
  minSize: 64,
  maxSize: 1024,
} as const;

/** Most place names drawn. */
const LABELS_MAX = 14;
const TILE = 256;
const PIN = '#0066CC';
const TEXT = '#333333';
const DISTRICT = '#666666';

type Ring = [number, number][];

const XML: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const xml = (s: string): string => s.replace(/[&<>"']/g, (c) => XML[c]!);
const n1 = (v: number): string => String(Math.round(v * 10) / 10);

/** World pixel of a coordinate at a zoom (256-pixel tiles). */
function worldPixel(lon: number, lat: number, z: number): [number, number] {
  const size = TILE * 2 ** z;
  const sin = Math.sin((Math.max(-85.05112878, Math.min(85.05112878, lat)) * Math.PI) / 180);
  return [
    ((lon + 180) / 360) * size,
    (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  ];
}

interface Label {
  name: string;
  x: number;
  y: number;
  district: boolean;
  sort: number;
}

export class StaticMaps {
  constructor(
    private readonly geo: GeoTiles,
    private readonly places: () => Promise<{ tiles: PlaceTiles; gazetteer: Gazetteer }>,
  ) {}

  async svg(q: StaticMapQuery): Promise<string> {
    const { zoom: z, width: w, height: h } = q;
    const [cx, cy] = worldPixel(q.longitude, q.latitude, z);
    const left = cx - w / 2;
    const top = cy - h / 2;
    const n = 2 ** z;
    const tiles: { x: number; y: number; dx: number; dy: number }[] = [];
    for (let ty = Math.floor(top / TILE); ty <= Math.floor((top + h) / TILE); ty += 1) {
      if (ty < 0 || ty >= n) continue;
      for (let tx = Math.floor(left / TILE); tx <= Math.floor((left + w) / TILE); tx += 1) {
        // Columns wrap around the antimeridian.
        tiles.push({ x: ((tx % n) + n) % n, y: ty, dx: tx * TILE - left, dy: ty * TILE - top });
      }
    }
    const scale = TILE / EXTENT;
    const fills: string[] = [];
    const coast: string[] = [];
    const borders: string[] = [];
    const path = (rings: Ring[], dx: number, dy: number, close: boolean): string =>
      rings
        .map(
          (ring) =>
            `M${ring.map(([x, y]) => `${n1(dx + x * scale)} ${n1(dy + y * scale)}`).join('L')}${close ? 'Z' : ''}`,
        )
        .join('');
    const lines = (list: TileFeature[], dx: number, dy: number): string =>
      list.map((f) => path(f.geometry as Ring[], dx, dy, false)).join('');
    for (const t of tiles) {
      const layers = this.geo.layers({ z, x: t.x, y: t.y });
      // One path per feature: features overlap in the tiles' buffers, and even-odd within
      // one path would cut the overlaps out.
      for (const f of layers.land ?? layers.sea ?? []) {
        fills.push(path(f.geometry as Ring[], t.dx, t.dy, true));
      }
      coast.push(lines(layers.coast ?? [], t.dx, t.dy));
      borders.push(lines(layers.borders ?? [], t.dx, t.dy));
    }
    const background = z < OSM_FROM_ZOOM ? COLOURS.water : COLOURS.land;
    const fill = z < OSM_FROM_ZOOM ? COLOURS.land : COLOURS.water;
    const labels = await this.labels(q, tiles, left, top);
    const out = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
      `<rect width="${w}" height="${h}" fill="${background}"/>`,
      ...fills.map((d) => `<path fill="${fill}" fill-rule="evenodd" d="${d}"/>`),
      `<path fill="none" stroke="${COLOURS.coast}" stroke-width="1.2" stroke-linejoin="round" d="${coast.join('')}"/>`,
      `<path fill="none" stroke="${COLOURS.border}" stroke-width="1.6" stroke-dasharray="5 3" d="${borders.join('')}"/>`,
      ...labels.map(
        (l) =>
          `<text x="${n1(l.x)}" y="${n1(l.y)}" text-anchor="middle" dominant-baseline="central" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif" font-size="${l.district ? 12 : 14}" fill="${l.district ? DISTRICT : TEXT}" stroke="#ffffff" stroke-width="3" stroke-linejoin="round" paint-order="stroke">${xml(l.name)}</text>`,
      ),
      // The pin: a drop whose point is the store's position.
      `<g transform="translate(${n1(w / 2)} ${n1(h / 2)})"><path d="M0 0C-3-8-11-13-11-21a11 11 0 0 1 22 0C11-13 3-8 0 0Z" fill="${PIN}" stroke="#ffffff" stroke-width="2"/><circle cx="0" cy="-21" r="4" fill="#ffffff"/></g>`,
      '</svg>',
    ];
    return out.filter((s) => s !== '').join('\n');
  }

  /** Place names of the tiles, best first, keeping clear of each other and of the pin. */
  private async labels(
    q: StaticMapQuery,
    tiles: readonly { x: number; y: number; dx: number; dy: number }[],
    left: number,
    top: number,
  ): Promise<Label[]> {
    const { tiles: placeTiles, gazetteer: g } = await this.places();
    const info = langInfo(q.lang);
    const found: Label[] = [];
    const seen = new Set<number>();
    for (const t of tiles) {
      for (const i of placeTiles.placesIn({ z: q.zoom, x: t.x, y: t.y })) {
        if (seen.has(i)) continue;
        seen.add(i);
        const name = placeTiles.labelName(i, info);
        if (!name) continue;
        const [x, y] = worldPixel(g.placeLon[i] ?? 0, g.placeLat[i] ?? 0, q.zoom);
        found.push({
          name,
          x: x - left,
          y: y - top,
          district: placeTiles.kind(i) === 'district',
          sort: placeTiles.sortOf(i),
        });
      }
    }
    found.sort((a, b) => a.sort - b.sort);
    type Box = [number, number, number, number];
    // The pin's box, so that no name hides it.
    const boxes: Box[] = [[q.width / 2 - 13, q.height / 2 - 34, q.width / 2 + 13, q.height / 2]];
    const out: Label[] = [];
    for (const l of found) {
      const half = (l.name.length * (l.district ? 6.5 : 7.5)) / 2 + 4;
      const box: Box = [l.x - half, l.y - 10, l.x + half, l.y + 10];
      if (box[0] < 2 || box[2] > q.width - 2 || box[1] < 2 || box[3] > q.height - 2) continue;
      if (boxes.some((b) => b[0] < box[2] && box[0] < b[2] && b[1] < box[3] && box[1] < b[3]))
        continue;
      boxes.push(box);
      out.push(l);
      if (out.length >= LABELS_MAX) break;
    }
    return out;
  }
}
