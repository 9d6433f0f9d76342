import { useTranslation } from 'react-i18next';
import { CHOOSER_REGIONS, localeToPath } from '@locator/core';
import { RegionSection } from './components/RegionSection';
import './chooser.css';

/**
 * Country/region chooser (PRODUCT.md#country-and-region-chooser). One heading per region, with a short list of in-page
 * links to them so that keyboard and screen-reader users reach a region quickly.
 */
export function ChooserPage({ locale }: { locale: string }) {
  const { t } = useTranslation('chooser');
  const currentPath = localeToPath(locale);
  return (
    <main id="main" tabIndex={-1} className="chooser" data-testid="chooser">
      <h1 className="chooser__title">{t('title')}</h1>
      <p className="chooser__intro">{t('intro')}</p>
      <nav className="chooser__regions" aria-label={t('regionsNav')}>
        <ul>
          {CHOOSER_REGIONS.map((region) => (
            <li key={region.id}>
              <a href={`#region-${region.id}`}>
                {t(`regions.${region.id}`, { defaultValue: region.label })}
              </a>{' '}
              <span className="chooser__count">
                {t('countryCount', { count: region.entries.length })}
              </span>
            </li>
          ))}
        </ul>
      </nav>
      {CHOOSER_REGIONS.map((region) => (
        <RegionSection key={region.id} region={region} currentPath={currentPath} />
      ))}
    </main>
  );
}
