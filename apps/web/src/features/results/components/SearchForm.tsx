import { useEffect, useRef, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FIELD_REQUIRED,
  LOCATION_NOT_FOUND,
  NO_CONTRACT,
  carrierOptions,
  isSearchDisabled,
  languageTag,
  type FormFieldName,
} from '@locator/core';
import type { Place } from '../../../lib/maps';
import { carriersFor, productOptionsFor, searchCountry, type ResultsContext } from '../context';
import type { SearchForm as FormModel } from '../hooks/useSearchForm';
import { LocationCombobox, type OtherSite } from './LocationCombobox';
import { ProductField } from './ProductField';
import { SelectField } from './SelectField';

export interface SearchFormProps {
  ctx: ResultsContext;
  form: FormModel;
  narrow: boolean;
  searchInputRef: RefObject<HTMLInputElement | null>;
  geolocation: { locating: boolean; denied: boolean; onLocate(): void } | undefined;
  /** "Did you mean …?" under the location field, and its confirmation. */
  suggestion?: Place | undefined;
  onConfirmSuggestion?(): void;
  /** Another country's site for the place typed or the device position (under the field). */
  otherSite?: OtherSite | undefined;
  /** A search is in flight: Search is unavailable (aria-disabled, keeping focus) and busy. */
  searching?: boolean;
  onSubmit(): void;
  onReset(): void;
  /** The visitor picked another country (multi-country locales); the form's own change otherwise. */
  onCountry?(value: string): void;
}

/** "Not found" where the place search finds no postcodes: it suggests a nearby town only. */
const NOT_FOUND_NO_POSTCODE = 'form.location.error.notFoundNoPostcode';

const FIELD_KEY: Record<FormFieldName, string> = {
  search: 'location',
  country: 'country',
  products: 'products',
  carrier: 'carrier',
};

/**
 * The search form (PRODUCT.md#search-form, #validation): the fields of the locale variant, shown and required per the
 * showOnly rules, errors under the inputs, Search disabled while invalid or geolocating and
 * unavailable while a search is in flight.
 */
export function SearchForm({ ctx, form, narrow, searchInputRef, ...props }: SearchFormProps) {
  const { t } = useTranslation('result');
  const { state, dispatch, shown } = form;
  const { values } = state;
  const postcodes = ctx.config.country.placePostcodes !== false;
  const errorText = (field: FormFieldName): string | undefined => {
    const key = form.errorOf(field);
    if (!key) return undefined;
    if (key === FIELD_REQUIRED) return t(`form.${FIELD_KEY[field]}.error.required`);
    // "Not found" suggests trying a postcode only where the place search finds postcodes.
    return t(key === LOCATION_NOT_FOUND && !postcodes ? NOT_FOUND_NO_POSTCODE : key);
  };
  const geolocating = props.geolocation?.locating === true;
  const disabled = isSearchDisabled(form.valid, geolocating);
  const busy = state.submitting || props.searching === true;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!disabled && !busy) props.onSubmit();
  };
  // Enter on a form whose Search is disabled submits nothing: name the missing fields instead
  // (their errors under them) and move focus to the first.
  const formRef = useRef<HTMLFormElement>(null);
  const focusNext = useRef<FormFieldName | undefined>(undefined);
  useEffect(() => {
    const name = focusNext.current;
    focusNext.current = undefined;
    if (name === 'search') searchInputRef.current?.focus();
    else if (name) fieldControl(formRef.current, name)?.focus();
  });
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || !disabled || geolocating || busy) return;
    if (!(event.target instanceof HTMLInputElement)) return;
    const [first] = form.missing;
    if (first === undefined) return;
    event.preventDefault();
    focusNext.current = first;
    dispatch({ type: 'attempt', fields: form.missing });
  };
  const products = productOptionsFor(ctx, values.country);
  const carriers = carrierOptions(carriersFor(ctx, values.country));

  const field = (name: FormFieldName) => {
    if (!shown(name)) return null;
    switch (name) {
      case 'search':
        return (
          <LocationCombobox
            key={name}
            value={values.search}
            error={errorText('search')}
            countries={[searchCountry(ctx, values.country)]}
            postcodes={postcodes}
            lang={ctx.mapsLang}
            inputRef={searchInputRef}
            geolocation={props.geolocation}
            suggestion={props.suggestion}
            onConfirmSuggestion={props.onConfirmSuggestion}
            otherSite={props.otherSite}
            onType={(text) => dispatch({ type: 'edit', field: 'search', value: text })}
            onSelect={(place: Place) =>
              dispatch({
                type: 'place',
                text: place.lines[0],
                position: {
                  latitude: place.latitude,
                  longitude: place.longitude,
                  address: place.lines[0],
                },
              })
            }
            onClear={() => dispatch({ type: 'edit', field: 'search', value: '' })}
            onBlur={() => dispatch({ type: 'touch', field: 'search' })}
          />
        );
      case 'country':
        return (
          <SelectField
            key={name}
            name="country"
            label={t('form.country.label')}
            placeholder={t('form.country.placeholder')}
            value={values.country}
            options={countryNames(languageTag(ctx.locale), ctx.channel.options.country)}
            error={errorText('country')}
            onChange={(value) =>
              props.onCountry ? props.onCountry(value) : dispatch({ type: 'country', value })
            }
            onBlur={() => dispatch({ type: 'touch', field: 'country' })}
          />
        );
      case 'products':
        return (
          <ProductField
            key={`${name}-${values.country}`}
            options={products}
            value={values.products}
            error={errorText('products')}
            narrow={narrow}
            onChange={(value) => dispatch({ type: 'edit', field: 'products', value })}
            onBlur={() => dispatch({ type: 'touch', field: 'products' })}
          />
        );
      case 'carrier':
        return (
          <SelectField
            key={name}
            name="carrier"
            label={t('form.carrier.label')}
            placeholder={t('form.carrier.placeholder')}
            value={values.carrier}
            options={carriers.map((c) => ({
              value: c.name,
              label: c.name === NO_CONTRACT ? t('form.carrier.noContract') : c.name,
            }))}
            error={errorText('carrier')}
            onChange={(value) => dispatch({ type: 'edit', field: 'carrier', value })}
            onBlur={() => dispatch({ type: 'touch', field: 'carrier' })}
          />
        );
    }
  };

  return (
    // The form takes Enter from its inputs, after their own handling (location suggestions).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      className={`search-form search-form--${ctx.variant}`}
      aria-label={t('form.label')}
      noValidate
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      ref={formRef}
      data-testid="search-form"
    >
      <p className="search-form__hint">{t('form.requiredHint')}</p>
      <div className="search-form__fields">{ctx.fields.map(field)}</div>
      <div className="search-form__buttons">
        <button
          type="button"
          className="button button--secondary"
          aria-label={t('form.resetLabel')}
          onClick={props.onReset}
        >
          {t('form.reset')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={disabled}
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
        >
          {busy ? t('form.searching') : t('form.search')}
        </button>
      </div>
    </form>
  );
}

/** The control of a form field that takes focus: its dropdown, its checked or first radio. */
function fieldControl(form: HTMLFormElement | null, name: FormFieldName): HTMLElement | null {
  const field = form?.querySelector(`.form-field--${name}`);
  return (
    field?.querySelector<HTMLElement>('select, input:checked') ??
    field?.querySelector<HTMLElement>('input[type="radio"], input:not([readonly])') ??
    null
  );
}

/**
 * The country options with their names in the page language (Intl.DisplayNames, the
 * configuration's name when the code is not a region), in the language's alphabetical order.
 */
export function countryNames(
  locale: string,
  countries: readonly { countryCode: string; countryName: string }[],
): { value: string; label: string }[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  } catch {
    names = undefined;
  }
  const nameOf = (code: string, fallback: string) => {
    try {
      return names?.of(code.toUpperCase()) ?? fallback;
    } catch {
      return fallback;
    }
  };
  const collator = new Intl.Collator(locale);
  return countries
    .map((c) => ({ value: c.countryCode, label: nameOf(c.countryCode, c.countryName) }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
