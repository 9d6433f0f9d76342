import { useTranslation } from 'react-i18next';
import type { Store } from '@locator/core';
import { selectButtonId } from '../hooks/useStoreSelection';
import { storeUrls } from '../store-links';
import { StoreFacts, StoreHead, StoreLinkList, type StoreLinks } from './StoreParts';

export type { StoreLinks } from './StoreParts';

export interface StoreSelection {
  /** Wide screens: whether this store is the active one; undefined on narrow screens. */
  active?: boolean | undefined;
  hovered?: boolean;
  onSelect(store: Store): void;
  onHover(store: Store | null): void;
}

/** One store of the list (PRODUCT.md#results-page); choosing it selects its pin or opens its detail. */
export function StoreEntry({
  store,
  links,
  selection,
}: {
  store: Store;
  links: StoreLinks;
  selection?: StoreSelection;
}) {
  const { t } = useTranslation('result');
  const headingId = `store-${store.id}-title`;
  const urls = storeUrls(store, links);
  const className = [
    'store',
    selection?.active ? 'store--active' : '',
    selection?.hovered ? 'store--hovered' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    // A click anywhere on the entry but its links selects it too; the title button is the
    // keyboard way (and what assistive technology announces).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <article
      className={className}
      aria-labelledby={headingId}
      data-testid="store"
      data-store-id={store.id}
      onMouseEnter={selection ? () => selection.onHover(store) : undefined}
      onMouseLeave={selection ? () => selection.onHover(null) : undefined}
      onClick={
        selection
          ? (event) => {
              const target = event.target as Element;
              if (target.closest('a, button, select, input, summary')) return;
              selection.onSelect(store);
            }
          : undefined
      }
    >
      <StoreHead
        store={store}
        ctx={links.ctx}
        headingId={headingId}
        {...(selection
          ? {
              select: {
                id: selectButtonId(store.id),
                label: t('list.showDetails', { name: store.title }),
                pressed: selection.active,
                onClick: () => selection.onSelect(store),
              },
            }
          : {})}
      />
      <StoreFacts store={store} links={links} />
      <StoreLinkList store={store} urls={urls} links={links} />
    </article>
  );
}
