/** Real carrier brands of a country from mcc-mnc-list: operational national networks, de-duplicated. */
import { createRequire } from 'node:module';
import type { Carrier } from '@locator/core';

const require = createRequire(import.meta.url);

interface MccEntry {
  type: string;
  countryCode: string;
  brand?: string | null;
  status: string;
}

const entries = require('mcc-mnc-list/mcc-mnc-list.json') as MccEntry[];

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Up to 8 carriers, the brands with most networks first. */
export function carriersFor(iso: string, max = 8): Carrier[] {
  const counts = new Map<string, { name: string; n: number }>();
  for (const e of entries) {
    if (e.countryCode !== iso || e.type !== 'National' || e.status !== 'Operational') continue;
    const name = (e.brand ?? '').replace(/\s*\([A-Z]{2}\)$/, '').trim();
    if (name.length < 2) continue;
    const key = name.toLowerCase();
    const hit = counts.get(key) ?? { name, n: 0 };
    hit.n += 1;
    counts.set(key, hit);
  }
  return [...counts.values()]
    .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name))
    .slice(0, max)
    .map(({ name }) => ({
      name,
      salesURL: `https://carriers.example.com/${iso.toLowerCase()}/${slug(name)}/sales`,
      serviceURL: `https://carriers.example.com/${iso.toLowerCase()}/${slug(name)}/service`,
    }));
}
