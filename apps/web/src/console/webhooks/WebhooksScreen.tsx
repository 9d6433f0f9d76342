/**
 * /admin/webhooks (admins): each configured change webhook URL with its counts, its recent
 * deliveries and its failures, as the server process that answers recorded them (in memory:
 * per process, lost on restart); an empty state naming the setting when none is configured.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookListAnswer } from '@locator/core/console-webhooks';
import { Spinner } from '../../components/Spinner';
import type { ConsoleClient } from '../api/client';
import { useDocumentTitle } from '../shell/useDocumentTitle';
import { DeliveriesTable } from './DeliveriesTable';
import { listWebhooks } from './webhooks-api';

export default function WebhooksScreen({ client }: { client: ConsoleClient }) {
  const { t } = useTranslation();
  useDocumentTitle('webhooks.title');
  const heading = useRef<HTMLHeadingElement>(null);
  const [list, setList] = useState<WebhookListAnswer | 'loading' | 'failed'>('loading');

  const load = useCallback(
    () =>
      listWebhooks(client).then(
        (answer) => setList(answer),
        () => setList('failed'),
      ),
    [client],
  );
  useEffect(() => {
    heading.current?.focus();
    void load();
  }, [load]);

  return (
    <div className="console-home console-webhooks">
      <h1 ref={heading} tabIndex={-1}>
        {t('webhooks.title')}
      </h1>
      {list === 'loading' ? <Spinner label={t('webhooks.loading')} /> : null}
      {list === 'failed' ? (
        <div role="alert">
          <p className="console-alert">{t('webhooks.failed')}</p>
          <button type="button" className="console-button" onClick={() => void load()}>
            {t('unavailable.retry')}
          </button>
        </div>
      ) : null}
      {typeof list === 'object' && list.webhooks.length === 0 ? (
        <section className="console-card console-empty" aria-labelledby="console-webhooks-none">
          <h2 id="console-webhooks-none">{t('webhooks.empty.heading')}</h2>
          <p>{t('webhooks.empty.text')}</p>
        </section>
      ) : null}
      {typeof list === 'object' && list.webhooks.length > 0 ? (
        <>
          <p>{t('webhooks.intro', { count: list.recordLimit })}</p>
          <button type="button" className="console-button" onClick={() => void load()}>
            {t('webhooks.refresh')}
          </button>
          {list.webhooks.map((hook, i) => (
            <section key={hook.url} className="console-card" aria-labelledby={`hook-${i}`}>
              <h2 id={`hook-${i}`} className="console-webhook__url" dir="ltr">
                {hook.url}
              </h2>
              <p>{t('webhooks.counts', hook.counts)}</p>
              <h3 id={`hook-${i}-recent`}>{t('webhooks.recent')}</h3>
              <DeliveriesTable
                deliveries={hook.deliveries}
                labelId={`hook-${i}-recent hook-${i}`}
                emptyKey="webhooks.noDeliveries"
              />
              <h3 id={`hook-${i}-failures`}>{t('webhooks.failures')}</h3>
              <DeliveriesTable
                deliveries={hook.failures}
                labelId={`hook-${i}-failures hook-${i}`}
                emptyKey="webhooks.noFailures"
              />
            </section>
          ))}
        </>
      ) : null}
    </div>
  );
}
