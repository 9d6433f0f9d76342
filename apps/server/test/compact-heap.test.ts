/**
 * The collection a process runs once it has started (memory/compact-heap.ts): garbage left by
 * start-up is collected without `--expose-gc` on the command line.
 */
import { describe, expect, it } from 'vitest';
import { compactHeap } from '../src/memory/compact-heap.js';

describe('compactHeap', () => {
  it("collects what start-up dropped, with no flag on node's command line", () => {
    expect(process.execArgv.join(' ')).not.toContain('expose-gc');
    let garbage: number[][] | undefined = Array.from({ length: 200 }, () =>
      Array.from({ length: 10_000 }, (_, i) => i),
    );
    const held = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(200);
    garbage = undefined;
    compactHeap();
    // 200 arrays of 10,000 numbers: at least 16 MB, returned at once.
    expect(process.memoryUsage().heapUsed).toBeLessThan(held - 10_000_000);
  });
});
