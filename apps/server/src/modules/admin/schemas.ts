/**
 * The admin API's route schemas: each operation's id, summary, description, request parts and
 * every answer it can give, once. Fastify validates and serialises with them; the admin OpenAPI
 * document (/api/v1/admin/openapi.json) is generated from them. The data schemas themselves are
 * in @locator/core (admin-api.ts, admin-answers.ts), shared with a console.
 */
import { z } from 'zod';
import {
  auditQuerySchema,
  bulkHeadersSchema,
  bulkQuerySchema,
  readHeadersSchema,
  storeInputSchema,
  storeListQuerySchema,
  storePatchSchema,
  storePathSchema,
  writeHeadersSchema,
} from '@locator/core/admin-api';
import {
  adminStoreSchema,
  auditListSchema,
  errorBodySchema,
  importAnswerSchema,
  importErrorSchema,
  invalidStoreSchema,
  storeListSchema,
} from '@locator/core/admin-answers';
import { answer, empty, type HeaderDoc } from '../../openapi/answers.js';

const ETAG: HeaderDoc = { description: 'The store\'s version, quoted: `"<version>"`.' };
const REPLAYED: HeaderDoc = {
  description:
    '`true` when this is the kept answer of an earlier request with the same Idempotency-Key.',
};
const RETRY_AFTER: HeaderDoc = { description: 'Seconds to wait before retrying.', type: 'integer' };
const ALLOW: HeaderDoc = { description: 'The methods the path takes.' };

/** Answers every admin operation can give. */
const common = {
  401: answer(
    errorBodySchema,
    'No valid API key: none, malformed, unknown, wrong secret or revoked (UNAUTHORIZED); or a ' +
      'console session cookie of a session that has ended (NOT_SIGNED_IN).',
    {
      'WWW-Authenticate': {
        description: '`Bearer realm="locator-admin"` (not on NOT_SIGNED_IN).',
      },
    },
  ),
  403: answer(
    errorBodySchema,
    'The API key lacks the scope (FORBIDDEN): reads need "read", writes "write". A console ' +
      "member's role may not do this (ROLE_FORBIDDEN: writes need editor), or a write lacks " +
      "the session's CSRF token (CSRF_TOKEN_INVALID).",
  ),
  429: answer(
    errorBodySchema,
    "Over the key's rate limit (RATE_LIMITED), or too many failed authentications from this " +
      'client or with this key id (AUTHENTICATION_THROTTLED).',
    { 'Retry-After': RETRY_AFTER },
  ),
  500: answer(errorBodySchema, 'An unexpected failure (INTERNAL_ERROR).'),
  503: answer(errorBodySchema, 'The store database is unavailable (DATABASE_UNAVAILABLE).'),
};

const badParameter = answer(
  errorBodySchema,
  'A parameter or header is malformed or out of range (INVALID_PARAMETER, ' +
    'PARAMETER_OUT_OF_RANGE), or given more than once.',
);
const notFound = answer(errorBodySchema, 'No store with this id (NOT_FOUND).');
const bulkPath = answer(
  errorBodySchema,
  "The store id `bulk` is the bulk import's path, which takes POST only (METHOD_NOT_ALLOWED).",
  { Allow: ALLOW },
);
const changed = answer(
  errorBodySchema,
  'If-Match names another version than the current one, or the store does not exist ' +
    '(PRECONDITION_FAILED); nothing changed.',
);
const inUse = answer(
  errorBodySchema,
  'A request with this Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE).',
  { 'Retry-After': RETRY_AFTER },
);
const reused = answer(
  errorBodySchema,
  'The Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED).',
);
const tooLarge = answer(
  errorBodySchema,
  'The body is larger than the route takes (PAYLOAD_TOO_LARGE).',
);
const notJson = answer(errorBodySchema, 'The body is not JSON (UNSUPPORTED_MEDIA_TYPE).');
const badStore = answer(
  z.union([invalidStoreSchema, errorBodySchema]),
  'The store is invalid (INVALID_BODY with every problem), or the body is not JSON, not ' +
    'UTF-8 (INVALID_ENCODING) or nested too deeply (JSON_TOO_DEEP), or a parameter or header ' +
    'is malformed (INVALID_PARAMETER).',
);
const written = (description: string) =>
  answer(adminStoreSchema, description, { ETag: ETAG, 'Idempotent-Replayed': REPLAYED });

const STORES = ['Stores'];
const WRITE_NOTE =
  ' Scope "write". With If-Match, written only onto that version; with Idempotency-Key, a ' +
  'retry gets the first answer again.';

export const listStoresSchema = {
  operationId: 'listStores',
  tags: STORES,
  summary: 'List stores',
  description:
    'Stores in store id order, a page at a time: `next` is the `after` of the next page. ' +
    'Scope "read".',
  querystring: storeListQuerySchema,
  response: { 200: answer(storeListSchema, 'A page of stores.'), 400: badParameter, ...common },
};

export const exportStoresSchema = {
  operationId: 'exportStores',
  tags: STORES,
  summary: 'Download the stores as CSV',
  description:
    'Every store as an import file (CSV, the import columns, header line first, in store id ' +
    'order): the format the import reads, so the file imports back unchanged. Scope "read".',
  produces: ['text/csv'],
  response: { 200: answer(z.string(), 'The stores as CSV.'), ...common },
};

export const getStoreSchema = {
  operationId: 'getStore',
  tags: STORES,
  summary: 'Read a store',
  description: 'One store, its version as ETag (If-None-Match: 304 while current). Scope "read".',
  params: storePathSchema,
  headers: readHeadersSchema,
  response: {
    200: answer(adminStoreSchema, 'The store.', { ETag: ETAG }),
    304: empty('The copy named by If-None-Match is current.', { ETag: ETAG }),
    400: badParameter,
    404: notFound,
    405: bulkPath,
    ...common,
  },
};

export const putStoreSchema = {
  operationId: 'putStore',
  tags: STORES,
  summary: 'Create or replace a store',
  description:
    'Creates (201) or replaces (200) the store from an import row as JSON, checked as the ' +
    'import checks a row; the path gives the store id.' +
    WRITE_NOTE,
  params: storePathSchema,
  headers: writeHeadersSchema,
  body: storeInputSchema,
  response: {
    200: written('Replaced (or unchanged).'),
    201: written('Created.'),
    400: badStore,
    405: bulkPath,
    409: inUse,
    412: changed,
    413: tooLarge,
    415: notJson,
    422: reused,
    ...common,
  },
};

export const patchStoreSchema = {
  operationId: 'patchStore',
  tags: STORES,
  summary: 'Change some columns of a store',
  description:
    "The given columns replace the store's; the result is checked as a whole store. Without " +
    'If-Match (or with `*`), a store another writer changed meanwhile is read again and the ' +
    'columns merged anew.' +
    WRITE_NOTE,
  params: storePathSchema,
  headers: writeHeadersSchema,
  body: storePatchSchema,
  response: {
    200: written('Changed (or unchanged).'),
    400: badStore,
    404: notFound,
    405: bulkPath,
    409: inUse,
    412: changed,
    413: tooLarge,
    415: notJson,
    422: reused,
    ...common,
  },
};

export const deleteStoreSchema = {
  operationId: 'deleteStore',
  tags: STORES,
  summary: 'Remove a store',
  description: 'Removes the store (no body; an empty JSON body is allowed).' + WRITE_NOTE,
  params: storePathSchema,
  headers: writeHeadersSchema,
  response: {
    204: empty('Removed.', { 'Idempotent-Replayed': REPLAYED }),
    400: badParameter,
    404: notFound,
    405: bulkPath,
    409: inUse,
    412: changed,
    413: tooLarge,
    415: notJson,
    422: reused,
    ...common,
  },
};

export const importStoresSchema = {
  operationId: 'importStores',
  tags: STORES,
  summary: 'Import many stores',
  description:
    'An import file: a JSON array of import rows (each a StoreInput), or the same rows as CSV ' +
    '(text/csv, the import columns, header line first) or NDJSON (application/x-ndjson, one ' +
    'row per line), imported as the import command does: ' +
    'every row checked, upsert or sync, the removal threshold, dry runs, all or nothing. The ' +
    "rows are read and checked one by one (the import's row checks), so a body of 50,000 " +
    'stores is never parsed whole. Answers the import report. Scope "write"; with ' +
    'Idempotency-Key, a retry gets the first answer again.',
  querystring: bulkQuerySchema,
  headers: bulkHeadersSchema,
  consumes: ['application/json', 'text/csv', 'application/x-ndjson'],
  body: z.array(storeInputSchema),
  response: {
    200: answer(importAnswerSchema, 'Applied, or a dry run: the import report.', {
      'Idempotent-Replayed': REPLAYED,
    }),
    400: answer(
      z.union([importErrorSchema, errorBodySchema]),
      'Invalid rows or no rows (INVALID_BODY), or nested too deeply (JSON_TOO_DEEP), with the ' +
        'report; a body that is no array, not UTF-8 (INVALID_ENCODING) or a bad parameter ' +
        '(INVALID_PARAMETER, PARAMETER_OUT_OF_RANGE) without one.',
    ),
    409: answer(
      z.union([importErrorSchema, errorBodySchema]),
      'The sync would remove too many stores (REMOVAL_REFUSED, with the report; nothing ' +
        'written), or a request with this Idempotency-Key is still running ' +
        '(IDEMPOTENCY_KEY_IN_USE).',
      { 'Retry-After': RETRY_AFTER },
    ),
    413: tooLarge,
    415: answer(errorBodySchema, 'The body is not JSON, CSV or NDJSON (UNSUPPORTED_MEDIA_TYPE).'),
    422: reused,
    ...common,
  },
};

export const listAuditSchema = {
  operationId: 'listAudit',
  tags: ['Audit'],
  summary: 'Read the audit log',
  description:
    'Every create, replace and delete through the API and the CLI, newest first, with the key, ' +
    'the time and the store before and after. Scope "read".',
  querystring: auditQuerySchema,
  response: { 200: answer(auditListSchema, 'Audit entries.'), 400: badParameter, ...common },
};

/** Answer of a method a path does not take. */
export const methodNotAllowed = answer(
  errorBodySchema,
  'The path does not take this method (METHOD_NOT_ALLOWED).',
  { Allow: ALLOW },
);
