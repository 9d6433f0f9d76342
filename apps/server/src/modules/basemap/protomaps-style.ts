/**
 * The Protomaps basemap schema (earth, water, landuse, roads, buildings, boundaries…, as
 * `pmtiles extract` of a Protomaps build produces): its own cartography from
 * `@protomaps/basemaps` (the "light" flavour), without its text and icon layers, which need
 * glyph and sprite files from elsewhere. Place names are ours (the gazetteer's, in the
 * visitor's language and script, drawn by the browser: README.md "Labels").
 */
import { layers, namedFlavor } from '@protomaps/basemaps';
import type { PmtilesInfo } from './pmtiles-info.js';

type Json = Record<string, unknown>;

/** An archive of the Protomaps schema: it has their earth, water and roads layers. */
export function isProtomapsSchema(info: PmtilesInfo): boolean {
  const ids = new Set(info.vectorLayers.map((l) => l.id));
  return info.tileType === 'mvt' && ['earth', 'water', 'roads'].every((id) => ids.has(id));
}

/** The Protomaps "light" layers over the source "tiles", fills and lines only. */
export function protomapsLayers(lang: string): Json[] {
  const base = lang.split('-')[0] ?? 'en';
  return (layers('tiles', namedFlavor('light'), { lang: base }) as unknown as Json[]).filter(
    (l) => l.type !== 'symbol',
  );
}
