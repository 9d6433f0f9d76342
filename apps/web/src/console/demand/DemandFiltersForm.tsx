/**
 * The dashboard's filters: the period (a preset counted back from today, or custom days with
 * "Apply"), day or week buckets, country or region, channel and product. A select applies when
 * changed; custom days apply with the form's button (or Enter).
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_KEYS } from '@locator/core';
import { DEMAND_BUCKETS } from '@locator/core/console-demand';
import { SelectField } from '../shell/SelectField';
import { useCountryChoices } from '../shell/useCountryChoices';
import { DEMAND_PRESETS, type DemandFilters } from './demand-url';

export interface FilterChoices {
  countries: readonly string[];
  products: readonly { key: string; name?: string | undefined }[];
}

export interface DemandFiltersFormProps {
  filters: DemandFilters;
  choices: FilterChoices;
  timeZone: string;
  /** New filters; `period` alone (a preset) recounts the days. */
  onChange: (next: Partial<DemandFilters>) => void;
}

export function DemandFiltersForm({
  filters,
  choices,
  timeZone,
  onChange,
}: DemandFiltersFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [custom, setCustom] = useState(filters.period === 'custom');
  const [days, setDays] = useState({ from: filters.from, to: filters.to });
  const [seen, setSeen] = useState(filters);
  // Filters changed by other means (Back, a link): the fields follow.
  if (seen !== filters) {
    setSeen(filters);
    setDays({ from: filters.from, to: filters.to });
    if (filters.period === 'custom') setCustom(true);
    else if (seen.period !== filters.period) setCustom(false);
  }

  const countries = useCountryChoices(choices.countries, filters.country);
  const products = useMemo(() => {
    const list = new Map(choices.products.filter((p) => p.key).map((p) => [p.key, p.name]));
    if (filters.product && !list.has(filters.product)) list.set(filters.product, undefined);
    return [...list].map(([key, name]) => ({ value: key, label: name ?? key }));
  }, [choices.products, filters.product]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (custom) onChange({ period: 'custom', from: days.from, to: days.to });
  };

  return (
    <form className="console-demand-filters" onSubmit={submit} aria-labelledby={`${id}-legend`}>
      <h2 id={`${id}-legend`} className="visually-hidden">
        {t('demand.filters.title')}
      </h2>
      <div className="console-field">
        <label htmlFor={`${id}-period`}>{t('demand.filters.period')}</label>
        <select
          id={`${id}-period`}
          value={custom ? 'custom' : filters.period}
          onChange={(e) => {
            const value = e.target.value;
            if (value === 'custom') setCustom(true);
            else {
              setCustom(false);
              onChange({ period: value as DemandFilters['period'] });
            }
          }}
        >
          {DEMAND_PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`demand.presets.${p}`)}
            </option>
          ))}
          <option value="custom">{t('demand.presets.custom')}</option>
        </select>
      </div>
      {custom ? (
        <>
          <div className="console-field">
            <label htmlFor={`${id}-from`}>{t('demand.filters.from')}</label>
            <input
              id={`${id}-from`}
              type="date"
              required
              value={days.from}
              max={days.to || undefined}
              onChange={(e) => setDays((d) => ({ ...d, from: e.target.value }))}
            />
          </div>
          <div className="console-field">
            <label htmlFor={`${id}-to`}>{t('demand.filters.to')}</label>
            <input
              id={`${id}-to`}
              type="date"
              required
              value={days.to}
              min={days.from || undefined}
              onChange={(e) => setDays((d) => ({ ...d, to: e.target.value }))}
            />
          </div>
          <button type="submit" className="console-button console-demand-filters__apply">
            {t('demand.filters.apply')}
          </button>
        </>
      ) : null}
      <SelectField
        id={`${id}-by`}
        label={t('demand.filters.by')}
        value={filters.by}
        choices={DEMAND_BUCKETS.map((b) => ({ value: b, label: t(`demand.by.${b}`) }))}
        onChange={(by) => onChange({ by: by as DemandFilters['by'] })}
      />
      <SelectField
        id={`${id}-country`}
        label={t('demand.filters.country')}
        value={filters.country}
        any={t('demand.filters.allCountries')}
        choices={countries}
        onChange={(country) => onChange({ country })}
      />
      <SelectField
        id={`${id}-channel`}
        label={t('demand.filters.channel')}
        value={filters.channel}
        any={t('demand.filters.allChannels')}
        choices={CHANNEL_KEYS.map((c) => ({ value: c, label: t(`demand.channels.${c}`) }))}
        onChange={(channel) => onChange({ channel })}
      />
      <SelectField
        id={`${id}-product`}
        label={t('demand.filters.product')}
        value={filters.product}
        any={t('demand.filters.allProducts')}
        choices={products}
        onChange={(product) => onChange({ product })}
      />
      <p className="console-demand-filters__zone">{t('demand.filters.zone', { zone: timeZone })}</p>
    </form>
  );
}
