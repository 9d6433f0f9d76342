/**
 * The dashboard's charts, each with its title, summary and table: searches and unmet searches
 * over time; searches by country, by channel and by product; the funnel from searches to the
 * clicks on a store's links (its steps as the answer gives them: a step this console does not
 * name is shown by its key).
 */
import { useTranslation } from 'react-i18next';
import type { DemandAnswer, DemandCount } from '@locator/core/console-demand';
import { BarChart } from './BarChart';
import { ChartFigure } from './ChartFigure';
import { barSummary, funnelSummary, seriesSummary, sizeOf } from './demand-summary';
import { LineChart } from './LineChart';
import { useFormats } from './useFormats';

type Breakdown = DemandAnswer['byCountry'][number];

export function DemandCharts({ answer }: { answer: DemandAnswer }) {
  const { t, i18n } = useTranslation();
  const f = useFormats();
  const number = new Intl.NumberFormat(i18n.language);
  const regions = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const regionName = (code: string) => {
    try {
      return regions.of(code) ?? code;
    } catch {
      return code;
    }
  };
  const unknown = t('demand.unknownValue');
  const labels = {
    country: (r: Breakdown) => (r.key ? regionName(r.key) : unknown),
    channel: (r: Breakdown) =>
      r.key ? t(`demand.channels.${r.key}`, { defaultValue: r.key }) : unknown,
    product: (r: Breakdown) =>
      r.key === 'all' ? t('demand.allProducts') : r.key ? (r.name ?? r.key) : unknown,
  };
  const columns = [t('demand.columns.searches'), t('demand.columns.unmet')];
  const stepLabel = (step: string) => t(`demand.funnel.${step}`, { defaultValue: step });
  const funnel = answer.funnel.map((s) => ({
    label: stepLabel(s.step),
    count: s.count as DemandCount,
  }));
  const bars = (['country', 'channel', 'product'] as const).map((kind) => {
    const rows =
      kind === 'country'
        ? answer.byCountry
        : kind === 'channel'
          ? answer.byChannel
          : answer.byProduct;
    const title = t(`demand.charts.by.${kind}`);
    const named = rows.map((r) => ({ ...r, label: labels[kind](r) }));
    return (
      <ChartFigure
        key={kind}
        title={title}
        summary={f.words(
          barSummary(
            named.map((r) => ({ label: r.label, value: r.searches })),
            f,
          ),
        )}
        table={{
          columns: [t(`demand.columns.${kind}`), ...columns],
          rows: named.map((r) => ({
            key: r.key,
            head: r.label,
            cells: [f.count(r.searches), f.count(r.unmet)],
          })),
        }}
      >
        {({ titleId, summaryId }) => (
          <BarChart
            labelledBy={`${titleId} ${summaryId}`}
            rows={named.map((r) => ({
              key: r.key || '-',
              label: r.label,
              size: sizeOf(r.searches),
              text: f.count(r.searches),
            }))}
          />
        )}
      </ChartFigure>
    );
  });
  const seriesTitle = t('demand.charts.series');
  return (
    <div className="console-demand-charts">
      <div className="console-demand-charts__wide">
        <ChartFigure
          title={seriesTitle}
          summary={f.words(seriesSummary(answer, f))}
          table={{
            columns: [t(`demand.columns.${answer.period.by}`), ...columns],
            rows: answer.series.map((b) => ({
              key: b.start,
              head: f.day(b.start),
              cells: [f.count(b.searches), f.count(b.unmet)],
            })),
          }}
        >
          {({ titleId, summaryId }) => (
            <LineChart
              labelledBy={`${titleId} ${summaryId}`}
              xLabels={answer.series.map((b) => f.day(b.start))}
              formatValue={(n) => number.format(n)}
              series={[
                {
                  label: t('demand.columns.searches'),
                  className: 'console-chart__series--searches',
                  values: answer.series.map((b) => sizeOf(b.searches)),
                },
                {
                  label: t('demand.columns.unmet'),
                  className: 'console-chart__series--unmet',
                  values: answer.series.map((b) => sizeOf(b.unmet)),
                },
              ]}
            />
          )}
        </ChartFigure>
      </div>
      {bars}
      <ChartFigure
        title={t('demand.charts.funnel')}
        summary={f.words(funnelSummary(funnel, f))}
        table={{
          columns: [t('demand.columns.step'), t('demand.columns.count')],
          rows: funnel.map((s, i) => ({
            key: String(i),
            head: s.label,
            cells: [f.count(s.count)],
          })),
        }}
      >
        {({ titleId, summaryId }) => (
          <BarChart
            labelledBy={`${titleId} ${summaryId}`}
            keepOrder
            max={20}
            rows={funnel.map((s, i) => ({
              key: String(i),
              label: s.label,
              size: sizeOf(s.count),
              text: f.count(s.count),
            }))}
          />
        )}
      </ChartFigure>
    </div>
  );
}
