/**
 * Unmet demand: the places where searches found no store nearby (none, or only beyond the
 * radius; how many of them beyond it is a column of its own), on the map (MapLibre loaded only when
 * this is shown: UnmetMapCanvas.tsx is its own chunk) and below it a table of the places with the most unmet searches, sortable, each with "Show on map" (which opens the
 * place's popup on the map and moves the focus there), and "Export CSV" of the same filters.
 */
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemandAnswer } from '@locator/core/console-demand';
import { CONSOLE_API } from '../api/client';
import { TableScroll } from '../shell/TableScroll';
import { sizeOf } from './demand-summary';
import {
  DEFAULT_PLACE_ORDER,
  PLACE_SORTS,
  nextOrder,
  sortPlaces,
  type PlaceOrder,
} from './place-sort';
import type { MapPlace } from './UnmetMapCanvas';
import { useFormats } from './useFormats';

const UnmetMapCanvas = lazy(() => import('./UnmetMapCanvas'));

/** The country's column: on phones the country goes under the place instead (demand.css). */
const COUNTRY_COLUMN = 'console-demand-unmet__country-col';
const BEYOND_COLUMN = 'console-demand-unmet__beyond-col';
/** Columns that phones show inside another cell instead (demand.css). */
const FOLDED: Partial<Record<string, string>> = {
  country: COUNTRY_COLUMN,
  beyondRadius: BEYOND_COLUMN,
};

export interface UnmetPlacesProps {
  answer: DemandAnswer;
  /** The API query of the filters (the CSV's). */
  query: string;
}

export function UnmetPlaces({ answer, query }: UnmetPlacesProps) {
  const { t, i18n } = useTranslation();
  const f = useFormats();
  const id = useId();
  const [order, setOrder] = useState<PlaceOrder>(DEFAULT_PLACE_ORDER);
  const [selected, setSelected] = useState<{ id: number; seq: number }>();
  const [mapFailed, setMapFailed] = useState(false);
  const { rows, total, unlocated } = answer.unmetPlaces;
  const distance = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: 1,
  });
  const km = (v: number | null) => (v === null ? t('demand.places.noStore') : distance.format(v));
  const regions = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'region' }),
    [i18n.language],
  );
  const country = (code: string) => {
    try {
      return code ? (regions.of(code) ?? code) : t('demand.unknownValue');
    } catch {
      return code;
    }
  };
  const coords = (r: DemandAnswer['unmetPlaces']['rows'][number]) =>
    `${r.latitude.toFixed(2)}, ${r.longitude.toFixed(2)}`;
  const places: MapPlace[] = useMemo(
    () =>
      rows.map((r, i) => ({
        id: i,
        latitude: r.latitude,
        longitude: r.longitude,
        size: sizeOf(r.searches),
        title: `${r.place} (${coords(r)})`,
        lines: [
          t('demand.places.unmetLine', { count: f.count(r.searches) }),
          t('demand.places.beyondLine', { count: f.count(r.beyondRadius) }),
          t('demand.places.nearestLine', { distance: km(r.nearestStoreKm) }),
        ],
      })),
    // km and country follow the language, as f does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, f, t],
  );
  const indexed = useMemo(() => new Map(rows.map((r, i) => [r, i])), [rows]);
  const sorted = sortPlaces(rows, order, i18n.language);
  const csv = `${CONSOLE_API}/demand/unmet.csv?${query}`;
  const captionId = `${id}-caption`;

  return (
    <section className="console-demand-unmet" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('demand.places.title')}</h2>
      <p>
        {t('demand.places.count', { count: total, total: f.count(total) })}{' '}
        {typeof unlocated !== 'number' || unlocated > 0
          ? t('demand.places.unlocated', { count: f.count(unlocated) })
          : null}
      </p>
      <div className="console-demand-unmet__body">
        <div className="console-demand-map">
          {mapFailed ? (
            <p className="console-warning">{t('demand.places.mapUnavailable')}</p>
          ) : (
            <Suspense
              fallback={<p className="console-demand-map__canvas">{t('location.loading')}</p>}
            >
              <UnmetMapCanvas
                places={places}
                selected={selected}
                onSelect={(n) => setSelected((s) => ({ id: n, seq: (s?.seq ?? 0) + 1 }))}
                lang={i18n.language}
                dir={i18n.dir(i18n.language)}
                labels={{
                  map: t('demand.places.map'),
                  zoomIn: t('location.zoomIn'),
                  zoomOut: t('location.zoomOut'),
                  attribution: t('location.attribution'),
                }}
                onFail={() => setMapFailed(true)}
              />
            </Suspense>
          )}
        </div>
        <div className="console-demand-unmet__table">
          <p>
            <a className="console-button" href={csv} download>
              {t('demand.places.export')}
            </a>
          </p>
          {rows.length === 0 ? (
            <p>{t('demand.places.none')}</p>
          ) : (
            <TableScroll labelId={captionId}>
              <table className="console-table">
                <caption id={captionId}>
                  {t('demand.places.caption', { count: rows.length, total: f.count(total) })}
                </caption>
                <thead>
                  <tr>
                    {PLACE_SORTS.map((column) => {
                      const on = order.sort === column;
                      return (
                        <th
                          key={column}
                          scope="col"
                          className={FOLDED[column]}
                          aria-sort={
                            on ? (order.dir === 'asc' ? 'ascending' : 'descending') : undefined
                          }
                        >
                          <button
                            type="button"
                            className="console-table__sort"
                            onClick={() => setOrder((o) => nextOrder(o, column))}
                          >
                            {t(`demand.places.columns.${column}`)}
                            <span className="console-table__sort-mark" aria-hidden="true">
                              {on ? (order.dir === 'asc' ? '▲' : '▼') : '↕'}
                            </span>
                          </button>
                        </th>
                      );
                    })}
                    <th scope="col">
                      <span className="visually-hidden">{t('demand.places.columns.map')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sorted.map((r) => {
                    const n = indexed.get(r)!;
                    return (
                      <tr key={n}>
                        <th scope="row">
                          <span dir="auto">{r.place}</span>
                          <span className="console-demand-unmet__coords">{coords(r)}</span>
                          <span className="console-demand-unmet__country">
                            {country(r.country)}
                          </span>
                          <span className="console-demand-unmet__beyond">
                            {t('demand.places.beyondUnder', { count: f.count(r.beyondRadius) })}
                          </span>
                        </th>
                        <td className={COUNTRY_COLUMN}>{country(r.country)}</td>
                        <td className="console-number">{f.count(r.searches)}</td>
                        <td className={`console-number ${BEYOND_COLUMN}`}>
                          {f.count(r.beyondRadius)}
                        </td>
                        <td className="console-number">{km(r.nearestStoreKm)}</td>
                        <td>
                          <button
                            type="button"
                            className="console-button console-button--small"
                            disabled={mapFailed}
                            aria-label={t('demand.places.showOnMapOf', {
                              place: r.place,
                              coords: coords(r),
                            })}
                            onClick={() => setSelected((s) => ({ id: n, seq: (s?.seq ?? 0) + 1 }))}
                          >
                            {t('demand.places.showOnMap')}
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
          )}
        </div>
      </div>
    </section>
  );
}
