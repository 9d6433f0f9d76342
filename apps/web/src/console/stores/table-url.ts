/**
 * The store table's state as it stands in the address (/admin/stores?q=…&country=…&channel=…
 * &badge=…&sort=…&dir=…&page=…): a shared link opens the same view, Back and Forward step
 * through searches. Values the address cannot mean are dropped (their defaults apply); the
 * server checks what is asked of it again (@locator/core/console-stores).
 */
import {
  STORE_SEARCH_MAX,
  STORE_TABLE_CHANNELS,
  STORE_TABLE_PAGE_SIZE,
  STORE_TABLE_SORTS,
  type StoreTableChannel,
  type StoreTableSort,
} from '@locator/core/console-stores';

export interface TableView {
  q: string;
  country: string;
  channel: StoreTableChannel | '';
  badge: string;
  sort: StoreTableSort;
  dir: 'asc' | 'desc';
  /** 1-based. */
  page: number;
}

export const DEFAULT_VIEW: TableView = {
  q: '',
  country: '',
  channel: '',
  badge: '',
  sort: 'id',
  dir: 'asc',
  page: 1,
};

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  (list as readonly string[]).includes(v ?? '') ? (v as T) : undefined;

export function viewOfSearch(params: URLSearchParams): TableView {
  const page = Number(params.get('page'));
  const country = (params.get('country') ?? '').toUpperCase();
  return {
    q: (params.get('q') ?? '').slice(0, STORE_SEARCH_MAX),
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    channel: oneOf(STORE_TABLE_CHANNELS, params.get('channel')) ?? '',
    badge: /^[a-z0-9_-]{1,32}$/i.test(params.get('badge') ?? '') ? params.get('badge')! : '',
    sort: oneOf(STORE_TABLE_SORTS, params.get('sort')) ?? 'id',
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's query for a view: only what differs from the defaults. */
export function searchOfView(view: TableView): Record<string, string> {
  const out: Record<string, string> = {};
  if (view.q.trim() !== '') out.q = view.q;
  if (view.country) out.country = view.country;
  if (view.channel) out.channel = view.channel;
  if (view.badge) out.badge = view.badge;
  if (view.sort !== 'id') out.sort = view.sort;
  if (view.dir !== 'asc') out.dir = view.dir;
  if (view.page > 1) out.page = String(view.page);
  return out;
}

/** The API's query for a view (a page of STORE_TABLE_PAGE_SIZE stores). */
export function apiQueryOfView(view: TableView): string {
  const { page: _page, ...rest } = searchOfView(view);
  const params = new URLSearchParams(rest);
  if (!params.has('sort')) params.set('sort', view.sort);
  params.set('offset', String((view.page - 1) * STORE_TABLE_PAGE_SIZE));
  params.set('limit', String(STORE_TABLE_PAGE_SIZE));
  return params.toString();
}
