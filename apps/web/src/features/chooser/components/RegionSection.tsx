import { useTranslation } from 'react-i18next';
import { localeToPath, type ChooserRegion } from '@locator/core';

/**
 * One region of the chooser (PRODUCT.md#country-and-region-chooser): a heading and its entries, each labelled in its own
 * language, with right-to-left entries written right to left. Entries are full page loads: the
 * server embeds the chosen locale.
 */
export function RegionSection({
  region,
  currentPath,
}: {
  region: ChooserRegion;
  currentPath: string;
}) {
  const { t } = useTranslation('chooser');
  const headingId = `region-${region.id}`;
  return (
    <section className="chooser-region" aria-labelledby={headingId}>
      <h2 id={headingId} className="chooser-region__title" tabIndex={-1}>
        {t(`regions.${region.id}`, { defaultValue: region.label })}
      </h2>
      <ul className="chooser-region__list">
        {region.entries.map((entry) => {
          const current = localeToPath(entry.locale) === currentPath;
          return (
            <li
              key={entry.locale}
              className={entry.rtl ? 'chooser-entry chooser-entry--rtl' : 'chooser-entry'}
            >
              <a
                href={entry.path}
                hrefLang={entry.locale}
                lang={entry.locale}
                dir={entry.rtl ? 'rtl' : 'ltr'}
                aria-current={current ? 'true' : undefined}
                data-locale={entry.locale}
              >
                {entry.label}
              </a>
              {current ? <span className="visually-hidden"> ({t('currentLocale')})</span> : null}
            </li>
          );
        })}
      </ul>
      <p className="chooser-region__top">
        <a href="#main">{t('backToTop')}</a>
      </p>
    </section>
  );
}
