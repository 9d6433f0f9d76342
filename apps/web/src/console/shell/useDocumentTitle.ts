/** The document's title for a console screen: "<screen> – <brand> Console". */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsoleBrand } from './brand';

export function useDocumentTitle(screenKey: string): void {
  const { t } = useTranslation();
  const brand = useConsoleBrand();
  const title = t('documentTitle', { screen: t(screenKey), brand });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
