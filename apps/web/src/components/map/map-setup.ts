/**
 * Set-up of a new MapLibre map: the pmtiles:// protocol when the style uses it, and the place
 * names drawn by the browser (place-labels.ts).
 */
import { addProtocol, type Map as MapLibreMap } from 'maplibre-gl';
import { drawPlaceLabel, parsePlaceImageId } from './place-labels';

let pmtilesReady: Promise<void> | undefined;
/** Registers the pmtiles:// protocol once (its own small chunk, loaded only when used). */
export function enablePmtiles(): Promise<void> {
  pmtilesReady ??= import('pmtiles').then(({ Protocol }) => {
    addProtocol('pmtiles', new Protocol().tile);
  });
  return pmtilesReady;
}

/** The page's font stack (as the map inherits it), so place names use the page's fonts. */
function pageFontFamily(element: HTMLElement): string {
  const family = getComputedStyle(element).fontFamily;
  // A page without a font stack would draw serif labels: prefer the sans-serif system fonts.
  return family && !/^(serif|"?Times New Roman"?)$/i.test(family.trim())
    ? family
    : "system-ui, 'Noto Sans', sans-serif";
}

/** Draws place names on demand (MapLibre asks for "place:{kind}:{name}"). */
export function installPlaceLabels(map: MapLibreMap): void {
  const family = pageFontFamily(map.getContainer());
  const ratio = Math.min(3, Math.max(1, window.devicePixelRatio || 1));
  map.setMissingStyleImageResolver(async (id) => {
    const place = parsePlaceImageId(id);
    if (!place || map.hasImage(id)) return;
    try {
      await document.fonts.load(`${place.kind === 'town' ? 400 : 700} 13px ${family}`, place.name);
    } catch {
      // Draw with whatever font is there.
    }
    const image = drawPlaceLabel(place.kind, place.name, family, ratio);
    if (image && !map.hasImage(id)) map.addImage(id, image, { pixelRatio: ratio });
  });
}
