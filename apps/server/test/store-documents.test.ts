/**
 * The store index's documents in a file of the machine (modules/search/store-documents.ts):
 * an index reading them from the file answers every search with the same bytes as one holding
 * them in memory; the machine writes the file once for the same data; a replaced index's file
 * leaves the folder, and start-up clears what an earlier run left.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { StoreIndex } from '../src/modules/search/store-index.js';
import { buildIndexParts } from '../src/modules/search/store-index-build.js';
import {
  clearDocumentsFolder,
  openDocuments,
  shareDocuments,
} from '../src/modules/search/store-documents-file.js';
import { CENTRES, COUNTRIES, indexSource, makeRows } from './helpers/index-rows.js';
import { Rng } from '../src/demo/rng.js';
import type { NearestQuery, PageStore } from '../src/db/types.js';

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'locator-docs-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const rng = new Rng(7);
const random = () => rng.next();
const rows = makeRows(6000, random);

/** The index with its documents in a file of `dir`. */
function fileIndex(dir: string): StoreIndex {
  const parts = buildIndexParts(indexSource(rows));
  const docsPath = shareDocuments(dir, parts.docs)!;
  const fd = openDocuments(docsPath, parts.docs.byteLength);
  expect(fd).toBeDefined();
  return new StoreIndex({ ...parts, docs: new Uint8Array(0), docsPath }, fd);
}

const text = (stores: PageStore[]) => stores.map((s) => s.bytes.toString('utf8', s.start, s.end));

describe('store documents in a file of the machine', () => {
  const inMemory = new StoreIndex(indexSource(rows));
  const dir = folder();
  const inFile = fileIndex(dir);

  it('answers 600 random searches and map areas with the bytes an index in memory has', () => {
    expect(inFile.documents.residentBytes).toBe(0);
    expect(inMemory.documents.residentBytes).toBeGreaterThan(100_000);
    for (let i = 0; i < 600; i += 1) {
      const [clat, clon] = CENTRES[i % CENTRES.length]!;
      const latitude = Math.max(-90, Math.min(90, clat! + (random() - 0.5)));
      const longitude = ((clon! + (random() - 0.5) * 2 + 540) % 360) - 180;
      const q: NearestQuery = {
        latitude,
        longitude,
        radiusKm: [5, 40, 100, 400][i % 4]!,
        limit: [1, 7, 99, 500][(i >> 2) % 4]!,
        countries: i % 5 === 0 ? COUNTRIES : [COUNTRIES[i % COUNTRIES.length]!],
        channel: (['sales', 'service', 'training'] as const)[(i >> 1) % 3]!,
        dropOff: 'any',
        ...(i % 6 === 0
          ? {
              area: {
                south: latitude - 1,
                north: latitude + 1,
                west: longitude - 2,
                east: longitude + 2,
                maxPoints: 1000,
              },
            }
          : {}),
      };
      const want = inMemory.nearest(q);
      const got = inFile.nearest(q);
      expect(text(got.stores)).toEqual(text(want.stores));
      expect(got.stores.map((s) => s.tag)).toEqual(want.stores.map((s) => s.tag));
      expect(got.stores.map((s) => s.hash)).toEqual(want.stores.map((s) => s.hash));
      expect(got.distancesKm).toEqual(want.distancesKm);
    }
  });

  it('is written once for the same data: another index opens the file there', () => {
    const again = fileIndex(dir);
    expect(again.documents.path).toBe(inFile.documents.path);
    expect(readdirSync(dir)).toEqual([inFile.documents.path!.slice(dir.length + 1)]);
  });

  it('leaves the folder when its index is replaced, and is closed after a grace', () => {
    vi.useFakeTimers();
    const own = folder();
    const first = fileIndex(own);
    const same = fileIndex(own);
    const q: NearestQuery = {
      latitude: CENTRES[0]![0]!,
      longitude: CENTRES[0]![1]!,
      radiusKm: 100,
      limit: 20,
      countries: COUNTRIES,
      channel: 'sales',
      dropOff: 'any',
    };
    // Replaced by an index of the same data: the file stays.
    first.documents.retire(same.documents);
    expect(existsSync(first.documents.path!)).toBe(true);
    // A search that still holds the old index reads it during the grace, not after.
    expect(first.nearest(q).stores.length).toBe(20);
    vi.advanceTimersByTime(1000);
    expect(() => first.nearest(q)).toThrow(/closed/);
    expect(same.nearest(q).stores.length).toBe(20);
    // Replaced by other data: the file leaves the folder, and is still read until closed.
    same.documents.retire(new StoreIndex(indexSource(rows.slice(0, 10))).documents);
    expect(readdirSync(own)).toEqual([]);
    expect(same.nearest(q).stores.length).toBe(20);
    vi.advanceTimersByTime(1000);
    expect(() => same.nearest(q)).toThrow(/closed/);
  });

  it('keeps the documents in memory when the folder cannot be used', () => {
    const notAFolder = join(folder(), 'file');
    writeFileSync(notAFolder, 'x');
    const parts = buildIndexParts(indexSource(rows.slice(0, 50)));
    expect(shareDocuments(join(notAFolder, 'docs'), parts.docs)).toBeUndefined();
  });

  it('start-up clears what an earlier run left, and nothing else', () => {
    const own = folder();
    writeFileSync(join(own, 'a.docs'), 'x');
    writeFileSync(join(own, '.a.1.1.tmp'), 'x');
    writeFileSync(join(own, 'keep.txt'), 'x');
    clearDocumentsFolder(own);
    expect(readdirSync(own)).toEqual(['keep.txt']);
    clearDocumentsFolder(join(own, 'missing'));
  });
});
