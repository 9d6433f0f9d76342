/**
 * A new key's secret, shown this once: a warning that it cannot be shown again, the key in a
 * read-only field, a copy button whose result is said in a status region, and "Done".
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedKey } from './keys-api';

export function ShownKey({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>();

  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };

  return (
    <section className="console-card console-shown-key" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {t('keys.shown.heading', { name: created.name })}
      </h2>
      <p className="console-warning">
        <strong>{t('keys.shown.warningTitle')}</strong> {t('keys.shown.warning')}
      </p>
      <div className="console-field">
        <label htmlFor={`${id}-key`}>{t('keys.shown.label')}</label>
        <input
          id={`${id}-key`}
          className="console-shown-key__value"
          readOnly
          dir="ltr"
          spellCheck={false}
          value={created.key}
          onFocus={(e) => e.currentTarget.select()}
        />
      </div>
      <div role="status" className="console-status">
        {copied === 'yes' ? t('keys.shown.copied') : null}
        {copied === 'no' ? t('keys.shown.copyFailed') : null}
      </div>
      <div className="console-actions">
        <button type="button" className="console-button" onClick={() => void copy()}>
          {t('keys.shown.copy')}
        </button>
        <button type="button" className="console-button console-button--primary" onClick={onDone}>
          {t('keys.shown.done')}
        </button>
      </div>
    </section>
  );
}
