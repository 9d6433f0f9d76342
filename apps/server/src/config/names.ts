/**
 * Product names in the visitor's language (`config/catalogue-names.json`): for each catalogue
 * product code, its `displayName` and `productRibbonName` by language tag. A path language and
 * place (country or catch-all region) resolve to a chain of tags, best first, ending with "en";
 * each name is the first tag of the chain the file has, so a regional variant lists only the
 * names that differ from its language's (fr-CA → fr → en).
 */
import type { Product } from '@locator/core';
import type { Catalogue, CatalogueNames } from './schema.js';
import type { ConfigProblem } from './problem.js';

/** The file's name. */
export const NAMES_FILE = 'catalogue-names.json';

/**
 * Tags the names file may use: the site's languages and the regional variants `nameChain`
 * picks. Chinese has no plain "zh": the script decides (zh-Hans for CN, zh-Hant for TW, HK
 * and MO, with zh-HK first for HK and MO); "in" (old code of Indonesian) reads "id".
 */
export const NAME_TAGS: readonly string[] = [
  'ar',
  'bg',
  'ca',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'es-419',
  'et',
  'fi',
  'fr',
  'fr-CA',
  'he',
  'hi',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'kk',
  'ko',
  'lt',
  'lv',
  'ms',
  'nl',
  'no',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh-HK',
  'zh-Hans',
  'zh-Hant',
];

const KNOWN = new Set(NAME_TAGS);

/** Spanish of Spain (and Equatorial Guinea) is the language default; elsewhere es-419. */
const SPAIN_SPANISH = new Set(['ES', 'GQ']);
const TRADITIONAL_CHINESE = new Set(['TW', 'HK', 'MO']);

/**
 * The tags to read for a path language in a place (ISO country code such as "CA", or a
 * catch-all region code such as "lac"), best first, always ending with "en".
 */
export function nameChain(lang: string, place: string): string[] {
  const l = lang.toLowerCase();
  const p = place.toUpperCase();
  let chain: string[];
  switch (l) {
    case 'in':
      chain = ['id'];
      break;
    case 'zh':
      chain = !TRADITIONAL_CHINESE.has(p)
        ? ['zh-Hans']
        : p === 'TW'
          ? ['zh-Hant']
          : ['zh-HK', 'zh-Hant'];
      break;
    case 'es':
      chain = SPAIN_SPANISH.has(p) ? ['es'] : ['es-419', 'es'];
      break;
    case 'fr':
      chain = p === 'CA' ? ['fr-CA', 'fr'] : ['fr'];
      break;
    case 'pt':
      chain = p === 'BR' ? ['pt-BR', 'pt'] : ['pt'];
      break;
    default:
      chain = [l];
  }
  return chain.includes('en') ? chain : [...chain, 'en'];
}

type NameField = 'displayName' | 'productRibbonName';
const FIELDS: readonly NameField[] = ['displayName', 'productRibbonName'];

/** Every problem of the names file against the catalogue (unknown codes and tags, English). */
export function checkNames(
  catalogue: Catalogue,
  names: CatalogueNames,
  problems: ConfigProblem[],
): void {
  const add = (path: string, reason: string) => problems.push({ file: NAMES_FILE, path, reason });
  const products = new Map(catalogue.products.map((p) => [p.code, p]));
  for (const [code, entry] of Object.entries(names)) {
    const product = products.get(code);
    if (!product) add(code, `unknown product code "${code}" (not in catalogue.json)`);
    for (const field of FIELDS) {
      const byTag = entry[field];
      for (const [tag, name] of Object.entries(byTag)) {
        if (!KNOWN.has(tag)) {
          add(`${code}.${field}.${tag}`, `unknown language tag "${tag}" (${tagHint(tag)})`);
        }
        if (!/^\S(.*\S)?$/.test(name)) {
          add(`${code}.${field}.${tag}`, 'must not be empty or begin or end with a space');
        }
      }
      const en = byTag.en;
      if (en === undefined) add(`${code}.${field}`, 'missing English ("en")');
      else if (product && en !== product[field]) {
        add(`${code}.${field}.en`, `must be "${product[field]}" as in catalogue.json`);
      }
    }
  }
  for (const p of catalogue.products) {
    if (!(p.code in names)) add(p.code, 'no names for this catalogue product (at least "en")');
  }
  // Products sharing a ribbon in English share it in every language (store product lists group
  // products by ribbon name).
  const ribbons = new Map<string, { code: string; byTag: Record<string, string> }>();
  for (const p of catalogue.products) {
    const byTag = names[p.code]?.productRibbonName;
    if (!byTag) continue;
    const first = ribbons.get(p.productRibbonName);
    if (!first) {
      ribbons.set(p.productRibbonName, { code: p.code, byTag });
      continue;
    }
    for (const tag of new Set([...Object.keys(byTag), ...Object.keys(first.byTag)])) {
      if (byTag[tag] !== first.byTag[tag]) {
        add(
          `${p.code}.productRibbonName.${tag}`,
          `ribbon "${p.productRibbonName}" is ${quote(first.byTag[tag])} for ${first.code} but ` +
            `${quote(byTag[tag])} here`,
        );
      }
    }
  }
}

const quote = (s: string | undefined): string => (s === undefined ? 'missing' : `"${s}"`);

function tagHint(tag: string): string {
  const lower = tag.toLowerCase();
  if (lower === 'zh') return 'use zh-Hans or zh-Hant';
  if (lower === 'in') return 'use id';
  const exact = NAME_TAGS.find((t) => t.toLowerCase() === lower);
  if (exact) return `spelled "${exact}"`;
  return `known tags: ${NAME_TAGS.join(', ')}`;
}

/**
 * Products in the language of a chain. English (a chain starting with "en") answers the
 * catalogue's own objects, so English output is unchanged; other chains answer one shared
 * object per product and chain (callers must not change it).
 */
export class ProductNames {
  private readonly byChain = new Map<string, Map<string, Product>>();

  constructor(private readonly names: CatalogueNames) {}

  product(p: Product, chain: readonly string[]): Product {
    if (chain[0] === 'en') return p;
    const key = chain.join('>');
    let byCode = this.byChain.get(key);
    if (!byCode) {
      byCode = new Map();
      this.byChain.set(key, byCode);
    }
    let out = byCode.get(p.code);
    if (!out) {
      const entry = this.names[p.code];
      const pick = (field: NameField): string => {
        const byTag = entry?.[field];
        for (const tag of chain) {
          const name = byTag?.[tag];
          if (name !== undefined) return name;
        }
        return p[field];
      };
      // Same key order as the catalogue object.
      out = {
        ...p,
        displayName: pick('displayName'),
        productRibbonName: pick('productRibbonName'),
      };
      byCode.set(p.code, out);
    }
    return out;
  }

  products(list: readonly Product[], chain: readonly string[]): Product[] {
    return list.map((p) => this.product(p, chain));
  }
}
