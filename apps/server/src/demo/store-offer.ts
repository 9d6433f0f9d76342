/**
 * What a demo store offers by its kind: products (sales and service), service types, badges,
 * store type and carriers (a maker store everything, a carrier's store its own carrier, a
 * drop-off point the drop-off service type). Draws from the country's generator, in order.
 */
import type { DemoKind } from './hours.js';
import type { Rng } from './rng.js';

/** The country's side of an offer: its products and the catalogue's ids. */
export interface OfferContext {
  sales: string[];
  service: string[];
  carrierNames: string[];
  dropOffId: string;
  /** A repair type's id by code. */
  rt: (code: string) => string;
  /** A badge's id by code. */
  badge: (code: string) => string;
}

export interface StoreOffer {
  salesProducts: string[];
  serviceProducts: string[];
  serviceTypes: string[];
  badges: string[];
  storeTypes: number[];
  carriers: string[];
}

export function storeOffer(
  kind: DemoKind,
  storeBrand: string,
  rng: Rng,
  { sales, service, carrierNames, dropOffId, rt, badge }: OfferContext,
): StoreOffer {
  let salesProducts: string[] = [];
  let serviceProducts: string[] = [];
  let serviceTypes: string[] = [];
  const badges: string[] = [];
  let storeTypes: number[];
  let carriers: string[] = [];
  switch (kind) {
    case 'maker':
      salesProducts = sales;
      serviceProducts = service;
      serviceTypes = [rt('rt1'), rt('rt3'), rt('rt5')];
      badges.push(badge('ars'));
      storeTypes = [5];
      break;
    case 'carrier':
      salesProducts = sales.filter((p, k) => k < 2 || rng.chance(0.3));
      if (rng.chance(0.35)) {
        serviceProducts = service.filter((p, k) => k < 2 || rng.chance(0.2));
        serviceTypes = [rt('rt1')];
      }
      carriers = carrierNames.includes(storeBrand) ? [storeBrand] : rng.subset(carrierNames, 0.5);
      storeTypes = [2];
      break;
    case 'retail':
      salesProducts = sales.filter((p, k) => k < 3 || rng.chance(0.5));
      if (rng.chance(0.2)) {
        serviceProducts = service.filter((p, k) => k < 1 || rng.chance(0.4));
        serviceTypes = [rt('rt1')];
      }
      if (rng.chance(0.15)) badges.push(badge('apr'));
      else if (rng.chance(0.08)) badges.push(badge('premier'));
      if (rng.chance(0.1)) badges.push(badge('as'));
      if (rng.chance(0.05)) badges.push(badge('aw'));
      storeTypes = [1];
      break;
    case 'service':
      serviceProducts = service.filter((p, k) => k < 1 || rng.chance(0.6));
      serviceTypes = [rt('rt1'), ...rng.subset([rt('rt3'), rt('rt4'), rt('rt5')], 0.4)];
      if (rng.chance(0.3)) badges.push(badge('as'));
      if (rng.chance(0.3)) carriers = rng.subset(carrierNames, 0.4);
      storeTypes = [3];
      break;
    default:
      serviceProducts = service.filter((p, k) => k < 2 || rng.chance(0.5));
      serviceTypes = [dropOffId];
      badges.push(badge('do'));
      storeTypes = [4];
  }
  if (rng.chance(0.02)) badges.push(badge('cs'));
  return { salesProducts, serviceProducts, serviceTypes, badges, storeTypes, carriers };
}
