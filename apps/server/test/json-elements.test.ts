/**
 * A JSON array split into its elements without parsing it whole (modules/imports/json-elements.ts), and
 * the import's JSON rows read that way (forEachRowAsync): the same rows and problems as a whole
 * parse gives, brackets and commas inside strings ignored, broken arrays left to JSON.parse.
 */
import { describe, expect, it } from 'vitest';
import { TimeSlicer, splitArray } from '../src/modules/imports/json-elements.js';
import {
  forEachRow,
  forEachRowAsync,
  type RawRow,
  type RowProblem,
} from '../src/modules/imports/parse.js';

const elements = async (text: string, maxDepth?: number) => {
  const split = await splitArray(text, new TimeSlicer(), maxDepth);
  if (split.kind !== 'elements') return split.kind;
  const out: string[] = [];
  for (let k = 0; k < split.spans.length; k += 2) {
    out.push(text.slice(split.spans[k], split.spans[k + 1]).trim());
  }
  return out;
};

async function rowsOf(text: string, read: 'sync' | 'async') {
  const problems: RowProblem[] = [];
  const rows: RawRow[] = [];
  const count =
    read === 'sync'
      ? forEachRow(text, 'json', problems, (r) => rows.push(r))
      : await forEachRowAsync(text, 'json', problems, (r) => rows.push(r));
  return { count, rows, problems };
}

describe('splitArray', () => {
  it('finds the elements, whatever strings and nesting hold', async () => {
    expect(await elements(' [ ] ')).toEqual([]);
    expect(await elements('[1, "a,b]", {"x": [1, {"y": "}"}]}, "q\\"],"]\n')).toEqual([
      '1',
      '"a,b]"',
      '{"x": [1, {"y": "}"}]}',
      '"q\\"],"',
    ]);
  });

  it('leaves what is not a well-formed array to JSON.parse, and bounds the nesting', async () => {
    for (const text of ['{"a": 1}', '[1, 2', '[1, 2] x', '[1,]', '[,1]', '[1}', '', '"["']) {
      expect(await elements(text), text).toBe('not-an-array');
    }
    expect(await elements('[[[1]]]', 3)).toEqual(['[[1]]']);
    expect(await elements('[[[[1]]]]', 3)).toBe('too-deep');
  });
});

describe('forEachRowAsync on JSON', () => {
  it('gives the rows and problems a whole parse gives', async () => {
    const text = JSON.stringify([
      { storeId: 'A', city: 'Leeds [north]' },
      'not a store',
      { storeId: 'B', Lattitude: '1' },
    ]).replace('"city"', '"city":"York","city"');
    expect(await rowsOf(text, 'async')).toEqual(await rowsOf(text, 'sync'));
    for (const broken of ['[{"a": 1},]', '{"storeId": "A"}', '[{"a": 1}']) {
      expect(await rowsOf(broken, 'async'), broken).toEqual(await rowsOf(broken, 'sync'));
    }
  });

  it('reports an element that is not JSON with its row', async () => {
    const { count, rows, problems } = await rowsOf('[{"storeId": "A"}, {"storeId" "B"}]', 'async');
    expect(count).toBe(2);
    expect(rows.map((r) => r.line)).toEqual([1]);
    expect(problems).toEqual([expect.objectContaining({ line: 2, code: 'SYNTAX' })]);
  });
});
