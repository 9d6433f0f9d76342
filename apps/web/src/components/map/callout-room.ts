/**
 * Room for the callout card: the map re-centres on the selected store horizontally and, when
 * the card above the pin would not fit in the upper half of the map, places the pin lower so
 * that the whole card shows (no hidden inner scroll).
 */

/** Space between the pin's point and the card's bottom edge (the popup offset, 50 px, and a margin). */
export const CARD_GAP = 58;
/** Space kept below the pin's point: the attribution line. */
const BOTTOM_ROOM = 36;
const TOP_MARGIN = 8;

/** Vertical offset (px, down from the centre) of the pin's point for a card of that height. */
export function calloutOffsetY(mapHeight: number, cardHeight: number): number {
  if (cardHeight <= 0 || mapHeight <= 0) return 0;
  const centre = mapHeight / 2;
  const wanted = cardHeight + CARD_GAP + TOP_MARGIN;
  const pinY = Math.min(mapHeight - BOTTOM_ROOM, Math.max(centre, wanted));
  return Math.round(pinY - centre);
}

/** The offset for the card shown in the map's container now (0 without one). */
export function calloutOffset(container: HTMLElement): [number, number] {
  const card = container.querySelector('.store-map__popup');
  const height = card?.getBoundingClientRect().height ?? 0;
  return [0, calloutOffsetY(container.clientHeight, height)];
}
