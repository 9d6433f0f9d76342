/**
 * Real retailer and carrier brands per country from name-suggestion-index (shop/electronics,
 * shop/mobile_phone, shop/telecommunication, shop/computer, craft/electronics_repair), used to
 * name demo stores.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

interface NsiItem {
  locationSet?: { include?: (string | number[])[]; exclude?: (string | number[])[] };
  tags: Record<string, string>;
}

const CATEGORIES = {
  retail: ['brands/shop/electronics', 'brands/shop/computer'],
  carrier: ['brands/shop/mobile_phone', 'brands/shop/telecommunication'],
  repair: ['brands/craft/electronics_repair', 'brands/shop/mobile_phone_accessories'],
} as const;

type Kind = keyof typeof CATEGORIES;

let nsi: Record<string, { items: NsiItem[] }> | undefined;

function load(): Record<string, { items: NsiItem[] }> {
  if (!nsi) {
    // The package's "exports" map hides dist/json; resolve it beside the CommonJS entry.
    const file = join(dirname(require.resolve('name-suggestion-index')), '../json/nsi.json');
    nsi = (JSON.parse(readFileSync(file, 'utf8')) as { nsi: Record<string, { items: NsiItem[] }> })
      .nsi;
  }
  return nsi;
}

function matches(item: NsiItem, cc: string): boolean {
  const inc = item.locationSet?.include ?? [];
  const exc = item.locationSet?.exclude ?? [];
  return inc.some((c) => c === cc) && !exc.some((c) => c === cc);
}

export type CountryBrands = Record<Kind, string[]>;

export function brandsFor(iso: string): CountryBrands {
  const cc = iso.toLowerCase();
  const data = load();
  const out = { retail: [], carrier: [], repair: [] } as CountryBrands;
  for (const kind of Object.keys(CATEGORIES) as Kind[]) {
    const names = new Set<string>();
    for (const cat of CATEGORIES[kind]) {
      for (const item of data[cat]?.items ?? []) {
        if (!matches(item, cc)) continue;
        const name = item.tags.brand ?? item.tags.name;
        if (name && name.length <= 40) names.add(name);
      }
    }
    out[kind] = [...names].sort().slice(0, 30);
  }
  return out;
}
