/**
 * Two versions of a store, field by field, where they differ: a row per field (its name as
 * the row's header), the value in each version as a column; an empty value said in words. The
 * conflict view (theirs, yours) and the history (before, after) show their changes with it.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldChange } from './store-diff';

export interface DiffTableProps {
  changes: readonly FieldChange[];
  /** The headers of the two versions' columns (before, after). */
  columns: readonly [string, string];
  /** A field's name, in words. */
  fieldName: (field: string) => string;
  caption?: ReactNode;
}

export function DiffTable({ changes, columns, fieldName, caption }: DiffTableProps) {
  const { t } = useTranslation();
  const shown = (value: string) => value || <em>{t('store.diff.empty')}</em>;
  return (
    <div className="console-table-wrap">
      <table className="console-diff">
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            <th scope="col">{t('store.diff.field')}</th>
            <th scope="col">{columns[0]}</th>
            <th scope="col">{columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.field}>
              <th scope="row">{fieldName(c.field)}</th>
              <td>{shown(c.before)}</td>
              <td>{shown(c.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
