/**
 * /admin/keys (admins): the admin API's keys. Creating one shows its secret once (ShownKey);
 * revoking asks first (RevokeDialog). What happened is said in a status region.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import type { ConsoleClient } from '../api/client';
import { useDocumentTitle } from '../shell/useDocumentTitle';
import { CreateKeyForm } from './CreateKeyForm';
import { KeysTable } from './KeysTable';
import { RevokeDialog } from './RevokeDialog';
import { ShownKey } from './ShownKey';
import {
  createKey,
  listKeys,
  revokeKey,
  type ApiKey,
  type CreatedKey,
  type KeyScope,
} from './keys-api';

type Notice = { key: string; name: string } | undefined;

export default function KeysScreen({ client }: { client: ConsoleClient }) {
  const { t } = useTranslation();
  useDocumentTitle('keys.title');
  const heading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [keys, setKeys] = useState<ApiKey[] | 'loading' | 'failed'>('loading');
  const [created, setCreated] = useState<CreatedKey | undefined>();
  const [revoking, setRevoking] = useState<ApiKey | undefined>();
  const [createFailed, setCreateFailed] = useState(0);
  const [notice, setNotice] = useState<Notice>();

  const load = useCallback(
    () =>
      listKeys(client).then(
        (list) => setKeys(list),
        () => setKeys('failed'),
      ),
    [client],
  );
  useEffect(() => {
    heading.current?.focus();
    void load();
  }, [load]);

  const create = async (name: string, scope: KeyScope) => {
    setNotice(undefined);
    try {
      setCreated(await createKey(client, name, scope));
      setCreateFailed(0);
    } catch (err) {
      setCreateFailed((n) => n + 1);
      throw err;
    }
    await load();
  };
  const revoke = async (key: ApiKey) => {
    await revokeKey(client, key.id);
    setRevoking(undefined);
    setNotice({ key: 'keys.revoke.done', name: key.name });
    await load();
    // The key's revoke button is gone: the focus goes to the list.
    listHeading.current?.focus();
  };

  return (
    <div className="console-home console-keys">
      <h1 ref={heading} tabIndex={-1}>
        {t('keys.title')}
      </h1>
      <p>{t('keys.intro')}</p>
      <div role="status" className="console-status">
        {notice ? t(notice.key, { name: notice.name }) : null}
      </div>
      {created ? (
        <ShownKey
          created={created}
          onDone={() => {
            setCreated(undefined);
            heading.current?.focus();
          }}
        />
      ) : null}
      <section className="console-card" aria-labelledby="console-keys-create">
        <h2 id="console-keys-create">{t('keys.create.heading')}</h2>
        <div role="alert" className="console-alert-region">
          {createFailed > 0 ? (
            <p key={createFailed} className="console-alert">
              {t('keys.create.failed')}
            </p>
          ) : null}
        </div>
        <CreateKeyForm onCreate={create} />
      </section>
      {/* Unnamed: the table's scroll region is the landmark named "Keys". */}
      <section className="console-card">
        <h2 id="console-keys-list" ref={listHeading} tabIndex={-1}>
          {t('keys.list.heading')}
        </h2>
        {keys === 'loading' ? <Spinner label={t('keys.list.loading')} /> : null}
        {keys === 'failed' ? (
          <div role="alert">
            <p className="console-alert">{t('keys.list.failed')}</p>
            <button type="button" className="console-button" onClick={() => void load()}>
              {t('unavailable.retry')}
            </button>
          </div>
        ) : null}
        {Array.isArray(keys) ? (
          <KeysTable keys={keys} captionId="console-keys-list" onRevoke={setRevoking} />
        ) : null}
      </section>
      {revoking ? (
        <RevokeDialog
          apiKey={revoking}
          onRevoke={() => revoke(revoking)}
          onClose={() => setRevoking(undefined)}
        />
      ) : null}
    </div>
  );
}
