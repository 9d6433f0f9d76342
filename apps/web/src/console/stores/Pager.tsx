/** The store table's pages: previous and next, and where this page stands in the total. */
import { useTranslation } from 'react-i18next';

export interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

export function Pager({ page, pages, onPage }: PagerProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <nav className="console-pager" aria-label={t('stores.pager.label')}>
      <button
        type="button"
        className="console-button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('stores.pager.previous')}
      </button>
      <p className="console-pager__where">
        {t('stores.pager.where', {
          page: number.format(page),
          pages: number.format(Math.max(pages, 1)),
        })}
      </p>
      <button
        type="button"
        className="console-button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('stores.pager.next')}
      </button>
    </nav>
  );
}
