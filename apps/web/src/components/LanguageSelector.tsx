import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageOption } from '../lib/languages';
import './components.css';

/**
 * Language selector (PRODUCT.md#language-selector): shown when the country has more than one language; the
 * current language is marked (its name in its own language, the hidden "current language"
 * with its separator in the page's language) and not a link; the others are full page loads to the same
 * page in that language (`suffix`: the rest of the path and the query string). Space
 * activates a link as Enter does.
 */
export function LanguageSelector({
  options,
  suffix,
  navigate = (href) => window.location.assign(href),
}: {
  options: LanguageOption[];
  suffix: string;
  /** Full page load to a language's page (replaceable in tests). */
  navigate?: (href: string) => void;
}) {
  const { t } = useTranslation('common');
  if (options.length < 2) return null;
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key === ' ' || event.key === 'Spacebar') {
      event.preventDefault();
      navigate(event.currentTarget.href);
    }
  };
  return (
    <nav className="language-selector" aria-label={t('language.label')}>
      <ul>
        {options.map((option) => (
          <li key={option.locale}>
            {option.current ? (
              <span className="language-selector__current" aria-current="true" aria-disabled="true">
                <span lang={option.tag} dir={option.dir}>
                  {option.label}
                </span>
                <span className="visually-hidden">{t('language.currentSuffix')}</span>
              </span>
            ) : (
              <a
                href={`${option.path}${suffix}`}
                lang={option.tag}
                dir={option.dir}
                hrefLang={option.tag}
                onKeyDown={onKeyDown}
                data-locale={option.locale}
              >
                {option.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
