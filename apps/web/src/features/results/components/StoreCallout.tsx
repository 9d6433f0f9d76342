import type { Store } from '@locator/core';
import { storeUrls } from '../store-links';
import { StoreFacts, StoreHead, StoreLinkList, type StoreLinks } from './StoreParts';

/** The map callout card of the active store (PRODUCT.md#results-page): its detail and links. */
export function StoreCallout({ store, links }: { store: Store; links: StoreLinks }) {
  return (
    <div className="store store--callout" data-testid="store-callout">
      <StoreHead store={store} ctx={links.ctx} headingId={`store-${store.id}-callout`} />
      <StoreFacts store={store} links={links} />
      <StoreLinkList store={store} urls={storeUrls(store, links)} links={links} />
    </div>
  );
}
