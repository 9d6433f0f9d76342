/**
 * A line chart of counts over the period's buckets (SVG, drawn with @visx): one line per
 * series, a few value ticks and the first, middle and last bucket's day beneath, a legend.
 */
import { scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useWidth } from './useWidth';

export interface LineSeries {
  label: string;
  className: string;
  values: readonly number[];
}

export interface LineChartProps {
  labelledBy: string;
  xLabels: readonly string[];
  series: readonly LineSeries[];
  formatValue: (n: number) => string;
}

const HEIGHT = 220;
const M = { top: 12, right: 12, bottom: 28, left: 48 };

export function LineChart({ labelledBy, xLabels, series, formatValue }: LineChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const n = xLabels.length;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const x = scaleLinear({ domain: [0, Math.max(1, n - 1)], range: [M.left, width - M.right] });
  const y = scaleLinear({ domain: [0, max], range: [HEIGHT - M.bottom, M.top], nice: true });
  const ticks = y.ticks(4).filter((v) => Number.isInteger(v));
  const xTicks = [...new Set([0, Math.floor((n - 1) / 2), n - 1])].filter((i) => i >= 0);
  return (
    <div ref={ref} className="console-chart__canvas">
      <svg
        role="img"
        aria-labelledby={labelledBy}
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
      >
        {ticks.map((v) => (
          <g key={v} className="console-chart__grid">
            <line x1={M.left} x2={width - M.right} y1={y(v)} y2={y(v)} />
            <text x={M.left - 6} y={y(v)} dy="0.32em" textAnchor="end">
              {formatValue(v)}
            </text>
          </g>
        ))}
        {xTicks.map((i) => (
          <text
            key={i}
            className="console-chart__axis"
            x={x(i)}
            y={HEIGHT - 8}
            textAnchor={i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle'}
          >
            {xLabels[i]}
          </text>
        ))}
        {series.map((s) => (
          <g key={s.label} className={s.className}>
            <LinePath
              data={s.values.map((v, i) => [i, v] as const)}
              x={(d) => x(d[0])}
              y={(d) => y(d[1])}
              fill="none"
            />
            {n === 1 ? <circle cx={x(0)} cy={y(s.values[0] ?? 0)} r={4} /> : null}
          </g>
        ))}
      </svg>
      <ul className="console-chart__legend">
        {series.map((s) => (
          <li key={s.label} className={s.className}>
            <span className="console-chart__key" aria-hidden="true" />
            {s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
