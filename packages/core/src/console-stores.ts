/**
 * The console's store table contract (GET /api/v1/admin/store-search), shared by the server
 * (which validates, answers and documents it) and the console (which builds its URL from the
 * same query and reads the answer): a search over store id, name, city and postcode, filters,
 * a sort and an offset page with the total.
 *
 * Search rule (one place): the text is folded (searchFold) — lower case, accents and other
 * combining marks removed, runs of white space made one space — and a store matches when its
 * folded id, name, city or postcode contains the folded text (a substring, not only a prefix).
 */
import { z } from 'zod';

export const STORE_TABLE_SORTS = ['id', 'name', 'city', 'postcode', 'country'] as const;
export type StoreTableSort = (typeof STORE_TABLE_SORTS)[number];
export const STORE_TABLE_CHANNELS = ['sales', 'service', 'training'] as const;
export type StoreTableChannel = (typeof STORE_TABLE_CHANNELS)[number];
/** Rows a page may ask for, and the console's page size. */
export const STORE_TABLE_MAX_LIMIT = 200;
export const STORE_TABLE_PAGE_SIZE = 50;
/** The longest search text taken. */
export const STORE_SEARCH_MAX = 100;

/** Folds text for the store search: lower case, no accents, single spaces, trimmed. */
export function searchFold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const emptyToUndefined = (v: unknown): unknown =>
  typeof v === 'string' && v.trim() === '' ? undefined : v;

export const storeTableQuerySchema = z.object({
  q: z.preprocess(emptyToUndefined, z.string().max(STORE_SEARCH_MAX).optional()).meta({
    description:
      'Search text: stores whose id, name, city or postcode contains it, ignoring case and ' +
      `accents (at most ${STORE_SEARCH_MAX} characters).`,
  }),
  country: z
    .preprocess(
      (v) => (typeof v === 'string' ? emptyToUndefined(v.toUpperCase()) : v),
      z
        .string()
        .regex(/^[A-Z]{2}$/, { error: 'an ISO 3166-1 alpha-2 code such as DE' })
        .optional(),
    )
    .meta({ description: 'Only stores of this country (ISO 3166-1 alpha-2).' }),
  channel: z
    .preprocess(emptyToUndefined, z.enum(STORE_TABLE_CHANNELS).optional())
    .meta({ description: 'Only stores present in this channel.' }),
  badge: z
    .preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9_-]{1,32}$/i, { error: "a badge's code such as ars" })
        .optional(),
    )
    .meta({ description: "Only stores with this badge (the catalogue's badge code)." }),
  sort: z
    .preprocess(emptyToUndefined, z.enum(STORE_TABLE_SORTS).default('id'))
    .meta({ description: 'The column the stores are ordered by (then by store id).' }),
  dir: z
    .preprocess(emptyToUndefined, z.enum(['asc', 'desc']).default('asc'))
    .meta({ description: 'Ascending or descending.' }),
  offset: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10_000_000).default(0))
    .meta({ description: 'Stores skipped before this page.' }),
  limit: z
    .preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(STORE_TABLE_MAX_LIMIT).default(STORE_TABLE_PAGE_SIZE),
    )
    .meta({ description: `Stores on this page (1–${STORE_TABLE_MAX_LIMIT}).` }),
});
export type StoreTableQuery = z.output<typeof storeTableQuerySchema>;
export type StoreTableQueryInput = z.input<typeof storeTableQuerySchema>;

export const storeTableRowSchema = z.object({
  storeId: z.string(),
  name: z.string(),
  city: z.string(),
  postcode: z.string(),
  country: z.string().meta({ description: 'ISO 3166-1 alpha-2, upper case.' }),
  channels: z.array(z.enum(STORE_TABLE_CHANNELS)),
  badges: z.array(z.string()).meta({ description: "The store's badge codes." }),
});
export type StoreTableRow = z.infer<typeof storeTableRowSchema>;

export const storeTableSchema = z
  .object({
    stores: z.array(storeTableRowSchema),
    total: z.number().int().meta({ description: 'Stores matching the search and filters.' }),
    offset: z.number().int(),
    limit: z.number().int(),
    choices: z
      .object({
        countries: z.array(z.string()),
        badges: z.array(z.string()),
      })
      .meta({ description: 'The values the country and badge filters take (configured).' }),
  })
  .meta({
    id: 'StoreTable',
    examples: [
      {
        stores: [
          {
            storeId: 'GB-0001',
            name: 'Lumen Covent Garden',
            city: 'London',
            postcode: 'WC2E 8RF',
            country: 'GB',
            channels: ['sales', 'service'],
            badges: ['ars'],
          },
        ],
        total: 1,
        offset: 0,
        limit: 50,
        choices: { countries: ['DE', 'GB'], badges: ['ars', 'ashop'] },
      },
    ],
  });
export type StoreTableAnswer = z.infer<typeof storeTableSchema>;
