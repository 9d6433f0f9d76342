/**
 * How a roll-up query is read (modules/analytics/demand-cube-plan.ts): which queries the demand cube answers,
 * and how a period is cut into blocks, days and hours, around the hours the cube does not hold.
 */
import { describe, expect, it } from 'vitest';
import { CUBOIDS } from '../src/modules/analytics/demand-cube.js';
import { cubeSelect, cubeTarget, segments } from '../src/modules/analytics/demand-cube-plan.js';

const q = (where: Record<string, string>, by: string[]) => ({
  fromHour: 0,
  toHour: 24,
  where,
  by,
});

describe('cubeTarget', () => {
  it('answers the dashboard’s queries from the cube', () => {
    expect(cubeTarget('demand_hourly', q({ type: 'search' }, ['hour', 'outcome']))).toMatchObject({
      grains: 'h',
      group: 'none',
      columns: ['bucket', 'sub'],
    });
    expect(
      cubeTarget('demand_hourly', q({ type: 'click', channel: 'sales' }, ['link'])),
    ).toMatchObject({ grains: 'h', filters: ['channel'], channel: 'sales', columns: ['sub'] });
    expect(
      cubeTarget('demand_hourly', q({ type: 'search', product: '2' }, ['country', 'outcome'])),
    ).toMatchObject({
      grains: 'db',
      group: 'country',
      filters: ['product'],
      columns: ['g', 'sub'],
    });
    expect(
      cubeTarget('demand_places_hourly', q({ type: 'search' }, ['country', 'latitude', 'outcome'])),
    ).toMatchObject({ grains: 'db', group: 'place', columns: ['g', 'latitude', 'sub'] });
  });

  it('leaves the rest to the hourly roll-ups', () => {
    const none = [
      q({ type: 'search', country: 'GB' }, ['hour']),
      q({}, ['type']),
      q({ type: 'search' }, ['country', 'channel']),
      q({ type: 'search' }, ['hour', 'country']),
      q({ type: 'search', channel: 'sales' }, ['channel']),
      q({ type: 'click' }, ['country']),
      q({ type: 'click' }, ['outcome']),
      q({ type: 'search' }, ['link']),
      q({ type: 'search' }, ['embed_origin']),
    ];
    for (const query of none) expect(cubeTarget('demand_hourly', query)).toBeUndefined();
    expect(cubeTarget('demand_places_hourly', q({ type: 'search' }, ['hour']))).toBeUndefined();
  });

  it('names only cuboids the cube has', () => {
    const ids = new Set(CUBOIDS.map((c) => c.id));
    const target = cubeTarget(
      'demand_hourly',
      q({ type: 'search', channel: 'x', product: 'y' }, ['country']),
    )!;
    for (const kind of ['d', 'b'] as const) {
      const { params } = cubeSelect(target, { kind, from: 0, to: 24 }, () => '?');
      expect(ids.has(String(params[0]))).toBe(true);
    }
  });
});

describe('segments', () => {
  const DAY = 24;
  const BLOCK = 384;
  it('cuts a period into hours, days and blocks', () => {
    const from = BLOCK * 10 - DAY - 5;
    const to = BLOCK * 11 + DAY + 3;
    expect(segments(from, to, [], 'db')).toEqual([
      { kind: 'base', from, to: BLOCK * 10 - DAY },
      { kind: 'd', from: BLOCK * 10 - DAY, to: BLOCK * 10 },
      { kind: 'b', from: BLOCK * 10, to: BLOCK * 11 },
      { kind: 'd', from: BLOCK * 11, to: BLOCK * 11 + DAY },
      { kind: 'base', from: BLOCK * 11 + DAY, to },
    ]);
  });

  it('reads the hours the cube does not hold from the roll-ups', () => {
    const from = BLOCK * 10;
    const to = BLOCK * 11;
    // One changed hour: its block falls back to days, its day to hours.
    expect(segments(from, to, [from + DAY + 2], 'db')).toEqual([
      { kind: 'd', from, to: from + DAY },
      { kind: 'base', from: from + DAY, to: from + 2 * DAY },
      { kind: 'd', from: from + 2 * DAY, to },
    ]);
    expect(segments(0, 10, [3, 4, 8], 'h')).toEqual([
      { kind: 'h', from: 0, to: 3 },
      { kind: 'base', from: 3, to: 5 },
      { kind: 'h', from: 5, to: 8 },
      { kind: 'base', from: 8, to: 9 },
      { kind: 'h', from: 9, to: 10 },
    ]);
  });
});
