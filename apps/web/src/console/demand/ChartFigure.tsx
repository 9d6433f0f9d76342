/**
 * A chart's frame: its title (a heading), a summary in words, the drawing (an image named by
 * the title and the summary), and the same figures as a table behind "Show as table" (a
 * disclosure, reachable by keyboard; the table has a caption and header cells).
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChartTable {
  columns: readonly string[];
  rows: readonly { key: string; head: string; cells: readonly string[] }[];
}

export interface ChartFigureProps {
  title: string;
  summary: string;
  table: ChartTable;
  children: (ids: { titleId: string; summaryId: string }) => ReactNode;
}

export function ChartFigure({ title, summary, table, children }: ChartFigureProps) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const summaryId = `${id}-summary`;
  return (
    <section className="console-chart" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <p id={summaryId} className="console-chart__summary">
        {summary}
      </p>
      {children({ titleId, summaryId })}
      <details className="console-chart__table">
        <summary>{t('demand.showTable')}</summary>
        <div className="console-table-scroll">
          <table className="console-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                {table.columns.map((c, i) => (
                  <th key={c} scope="col" className={i > 0 ? 'console-number' : undefined}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.head}</th>
                  {r.cells.map((c, i) => (
                    <td key={i} className="console-number">
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
