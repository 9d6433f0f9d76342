/**
 * The PostgreSQL build's documents written into chunks as they are read
 * (modules/search/index-read.ts): read back in order with their exact bytes, across chunk
 * boundaries, for documents of any size (one larger than a chunk gets a chunk of its own).
 */
import { describe, expect, it } from 'vitest';
import { DocumentChunks } from '../src/modules/search/index-read.js';

describe('DocumentChunks', () => {
  it('gives back every document in order, with its bytes, across chunks', () => {
    const chunks = new DocumentChunks(64);
    const texts = [
      '{"a":1}',
      '',
      'x'.repeat(60),
      '{"name":"Zürich Hauptbahnhof","city":"東京"}',
      'y'.repeat(200),
      '{"b":2}',
      ...Array.from({ length: 50 }, (_, i) => `{"i":${i},"t":"${'é'.repeat(i % 7)}"}`),
    ];
    const sizes = texts.map((t) => chunks.append(t));
    expect(sizes).toEqual(texts.map((t) => Buffer.byteLength(t)));
    const back = [...chunks.views()].map((v) => Buffer.from(v).toString('utf8'));
    expect(back).toEqual(texts);
  });

  it('holds nothing when nothing was read', () => {
    expect([...new DocumentChunks(64).views()]).toEqual([]);
  });
});
