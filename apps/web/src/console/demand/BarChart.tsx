/**
 * A horizontal bar chart (SVG, drawn with @visx): a label and a bar per row, the value at the
 * bar's end. Up to `max` rows are drawn (the largest first, unless `keepOrder`); the table
 * beside it has them all.
 */
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useWidth } from './useWidth';

export interface BarDatum {
  key: string;
  label: string;
  /** The length drawn. */
  size: number;
  /** The value written. */
  text: string;
}

export interface BarChartProps {
  labelledBy: string;
  rows: readonly BarDatum[];
  max?: number;
  keepOrder?: boolean;
}

const ROW = 28;

export function BarChart({ labelledBy, rows, max = 8, keepOrder = false }: BarChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const shown = (keepOrder ? rows : [...rows].sort((a, b) => b.size - a.size)).slice(0, max);
  const height = Math.max(ROW, shown.length * ROW);
  const labelWidth = Math.min(160, Math.round(width * 0.38));
  const valueWidth = 72;
  const y = scaleBand({ domain: shown.map((r) => r.key), range: [0, height], padding: 0.2 });
  const x = scaleLinear({
    domain: [0, Math.max(1, ...shown.map((r) => r.size))],
    range: [0, Math.max(10, width - labelWidth - valueWidth)],
  });
  return (
    <div ref={ref} className="console-chart__canvas">
      <svg
        role="img"
        aria-labelledby={labelledBy}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
      >
        {shown.map((r) => {
          const top = y(r.key) ?? 0;
          const mid = top + y.bandwidth() / 2;
          const length = x(r.size);
          return (
            <g key={r.key}>
              <text
                className="console-chart__axis"
                x={labelWidth - 8}
                y={mid}
                dy="0.32em"
                textAnchor="end"
              >
                {r.label.length > 22 ? `${r.label.slice(0, 21)}…` : r.label}
              </text>
              <Bar
                className="console-chart__bar"
                x={labelWidth}
                y={top}
                width={Math.max(r.size > 0 ? 2 : 0, length)}
                height={y.bandwidth()}
              />
              <text
                className="console-chart__value"
                x={labelWidth + length + 6}
                y={mid}
                dy="0.32em"
              >
                {r.text}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
