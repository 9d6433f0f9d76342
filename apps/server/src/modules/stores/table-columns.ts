/**
 * The columns the console's store table searches, filters and sorts by (migration 11), derived
 * from a store's record when it is written — by every writer, on both databases — so a store
 * just saved is found at once by its new name. The search rule is @locator/core/console-stores'
 * (searchFold): the same folding is applied to the stored text and to the search text.
 */
import { searchFold } from '@locator/core/console-stores';
import type { StoreRecord } from '../../db/types.js';

export interface StoreTableColumns {
  /** Folded store id, name, city and postcode, one per line: what `q` is looked for in. */
  searchText: string;
  /** Folded name, city and postcode: the sort keys. */
  nameKey: string;
  cityKey: string;
  postcodeKey: string;
  /** The channels the store is present in, as "|sales|service|". */
  channels: string;
  /** The store's badge ids, as "|1|3|". */
  badges: string;
}

interface DocFields {
  title?: unknown;
  city?: unknown;
  postalCode?: unknown;
  storeBadges?: unknown;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const bars = (items: readonly string[]): string => (items.length ? `|${items.join('|')}|` : '');

/** The store table's columns of a record. */
export function storeTableColumns(
  record: Pick<
    StoreRecord,
    'storeId' | 'doc' | 'salesProducts' | 'serviceProducts' | 'trainingProducts'
  >,
): StoreTableColumns {
  const doc = JSON.parse(record.doc) as DocFields;
  const nameKey = searchFold(text(doc.title));
  const cityKey = searchFold(text(doc.city));
  const postcodeKey = searchFold(text(doc.postalCode));
  const channels: string[] = [];
  if (record.salesProducts !== '') channels.push('sales');
  if (record.serviceProducts !== '') channels.push('service');
  if (record.trainingProducts !== '') channels.push('training');
  const badges = Array.isArray(doc.storeBadges) ? doc.storeBadges.map(String) : [];
  return {
    searchText: [searchFold(record.storeId), nameKey, cityKey, postcodeKey].join('\n'),
    nameKey,
    cityKey,
    postcodeKey,
    channels: bars(channels),
    badges: bars(badges),
  };
}
