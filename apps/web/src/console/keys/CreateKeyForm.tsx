/** The form that creates an API key: a name saying who uses it, and its scope. */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyScope } from './keys-api';

export function CreateKeyForm({
  onCreate,
}: {
  /** Creates the key; throws when the server refuses or cannot be reached. */
  onCreate: (name: string, scope: KeyScope) => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<KeyScope>('read');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setMissing(true);
      nameInput.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onCreate(name.trim(), scope);
      setName('');
      setScope('read');
      setMissing(false);
    } catch {
      // Said by the screen; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="console-form" noValidate onSubmit={(e) => void submit(e)}>
      <div className="console-field">
        <label htmlFor={`${id}-name`}>{t('keys.create.name')}</label>
        <input
          ref={nameInput}
          id={`${id}-name`}
          name="name"
          maxLength={100}
          autoComplete="off"
          value={name}
          aria-invalid={missing}
          aria-describedby={`${id}-name-hint${missing ? ` ${id}-name-error` : ''}`}
          onChange={(e) => setName(e.target.value)}
        />
        <p id={`${id}-name-hint`} className="console-field__hint">
          {t('keys.create.nameHint')}
        </p>
        {missing ? (
          <p id={`${id}-name-error`} className="console-field__error">
            {t('keys.create.nameMissing')}
          </p>
        ) : null}
      </div>
      <fieldset className="console-choice">
        <legend>{t('keys.create.scope')}</legend>
        {(['read', 'write'] as const).map((s) => (
          <div key={s} className="console-choice__option">
            <input
              type="radio"
              id={`${id}-${s}`}
              name="scope"
              value={s}
              checked={scope === s}
              aria-describedby={`${id}-${s}-text`}
              onChange={() => setScope(s)}
            />
            <label htmlFor={`${id}-${s}`}>{t(`keys.scope.${s}`)}</label>
            <p id={`${id}-${s}-text`} className="console-field__hint">
              {t(`keys.scope.${s}Text`)}
            </p>
          </div>
        ))}
      </fieldset>
      <div className="console-actions">
        <button type="submit" className="console-button console-button--primary" disabled={busy}>
          {t('keys.create.submit')}
        </button>
      </div>
    </form>
  );
}
