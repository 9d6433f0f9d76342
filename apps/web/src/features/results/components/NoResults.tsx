import { useTranslation } from 'react-i18next';
import type { ResultChannel } from '@locator/core';

/**
 * No stores found (PRODUCT.md#results-page): title plus the channel's message (training has its
 * own: no training provider nearby); a sales search for All Products is not told to choose All
 * Products.
 */
export function NoResults({
  channel,
  allProducts = false,
}: {
  channel: ResultChannel;
  allProducts?: boolean;
}) {
  const { t } = useTranslation('result');
  return (
    <div className="no-results" data-testid="no-results">
      <h3 className="no-results__title">{t('page.results.noResultsTitle')}</h3>
      <p>
        {t(
          channel === 'training'
            ? 'page.results.noResultsTrainingMsg'
            : channel !== 'sales'
              ? 'page.results.noResultsServiceMsg'
              : allProducts
                ? 'page.results.noResultsSalesAllMsg'
                : 'page.results.noResultsSalesMsg',
        )}
      </p>
    </div>
  );
}

/** Filters match nothing (PRODUCT.md#results-page): message plus a reset-filters button. */
export function NoMatch({ onReset }: { onReset(): void }) {
  const { t } = useTranslation('result');
  return (
    <div className="no-results" data-testid="no-match">
      <p className="no-results__title">{t('page.results.noResultMsg')}</p>
      <p>
        {t('page.results.noResultsMsgOr')}{' '}
        <button type="button" className="link-button" onClick={onReset}>
          {t('page.results.resetFiltersLink')}
        </button>
      </p>
    </div>
  );
}
