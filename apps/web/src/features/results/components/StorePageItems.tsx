import { useTranslation } from 'react-i18next';
import { sharePayload, type Store } from '@locator/core';
import { ShareButton } from '../../../components/ShareButton';
import { storePageUrl, type StoreUrls } from '../store-links';
import type { StoreLinks } from './store-link-props';

/**
 * The store's own page on this site, and Share, which sends that page (title, address, phone
 * and the page's URL) on every width: items of a store's link list.
 */
export function StorePageItems({
  store,
  urls,
  links,
}: {
  store: Store;
  urls: StoreUrls;
  links: StoreLinks;
}) {
  const { t } = useTranslation('result');
  const payload = sharePayload(store, storePageUrl(urls));
  return (
    <>
      <li>
        <a href={urls.page} aria-label={t('store.pageLabel', { name: store.title })}>
          {t('store.page')}
        </a>
      </li>
      <li>
        <ShareButton
          payload={payload}
          className="store__share"
          label={t('store.shareLabel', { name: store.title })}
          text={t('store.share')}
          onShare={() => links.onLinkClick('share', store, payload.url)}
          onOutcome={(outcome) => {
            if (outcome === 'copied') links.announce?.(t('store.linkCopied'));
          }}
        />
      </li>
    </>
  );
}
