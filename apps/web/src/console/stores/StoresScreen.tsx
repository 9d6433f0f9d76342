/**
 * The console's store table, /admin/stores: "Search stores", filters by country, channel and
 * badge, sortable columns and pages, all kept in the address (table-url.ts). The server
 * searches, filters, sorts and counts (GET /api/v1/admin/store-search); this screen shows one
 * page at a time.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORE_TABLE_PAGE_SIZE } from '@locator/core/console-stores';
import { useSearchParams } from '../../lib/router';
import type { ConsoleClient } from '../api/client';
import { RetryAlert } from '../shell/RetryAlert';
import { useDocumentTitle } from '../shell/useDocumentTitle';
import { Pager } from './Pager';
import { StoreFilters, type Choices } from './StoreFilters';
import { StoreTable } from './StoreTable';
import { useStoreTable } from './useStoreTable';
import { searchOfView, viewOfSearch, type TableView } from './table-url';

const NO_CHOICES: Choices = { countries: [], badges: [] };

export default function StoresScreen({ client }: { client: ConsoleClient }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle('stores.title');
  const heading = useRef<HTMLHeadingElement>(null);
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewOfSearch(params), [params]);
  const [attempt, setAttempt] = useState(0);
  const state = useStoreTable(client, view, attempt);
  const answer = state.kind === 'ready' ? state.answer : state.previous;
  const choices: Choices = answer?.choices ?? NO_CHOICES;
  /** Whether the address entry already holds this typing's search (then it is replaced). */
  const typing = useRef(false);

  useEffect(() => heading.current?.focus(), []);

  const show = (next: TableView, how: { typing?: boolean } = {}) => {
    const replace = how.typing === true && typing.current;
    typing.current = how.typing === true;
    setParams(searchOfView(next), { replace });
  };
  const change = (next: Partial<TableView>, how: { typing?: boolean } = {}) => {
    if (how.typing && next.q === view.q) return;
    show({ ...view, ...next, page: 1 }, how);
  };

  const number = new Intl.NumberFormat(i18n.language);
  const total = answer?.total ?? 0;
  const pages = Math.ceil(total / STORE_TABLE_PAGE_SIZE);
  const first = answer && total > 0 ? answer.offset + 1 : 0;
  const last = answer ? answer.offset + answer.stores.length : 0;

  return (
    <div className="console-stores">
      <h1 ref={heading} tabIndex={-1}>
        {t('stores.title')}
      </h1>
      <StoreFilters view={view} choices={choices} onChange={change} />
      <RetryAlert
        message={
          state.kind !== 'failed'
            ? undefined
            : state.status === undefined
              ? t('error.unavailable')
              : t('stores.error.failed', { status: state.status })
        }
        onRetry={() => setAttempt((n) => n + 1)}
      />
      <p className="console-stores__count" role="status">
        {answer === undefined
          ? t('stores.loading')
          : total === 0
            ? t('stores.none')
            : t('stores.count', {
                count: total,
                first: number.format(first),
                last: number.format(last),
                total: number.format(total),
              })}
      </p>
      {answer && answer.stores.length > 0 ? (
        <>
          <StoreTable
            rows={answer.stores}
            view={view}
            busy={state.kind === 'loading'}
            onSort={(sort, dir) => show({ ...view, sort, dir, page: 1 })}
          />
          <Pager page={view.page} pages={pages} onPage={(page) => show({ ...view, page })} />
        </>
      ) : null}
    </div>
  );
}
