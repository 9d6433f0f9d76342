/**
 * "Revoke this key?": a modal dialog (the browser's <dialog>, opened with showModal, so the page
 * behind is inert and Escape cancels), its cancel button focused first; the focus goes back to
 * what opened it when it closes.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from './keys-api';

export function RevokeDialog({
  apiKey,
  onRevoke,
  onClose,
}: {
  apiKey: ApiKey;
  /** Revokes; throws when it did not work (said in the dialog). */
  onRevoke: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    cancel.current?.focus();
    return () => {
      if (d?.open) d.close();
      opener?.focus();
    };
  }, []);

  const revoke = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      await onRevoke();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="console-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>{t('keys.revoke.title', { name: apiKey.name })}</h2>
      <p id={`${id}-text`}>{t('keys.revoke.text')}</p>
      <div role="alert" className="console-alert-region">
        {failed ? <p className="console-alert">{t('keys.revoke.failed')}</p> : null}
      </div>
      <div className="console-actions">
        <button ref={cancel} type="button" className="console-button" onClick={onClose}>
          {t('keys.revoke.cancel')}
        </button>
        <button
          type="button"
          className="console-button console-button--danger"
          disabled={busy}
          onClick={() => void revoke()}
        >
          {t('keys.revoke.confirm')}
        </button>
      </div>
    </dialog>
  );
}
