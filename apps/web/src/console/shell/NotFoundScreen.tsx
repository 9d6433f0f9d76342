/** A console address that names no screen (yet): said so, with the way home. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { useDocumentTitle } from './useDocumentTitle';

export function NotFoundScreen() {
  const { t } = useTranslation();
  useDocumentTitle('notFound.title');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="console-home">
      <h1 ref={heading} tabIndex={-1}>
        {t('notFound.title')}
      </h1>
      <p>{t('notFound.text')}</p>
      <p>
        <Link to="/admin/">{t('notFound.home')}</Link>
      </p>
    </div>
  );
}
