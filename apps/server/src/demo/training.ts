/**
 * The demo stores' training offer: in a country whose configuration has a training channel with
 * products, a share of the stores are training providers, each training on some of the
 * channel's device categories (the first always). The maker's own stores all train, on every
 * category; retailers and repair shops sometimes, carrier shops seldom.
 *
 * The draws come from a generator of their own, seeded per store, so the rest of the demo data
 * (and the stores of countries without training) stays exactly as it is without training.
 */
import { Rng } from './rng.js';
import type { DemoKind } from './hours.js';

/** Share of the stores of each kind that are training providers. */
export const TRAINING_SHARE: Readonly<Record<DemoKind, number>> = {
  maker: 1,
  retail: 0.15,
  service: 0.1,
  dropoff: 0.05,
  carrier: 0.04,
};

/**
 * The product ids a demo store trains on (empty: not a training provider). `products` are the
 * country's training channel's product ids; `storeSeed` is the store's own seed.
 */
export function demoTrainingProducts(
  kind: DemoKind,
  products: readonly string[],
  storeSeed: number,
): string[] {
  if (products.length === 0) return [];
  if (kind === 'maker') return [...products];
  const rng = new Rng(storeSeed ^ 0x7a11);
  if (!rng.chance(TRAINING_SHARE[kind])) return [];
  return products.filter((_, k) => k === 0 || rng.chance(0.5));
}
