/**
 * A store's position (docs/ARCHITECTURE.md "The console"): latitude and longitude inputs, a
 * map with one pin (dragged, moved by the arrow keys, or put where the map is clicked; MapLibre
 * loaded only when this is shown: PinMapCanvas.tsx is its own chunk), the place the maps engine
 * finds there, and a warning when that place is not in the store's country. Controlled: the
 * position is `lat`/`lon`; every move calls `onMove`.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  countryWarning,
  formatCoordinate,
  parseCoordinate,
  type Axis,
  type Position,
} from './pin-position';
import { useReversePlace } from './useReversePlace';
import './pin-map.css';

const PinMapCanvas = lazy(() => import('./PinMapCanvas'));

export interface PinMapProps {
  /** Decimal degrees (WGS 84); null while the store has no position. */
  lat: number | null;
  lon: number | null;
  /** The store's country, ISO 3166-1 alpha-2: a position elsewhere is warned of. */
  country?: string | undefined;
  /** A new position, rounded to 6 decimals, the longitude within -180…180. */
  onMove: (position: Position) => void;
  disabled?: boolean;
  /** The inputs' ids, when a form links to them (default: ids of this map's own). */
  ids?: Partial<Record<Axis, string>>;
  /** A problem of a coordinate found elsewhere (the form's check, the server), in words. */
  problems?: Partial<Record<Axis, string>>;
  /**
   * Every text typed into a coordinate's input, also one that does not read as a position (a
   * form keeps it, so that what it saves is what the person sees).
   */
  onText?: (axis: Axis, text: string) => void;
}

function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** An input's text, kept while it reads as the position (typing "51." must stay "51."). */
function useCoordinateText(value: number | null, axis: Axis) {
  const shown = value === null ? '' : formatCoordinate(value);
  const [state, setState] = useState({ text: shown, value });
  if (state.value !== value && parseCoordinate(state.text, axis) !== (value ?? undefined)) {
    setState({ text: shown, value });
  }
  return [state.text, (text: string) => setState({ text, value })] as const;
}

export function PinMap({
  lat,
  lon,
  country,
  onMove,
  disabled = false,
  ids = {},
  problems = {},
  onText,
}: PinMapProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const dir = i18n.dir(i18n.language);
  const [latText, setLatText] = useCoordinateText(lat, 'latitude');
  const [lonText, setLonText] = useCoordinateText(lon, 'longitude');
  const [mapFailed, setMapFailed] = useState(false);
  const lookup = useReversePlace(lat, lon, i18n.language);
  const warning = countryWarning(lookup, country);

  const invalid = {
    latitude: latText.trim() !== '' && parseCoordinate(latText, 'latitude') === undefined,
    longitude: lonText.trim() !== '' && parseCoordinate(lonText, 'longitude') === undefined,
  };
  const typed = (axis: Axis, text: string) => {
    (axis === 'latitude' ? setLatText : setLonText)(text);
    onText?.(axis, text);
    const la =
      axis === 'latitude' ? parseCoordinate(text, axis) : parseCoordinate(latText, 'latitude');
    const lo =
      axis === 'longitude' ? parseCoordinate(text, axis) : parseCoordinate(lonText, 'longitude');
    if (la !== undefined && lo !== undefined) onMove({ lat: la, lon: lo });
  };
  const input = (axis: Axis, text: string) => {
    const inputId = ids[axis] ?? `${id}-${axis}`;
    const problem = problems[axis] ?? (invalid[axis] ? t(`location.invalid.${axis}`) : undefined);
    return (
      <div className="console-field">
        <label htmlFor={inputId}>{t(`location.${axis}`)}</label>
        {problem ? (
          <p className="console-field__error" id={`${inputId}-error`}>
            {problem}
          </p>
        ) : null}
        <input
          id={inputId}
          type="number"
          inputMode="decimal"
          step="any"
          min={axis === 'latitude' ? -90 : -180}
          max={axis === 'latitude' ? 90 : 180}
          dir="ltr"
          value={text}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-error` : undefined}
          onChange={(e) => typed(axis, e.target.value)}
        />
      </div>
    );
  };

  const position =
    lat !== null && lon !== null ? `${formatCoordinate(lat)}, ${formatCoordinate(lon)}` : '';
  return (
    <fieldset className="pin-map" disabled={disabled}>
      <legend>{t('location.legend')}</legend>
      <div className="pin-map__inputs">
        {input('latitude', latText)}
        {input('longitude', lonText)}
      </div>
      {mapFailed ? (
        <p className="console-alert">{t('location.unavailable')}</p>
      ) : (
        <Suspense
          fallback={
            <div className="pin-map__canvas pin-map__canvas--loading">{t('location.loading')}</div>
          }
        >
          <PinMapCanvas
            lat={lat}
            lon={lon}
            onMove={onMove}
            disabled={disabled}
            lang={i18n.language}
            dir={dir}
            onFail={() => setMapFailed(true)}
            labels={{
              map: t('location.map'),
              pin: t('location.pin', { position }),
              zoomIn: t('location.zoomIn'),
              zoomOut: t('location.zoomOut'),
              attribution: t('location.attribution'),
            }}
          />
        </Suspense>
      )}
      <p className="pin-map__place">
        {lat === null || lon === null
          ? t('location.noPosition')
          : lookup.kind === 'found'
            ? t('location.place', { place: lookup.name })
            : lookup.kind === 'loading'
              ? t('location.placeLoading')
              : lookup.kind === 'failed'
                ? t('location.placeUnavailable')
                : t('location.noPlace')}
      </p>
      <div role="status" className="pin-map__status">
        {warning && country ? (
          <p className="pin-map__warning">
            {warning === 'outside' && lookup.kind === 'found'
              ? t('location.outside', {
                  actual: countryName(lookup.countryCode, i18n.language),
                  country: countryName(country, i18n.language),
                })
              : t('location.outsideUnknown', { country: countryName(country, i18n.language) })}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
