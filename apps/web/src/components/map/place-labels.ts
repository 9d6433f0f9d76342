/**
 * Place names drawn by the browser (server README "Labels"): the style's symbol layer asks for
 * the image "place:{kind}:{name}", and this draws the name with the page's fonts on a canvas.
 * The browser shapes every script (Arabic joining, Indic conjuncts, Thai marks) and orders
 * right-to-left text; MapLibre places the images and avoids collisions.
 */
import { PLACE_IMAGE_PREFIX } from '@locator/core';

export { PLACE_IMAGE_PREFIX, PLACE_LABELS_LAYER } from '@locator/core';

export type PlaceKind = 'capital' | 'city' | 'town' | 'district';

const FONTS: Record<PlaceKind, { size: number; weight: number; colour: string }> = {
  capital: { size: 14, weight: 700, colour: '#1d1d1f' },
  city: { size: 13, weight: 600, colour: '#2c2c30' },
  town: { size: 12, weight: 400, colour: '#4a4a50' },
  /** A district of a city: smaller and lighter than the places around it. */
  district: { size: 11, weight: 500, colour: '#5e5a66' },
};
const HALO = 2.5;

export function parsePlaceImageId(id: string): { kind: PlaceKind; name: string } | undefined {
  if (!id.startsWith(PLACE_IMAGE_PREFIX)) return undefined;
  const rest = id.slice(PLACE_IMAGE_PREFIX.length);
  const colon = rest.indexOf(':');
  const kind = rest.slice(0, colon);
  const name = rest.slice(colon + 1);
  if (colon < 0 || !(kind in FONTS) || !name) return undefined;
  return { kind: kind as PlaceKind, name };
}

/** Base direction of a label: right-to-left when its first strong character is. */
export function textDirection(text: string): 'ltr' | 'rtl' {
  const m = /[\p{L}]/u.exec(text);
  if (!m) return 'ltr';
  return /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]|\p{Script=Adlam}|\p{Script=Nko}/u.test(m[0])
    ? 'rtl'
    : 'ltr';
}

export function placeFont(kind: PlaceKind, family: string): string {
  const f = FONTS[kind];
  return `${f.weight} ${f.size}px ${family}`;
}

export interface LabelImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The name drawn with a white halo, at the device pixel ratio; undefined without a canvas. */
export function drawPlaceLabel(
  kind: PlaceKind,
  name: string,
  family: string,
  pixelRatio: number,
): LabelImage | undefined {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return undefined;
  const font = placeFont(kind, family);
  ctx.font = font;
  const m = ctx.measureText(name);
  const size = FONTS[kind].size;
  const ascent = Math.max(m.actualBoundingBoxAscent || 0, m.fontBoundingBoxAscent || size);
  const descent = Math.max(m.actualBoundingBoxDescent || 0, m.fontBoundingBoxDescent || size * 0.3);
  const left = m.actualBoundingBoxLeft || 0;
  const textWidth = Math.max(m.width, left + (m.actualBoundingBoxRight || m.width));
  const w = Math.ceil((textWidth + HALO * 2 + 2) * pixelRatio);
  const h = Math.ceil((ascent + descent + HALO * 2 + 2) * pixelRatio);
  canvas.width = Math.max(1, w);
  canvas.height = Math.max(1, h);
  ctx.scale(pixelRatio, pixelRatio);
  ctx.font = font;
  ctx.direction = textDirection(name);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  const x = HALO + 1 + left; // textAlign left: the physical left edge, whatever the direction
  const y = HALO + 1 + ascent;
  ctx.lineJoin = 'round';
  ctx.lineWidth = HALO * 2;
  ctx.strokeStyle = 'rgba(255,255,255,0.92)';
  ctx.strokeText(name, x, y);
  ctx.fillStyle = FONTS[kind].colour;
  ctx.fillText(name, x, y);
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return { width: image.width, height: image.height, data: image.data };
}
