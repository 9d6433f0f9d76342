/** The PostgreSQL search's document cache: versions by content hash, bounded in bytes. */
import { describe, expect, it } from 'vitest';
import { DocCache } from '../src/db/postgres/doc-cache.js';

const doc = (hash: string, size: number) => ({ hash, tag: 0, bytes: Buffer.alloc(size, 120) });

describe('DocCache', () => {
  it('answers a document only in the version asked for', () => {
    const cache = new DocCache(1000);
    cache.set(1, doc('a', 10));
    expect(cache.get(1, 'a')?.bytes.length).toBe(10);
    expect(cache.get(1, 'b')).toBeUndefined();
    cache.set(1, doc('b', 20));
    expect(cache.get(1, 'a')).toBeUndefined();
    expect(cache.get(1, 'b')?.bytes.length).toBe(20);
    expect(cache.size).toBe(1);
  });

  it('keeps within its bytes, dropping the oldest first', () => {
    const cache = new DocCache(100);
    for (let id = 1; id <= 10; id += 1) cache.set(id, doc(`h${id}`, 30));
    expect(cache.size).toBe(3);
    expect(cache.get(10, 'h10')).toBeDefined();
    expect(cache.get(8, 'h8')).toBeDefined();
    expect(cache.get(7, 'h7')).toBeUndefined();
    cache.set(11, doc('big', 101));
    expect(cache.get(11, 'big')).toBeUndefined();
    expect(cache.size).toBe(3);
  });
});
