/**
 * The words of the dashboard's figures: a count as shown (a hidden one is "fewer than N"), the
 * change against the previous period, and each chart's summary in a sentence or two. Phrases
 * are translation keys with their values, put into words by the screen.
 */
import type { DemandAnswer, DemandCount } from '@locator/core/console-demand';

export interface Phrase {
  key: string;
  values?: Record<string, string | number>;
}

export interface Formats {
  count: (c: DemandCount) => string;
  percent: (share: number) => string;
  day: (isoDate: string) => string;
}

/** A count's number, or undefined when hidden. */
export const numberOf = (c: DemandCount): number | undefined =>
  typeof c === 'number' ? c : undefined;

/** A count for ordering and drawing: a hidden count stands halfway below its threshold. */
export const sizeOf = (c: DemandCount): number =>
  typeof c === 'number' ? c : Math.max(0, c.fewerThan - 1) / 2;

/** The relative change from the previous value; undefined when either is unknown or was 0. */
export function changeOf(
  current: number | null | undefined,
  previous: number | null | undefined,
): number | undefined {
  if (current == null || previous == null || previous === 0) return undefined;
  return (current - previous) / previous;
}

/** The change's phrase: rose, fell, unchanged, or not comparable. */
export function changePhrase(change: number | undefined, f: Formats): Phrase {
  if (change === undefined) return { key: 'demand.change.none' };
  if (Math.abs(change) < 0.0005) return { key: 'demand.change.same' };
  return {
    key: change > 0 ? 'demand.change.up' : 'demand.change.down',
    values: { percent: f.percent(Math.abs(change)) },
  };
}

/** The series chart: how searches changed against the previous period, and unmet's peak. */
export function seriesSummary(answer: DemandAnswer, f: Formats): Phrase[] {
  const { searches, unmet } = answer.headline;
  const out: Phrase[] = [];
  const change = changeOf(numberOf(searches.current), numberOf(searches.previous));
  const total = f.count(searches.current);
  out.push(
    change === undefined
      ? { key: 'demand.summary.searchesTotal', values: { total } }
      : Math.abs(change) < 0.0005
        ? { key: 'demand.summary.searchesSame', values: { total } }
        : {
            key: change > 0 ? 'demand.summary.searchesRose' : 'demand.summary.searchesFell',
            values: { percent: f.percent(Math.abs(change)), total },
          },
  );
  let peak: { start: string; n: number } | undefined;
  for (const b of answer.series) {
    const n = numberOf(b.unmet);
    if (n !== undefined && n > 0 && (peak === undefined || n > peak.n))
      peak = { start: b.start, n };
  }
  out.push(
    peak
      ? {
          key: 'demand.summary.unmetPeak',
          values: { unmet: f.count(unmet.current), day: f.day(peak.start), peak: f.count(peak.n) },
        }
      : { key: 'demand.summary.unmetTotal', values: { unmet: f.count(unmet.current) } },
  );
  return out;
}

export interface BarRow {
  label: string;
  value: DemandCount;
}

/** A bar chart: its largest bar and its share of all. */
export function barSummary(rows: readonly BarRow[], f: Formats): Phrase[] {
  if (rows.length === 0) return [{ key: 'demand.summary.noRows' }];
  const top = [...rows].sort((a, b) => sizeOf(b.value) - sizeOf(a.value))[0]!;
  const known = rows.map((r) => numberOf(r.value));
  const all = known.every((n) => n !== undefined)
    ? known.reduce<number>((s, n) => s + n!, 0)
    : undefined;
  const n = numberOf(top.value);
  return [
    n !== undefined && all !== undefined && all > 0
      ? {
          key: 'demand.summary.barTopShare',
          values: { label: top.label, count: f.count(n), share: f.percent(n / all) },
        }
      : { key: 'demand.summary.barTop', values: { label: top.label, count: f.count(top.value) } },
    { key: 'demand.summary.barRows', values: { count: rows.length } },
  ];
}

/** The funnel: the share of searches that found a store, and the share of each later step. */
export function funnelSummary(
  steps: readonly { label: string; count: DemandCount }[],
  f: Formats,
): Phrase[] {
  const first = steps[0];
  if (!first) return [{ key: 'demand.summary.noRows' }];
  const base = numberOf(first.count);
  const out: Phrase[] = [
    { key: 'demand.summary.funnelStart', values: { count: f.count(first.count) } },
  ];
  for (const step of steps.slice(1)) {
    const n = numberOf(step.count);
    out.push(
      base && n !== undefined
        ? {
            key: 'demand.summary.funnelStepShare',
            values: { label: step.label, count: f.count(n), share: f.percent(n / base) },
          }
        : {
            key: 'demand.summary.funnelStep',
            values: { label: step.label, count: f.count(step.count) },
          },
    );
  }
  return out;
}
