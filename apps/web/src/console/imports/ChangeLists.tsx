/**
 * What the file creates, changes (column by column: before → after) and removes, each a table
 * shown a page at a time. The server lists the first few thousand of each kind; the counts
 * above are complete.
 */
import { useTranslation } from 'react-i18next';
import type { ImportReportJson } from '@locator/core/admin-answers';
import { Pager, usePage } from './Pager';

type Listed = NonNullable<ImportReportJson['listed']>;

function StoreCells({ store }: { store: Listed['created'][number] }) {
  return (
    <>
      <td>
        <bdi>{store.storeId}</bdi>
      </td>
      <td>
        <bdi>{store.title}</bdi>
      </td>
      <td>{store.country}</td>
    </>
  );
}

/** A table, within the card's width (long values wrap). */
function TableWrap({ children }: { children: React.ReactNode }) {
  return <div className="import-table-wrap">{children}</div>;
}

function ListSection({
  kind,
  total,
  limit,
  children,
}: {
  kind: 'created' | 'changed' | 'removed';
  total: number;
  limit: number;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="import-section" aria-labelledby={`import-${kind}-heading`}>
      <h3 id={`import-${kind}-heading`}>{t(`imports.lists.${kind}`, { count: total })}</h3>
      {total > limit ? <p>{t('imports.lists.firstOnly', { count: limit })}</p> : null}
      {children}
    </section>
  );
}

function Created({
  stores,
  total,
  limit,
}: {
  stores: Listed['created'];
  total: number;
  limit: number;
}) {
  const { t } = useTranslation();
  const paged = usePage(stores);
  if (stores.length === 0) return null;
  return (
    <ListSection kind="created" total={total} limit={limit}>
      <TableWrap>
        <table className="import-table">
          <thead>
            <tr>
              <th scope="col">{t('imports.lists.line')}</th>
              <th scope="col">{t('imports.lists.storeId')}</th>
              <th scope="col">{t('imports.lists.title')}</th>
              <th scope="col">{t('imports.lists.country')}</th>
            </tr>
          </thead>
          <tbody>
            {paged.items.map((s) => (
              <tr key={s.storeId}>
                <td>{s.line ?? ''}</td>
                <StoreCells store={s} />
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <Pager label={t('imports.lists.createdPages')} {...paged} />
    </ListSection>
  );
}

function Changed({
  stores,
  total,
  limit,
}: {
  stores: Listed['updated'];
  total: number;
  limit: number;
}) {
  const { t } = useTranslation();
  const paged = usePage(stores);
  if (stores.length === 0) return null;
  return (
    <ListSection kind="changed" total={total} limit={limit}>
      <TableWrap>
        <table className="import-table">
          <thead>
            <tr>
              <th scope="col">{t('imports.lists.line')}</th>
              <th scope="col">{t('imports.lists.storeId')}</th>
              <th scope="col">{t('imports.lists.title')}</th>
              <th scope="col">{t('imports.lists.country')}</th>
              <th scope="col">{t('imports.lists.fields')}</th>
            </tr>
          </thead>
          <tbody>
            {paged.items.map((s) => (
              <tr key={s.storeId}>
                <td>{s.line ?? ''}</td>
                <StoreCells store={s} />
                <td>
                  <ul className="import-fields">
                    {s.fields.map((f) => (
                      <li key={f.column}>
                        <bdi className="import-fields__column">{f.column}</bdi>
                        {': '}
                        {t('imports.lists.change', { before: f.before, after: f.after })}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <Pager label={t('imports.lists.changedPages')} {...paged} />
    </ListSection>
  );
}

function Removed({
  stores,
  total,
  limit,
}: {
  stores: Listed['removed'];
  total: number;
  limit: number;
}) {
  const { t } = useTranslation();
  const paged = usePage(stores);
  if (stores.length === 0) return null;
  return (
    <ListSection kind="removed" total={total} limit={limit}>
      <TableWrap>
        <table className="import-table">
          <thead>
            <tr>
              <th scope="col">{t('imports.lists.storeId')}</th>
              <th scope="col">{t('imports.lists.title')}</th>
              <th scope="col">{t('imports.lists.country')}</th>
            </tr>
          </thead>
          <tbody>
            {paged.items.map((s) => (
              <tr key={s.storeId}>
                <StoreCells store={s} />
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <Pager label={t('imports.lists.removedPages')} {...paged} />
    </ListSection>
  );
}

export function ChangeLists({ report }: { report: ImportReportJson }) {
  const { listed, changes } = report;
  if (!listed || !changes) return null;
  return (
    <>
      <Created stores={listed.created} total={changes.added} limit={listed.limit} />
      <Changed stores={listed.updated} total={changes.changed} limit={listed.limit} />
      <Removed stores={listed.removed} total={changes.removed} limit={listed.limit} />
    </>
  );
}
