/**
 * Label in name (WCAG 2.5.3; axe `label-content-name-mismatch`), in every language:
 * where an accessible name (`aria-label`) replaces a control's visible text, the name contains
 * that text as whole words, so that a speech-input user can say what they see. The check
 * follows axe's: both texts lower-cased, NFKD, parentheses and everything but letters and
 * digits dropped, split into words with Intl.Segmenter, then the visible words must appear
 * contiguously in the name's.
 */
import { describe, expect, it } from 'vitest';

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

const modules = import.meta.glob<Json>('../public/locales/*.json', {
  eager: true,
  import: 'default',
});
const files = new Map(
  Object.entries(modules).map(([path, json]) => [path.slice(path.lastIndexOf('/') + 1), json]),
);
const fileLocales = [...files.keys()]
  .map((f) => /^results-(.+)\.json$/.exec(f)?.[1])
  .filter((l): l is string => l !== undefined)
  .sort();

function text(file: string, key: string): string {
  let node: Json | undefined = files.get(file);
  for (const part of key.split('.')) {
    node =
      node !== null && typeof node === 'object' && !Array.isArray(node) ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`${file}: ${key} is not a string`);
  return node;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/{{\s*(\w+)\s*}}/g, (all, k: string) => values[k] ?? all);

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

function words(value: string): string[] {
  let s = value.toLowerCase().normalize('NFKD');
  for (let prev = ''; prev !== s;) {
    prev = s;
    s = s.replace(/\([^()]*\)/g, '');
  }
  s = s
    .replace(/[^\p{L}\p{N}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...segmenter.segment(s)].map((w) => w.segment.trim()).filter(Boolean);
}

function labelInName(visible: string, name: string): boolean {
  const v = words(visible);
  const n = words(name);
  if (v.length === 0) return true;
  for (let i = 0; i + v.length <= n.length; i++) {
    if (v.every((w, j) => w === n[i + j])) return true;
  }
  return false;
}

// Store names as the demo data and real stores have them: Latin, Japanese, Chinese.
const NAMES = [
  'KSP Tel Aviv (Demo)',
  'テルル Tokyo (Demo)',
  '倍思 Shanghai (Demo)',
  'Harvey Norman',
];

interface Pair {
  /** The accessible name's key (results namespace unless `common`). */
  label: string;
  /** The visible text: a key of the results namespace, or a literal value. */
  visible: { key: string } | { value: (name: string) => string };
  values?: Record<string, string>;
  /** The placeholder of `label` that holds the visible text. */
  slot?: string;
  common?: boolean;
}

// Every aria-label of apps/web/src that replaces visible text.
const PAIRS: Pair[] = [
  { label: 'page.results.homeLinkLabel', visible: { key: 'page.results.homeLink' } },
  {
    label: 'form.products.changeLabel',
    visible: { key: 'form.products.change' },
    values: { product: 'Phone' },
  },
  { label: 'store.shareLabel', visible: { key: 'store.share' } },
  { label: 'store.directionsLabel', visible: { key: 'store.directions' } },
  { label: 'store.websiteLabel', visible: { key: 'store.website' } },
  { label: 'store.pageLabel', visible: { key: 'store.page' } },
  { label: 'store.appointmentLabel', visible: { key: 'store.appointment' } },
  { label: 'store.linkFor', visible: { key: 'store.support' }, slot: 'link' },
  {
    label: 'store.linkFor',
    visible: { key: 'store.carrierSales' },
    values: { carrier: 'EE' },
    slot: 'link',
  },
  {
    label: 'store.linkFor',
    visible: { key: 'store.carrierService' },
    values: { carrier: 'TrueMove H' },
    slot: 'link',
  },
  { label: 'list.showDetails', visible: { value: (name) => name } },
  { label: 'map.pin', visible: { value: () => '3' }, values: { number: '3' } },
  { label: 'paging.page', visible: { value: () => '3' }, values: { page: '3', total: '12' } },
  { label: 'nav.homeLink', visible: { value: () => 'Lumen' }, common: true },
];

describe('label in name', () => {
  it('checks the words as axe does', () => {
    expect(labelInName('Home', 'Back to the Lumen locator home page')).toBe(true);
    expect(labelInName('Website', 'Website of Store (Demo)')).toBe(true);
    expect(labelInName('Home', 'Terug naar de homepage')).toBe(false);
    expect(labelInName('3', '12페이지 중 3페이지')).toBe(false);
    expect(labelInName('เปลี่ยน', 'เปลี่ยนผลิตภัณฑ์')).toBe(false);
  });

  it.each(fileLocales)('%s: every accessible name contains its visible text', (locale) => {
    const failures: string[] = [];
    for (const pair of PAIRS) {
      for (const name of NAMES) {
        const values: Record<string, string> = { brand: 'Lumen', name, ...pair.values };
        const visible =
          'key' in pair.visible
            ? fill(text(`results-${locale}.json`, pair.visible.key), values)
            : pair.visible.value(name);
        if (pair.slot) values[pair.slot] = visible;
        const file = `${pair.common ? 'commons' : 'results'}-${locale}.json`;
        const label = fill(text(file, pair.label), values);
        if (!labelInName(visible, label)) failures.push(`${pair.label}: "${visible}" ⊄ "${label}"`);
      }
    }
    expect(failures).toEqual([]);
  });
});
