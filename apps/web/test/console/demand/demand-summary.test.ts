/** The words of the demand figures (src/console/demand/demand-summary.ts). */
import { describe, expect, it } from 'vitest';
import type { DemandAnswer } from '@locator/core/console-demand';
import {
  barSummary,
  changeOf,
  changePhrase,
  funnelSummary,
  seriesSummary,
  sizeOf,
  type Formats,
} from '../../../src/console/demand/demand-summary';

const f: Formats = {
  count: (c) => (typeof c === 'number' ? c.toLocaleString('en-US') : `fewer than ${c.fewerThan}`),
  percent: (s) => `${Math.round(s * 100)}%`,
  day: (d) => d,
};

function answer(parts: Partial<DemandAnswer>): DemandAnswer {
  return {
    headline: {
      searches: { current: 1234, previous: 1100 },
      unmet: { current: 60, previous: 40 },
      beyondRadius: { current: 20, previous: 0 },
      shareFound: { current: 0.9, previous: 0.8 },
      clicksPerSearch: { current: 0.5, previous: null },
    },
    series: [
      { start: '2026-03-01', searches: 400, unmet: 10 },
      { start: '2026-03-02', searches: 434, unmet: 45 },
      { start: '2026-03-03', searches: 400, unmet: { fewerThan: 5 } },
    ],
    ...parts,
  } as DemandAnswer;
}

describe('the demand summaries', () => {
  it('tells the change against the previous period', () => {
    expect(changeOf(110, 100)).toBeCloseTo(0.1);
    expect(changeOf(5, 0)).toBeUndefined();
    expect(changeOf(null, 3)).toBeUndefined();
    expect(changePhrase(0.1, f)).toEqual({ key: 'demand.change.up', values: { percent: '10%' } });
    expect(changePhrase(-0.25, f)).toEqual({
      key: 'demand.change.down',
      values: { percent: '25%' },
    });
    expect(changePhrase(0, f).key).toBe('demand.change.same');
    expect(changePhrase(undefined, f).key).toBe('demand.change.none');
  });

  it('says how searches changed and when unmet searches peaked', () => {
    expect(seriesSummary(answer({}), f)).toEqual([
      { key: 'demand.summary.searchesRose', values: { percent: '12%', total: '1,234' } },
      { key: 'demand.summary.unmetPeak', values: { unmet: '60', day: '2026-03-02', peak: '45' } },
    ]);
    const hidden = answer({
      headline: {
        ...answer({}).headline,
        searches: { current: { fewerThan: 5 }, previous: 7 },
        unmet: { current: 0, previous: 0 },
      },
      series: [{ start: '2026-03-01', searches: { fewerThan: 5 }, unmet: 0 }],
    });
    expect(seriesSummary(hidden, f)).toEqual([
      { key: 'demand.summary.searchesTotal', values: { total: 'fewer than 5' } },
      { key: 'demand.summary.unmetTotal', values: { unmet: '0' } },
    ]);
    const steady = answer({
      headline: { ...answer({}).headline, searches: { current: 40, previous: 40 } },
    });
    expect(seriesSummary(steady, f)[0]).toEqual({
      key: 'demand.summary.searchesSame',
      values: { total: '40' },
    });
    expect(seriesSummary(hidden, f)).toEqual([
      { key: 'demand.summary.searchesTotal', values: { total: 'fewer than 5' } },
      { key: 'demand.summary.unmetTotal', values: { unmet: '0' } },
    ]);
  });

  it('names the largest bar and its share, or only the bar when a count is hidden', () => {
    expect(
      barSummary(
        [
          { label: 'Germany', value: 300 },
          { label: 'France', value: 100 },
        ],
        f,
      ),
    ).toEqual([
      {
        key: 'demand.summary.barTopShare',
        values: { label: 'Germany', count: '300', share: '75%' },
      },
      { key: 'demand.summary.barRows', values: { count: 2 } },
    ]);
    expect(
      barSummary(
        [
          { label: 'Malta', value: { fewerThan: 5 } },
          { label: 'Spain', value: 9 },
        ],
        f,
      )[0],
    ).toEqual({ key: 'demand.summary.barTop', values: { label: 'Spain', count: '9' } });
    expect(barSummary([], f)).toEqual([{ key: 'demand.summary.noRows' }]);
  });

  it('follows the funnel from the searches, whatever its steps', () => {
    expect(
      funnelSummary(
        [
          { label: 'Searches', count: 200 },
          { label: 'Found', count: 150 },
          { label: 'details', count: { fewerThan: 5 } },
        ],
        f,
      ),
    ).toEqual([
      { key: 'demand.summary.funnelStart', values: { count: '200' } },
      {
        key: 'demand.summary.funnelStepShare',
        values: { label: 'Found', count: '150', share: '75%' },
      },
      { key: 'demand.summary.funnelStep', values: { label: 'details', count: 'fewer than 5' } },
    ]);
    expect(funnelSummary([], f)).toEqual([{ key: 'demand.summary.noRows' }]);
  });

  it('draws a hidden count halfway below its threshold', () => {
    expect(sizeOf(12)).toBe(12);
    expect(sizeOf({ fewerThan: 5 })).toBe(2);
  });
});
