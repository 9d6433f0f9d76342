/**
 * The store table's search and filters: "Search stores" searches as one types (after a short
 * pause) and at once on Enter; the country, channel and badge filters apply when changed.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STORE_SEARCH_MAX, STORE_TABLE_CHANNELS } from '@locator/core/console-stores';
import { SelectField } from '../shell/SelectField';
import { useCountryChoices } from '../shell/useCountryChoices';
import type { TableView } from './table-url';

/** The pause after the last keystroke before the table searches. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface Choices {
  countries: readonly string[];
  badges: readonly string[];
}

export interface StoreFiltersProps {
  view: TableView;
  choices: Choices;
  /** `typing`: a search typed, not submitted (the address entry is replaced after the first). */
  onChange: (next: Partial<TableView>, how?: { typing?: boolean }) => void;
}

export function StoreFilters({ view, choices, onChange }: StoreFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(view.q);
  /** The search this field last sent, and the address's search last seen. */
  const [sent, setSent] = useState(view.q);
  const [seen, setSeen] = useState(view.q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The address's search changed by other means than this field (Back, Forward, a link): the
  // field shows it, and a search still waiting to be sent is dropped.
  if (view.q !== seen) {
    setSeen(view.q);
    if (view.q !== sent) setText(view.q);
  }
  useEffect(() => {
    if (view.q !== sent) clearTimeout(timer.current);
  }, [view.q, sent]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (value: string, how?: { typing: boolean }) => {
    setSent(value);
    onChange({ q: value }, how);
  };
  const type = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send(value, { typing: true }), SEARCH_DEBOUNCE_MS);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    send(text);
  };

  const countries = useCountryChoices(choices.countries, view.country);
  const badges = useMemo(() => {
    const list = new Set(choices.badges);
    if (view.badge) list.add(view.badge);
    return [...list].map((b) => ({ value: b, label: b }));
  }, [choices.badges, view.badge]);

  return (
    <form className="console-table-filters" role="search" onSubmit={submit}>
      <div className="console-field console-table-filters__search">
        <label htmlFor={`${id}-q`}>{t('stores.search.label')}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          maxLength={STORE_SEARCH_MAX}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-q-hint`}
          onChange={(e) => type(e.target.value)}
        />
        <p id={`${id}-q-hint`} className="console-field__hint">
          {t('stores.search.hint')}
        </p>
      </div>
      <SelectField
        id={`${id}-country`}
        label={t('stores.filter.country')}
        value={view.country}
        any={t('stores.filter.anyCountry')}
        choices={countries}
        onChange={(country) => onChange({ country })}
      />
      <SelectField
        id={`${id}-channel`}
        label={t('stores.filter.channel')}
        value={view.channel}
        any={t('stores.filter.anyChannel')}
        choices={STORE_TABLE_CHANNELS.map((c) => ({ value: c, label: t(`stores.channels.${c}`) }))}
        onChange={(channel) => onChange({ channel: channel as TableView['channel'] })}
      />
      <SelectField
        id={`${id}-badge`}
        label={t('stores.filter.badge')}
        value={view.badge}
        any={t('stores.filter.anyBadge')}
        choices={badges}
        onChange={(badge) => onChange({ badge })}
      />
      <button type="submit" className="console-button console-table-filters__submit">
        {t('stores.search.submit')}
      </button>
    </form>
  );
}
