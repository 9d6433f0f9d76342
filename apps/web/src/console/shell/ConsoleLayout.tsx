/**
 * The console's frame: a skip link, the header with the product's name and "Console" and, once
 * signed in, the account's email and role; then the screen in <main>.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleSessionAnswer } from '@locator/core/console-api';
import { useConsoleBrand } from './brand';

export const CONSOLE_MAIN_ID = 'console-main';

export function ConsoleLayout({
  account,
  children,
}: {
  account?: ConsoleSessionAnswer['account'] | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const brand = useConsoleBrand();
  return (
    <>
      <a className="skip-link" href={`#${CONSOLE_MAIN_ID}`}>
        {t('skipLink')}
      </a>
      <header className="console-header">
        <div className="console-header__inner">
          <a className="console-header__product" href="/admin/">
            <span className="console-header__brand">{brand}</span>{' '}
            <span className="console-header__console">{t('console')}</span>
          </a>
          {account ? (
            <p className="console-header__account">
              <span className="visually-hidden">{t('account.signedInAs')} </span>
              <span className="console-header__email">{account.email}</span>{' '}
              <span className="console-role">{t(`roles.${account.role}.name`)}</span>
            </p>
          ) : null}
        </div>
      </header>
      <main id={CONSOLE_MAIN_ID} className="console-main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
