import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router';
import type { ResultChannel } from '@locator/core';
import { Chevron } from '../../../components/Chevron';

/** The results page header (PRODUCT.md#results-page): heading, description and the home link. */
export function ResultsHeader(props: {
  channel: ResultChannel;
  brand: string;
  homePath: string;
  onHome(): void;
}) {
  const { t } = useTranslation('result');
  return (
    <header className="results-header">
      <p className="results-header__home">
        <Link
          to={props.homePath}
          aria-label={t('page.results.homeLinkLabel', { brand: props.brand })}
          onClick={props.onHome}
        >
          <span className="results-header__back">
            <Chevron />
          </span>
          {t('page.results.homeLink')}
        </Link>
      </p>
      <h1>{t(`page.results.${props.channel}.heading`)}</h1>
      <p className="results-header__description">
        {t(`page.results.${props.channel}.description`, { brand: props.brand })}
      </p>
    </header>
  );
}
