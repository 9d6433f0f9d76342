import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TRAVEL_MODES, formatTravelTime, isBeyondWalking, type TravelMode } from '@locator/core';
import type { TravelTimes } from '../hooks/useTravelTimes';

/** The travel-mode choice above the list (PRODUCT.md#results-page): driving or walking. */
export function TravelModeChoice(props: {
  mode: TravelMode;
  onChange(mode: TravelMode): void;
  estimated: boolean;
}) {
  const { t } = useTranslation('result');
  const id = useId();
  return (
    <div className="travel-mode">
      <label htmlFor={id}>{t('travel.modeLabel')}</label>
      <select
        id={id}
        value={props.mode}
        onChange={(event) => props.onChange(event.target.value as TravelMode)}
      >
        {TRAVEL_MODES.map((m) => (
          <option key={m} value={m}>
            {t(`travelModes.${m}`)}
          </option>
        ))}
      </select>
      {props.estimated ? (
        <span className="travel-mode__note">{t('travel.estimateNote')}</span>
      ) : null}
    </div>
  );
}

/**
 * One store's travel time, localised (PRODUCT.md#maps-service: seconds shown as hours and minutes); a walk
 * beyond walking distance says so instead of a time.
 */
export function TravelTime({
  times,
  storeId,
  locale,
}: {
  times: TravelTimes;
  storeId: string;
  locale: string;
}) {
  const { t } = useTranslation('result');
  if (times.status === 'loading') {
    return <p className="store__travel store__travel--loading">{t('travel.loading')}</p>;
  }
  const eta = times.status === 'ready' ? times.byStore.get(storeId) : undefined;
  if (eta && times.status === 'ready' && isBeyondWalking(times.mode, eta.expectedTravelTime)) {
    return <p className="store__travel">{t('travel.tooFarToWalk')}</p>;
  }
  const text = eta ? formatTravelTime(eta.expectedTravelTime, locale) : '';
  if (text === '') return null;
  return <p className="store__travel">{t('travel.estimate', { duration: text })}</p>;
}
