/**
 * Import files that once broke the import command, on both databases: JSON nested 10,000 deep
 * (reported as TOO_DEEP, not "Maximum call stack size exceeded") and UTF-16 without a byte-order
 * mark (reported as an ENCODING problem naming UTF-16, not as unknown columns full of U+0000).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { config } from './helpers/fixtures.js';
import { csv, gbRow, importCsv } from './helpers/import-files.js';
import { reportText } from '../src/modules/imports/report.js';

const cfg = config();
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe.each(DIALECTS)('hostile import files on %s', (dialect) => {
  let t: TestDb;
  const run = (text: string | Buffer, extra = {}) => importCsv(text, t.db, cfg, extra);

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
  }, 60_000);
  afterAll(async () => t?.cleanup());

  it('reports JSON nested 10,000 deep as TOO_DEEP, in JSON and NDJSON files', async () => {
    const deepStore = `{"storeId":"D-1","title":${nested(10_000)}}`;
    const json = await run(`[${deepStore}]`, { format: 'json', fileName: 'deep.json' });
    expect(json.outcome).toBe('INVALID_ROWS');
    expect(json.problems).toEqual([expect.objectContaining({ line: 0, code: 'TOO_DEEP' })]);
    const lines = reportText(json, 'deep.json');
    expect(lines.join('\n')).toMatch(/deep\.json:0: \(file\): .*nested more than 32 levels/);
    expect(lines.join('\n')).not.toMatch(/call stack/i);

    const good = JSON.stringify(gbRow('D-2'));
    const ndjson = await run(`${good}\n${deepStore}\n`, { format: 'ndjson' });
    expect(ndjson.outcome).toBe('INVALID_ROWS');
    expect(ndjson.problems).toEqual([expect.objectContaining({ line: 2, code: 'TOO_DEEP' })]);
    expect(await t.db.stores.count()).toBe(0);
  });

  it('reports UTF-16 without a byte-order mark as an encoding problem', async () => {
    const text = csv([gbRow('U-1', { title: 'Café' })]);
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(text, 'utf16le').swap16();
    for (const [bytes, name, format] of [
      [le, 'UTF-16LE', 'csv'],
      [be, 'UTF-16BE', 'csv'],
      [Buffer.from(JSON.stringify([gbRow('U-2')]), 'utf16le'), 'UTF-16LE', 'json'],
    ] as const) {
      const r = await run(bytes, { format });
      expect(r.outcome, name).toBe('INVALID_ROWS');
      expect(r.problems, name).toEqual([
        expect.objectContaining({ field: '(file)', code: 'ENCODING' }),
      ]);
      expect(r.problems[0]?.reason).toContain(`${name} without a byte-order mark`);
    }
    // Named, it is read.
    const named = await run(le, { encoding: 'utf-16le' });
    expect(named.problems).toEqual([]);
    expect(named.outcome).toBe('APPLIED');
    expect(await t.db.stores.count()).toBe(1);
  });
});
