/**
 * The confirmation before a store is removed: a modal dialog (the page behind it inert, Tab
 * kept inside, Escape or Cancel closing it with nothing removed) that names the store.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface DeleteDialogProps {
  storeId: string;
  title: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeleteDialog({ storeId, title, busy, onConfirm, onCancel }: DeleteDialogProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (!el.open) el.showModal();
    cancel.current?.focus();
    return () => el.close();
  }, []);

  // Tab and Shift+Tab go round the dialog's buttons rather than out to the browser's own bar.
  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>('button:not([disabled])')];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="console-dialog"
      aria-labelledby="store-delete-heading"
      aria-describedby="store-delete-text"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onKeyDown={trapTab}
    >
      <h2 id="store-delete-heading">{t('store.delete.heading', { title })}</h2>
      <p id="store-delete-text">{t('store.delete.text', { title, storeId })}</p>
      <div className="console-actions">
        <button ref={cancel} type="button" className="console-button" onClick={onCancel}>
          {t('store.delete.cancel')}
        </button>
        <button
          type="button"
          className="console-button console-button--danger"
          disabled={busy}
          onClick={onConfirm}
        >
          {t('store.delete.confirm')}
        </button>
      </div>
    </dialog>
  );
}
