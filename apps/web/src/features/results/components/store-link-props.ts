/** What a store's links need (the list entry, the callout, the detail view and the page items). */
import type { Store } from '@locator/core';
import type { TravelTimes } from '../hooks/useTravelTimes';
import type { StoreLinkInput } from '../store-links';

export interface StoreLinks extends StoreLinkInput {
  /** Travel times of the shown stores; undefined where travel time is hidden (cn/zh). */
  travel: TravelTimes | undefined;
  onLinkClick(link: string, store: Store, url: string): void;
  /** Says something in a status region ("Link copied to the clipboard."). */
  announce?: ((message: string) => void) | undefined;
}
