import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../lib/router';
import { directoryPath, localeToPath, parseLocalePath } from '@locator/core';
import { LanguageSelector } from '../components/LanguageSelector';
import type { Boot } from '../lib/boot';
import { useGlobalConfig } from '../lib/config/useGlobalConfig';
import { countryLabel, languageOptions } from '../lib/languages';
import { CHOOSER_PATH } from './paths';
import './layout.css';

/**
 * Page shell: skip link, header (home link, language selector), footer (country, the store
 * directory, demo data).
 */
export function Layout({ boot, children }: { boot: Boot; children: ReactNode }) {
  const { t } = useTranslation('common');
  const home = localeToPath(boot.locale);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipLink')}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Link
            to={home}
            className="site-header__brand"
            aria-label={t('nav.homeLink', { brand: boot.brand })}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path
                d="M12 2.5a7 7 0 0 0-7 7c0 5.1 7 12 7 12s7-6.9 7-12a7 7 0 0 0-7-7zm0 9.6a2.6 2.6 0 1 1 0-5.2 2.6 2.6 0 0 1 0 5.2z"
                fill="currentColor"
              />
            </svg>
            <span>{boot.brand}</span>
          </Link>
          <HeaderLanguages locale={boot.locale} />
        </div>
      </header>
      {children}
      <footer className="site-footer" aria-label={t('footer.label')}>
        <div className="site-footer__inner">
          <p className="site-footer__country">
            <span>
              {t('footer.currentCountry', {
                country: countryLabel(boot.locale, boot.countryLabel),
              })}
            </span>{' '}
            <Link to={CHOOSER_PATH}>{t('footer.countryLink')}</Link>
          </p>
          <p className="site-footer__stores">
            {/* The store directory is server-rendered: a full page load, not a client route. */}
            <a href={directoryPath(localeToPath(boot.locale))}>{t('footer.storeDirectory')}</a>
          </p>
          <p className="site-footer__demo">
            <strong className="demo-badge">{t('footer.demoData')}</strong>{' '}
            {t('footer.demoDataNote')}
          </p>
          <p className="site-footer__copyright">
            {t('footer.copyright', { year: new Date().getFullYear(), brand: boot.brand })}
          </p>
        </div>
      </footer>
    </>
  );
}

/** The language selector, except on the chooser, which has no language versions. */
function HeaderLanguages({ locale }: { locale: string }) {
  const { pathname } = useLocation();
  return pathname === CHOOSER_PATH ? null : <CountryLanguages locale={locale} />;
}

/** The country's languages, linking to the same page and query string (PRODUCT.md#language-selector). */
function CountryLanguages({ locale }: { locale: string }) {
  const { pathname, search } = useLocation();
  const config = useGlobalConfig(locale);
  const langs = config.status === 'ready' ? config.config.country.langs : undefined;
  const { rest, known } = parseLocalePath(pathname);
  const suffix = `${known ? rest : ''}${search}`;
  const options = languageOptions(locale, Array.isArray(langs) ? langs : undefined);
  return <LanguageSelector options={options} suffix={suffix} />;
}
