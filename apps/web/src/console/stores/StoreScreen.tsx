/**
 * The store screen, /admin/stores/<id> and /admin/stores/new: the store's form (StoreForm), its
 * removal after a confirmation naming it (editors and admins), and its history. A viewer reads
 * it all without Save or Delete; the server refuses their writes anyway.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminStoreAnswer } from '@locator/core/admin-answers';
import type { ConsoleRoleName } from '@locator/core/console-api';
import { Spinner } from '../../components/Spinner';
import { Link, useNavigate, useParams } from '../../lib/router';
import type { ConsoleClient } from '../api/client';
import { useDocumentTitle } from '../shell/useDocumentTitle';
import { DeleteDialog } from './DeleteDialog';
import { removeStore, readStore } from './store-api';
import { StoreForm } from './StoreForm';
import { StoreHistory } from './StoreHistory';
import './store-screen.css';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed' }
  | { kind: 'deleted'; title: string }
  | { kind: 'store'; store: AdminStoreAnswer | undefined };

export interface StoreScreenProps {
  client: ConsoleClient;
  role: ConsoleRoleName;
}

/** A screen of its own for each address: nothing of one store stays on another's. */
export default function StoreScreen(props: StoreScreenProps) {
  const { storeId = '' } = useParams();
  return <StoreView key={storeId} storeId={storeId} {...props} />;
}

function StoreView({ client, role, storeId }: StoreScreenProps & { storeId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isNew = storeId === 'new';
  const canEdit = role !== 'viewer';
  const [loaded, setLoaded] = useState<Loaded>(
    isNew ? { kind: 'store', store: undefined } : { kind: 'loading' },
  );
  const [historyRound, setHistoryRound] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [deleteProblem, setDeleteProblem] = useState<'changed' | 'failed'>();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useDocumentTitle(isNew ? 'store.newTitle' : 'store.title');

  useEffect(() => {
    if (isNew) return;
    let live = true;
    readStore(client, storeId).then(
      (store) => live && setLoaded(store ? { kind: 'store', store } : { kind: 'missing' }),
      () => live && setLoaded({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [client, storeId, isNew]);

  useEffect(() => {
    if (loaded.kind !== 'loading') heading.current?.focus();
  }, [loaded.kind]);

  // Back to the Delete button once the dialog has gone (its removal would leave the focus nowhere).
  useEffect(() => {
    if (confirming || !returnFocus.current) return;
    returnFocus.current = false;
    deleteButton.current?.focus();
  }, [confirming]);

  if (loaded.kind === 'loading') return <Spinner label={t('store.loading')} />;
  const store = loaded.kind === 'store' ? loaded.store : undefined;
  const title = store ? String(store.row.title ?? store.storeId) : '';

  const onSaved = (saved: AdminStoreAnswer, created: boolean) => {
    if (created) {
      navigate(`/admin/stores/${encodeURIComponent(saved.storeId)}`, { replace: true });
      return;
    }
    setLoaded({ kind: 'store', store: saved });
    setHistoryRound((n) => n + 1);
  };

  async function confirmDelete() {
    if (!store || busy) return;
    setBusy(true);
    try {
      const removed = await removeStore(client, store.storeId, store.version);
      setConfirming(false);
      if (removed) setLoaded({ kind: 'deleted', title });
      else setDeleteProblem('changed');
    } catch {
      setConfirming(false);
      setDeleteProblem('failed');
    } finally {
      setBusy(false);
    }
  }
  const cancelDelete = () => {
    returnFocus.current = true;
    setConfirming(false);
  };

  return (
    <div className="console-store">
      <p className="console-back">
        <Link to="/admin/stores">{t('store.back')}</Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        {isNew ? t('store.newTitle') : store ? title : t('store.title')}
      </h1>
      {store ? <p className="console-store__id">{t('store.idLine', { storeId })}</p> : null}
      {loaded.kind === 'missing' ? <p>{t('store.missing', { storeId })}</p> : null}
      {loaded.kind === 'failed' ? <p className="console-alert">{t('error.unavailable')}</p> : null}
      {loaded.kind === 'deleted' ? (
        <p role="status">{t('store.delete.done', { title: loaded.title, storeId })}</p>
      ) : null}
      {loaded.kind === 'store' ? (
        <StoreForm
          key={store?.storeId ?? 'new'}
          client={client}
          initial={store}
          canEdit={canEdit}
          onSaved={onSaved}
        />
      ) : null}
      {store && canEdit ? (
        <section className="console-card" aria-labelledby="store-delete-section">
          <h2 id="store-delete-section">{t('store.delete.section')}</h2>
          <p>{t('store.delete.intro')}</p>
          <div role="alert" className="console-alert-region">
            {deleteProblem ? (
              <p className="console-alert">{t(`store.delete.${deleteProblem}`)}</p>
            ) : null}
          </div>
          <button
            ref={deleteButton}
            type="button"
            className="console-button console-button--danger"
            onClick={() => {
              setDeleteProblem(undefined);
              setConfirming(true);
            }}
          >
            {t('store.delete.open')}
          </button>
        </section>
      ) : null}
      {confirming && store ? (
        <DeleteDialog
          storeId={store.storeId}
          title={title}
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={cancelDelete}
        />
      ) : null}
      {store ? <StoreHistory key={historyRound} client={client} storeId={store.storeId} /> : null}
    </div>
  );
}
