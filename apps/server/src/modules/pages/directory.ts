/**
 * The store directory of one data version: every store's directory fields grouped by country,
 * region or state, and city (places keyed by their slug, so that a path names one place), and
 * the set of storeIds. Built from one read of the stores table when the data changes.
 */
import { placeSlug } from '@locator/core';
import type { StoreDirectoryRow } from './repository.js';
import { directoryRegion, prefectureNumber } from '../stores/state-names.js';

export interface DirectoryStore {
  storeId: string;
  title: string;
  street: string;
  /** The store's last change (ISO 8601). */
  changedAt: string;
}

/** A place of the directory: a country, a region or state, or a city. */
export interface Place {
  slug: string;
  /** The name as first written in the data (a country's is its ISO code). */
  name: string;
  /** Sub-places by slug, sorted by name; empty for a city. */
  children: Map<string, Place>;
  /** A city's stores by title; empty above. */
  stores: DirectoryStore[];
  /** Stores in the place and below. */
  count: number;
  /** The newest last change of its stores (ISO 8601). */
  changedAt: string;
}

function newPlace(slug: string, name: string): Place {
  return { slug, name, children: new Map(), stores: [], count: 0, changedAt: '' };
}

function child(parent: Place, name: string): Place {
  const slug = placeSlug(name);
  let place = parent.children.get(slug);
  if (!place) {
    place = newPlace(slug, name);
    parent.children.set(slug, place);
  }
  return place;
}

function sortTree(place: Place, collator: Intl.Collator): void {
  if (place.children.size > 0) {
    const sorted = [...place.children.values()].sort((a, b) => collator.compare(a.name, b.name));
    place.children = new Map(sorted.map((p) => [p.slug, p]));
    for (const p of sorted) sortTree(p, collator);
  }
  place.stores.sort(
    (a, b) => collator.compare(a.title, b.title) || (a.storeId < b.storeId ? -1 : 1),
  );
}

/** Japan's prefectures in the country's own order, north to south (Hokkaidō first). */
function inPrefectureOrder(regions: Map<string, Place>): Map<string, Place> {
  const order = (p: Place) => prefectureNumber(p.name) ?? Infinity;
  const sorted = [...regions.values()].sort((a, b) => order(a) - order(b));
  return new Map(sorted.map((p) => [p.slug, p]));
}

export class Directory {
  /** Countries by ISO code; each holds regions, then cities, then stores. */
  readonly countries = new Map<string, Place>();
  /** storeId → country ISO. */
  readonly storeCountry = new Map<string, string>();
  /** Stores by country, in storeId order (the sitemaps' order). */
  readonly storesByCountry = new Map<string, DirectoryStore[]>();
  /** storeId → the slugs of its region and city. */
  readonly storeSlugs = new Map<string, [string, string]>();

  /**
   * `cityName` names a store's city (country code, the name in the data) as the pages show
   * it: in the page's language (place-names.ts); as written by default.
   */
  constructor(
    rows: readonly StoreDirectoryRow[],
    cityName: (country: string, city: string) => string = (_c, city) => city,
  ) {
    for (const r of rows) {
      let country = this.countries.get(r.country);
      if (!country) {
        country = newPlace(r.country.toLowerCase(), r.country);
        this.countries.set(r.country, country);
        this.storesByCountry.set(r.country, []);
      }
      const cityIn = cityName(r.country, r.city.trim());
      const region = child(country, directoryRegion(r.country, r.state, cityIn));
      const city = child(region, cityIn);
      const store = {
        storeId: r.storeId,
        title: r.title,
        street: r.street,
        changedAt: r.changedAt,
      };
      city.stores.push(store);
      for (const place of [country, region, city]) {
        place.count += 1;
        if (r.changedAt > place.changedAt) place.changedAt = r.changedAt;
      }
      this.storeCountry.set(r.storeId, r.country);
      this.storeSlugs.set(r.storeId, [region.slug, city.slug]);
      this.storesByCountry.get(r.country)!.push(store);
    }
    const collator = new Intl.Collator('en');
    for (const c of this.countries.values()) sortTree(c, collator);
    const japan = this.countries.get('JP');
    if (japan) japan.children = inPrefectureOrder(japan.children);
  }

  /** A place's first store (its own or its first sub-place's), if any. */
  firstStore(place: Place): DirectoryStore | undefined {
    let p: Place | undefined = place;
    while (p && p.stores.length === 0) p = p.children.values().next().value;
    return p?.stores[0];
  }

  /** The places a path of slugs names below a country, or undefined. */
  walk(country: Place, slugs: readonly string[]): Place[] | undefined {
    const out: Place[] = [];
    let place = country;
    for (const slug of slugs) {
      const next = place.children.get(slug);
      if (!next) return undefined;
      out.push(next);
      place = next;
    }
    return out;
  }
}
