/**
 * The time zone of a store's hours: a select of IANA zones (time-zones.ts), the store's
 * country's zones first, and "From the store's position" (the server derives it).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { zoneGroups } from './time-zones';

export interface TimeZoneSelectProps {
  value: string;
  onChange: (zone: string) => void;
  country: string | undefined;
  id: string;
  disabled: boolean;
  /** The message of a problem with it (already in words). */
  error: string | undefined;
}

function countryName(country: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}

export function TimeZoneSelect({
  value,
  onChange,
  country,
  id,
  disabled,
  error,
}: TimeZoneSelectProps) {
  const { t, i18n } = useTranslation();
  const groups = useMemo(() => zoneGroups(country, value), [country, value]);
  return (
    <div className="console-field">
      <label htmlFor={id}>{t('hours.timeZone.label')}</label>
      <p className="hours-hint" id={`${id}-hint`}>
        {t('hours.timeZone.hint')}
      </p>
      {error ? (
        <p className="console-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <select
        id={id}
        className="hours-select"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('hours.timeZone.derive')}</option>
        {groups.country.length > 0 && country ? (
          <optgroup
            label={t('hours.timeZone.country', { country: countryName(country, i18n.language) })}
          >
            {groups.country.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </optgroup>
        ) : null}
        <optgroup label={t('hours.timeZone.others')}>
          {groups.others.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </optgroup>
      </select>
    </div>
  );
}
