/**
 * The console's home once signed in: who is signed in, with which role and what it may do, and
 * signing out of this browser or of every session of the account.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleSessionAnswer } from '@locator/core/console-api';
import { Link } from '../../lib/router';
import { useDocumentTitle } from './useDocumentTitle';

export interface HomeScreenProps {
  account: ConsoleSessionAnswer['account'];
  onSignOut: () => Promise<void>;
  onSignOutEverywhere: () => Promise<void>;
}

export default function HomeScreen({ account, onSignOut, onSignOutEverywhere }: HomeScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle('home.title');
  const heading = useRef<HTMLHeadingElement>(null);
  const [failed, setFailed] = useState(0);
  const busy = useRef(false);

  useEffect(() => heading.current?.focus(), []);

  const run = (action: () => Promise<void>) => async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      await action();
    } catch {
      setFailed((n) => n + 1);
    } finally {
      busy.current = false;
    }
  };

  return (
    <div className="console-home">
      <h1 ref={heading} tabIndex={-1}>
        {t('home.title')}
      </h1>
      <section className="console-card" aria-labelledby="console-account-heading">
        <h2 id="console-account-heading">{t('account.heading')}</h2>
        <dl className="console-account">
          <div>
            <dt>{t('account.email')}</dt>
            <dd>{account.email}</dd>
          </div>
          <div>
            <dt>{t('account.role')}</dt>
            <dd>
              <span className="console-role">{t(`roles.${account.role}.name`)}</span>
              <span className="console-account__role-text">
                {t(`roles.${account.role}.description`)}
              </span>
            </dd>
          </div>
        </dl>
        <p className="console-home__next">{t('home.next')}</p>
        <p>
          <Link to="/admin/imports">{t('imports.link')}</Link>
        </p>
      </section>
      {account.role === 'admin' ? (
        <nav className="console-card" aria-labelledby="console-admin-heading">
          <h2 id="console-admin-heading">{t('admin.heading')}</h2>
          <ul className="console-links">
            <li>
              <Link to="/admin/keys">{t('keys.title')}</Link>
              <span className="console-links__text">{t('admin.keys')}</span>
            </li>
            <li>
              <Link to="/admin/webhooks">{t('webhooks.title')}</Link>
              <span className="console-links__text">{t('admin.webhooks')}</span>
            </li>
          </ul>
        </nav>
      ) : null}
      <section className="console-card" aria-labelledby="console-sign-out-heading">
        <h2 id="console-sign-out-heading">{t('signOut.heading')}</h2>
        <p>{t('signOut.intro')}</p>
        <div role="alert" className="console-alert-region">
          {failed > 0 ? (
            <p key={failed} className="console-alert">
              {t('error.unavailable')}
            </p>
          ) : null}
        </div>
        <div className="console-actions">
          <button type="button" className="console-button" onClick={run(onSignOut)}>
            {t('signOut.here')}
          </button>
          <button type="button" className="console-button" onClick={run(onSignOutEverywhere)}>
            {t('signOut.everywhere')}
          </button>
        </div>
      </section>
    </div>
  );
}
