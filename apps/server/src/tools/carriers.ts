/**
 * Consumer mobile carrier brands of a country, from mcc-mnc-list (rules in the server README,
 * "Carriers"): operational national networks of the country's own operators; no MVNO, rail,
 * public-safety, government, M2M/IoT, test, private, utility, satellite or fixed-wireless
 * networks, and none of a dependency sharing the country's codes; multi-brand entries split;
 * country suffixes dropped; de-duplicated; most network codes first.
 */
import { createRequire } from 'node:module';
import type { Carrier } from '@locator/core';
import { brandsFor } from './brands.js';

const require = createRequire(import.meta.url);

interface MccEntry {
  type: string;
  countryCode: string | null;
  brand?: string | null;
  operator?: string | null;
  status: string;
  bands?: string | null;
  notes?: string | null;
}

const entries = require('mcc-mnc-list/mcc-mnc-list.json') as MccEntry[];

/** Carriers listed per country at most. */
export const MAX_CARRIERS = 6;
/** Brands with shops in the country that make the shop data trusted on its own. */
const SHOP_QUORUM = 3;
/** Otherwise brands without shops fill the list up to this many. */
const FILL_TO = 5;

/** Technologies of networks that are not consumer mobile service. */
const NON_CONSUMER_BANDS =
  /\bMVN[OE]\b|GSM-R|TETRA|\biDEN\b|paging|satellite|WiMAX|\b(LTE|CDMA) 450\b/i;

/** Band lists of legacy CDMA-only networks (shut down or being shut down). */
const CDMA_ONLY = /^(CDMA|CDMA2000|EV-DO)[\s\d/]*$/i;

/** Notes, operators or brands of networks that are not consumer mobile service. */
const NON_CONSUMER_WORDS = new RegExp(
  [
    'rail',
    'GSM-R',
    'SNCF',
    'DB Netz',
    'police',
    'emergency',
    'public safety',
    'government',
    'ministry',
    'military',
    'defen[cs]e',
    'army',
    'Bundeswehr',
    'BDBOS',
    'Home Office',
    'Airwave',
    'university',
    'research',
    'test',
    '\\blab\\b',
    'M2M',
    '\\bIoT\\b',
    'telemetr',
    'telematic',
    'private',
    'non-public',
    'utilit',
    'energy',
    'offshore',
    'oil & gas',
    'aviation',
    'maritime',
    'satellite',
    'data[- ]only',
    'fixed wireless',
    'femto',
    'SMS relay',
    'ran ?sharing',
    'internal',
    'roaming (service|control)',
    'wholesale',
    'Globalstar',
    'Iridium',
    'Inmarsat',
    'Thuraya',
  ].join('|'),
  'i',
);

/** Brands that the words above do not catch (public-safety or utility networks). */
const NON_CONSUMER_BRANDS = new Set(['firstnet', '450connect', 'no name', 'local', 'unknown']);

/**
 * Dependencies whose networks some countries' codes also cover (an entry whose notes start
 * with one of them serves that territory, which has its own configuration if any).
 */
const DEPENDENCIES =
  /^(Guernsey|Jersey|Isle of Man|Guam|Northern Mariana|US Virgin|U\.S\. Virgin|American Samoa|Puerto Rico|Gibraltar|Faroe|Greenland|Åland|Aland|Réunion|Mayotte|Guadeloupe|Martinique|French Guiana|New Caledonia|French Polynesia|Saint Pierre|Macau|Christmas Island|Norfolk Island)/i;

/** Brand spellings per country: the name customers know. */
const ALIASES: Record<string, Record<string, string>> = {
  '*': { airtel: 'Airtel', lycamobile: 'Lycamobile', 'vi india': 'Vi' },
  AT: { '3': 'Drei', 'a1.net': 'A1' },
  CA: { 'bell mobility': 'Bell', 'rogers wireless': 'Rogers' },
  KR: { olleh: 'KT', sktelecom: 'SK Telecom' },
  SA: { 'al jawal': 'STC', 'al jawal (stc )': 'STC' },
  CH: {},
  GB: { '3': 'Three' },
  IE: { '3': 'Three' },
  SE: { '3': 'Tre' },
};

/**
 * Countries whose list the rules cannot get right from the data (regional operators with many
 * network codes): the national consumer brands, checked by hand.
 */
const OVERRIDES: Record<string, string[]> = {
  US: ['AT&T', 'T-Mobile', 'Verizon'],
  // Shop brands are in Cyrillic in the shop data, so the rules cannot rank these.
  RU: ['MTS', 'MegaFon', 'Beeline', 'Tele2'],
  UA: ['Kyivstar', 'Vodafone', 'lifecell'],
  // Movistar runs on AT&T's network (an MVNO in the data) but sells in its own shops.
  MX: ['Telcel', 'AT&T', 'Movistar'],
  // The data lists the shared Net4Mobility networks and an SMS relay, not Tele2 and Tre.
  SE: ['Telia', 'Tele2', 'Telenor', 'Tre'],
  // The data lists PTCL's wireless broadband products as networks.
  PK: ['Jazz', 'Zong', 'Telenor', 'Ufone'],
};

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function consumer(e: MccEntry): boolean {
  if (e.type !== 'National' || e.status !== 'Operational' || !e.brand) return false;
  if (NON_CONSUMER_BANDS.test(e.bands ?? '')) return false;
  const text = `${e.brand} ${e.operator ?? ''} ${e.notes ?? ''}`;
  if (NON_CONSUMER_WORDS.test(text)) return false;
  if (DEPENDENCIES.test(e.notes ?? '')) return false;
  // Only TD-LTE bands: fixed wireless broadband.
  const bands = (e.bands ?? '').split('/').map((b) => b.trim());
  if (bands.length > 0 && bands.every((b) => /^TD-LTE/i.test(b))) return false;
  if (CDMA_ONLY.test(e.bands ?? '')) return false;
  return true;
}

/** The brand names of an entry: split where it names several, country suffix dropped. */
export function brandNames(brand: string, iso: string, countryName = ''): string[] {
  const suffix = new RegExp(
    `\\s*(\\(${iso}\\)|\\b${iso}\\b${iso === 'GB' ? '|\\(UK\\)|\\bUK\\b' : ''}${
      countryName ? `|\\b${countryName}\\b` : ''
    })\\s*$`,
    'i',
  );
  return brand
    .split(/\s*[;/,]\s*/)
    .map((b) =>
      b
        .replace(suffix, '')
        .replace(/\s*\([^)]*\)\s*$/, '')
        .trim(),
    )
    .filter((b) => b.length >= 1 && !NON_CONSUMER_BRANDS.has(b.toLowerCase()))
    .map((b) => ALIASES[iso]?.[b.toLowerCase()] ?? ALIASES['*']?.[b.toLowerCase()] ?? b);
}

/** Lower case, no accents, words separated by single spaces. */
function words(text: string): string {
  return ` ${text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9&+]+/g, ' ')
    .trim()} `;
}

/** True when a shop brand of the country (name-suggestion-index) names this carrier. */
function hasShops(name: string, shopBrands: readonly string[]): boolean {
  const n = words(name);
  if (n.trim() === '') return false;
  return shopBrands.some((b) => {
    const s = words(b);
    if (s.trim() === '') return false;
    return (
      s.replaceAll(' ', '') === n.replaceAll(' ', '') ||
      (n.trim().length >= 2 && s.includes(n)) ||
      (s.trim().length >= 3 && n.includes(s))
    );
  });
}

/**
 * Names of a country's carriers: brands with shops in the country first (name-suggestion-index
 * carrier shops), then by number of network codes.
 */
export function carrierNamesFor(iso: string, countryName = '', max = MAX_CARRIERS): string[] {
  const override = OVERRIDES[iso];
  if (override) return override.slice(0, max);
  const counts = new Map<string, { name: string; n: number; shops: boolean }>();
  const shopBrands = brandsFor(iso).carrier;
  for (const e of entries) {
    // Some codes serve several territories ("AU/CC/CX").
    if (!e.countryCode?.split('/').includes(iso) || !consumer(e)) continue;
    for (const name of brandNames(e.brand!, iso, countryName)) {
      const key = name.toLowerCase();
      const hit = counts.get(key) ?? { name, n: 0, shops: hasShops(name, shopBrands) };
      hit.n += 1;
      counts.set(key, hit);
    }
  }
  const ranked = [...counts.values()].sort(
    (a, b) => Number(b.shops) - Number(a.shops) || b.n - a.n || a.name.localeCompare(b.name, 'en'),
  );
  // Where the shop data knows at least SHOP_QUORUM of the brands, only brands with shops;
  // otherwise also the others, most network codes first, up to FILL_TO.
  const out = ranked.filter((c) => c.shops);
  if (out.length < SHOP_QUORUM) {
    for (const c of ranked) if (!c.shops && out.length < FILL_TO) out.push(c);
  }
  return out.slice(0, max).map((c) => c.name);
}

/** Carriers of a country with placeholder links. */
export function carriersFor(iso: string, countryName = '', max = MAX_CARRIERS): Carrier[] {
  return carrierNamesFor(iso, countryName, max).map((name) => ({
    name,
    salesURL: `https://carriers.example.com/${iso.toLowerCase()}/${slug(name)}/sales`,
    serviceURL: `https://carriers.example.com/${iso.toLowerCase()}/${slug(name)}/service`,
  }));
}
