/**
 * The console's frame: a skip link, the header with the product's name and "Console" and, once
 * signed in, the account's email and role and the console's navigation (the current screen
 * marked with aria-current); then the screen in <main>.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleSessionAnswer } from '@locator/core/console-api';
import { Link, useLocation } from '../../lib/router';
import { useConsoleBrand } from './brand';

/** The console's screens in its navigation: path, translation key, and admins only or not. */
const NAV = [
  { path: '/admin', key: 'nav.home', admin: false },
  { path: '/admin/stores', key: 'nav.stores', admin: false },
  { path: '/admin/imports', key: 'nav.imports', admin: false },
  { path: '/admin/demand', key: 'nav.demand', admin: false },
  { path: '/admin/keys', key: 'nav.keys', admin: true },
  { path: '/admin/webhooks', key: 'nav.webhooks', admin: true },
] as const;

function ConsoleNav({ role }: { role: ConsoleSessionAnswer['account']['role'] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const here = pathname.replace(/\/+$/, '') || '/';
  const entries = NAV.filter((n) => !n.admin || role === 'admin');
  // A screen under a navigation entry (a store under Stores) keeps the entry marked.
  const current = [...entries]
    .reverse()
    .find((n) => here === n.path || here.startsWith(`${n.path}/`))?.path;
  return (
    <nav className="console-nav" aria-label={t('nav.label')}>
      <ul>
        {entries.map((n) => (
          <li key={n.path}>
            <Link
              to={n.path}
              aria-current={n.path === current ? (here === n.path ? 'page' : 'true') : undefined}
            >
              {t(n.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

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
        {account ? (
          <div className="console-header__inner console-header__nav">
            <ConsoleNav role={account.role} />
          </div>
        ) : null}
      </header>
      <main id={CONSOLE_MAIN_ID} className="console-main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
