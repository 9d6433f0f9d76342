/**
 * The dashboard's filters: the period (a preset counted back from today, or custom days with
 * "Apply"), day or week buckets, country or region, channel and product. A select applies when
 * changed; custom days apply with the form's button (or Enter).
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_KEYS } from '@locator/core';
import { DEMAND_BUCKETS } from '@locator/core/console-demand';
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
  const { t, i18n } = useTranslation();
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

  const countryName = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return (code: string) => {
      try {
        return names.of(code) ?? code;
      } catch {
        return code;
      }
    };
  }, [i18n.language]);
  const countries = useMemo(() => {
    const list = new Set(choices.countries);
    if (filters.country) list.add(filters.country);
    return [...list].sort((a, b) => countryName(a).localeCompare(countryName(b), i18n.language));
  }, [choices.countries, filters.country, countryName, i18n.language]);
  const products = useMemo(() => {
    const list = new Map(choices.products.filter((p) => p.key).map((p) => [p.key, p.name]));
    if (filters.product && !list.has(filters.product)) list.set(filters.product, undefined);
    return [...list];
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
      <div className="console-field">
        <label htmlFor={`${id}-by`}>{t('demand.filters.by')}</label>
        <select
          id={`${id}-by`}
          value={filters.by}
          onChange={(e) => onChange({ by: e.target.value as DemandFilters['by'] })}
        >
          {DEMAND_BUCKETS.map((b) => (
            <option key={b} value={b}>
              {t(`demand.by.${b}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-country`}>{t('demand.filters.country')}</label>
        <select
          id={`${id}-country`}
          value={filters.country}
          onChange={(e) => onChange({ country: e.target.value })}
        >
          <option value="">{t('demand.filters.allCountries')}</option>
          {countries.map((c) => (
            <option key={c} value={c}>
              {countryName(c)}
            </option>
          ))}
        </select>
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-channel`}>{t('demand.filters.channel')}</label>
        <select
          id={`${id}-channel`}
          value={filters.channel}
          onChange={(e) => onChange({ channel: e.target.value })}
        >
          <option value="">{t('demand.filters.allChannels')}</option>
          {CHANNEL_KEYS.map((c) => (
            <option key={c} value={c}>
              {t(`demand.channels.${c}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-product`}>{t('demand.filters.product')}</label>
        <select
          id={`${id}-product`}
          value={filters.product}
          onChange={(e) => onChange({ product: e.target.value })}
        >
          <option value="">{t('demand.filters.allProducts')}</option>
          {products.map(([key, name]) => (
            <option key={key} value={key}>
              {name ?? key}
            </option>
          ))}
        </select>
      </div>
      <p className="console-demand-filters__zone">{t('demand.filters.zone', { zone: timeZone })}</p>
    </form>
  );
}
