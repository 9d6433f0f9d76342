/** The report's counts: created, changed, unchanged, removed and problems. */
import { useTranslation } from 'react-i18next';
import type { ImportReportJson } from '@locator/core/admin-answers';

export function ReportCounts({ report }: { report: ImportReportJson }) {
  const { t } = useTranslation();
  const c = report.changes;
  const counts: [string, number | undefined][] = [
    ['created', c?.added],
    ['changed', c?.changed],
    ['unchanged', c?.unchanged],
    ['removed', c?.removed],
    ['problems', report.problems.length],
  ];
  return (
    <dl className="import-counts">
      {counts.map(([key, n]) => (
        <div key={key} className={`import-counts__item import-counts__item--${key}`}>
          <dt>{t(`imports.counts.${key}`)}</dt>
          <dd>{n === undefined ? t('imports.counts.unknown') : n.toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}
