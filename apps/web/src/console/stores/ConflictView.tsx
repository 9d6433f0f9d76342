/**
 * Someone else saved the store after it was read: both versions side by side, field by field
 * (theirs, as saved now; yours, as in the form), where they differ. "Keep mine" saves the form
 * over theirs (onto their version); "Take theirs" puts their version in the form.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DiffTable } from './DiffTable';
import { diffValues } from './store-diff';
import { STORE_FIELDS } from './store-fields';
import type { StoreFormValues } from './store-form';

export interface ConflictViewProps {
  theirs: StoreFormValues;
  mine: StoreFormValues;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

const trimmed = (form: StoreFormValues) =>
  Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()]));

export function ConflictView({ theirs, mine, onKeepMine, onTakeTheirs }: ConflictViewProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const changes = diffValues(trimmed(theirs), trimmed(mine), STORE_FIELDS);
  return (
    <section className="console-card console-conflict" aria-labelledby="store-conflict-heading">
      <h2 id="store-conflict-heading" ref={heading} tabIndex={-1}>
        {t('store.conflict.heading')}
      </h2>
      <p>{t('store.conflict.text')}</p>
      {changes.length === 0 ? (
        <p>{t('store.conflict.same')}</p>
      ) : (
        <DiffTable
          changes={changes}
          columns={[t('store.conflict.theirs'), t('store.conflict.mine')]}
          fieldName={(field) => t(`store.field.${field}`)}
          caption={t('store.conflict.caption')}
        />
      )}
      <div className="console-actions">
        <button
          type="button"
          className="console-button console-button--primary"
          onClick={onKeepMine}
        >
          {t('store.conflict.keepMine')}
        </button>
        <button type="button" className="console-button" onClick={onTakeTheirs}>
          {t('store.conflict.takeTheirs')}
        </button>
      </div>
    </section>
  );
}
