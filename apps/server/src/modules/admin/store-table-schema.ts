/** The route schema of the console's store table (store-table-route.ts), in the admin document. */
import { storeTableQuerySchema, storeTableSchema } from '@locator/core/console-stores';
import { errorBodySchema } from '@locator/core/admin-answers';
import { answer } from '../../openapi/answers.js';

export const storeTableRouteSchema = {
  operationId: 'searchStores',
  tags: ['Stores'],
  summary: 'Search, filter, sort and page the stores (the console store table)',
  description:
    'Stores whose id, name, city or postcode contains `q` (ignoring case and accents), of a ' +
    'country, channel and badge, ordered by a column (then by store id), an offset page at ' +
    'a time with the total. Read from the database: a store just written is found at once. ' +
    'Scope "read"; a console session of any role.',
  querystring: storeTableQuerySchema,
  response: {
    200: answer(storeTableSchema, 'A page of the store table.'),
    400: answer(
      errorBodySchema,
      'A parameter is malformed or out of range (INVALID_PARAMETER, PARAMETER_OUT_OF_RANGE), ' +
        'given more than once, or a badge code is not in the catalogue.',
    ),
    401: answer(
      errorBodySchema,
      'No valid API key (UNAUTHORIZED) or no console session (NOT_SIGNED_IN).',
    ),
    403: answer(errorBodySchema, 'The API key lacks the scope "read" (FORBIDDEN).'),
    429: answer(errorBodySchema, "Over the key's rate limit (RATE_LIMITED)."),
    500: answer(errorBodySchema, 'An unexpected failure (INTERNAL_ERROR).'),
    503: answer(errorBodySchema, 'The store database is unavailable (DATABASE_UNAVAILABLE).'),
  },
};
