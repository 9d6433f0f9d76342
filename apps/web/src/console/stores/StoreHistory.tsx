/**
 * The store's history from the audit log, newest first: when, who (the console account's
 * email, or the API key), and what changed, field by field, before → after.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleClient } from '../api/client';
import { DiffTable } from './DiffTable';
import { readHistory, type AuditEntry } from './store-api';
import { actorOf, entryChanges } from './store-history';

function Who({ actor }: { actor: string }) {
  const { t } = useTranslation();
  const who = actorOf(actor);
  if (who.kind === 'user') return <>{who.email}</>;
  if (who.kind === 'key') return <>{t('store.history.apiKey', { id: who.id })}</>;
  return <>{who.name || t('store.history.unknown')}</>;
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const changes = entryChanges(entry.before, entry.after);
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(entry.at));
  const headingId = `store-history-${entry.id}`;
  return (
    <li className="console-history__entry" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <time dateTime={entry.at}>{when}</time> · {t(`store.history.action.${entry.action}`)} ·{' '}
        <Who actor={entry.actor} />
      </h3>
      {changes.length === 0 ? (
        <p>{t('store.history.noChange')}</p>
      ) : (
        <DiffTable
          changes={changes}
          columns={[t('store.history.before'), t('store.history.after')]}
          fieldName={(field) =>
            t([`store.field.${field}`, `store.docField.${field}`], { defaultValue: field })
          }
        />
      )}
    </li>
  );
}

export function StoreHistory({ client, storeId }: { client: ConsoleClient; storeId: string }) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<AuditEntry[] | 'failed'>();
  useEffect(() => {
    let live = true;
    readHistory(client, storeId).then(
      (e) => live && setEntries(e),
      () => live && setEntries('failed'),
    );
    return () => {
      live = false;
    };
  }, [client, storeId]);
  return (
    <section className="console-card console-history" aria-labelledby="store-history-heading">
      <h2 id="store-history-heading">{t('store.history.heading')}</h2>
      {entries === undefined ? <p>{t('store.history.loading')}</p> : null}
      {entries === 'failed' ? <p className="console-alert">{t('error.unavailable')}</p> : null}
      {Array.isArray(entries) && entries.length === 0 ? <p>{t('store.history.empty')}</p> : null}
      {Array.isArray(entries) && entries.length > 0 ? (
        <ol className="console-history__list">
          {entries.map((e) => (
            <Entry key={e.id} entry={e} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}
