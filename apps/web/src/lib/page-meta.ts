/**
 * Per-page document metadata and the analytics page view (PRODUCT.md#results-page title rule):
 * sets the title and hreflang alternates, and reports one page view per location.
 */
import { useEffect } from 'react';
import { useLocation } from './router';
import { trackPageView } from './analytics';
import { setAlternates, setDocumentTitle } from './document-head';
import { alternatesFor } from './languages';

export function usePageMeta({
  page,
  title,
  locale,
}: {
  page: string;
  title: string;
  locale: string;
}) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    setDocumentTitle(title);
  }, [title]);
  useEffect(() => {
    setAlternates(alternatesFor(pathname));
  }, [pathname]);
  useEffect(() => {
    trackPageView({ path: `${pathname}${search}`, locale, page, title });
    // One view per location and page; a title change alone is not a new view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, search, page, locale]);
}
