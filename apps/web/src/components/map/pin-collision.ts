/**
 * Place labels keep clear of the pins: the pins are HTML markers, which MapLibre's label
 * placement does not see, so an invisible symbol of the pin's size is added at each pin on top
 * of the style. MapLibre places it first (icon-allow-overlap) and the place names below it that
 * would collide with it are hidden (icon-ignore-placement false), as they are among themselves.
 */
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { MapPin } from './types';

export const PIN_SOURCE = 'locator-pins';
export const PIN_LAYER = 'locator-pin-space';
const PIN_IMAGE = 'locator-pin-space';
/** The pin's box in CSS pixels: a 30 px disc (wider for long numbers), its pointer, selected 1.25×. */
const PIN_BOX = { width: 36, height: 48 };

type PinData = Parameters<GeoJSONSource['setData']>[0];

function pinFeatures(pins: readonly MapPin[]): PinData {
  return {
    type: 'FeatureCollection',
    features: pins.map((p) => ({
      type: 'Feature' as const,
      properties: { id: p.id },
      geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
    })),
  };
}

/** Adds (once) or updates the pins' space on the map; call after the style has loaded. */
export function syncPinSpace(map: MapLibreMap, pins: readonly MapPin[]): void {
  const data = pinFeatures(pins);
  const source = map.getSource<GeoJSONSource>(PIN_SOURCE);
  if (source) {
    source.setData(data);
    return;
  }
  if (!map.hasImage(PIN_IMAGE)) {
    map.addImage(PIN_IMAGE, {
      width: PIN_BOX.width,
      height: PIN_BOX.height,
      data: new Uint8Array(PIN_BOX.width * PIN_BOX.height * 4),
    });
  }
  map.addSource(PIN_SOURCE, { type: 'geojson', data });
  map.addLayer({
    id: PIN_LAYER,
    type: 'symbol',
    source: PIN_SOURCE,
    layout: {
      'icon-image': PIN_IMAGE,
      'icon-anchor': 'bottom',
      'icon-allow-overlap': true,
      'icon-ignore-placement': false,
      'icon-padding': 2,
    },
  });
}
