/**
 * What the file creates, changes (column by column: before → after) and removes, each a table
 * shown a page at a time. The server lists the first few thousand of each kind; the counts
 * above are complete.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ImportReportJson } from '@locator/core/admin-answers';
import { Pager, usePage } from './Pager';

type Listed = NonNullable<ImportReportJson['listed']>;
type Kind = 'created' | 'changed' | 'removed';

/** What every listed store has; a created or changed one also its line in the file. */
interface ListedStore {
  storeId: string;
  title: string;
  country: string;
  line?: number | null;
}

/** A column of a list: its header's text key and its cell. */
interface Column<T> {
  header: string;
  cell: (store: T) => ReactNode;
}

const line: Column<ListedStore> = { header: 'line', cell: (s) => s.line ?? '' };
const storeColumns: Column<ListedStore>[] = [
  { header: 'storeId', cell: (s) => <bdi>{s.storeId}</bdi> },
  { header: 'title', cell: (s) => <bdi>{s.title}</bdi> },
  { header: 'country', cell: (s) => s.country },
];

/** The changed columns of a store, each "column: before → after". */
const fieldsColumn = (t: TFunction): Column<Listed['updated'][number]> => ({
  header: 'fields',
  cell: (s) => (
    <ul className="import-fields">
      {s.fields.map((f) => (
        <li key={f.column}>
          <bdi className="import-fields__column">{f.column}</bdi>
          {': '}
          {t('imports.lists.change', { before: f.before, after: f.after })}
        </li>
      ))}
    </ul>
  ),
});

/** One kind's list: its heading with the complete count, a table (within the card's width,
 * long values wrapping) a page at a time, and its pager. Nothing when none is listed. */
function ChangeList<T extends ListedStore>({
  kind,
  stores,
  total,
  limit,
  columns,
}: {
  kind: Kind;
  stores: readonly T[];
  total: number;
  limit: number;
  columns: Column<T>[];
}) {
  const { t } = useTranslation();
  const paged = usePage(stores);
  if (stores.length === 0) return null;
  return (
    <section className="import-section" aria-labelledby={`import-${kind}-heading`}>
      <h3 id={`import-${kind}-heading`}>{t(`imports.lists.${kind}`, { count: total })}</h3>
      {total > limit ? <p>{t('imports.lists.firstOnly', { count: limit })}</p> : null}
      <div className="import-table-wrap">
        <table className="import-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col">
                  {t(`imports.lists.${c.header}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {paged.items.map((s) => (
              <tr key={s.storeId}>
                {columns.map((c) => (
                  <td key={c.header}>{c.cell(s)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label={t(`imports.lists.${kind}Pages`)} {...paged} />
    </section>
  );
}

export function ChangeLists({ report }: { report: ImportReportJson }) {
  const { t } = useTranslation();
  const { listed, changes } = report;
  if (!listed || !changes) return null;
  const { limit } = listed;
  return (
    <>
      <ChangeList
        kind="created"
        stores={listed.created}
        total={changes.added}
        limit={limit}
        columns={[line, ...storeColumns]}
      />
      <ChangeList
        kind="changed"
        stores={listed.updated}
        total={changes.changed}
        limit={limit}
        columns={[line, ...storeColumns, fieldsColumn(t)]}
      />
      <ChangeList
        kind="removed"
        stores={listed.removed}
        total={changes.removed}
        limit={limit}
        columns={storeColumns}
      />
    </>
  );
}
