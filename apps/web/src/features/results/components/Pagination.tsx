import { useTranslation } from 'react-i18next';
import { paginationWindow } from '@locator/core';
import { Chevron } from '../../../components/Chevron';

/**
 * Pagination (PRODUCT.md#results-page, #paging-and-timing): previous/next and the 5-number window, shown only when
 * there is more than one page. The announcement lives with the list. The buttons have ids so
 * that Back to a page's history entry can put focus back on the one used.
 */
export function Pagination(props: { page: number; pages: number; onPage(page: number): void }) {
  const { t } = useTranslation('result');
  const { page, pages } = props;
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('paging.label')}>
      <button
        type="button"
        id="pagination-previous"
        className="pagination__step pagination__step--previous"
        disabled={page <= 1}
        aria-label={t('paging.previous')}
        onClick={() => props.onPage(page - 1)}
      >
        <Chevron />
      </button>
      <ol className="pagination__pages">
        {paginationWindow(page, pages).map((n) => (
          <li key={n}>
            <button
              type="button"
              id={`pagination-page-${n}`}
              className="pagination__page"
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('paging.page', { page: n, total: pages })}
              onClick={() => props.onPage(n)}
            >
              {n}
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        id="pagination-next"
        className="pagination__step pagination__step--next"
        disabled={page >= pages}
        aria-label={t('paging.next')}
        onClick={() => props.onPage(page + 1)}
      >
        <Chevron />
      </button>
    </nav>
  );
}
