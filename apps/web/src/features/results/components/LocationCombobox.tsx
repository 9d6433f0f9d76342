import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Place } from '../../../lib/maps';
import { useAutocomplete } from '../hooks/useAutocomplete';
import { useTimedMessage } from '../hooks/useTimedMessage';
import { FieldError } from './FieldError';

/** How long the suggestion status text stays (PRODUCT.md#search-form, #paging-and-timing). */
export const SUGGESTION_STATUS_MS = 5000;

export interface LocationComboboxProps {
  value: string;
  error: string | undefined;
  countries: readonly string[];
  /** Whether the place search finds postcodes there: the placeholder asks for one only then. */
  postcodes: boolean;
  lang: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onType(text: string): void;
  onSelect(place: Place): void;
  onClear(): void;
  onBlur(): void;
  geolocation: { locating: boolean; denied: boolean; onLocate(): void } | undefined;
  /** After "not found": the place the visitor probably meant, offered to confirm. */
  suggestion?: Place | undefined;
  onConfirmSuggestion?(): void;
  /** Another country's site for the place typed or the device position, keeping the search. */
  otherSite?: OtherSite | undefined;
}

export interface OtherSite {
  href: string;
  /** The country's name in the page's language. */
  country: string;
  place: string;
}

/**
 * The location field (PRODUCT.md#search-form): a WAI-ARIA 1.2 combobox with a listbox of two-line place
 * suggestions. Arrow keys move, Enter selects, Escape and Tab close, a click outside closes;
 * a spinner shows while suggestions load and the status text clears after 5 s. A reset button
 * and a "use my location" button sit beside the input.
 */
export function LocationCombobox({ inputRef, ...props }: LocationComboboxProps) {
  const { value, error, countries, lang, geolocation } = props;
  const { t } = useTranslation('result');
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const deniedId = `${id}-denied`;
  const wrapper = useRef<HTMLDivElement>(null);
  const { suggestions, loading, request, clear } = useAutocomplete(countries, lang);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, announce] = useTimedMessage(SUGGESTION_STATUS_MS);
  const expanded = open && suggestions.length > 0;

  const [typed, setTyped] = useState(false);

  /** Asks for suggestions of typed text and announces how many arrived. */
  const suggest = (text: string) => {
    void request(text).then((places) => {
      if (places === undefined || text.trim() === '') return;
      // Arriving after the visitor left the field (a search, a click elsewhere): not shown.
      if (document.activeElement !== inputRef.current) return;
      setOpen(true);
      setActive(-1);
      announce(
        places.length > 0
          ? t('form.location.suggestions.status', { count: places.length })
          : t('form.location.suggestions.none'),
      );
    });
  };

  // A click (or tap) outside the field closes the list.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const select = (place: Place) => {
    setTyped(false);
    close();
    clear();
    announce('');
    props.onSelect(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((a) => (expanded ? (a + 1) % count : 0));
        break;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((a) => (expanded ? (a <= 0 ? count - 1 : a - 1) : count - 1));
        break;
      case 'Enter': {
        const place = expanded && active >= 0 ? suggestions[active] : undefined;
        if (place) {
          event.preventDefault();
          select(place);
        } else if (expanded) {
          close();
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        } else if (loading) {
          // Dismissed before they arrived: the pending suggestions are not shown.
          clear();
        }
        break;
      case 'Tab':
        close();
        break;
      default:
        break;
    }
  };

  const describedBy = [error ? errorId : '', geolocation?.denied ? deniedId : '']
    .filter(Boolean)
    .join(' ');
  const busy = loading || geolocation?.locating === true;

  return (
    <div className="form-field form-field--location">
      <label htmlFor={inputId} className="form-field__label">
        {t('form.location.label')}
      </label>
      <div className="combobox" ref={wrapper}>
        <div className={`combobox__box${error ? ' combobox__box--invalid' : ''}`}>
          <svg
            className="combobox__search-icon"
            viewBox="0 0 20 20"
            width="18"
            height="18"
            aria-hidden="true"
            focusable="false"
          >
            <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M13 13l5 5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            role="combobox"
            className="combobox__input"
            autoComplete="off"
            spellCheck={false}
            placeholder={t(
              props.postcodes ? 'form.location.placeholder' : 'form.location.placeholderNoPostcode',
            )}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            aria-required="true"
            value={value}
            onChange={(event) => {
              const text = event.target.value;
              setTyped(true);
              props.onType(text);
              suggest(text);
              if (text.trim() === '') close();
            }}
            onKeyDown={onKeyDown}
            onBlur={props.onBlur}
          />
          {busy ? <span className="combobox__spinner" aria-hidden="true" /> : null}
          {value !== '' ? (
            <button
              type="button"
              className="icon-button combobox__clear"
              aria-label={t('form.location.reset')}
              title={t('form.location.reset')}
              onClick={() => {
                setTyped(false);
                close();
                clear();
                props.onClear();
                inputRef.current?.focus();
              }}
            >
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <circle cx="8" cy="8" r="8" fill="currentColor" />
                <path
                  d="M5.2 5.2l5.6 5.6M10.8 5.2l-5.6 5.6"
                  stroke="#fff"
                  strokeWidth="1.6"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          ) : null}
          {geolocation ? (
            <button
              type="button"
              className="icon-button combobox__locate"
              aria-label={t('form.location.useMyLocation')}
              title={t('form.location.useMyLocation')}
              disabled={geolocation.denied || geolocation.locating}
              aria-describedby={geolocation.denied ? deniedId : undefined}
              onClick={geolocation.onLocate}
            >
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M18 2L2 9.2l7 1.8 1.8 7z" fill="currentColor" />
              </svg>
            </button>
          ) : null}
        </div>
        <ul
          id={listId}
          role="listbox"
          aria-label={t('form.location.suggestions.label')}
          className="combobox__list"
          hidden={!expanded}
        >
          {suggestions.map((place, index) => (
            // Keyboard use goes through the input (aria-activedescendant), not the options.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={`${place.latitude},${place.longitude},${index}`}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={index === active}
              className={`combobox__option${index === active ? ' combobox__option--active' : ''}`}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => select(place)}
            >
              <span className="combobox__line1">{place.lines[0]}</span>
              {place.lines[1] ? <span className="combobox__line2">{place.lines[1]}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {geolocation?.locating
          ? t('form.location.locating')
          : loading && typed
            ? t('form.location.suggestions.loading')
            : status}
      </div>
      {geolocation?.denied ? (
        <p id={deniedId} className="form-field__hint">
          {t('form.location.denied')}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
      {props.suggestion ? (
        <p className="form-field__hint">
          <button type="button" className="link-button" onClick={props.onConfirmSuggestion}>
            {t('form.location.didYouMean', {
              place: props.suggestion.lines.filter(Boolean).join(', '),
            })}
          </button>
        </p>
      ) : null}
      {props.otherSite ? (
        <p className="form-field__hint" data-testid="other-site">
          <a href={props.otherSite.href}>
            {t('form.location.otherSite', {
              place: props.otherSite.place,
              country: props.otherSite.country,
            })}
          </a>
        </p>
      ) : null}
    </div>
  );
}
