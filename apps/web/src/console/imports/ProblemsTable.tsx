/** Every problem of the file, a page at a time: its line, column, value and what is wrong. */
import { useTranslation } from 'react-i18next';
import type { ImportReportJson } from '@locator/core/admin-answers';
import { Pager, usePage } from './Pager';

export function ProblemsTable({ problems }: { problems: ImportReportJson['problems'] }) {
  const { t } = useTranslation();
  const paged = usePage(problems);
  if (problems.length === 0) return null;
  return (
    <section className="import-section" aria-labelledby="import-problems-heading">
      <h3 id="import-problems-heading">
        {t('imports.problems.heading', { count: problems.length })}
      </h3>
      <div className="import-table-wrap">
        <table className="import-table">
          <thead>
            <tr>
              <th scope="col">{t('imports.problems.line')}</th>
              <th scope="col">{t('imports.problems.column')}</th>
              <th scope="col">{t('imports.problems.value')}</th>
              <th scope="col">{t('imports.problems.message')}</th>
            </tr>
          </thead>
          <tbody>
            {paged.items.map((p, i) => (
              <tr key={`${p.row}-${p.column}-${i}`}>
                <td>{p.row === 0 ? t('imports.problems.wholeFile') : p.row}</td>
                <td>
                  <bdi>{p.column}</bdi>
                </td>
                <td>
                  <bdi>{p.value ?? ''}</bdi>
                </td>
                <td>{t(`imports.problems.codes.${p.code}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label={t('imports.problems.pages')} {...paged} />
    </section>
  );
}
