/** A list shown a page at a time, with previous/next buttons and "page x of y". */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZE = 20;

export function usePage<T>(items: readonly T[]) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  return {
    items: items.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE),
    page: current,
    pages,
    setPage,
  };
}

export function Pager({
  label,
  page,
  pages,
  setPage,
}: {
  label: string;
  page: number;
  pages: number;
  setPage: (page: number) => void;
}): ReactNode {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="import-pager" aria-label={label}>
      <button
        type="button"
        className="console-button"
        disabled={page === 0}
        onClick={() => setPage(page - 1)}
      >
        {t('imports.pager.previous')}
      </button>
      <span aria-live="polite">{t('imports.pager.page', { page: page + 1, pages })}</span>
      <button
        type="button"
        className="console-button"
        disabled={page >= pages - 1}
        onClick={() => setPage(page + 1)}
      >
        {t('imports.pager.next')}
      </button>
    </nav>
  );
}
