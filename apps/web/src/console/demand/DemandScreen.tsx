/**
 * The console's demand dashboard, /admin/demand (every role): the filters (kept in the address,
 * demand-url.ts), the headline figures against the previous period, the charts with their
 * summaries and tables, and unmet demand on a map and in a table. Days are the viewer's time
 * zone's. Loaded lazily with its chart library: other screens do not pay for it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import type { ConsoleClient } from '../api/client';
import { RetryAlert } from '../shell/RetryAlert';
import { useDocumentTitle } from '../shell/useDocumentTitle';
import { DemandCharts } from './DemandCharts';
import { DemandFiltersForm } from './DemandFiltersForm';
import {
  apiQueryOfFilters,
  filtersOfSearch,
  presetDays,
  searchOfFilters,
  todayIn,
  type DemandFilters,
} from './demand-url';
import { Headline } from './Headline';
import { UnmetPlaces } from './UnmetPlaces';
import { useConfiguredCountries, useDemand } from './useDemand';
import { useFormats } from './useFormats';
import './demand.css';

export interface DemandScreenProps {
  client: ConsoleClient;
  /** The viewer's time zone (default: the browser's) and clock (tests). */
  timeZone?: string;
  now?: () => number;
}

export default function DemandScreen({
  client,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
  now = Date.now,
}: DemandScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle('demand.title');
  const heading = useRef<HTMLHeadingElement>(null);
  const [params, setParams] = useSearchParams();
  // The clock is read when the address changes (a preset counts back from that day).
  const { filters, notes } = useMemo(
    () => filtersOfSearch(params, timeZone, now()),
    [params, timeZone, now],
  );
  const [attempt, setAttempt] = useState(0);
  const state = useDemand(client, filters, timeZone, attempt);
  const countries = useConfiguredCountries(client);
  const f = useFormats();
  const answer = state.kind === 'ready' ? state.answer : state.previous;

  useEffect(() => heading.current?.focus(), []);

  const change = (next: Partial<DemandFilters>) => {
    // From the address as it is now: two changes in a row both stay.
    const current = new URLSearchParams(window.location.search);
    const merged = { ...filtersOfSearch(current, timeZone, now()).filters, ...next };
    if (next.period && next.period !== 'custom') {
      Object.assign(merged, presetDays(next.period, todayIn(timeZone, now())));
    }
    setParams(searchOfFilters(merged));
  };

  const empty =
    answer !== undefined &&
    answer.headline.searches.current === 0 &&
    answer.funnel.every((s) => s.count === 0) &&
    answer.unmetPlaces.total === 0;

  return (
    <div className="console-demand">
      <h1 ref={heading} tabIndex={-1}>
        {t('demand.title')}
      </h1>
      {notes.length > 0 ? (
        <div className="console-warning" role="status">
          <p>{t('demand.notes.title')}</p>
          <ul>
            {notes.map((n) => (
              <li key={n.param}>{t(`demand.notes.${n.code}`, { param: n.param })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <DemandFiltersForm
        filters={filters}
        timeZone={timeZone}
        choices={{
          countries: [...countries, ...(answer?.byCountry.map((r) => r.key).filter(Boolean) ?? [])],
          products: answer?.byProduct ?? [],
        }}
        onChange={change}
      />
      <RetryAlert
        message={
          state.kind !== 'failed'
            ? undefined
            : state.failure.status === undefined
              ? t('error.unavailable')
              : t('demand.error.failed', {
                  status: state.failure.status,
                  message: state.failure.message ?? '',
                })
        }
        onRetry={() => setAttempt((n) => n + 1)}
      />
      <p className="console-demand__status" role="status">
        {state.kind === 'loading'
          ? t('demand.loading')
          : answer
            ? t('demand.period', {
                from: f.day(answer.period.from),
                to: f.day(answer.period.to),
                zone: answer.period.timeZone,
                min: answer.minCount,
                max: answer.minCount - 1,
              })
            : ''}
      </p>
      {answer && empty ? <p className="console-demand__empty">{t('demand.empty')}</p> : null}
      {answer && !empty ? (
        <div aria-busy={state.kind === 'loading'}>
          <Headline answer={answer} />
          <DemandCharts answer={answer} />
          <UnmetPlaces answer={answer} query={apiQueryOfFilters(filters, timeZone)} />
        </div>
      ) : null}
    </div>
  );
}
