/**
 * The store form: every field of the admin API's store, checked with the API's schema on Save
 * (problems beside their fields and in a summary linking to them), saved onto the version read
 * (If-Match). A save that finds the store changed by someone else shows both versions
 * (ConflictView). A viewer reads the same form, read-only, without Save.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminStoreAnswer } from '@locator/core/admin-answers';
import type { ConsoleClient } from '../api/client';
import { ConflictView } from './ConflictView';
import { ErrorSummary } from './ErrorSummary';
import { HoursEditor } from './hours/HoursEditor';
import { PinMap } from './location/PinMap';
import { readStore, writeStore } from './store-api';
import { OFFER_FIELDS, type StoreField } from './store-fields';
import {
  emptyStoreForm,
  formFromRow,
  formWithHours,
  hoursOfForm,
  positionOfForm,
  rowFromForm,
  storeFormProblems,
  type FieldProblem,
  type StoreFormValues,
} from './store-form';
import { errorId, fieldId, StoreFieldInput, useProblemText } from './StoreFieldInput';

const GROUPS: readonly { key: string; fields: readonly StoreField[] }[] = [
  {
    key: 'address',
    fields: ['title', 'country', 'street1', 'street2', 'city', 'state', 'postalCode'],
  },
  { key: 'contact', fields: ['phone', 'storeWeb'] },
  // The position: the map with a draggable pin and its two coordinates (PinMap).
  { key: 'position', fields: [] },
  // The opening hours, time zone included: the schedule editor (HoursEditor).
  { key: 'hours', fields: [] },
  { key: 'offer', fields: OFFER_FIELDS },
  { key: 'other', fields: ['apptSchedulerIndVal', 'geoCodeStatus'] },
];

type Notice = 'saved' | 'created' | 'gone' | 'failed' | undefined;

export interface StoreFormProps {
  client: ConsoleClient;
  /** The store read, or undefined for a new one. */
  initial: AdminStoreAnswer | undefined;
  canEdit: boolean;
  onSaved: (store: AdminStoreAnswer, created: boolean) => void;
}

export function StoreForm({ client, initial, canEdit, onSaved }: StoreFormProps) {
  const { t } = useTranslation();
  const isNew = initial === undefined;
  const [form, setForm] = useState<StoreFormValues>(() =>
    initial ? formFromRow(initial.row) : emptyStoreForm(),
  );
  const [newId, setNewId] = useState('');
  const [version, setVersion] = useState(initial?.version);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [theirs, setTheirs] = useState<AdminStoreAnswer>();
  const [notice, setNotice] = useState<{ kind: Notice; n: number }>({ kind: undefined, n: 0 });
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const storeId = initial?.storeId ?? newId.trim();

  const change = (field: StoreField | 'storeId', value: string) => {
    if (field === 'storeId') setNewId(value);
    else setForm((f) => ({ ...f, [field]: value }));
  };
  const say = (kind: Notice) => setNotice((n) => ({ kind, n: n.n + 1 }));
  const showProblems = (found: FieldProblem[]) => {
    setProblems(found);
    // The summary is drawn with the problems: focus it once it is there.
    requestAnimationFrame(() => summary.current?.focus());
  };

  async function save(onto: string | undefined) {
    if (busy) return;
    const found = storeFormProblems(form, isNew ? storeId : undefined);
    if (found.length > 0) return showProblems(found);
    setBusy(true);
    try {
      const out = await writeStore(client, storeId, rowFromForm(form), onto);
      if (out.kind === 'saved') {
        setProblems([]);
        setTheirs(undefined);
        setVersion(out.store.version);
        setForm(formFromRow(out.store.row));
        say(isNew ? 'created' : 'saved');
        onSaved(out.store, isNew);
      } else if (out.kind === 'invalid') {
        showProblems(out.problems);
      } else if (out.kind === 'exists') {
        showProblems([{ field: 'storeId', code: 'DUPLICATE_STORE' }]);
      } else {
        const current = await readStore(client, storeId);
        if (current) setTheirs(current);
        else say('gone');
      }
    } catch {
      say('failed');
    } finally {
      setBusy(false);
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save(version);
  };
  const takeTheirs = () => {
    if (!theirs) return;
    setForm(formFromRow(theirs.row));
    setVersion(theirs.version);
    setTheirs(undefined);
    setProblems([]);
  };
  const problemOf = (field: string) => problems.find((p) => p.field === field);
  const idProblem = problemOf('storeId');
  const problemText = useProblemText();
  const problemsOf = <F extends StoreField>(fields: readonly F[]) =>
    Object.fromEntries(
      fields.flatMap((f) => {
        const p = problemOf(f);
        return p ? [[f, problemText(p)]] : [];
      }),
    ) as Partial<Record<F, string>>;
  const position = positionOfForm(form);
  const country = form.country.trim().toUpperCase() || undefined;

  return (
    <>
      {theirs ? (
        <ConflictView
          theirs={formFromRow(theirs.row)}
          mine={form}
          onKeepMine={() => void save(theirs.version)}
          onTakeTheirs={takeTheirs}
        />
      ) : null}
      <form className="console-store-form" noValidate aria-busy={busy} onSubmit={submit}>
        {problems.length > 0 ? <ErrorSummary ref={summary} problems={problems} /> : null}
        {isNew ? (
          <div className="console-field">
            <label htmlFor={fieldId('storeId')}>{t('store.field.storeId')}</label>
            <p className="console-field__hint" id="store-field-storeId-hint">
              {t('store.hint.storeId')}
            </p>
            {idProblem ? (
              <p className="console-field__error" id={errorId('storeId')}>
                {t([`store.error.storeId.${idProblem.code}`, `store.error.${idProblem.code}`], {
                  field: t('store.field.storeId'),
                })}
              </p>
            ) : null}
            <input
              id={fieldId('storeId')}
              name="storeId"
              type="text"
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              value={newId}
              aria-required
              aria-invalid={idProblem ? true : undefined}
              aria-describedby={
                idProblem
                  ? `${errorId('storeId')} store-field-storeId-hint`
                  : 'store-field-storeId-hint'
              }
              onChange={(e) => change('storeId', e.target.value)}
            />
          </div>
        ) : null}
        {GROUPS.map((group) =>
          group.key === 'position' ? (
            <div key={group.key} className="console-card console-fieldset">
              <PinMap
                lat={position.lat}
                lon={position.lon}
                country={country}
                disabled={!canEdit}
                ids={{ latitude: fieldId('latitude'), longitude: fieldId('longitude') }}
                problems={problemsOf(['latitude', 'longitude'] as const)}
                onText={(axis, text) => setForm((f) => ({ ...f, [axis]: text }))}
                onMove={({ lat, lon }) =>
                  setForm((f) => ({ ...f, latitude: String(lat), longitude: String(lon) }))
                }
              />
            </div>
          ) : group.key === 'hours' ? (
            <div
              key={group.key}
              id={fieldId('hours')}
              tabIndex={-1}
              className="console-card console-fieldset"
            >
              <HoursEditor
                value={hoursOfForm(form)}
                onChange={(value) => setForm((f) => formWithHours(f, value))}
                disabled={!canEdit}
                errors={problemsOf(['hours', 'specialHours', 'timeZone'] as const)}
                country={country}
              />
            </div>
          ) : (
            <fieldset key={group.key} className="console-card console-fieldset">
              <legend>{t(`store.group.${group.key}`)}</legend>
              {group.fields.map((field) => (
                <StoreFieldInput
                  key={field}
                  field={field}
                  value={form[field]}
                  problem={problemOf(field)}
                  readOnly={!canEdit}
                  onChange={change}
                />
              ))}
            </fieldset>
          ),
        )}
        <div role="status" className="console-notice">
          {notice.kind === 'saved' || notice.kind === 'created' ? (
            <p key={notice.n}>{t(`store.notice.${notice.kind}`)}</p>
          ) : null}
        </div>
        <div role="alert" className="console-alert-region">
          {notice.kind === 'gone' || notice.kind === 'failed' ? (
            <p key={notice.n} className="console-alert">
              {t(`store.notice.${notice.kind}`)}
            </p>
          ) : null}
        </div>
        {canEdit ? (
          <div className="console-actions">
            <button type="submit" className="console-button console-button--primary">
              {t('store.save')}
            </button>
          </div>
        ) : (
          <p className="console-field__hint">{t('store.readOnly')}</p>
        )}
      </form>
    </>
  );
}
