/**
 * The table of stores: column headers that sort (buttons; the sorted column's header carries
 * aria-sort), each store id a link to the store's screen. In a region that scrolls sideways on
 * narrow screens, reachable by keyboard.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreTableRow, StoreTableSort } from '@locator/core/console-stores';
import { Link } from '../../lib/router';
import { TableScroll } from '../shell/TableScroll';
import type { TableView } from './table-url';

const COLUMNS: readonly StoreTableSort[] = ['id', 'name', 'city', 'postcode', 'country'];

export interface StoreTableProps {
  rows: readonly StoreTableRow[];
  view: TableView;
  busy: boolean;
  onSort: (sort: StoreTableSort, dir: 'asc' | 'desc') => void;
}

export function StoreTable({ rows, view, busy, onSort }: StoreTableProps) {
  const { t } = useTranslation();
  const captionId = useId();
  const sortBy = (column: StoreTableSort) => {
    const dir = view.sort === column && view.dir === 'asc' ? 'desc' : 'asc';
    onSort(column, dir);
  };
  const cell = (row: StoreTableRow, column: StoreTableSort) => {
    if (column === 'id') {
      return <Link to={`/admin/stores/${encodeURIComponent(row.storeId)}`}>{row.storeId}</Link>;
    }
    if (column === 'name') return row.name;
    if (column === 'city') return row.city;
    if (column === 'postcode') return row.postcode;
    return row.country;
  };

  return (
    <TableScroll labelId={captionId}>
      <table className="console-table" aria-busy={busy}>
        <caption id={captionId} className="visually-hidden">
          {t('stores.table.caption', {
            column: t(`stores.columns.${view.sort}`),
            direction: t(`stores.table.${view.dir}`),
          })}
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const sorted = view.sort === column;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={sorted ? (view.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <button
                    type="button"
                    className="console-table__sort"
                    onClick={() => sortBy(column)}
                  >
                    {t(`stores.columns.${column}`)}
                    <span className="console-table__sort-mark" aria-hidden="true">
                      {sorted ? (view.dir === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
            <th scope="col">{t('stores.columns.channels')}</th>
            <th scope="col">{t('stores.columns.badges')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.storeId}>
              {COLUMNS.map((column) =>
                column === 'id' ? (
                  <th key={column} scope="row">
                    {cell(row, column)}
                  </th>
                ) : (
                  <td key={column} dir="auto">
                    {cell(row, column)}
                  </td>
                ),
              )}
              <td>{row.channels.map((c) => t(`stores.channels.${c}`)).join(', ')}</td>
              <td>{row.badges.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
