import { seededRandom } from '@locator/core';

/** Draws from a seeded generator (@locator/core seededRandom) so the demo data set is the same on every machine. */
export class Rng {
  /** Uniform in [0, 1). */
  readonly next: () => number;
  constructor(seed: number) {
    this.next = seededRandom(seed);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** A random subset keeping input order, each item with probability p. */
  subset<T>(items: readonly T[], p: number): T[] {
    return items.filter(() => this.next() < p);
  }
  /** Index into cumulative weights (ascending, last = total). */
  weighted(cumulative: readonly number[]): number {
    const total = cumulative[cumulative.length - 1] ?? 0;
    const x = this.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
