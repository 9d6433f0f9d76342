/**
 * The admin API's OpenAPI 3.1 document, served at /api/v1/admin/openapi.json. The store's
 * input schema is generated from the import's row schema (import/row.ts), so the document
 * cannot drift from what the API validates; the rest describes the routes of routes.ts.
 */
import { z } from 'zod';
import { ERROR_CATALOGUE } from '@locator/core';
import { importRowSchema } from '../import/row.js';
import type { ProblemCode } from '../import/codes.js';

const PROBLEM_CODES: ProblemCode[] = [
  'ENCODING',
  'SYNTAX',
  'TOO_DEEP',
  'UNKNOWN_COLUMN',
  'DUPLICATE_COLUMN',
  'REQUIRED',
  'INVALID_VALUE',
  'INVALID_PHONE',
  'FORBIDDEN_CHARACTER',
  'INVALID_COORDINATE',
  'OUTSIDE_COUNTRY',
  'UNKNOWN_COUNTRY',
  'UNKNOWN_CODE',
  'DUPLICATE_STORE',
  'NOT_PLACED',
];

function storeInputSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(importRowSchema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete schema.$schema;
  // Unknown columns are refused (a typo must not lose data); storeId comes from the path.
  schema.additionalProperties = false;
  schema.required = ((schema.required as string[] | undefined) ?? []).filter(
    (k) => k !== 'storeId',
  );
  return schema;
}

const json = (schema: object) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const error = (description: string) => ({ description, content: json(ref('Error')) });

let cached: string | undefined;

/** The document as JSON text (built once). */
export function openApiDocument(): string {
  cached ??= JSON.stringify(build());
  return cached;
}

function build(): object {
  const storeId = {
    name: 'storeId',
    in: 'path',
    required: true,
    schema: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' },
  };
  const ifMatch = {
    name: 'If-Match',
    in: 'header',
    required: false,
    description: 'Write only if the store is still this version (its ETag), or any with "*".',
    schema: { type: 'string' },
  };
  const idempotencyKey = {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'A retry with the same key and request gets the first answer again (24 hours); ' +
      'the key with another request is 422 IDEMPOTENCY_KEY_REUSED; while a request with the ' +
      'key is still running (here or in another server process), 409 IDEMPOTENCY_KEY_IN_USE.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  };
  const inUse =
    'a request with this idempotency key is in progress (IDEMPOTENCY_KEY_IN_USE; Retry-After)';
  const reused = error(
    'The idempotency key was used for another request (IDEMPOTENCY_KEY_REUSED).',
  );
  const idempotent = { '409': error(`Conflict: ${inUse}.`), '422': reused };
  const common = {
    '401': error('No valid API key (UNAUTHORIZED).'),
    '403': error('The key lacks the scope (FORBIDDEN).'),
    '429': error(
      'Over the per-key rate limit (RATE_LIMITED), or too many failed authentications from this ' +
        'client or with this key id (AUTHENTICATION_THROTTLED); see Retry-After.',
    ),
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Locator admin store API',
      version: '1',
      description:
        'Store management for feeds and tools; keys from `npm run admin -- keys create`.',
    },
    servers: [{ url: '/api/v1/admin' }],
    security: [{ apiKey: [] }],
    paths: {
      '/stores': {
        get: {
          summary: 'Stores in store id order (scope read)',
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500 } },
            { name: 'after', in: 'query', schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'A page of stores',
              content: json({
                type: 'object',
                properties: {
                  stores: { type: 'array', items: ref('Store') },
                  next: { type: ['string', 'null'] },
                },
              }),
            },
            '400': error('A parameter is out of range.'),
            ...common,
          },
        },
      },
      '/stores/{storeId}': {
        parameters: [storeId],
        get: {
          summary: 'One store, its version as ETag (scope read)',
          responses: {
            '200': { description: 'The store', content: json(ref('Store')) },
            '304': { description: 'Not modified (If-None-Match)' },
            '404': error('No such store.'),
            ...common,
          },
        },
        put: {
          summary: 'Create or replace a store (scope write)',
          parameters: [ifMatch, idempotencyKey],
          requestBody: { required: true, content: json(ref('StoreInput')) },
          responses: {
            '200': { description: 'Replaced (or unchanged)', content: json(ref('Store')) },
            '201': { description: 'Created', content: json(ref('Store')) },
            '400': { description: 'Invalid store', content: json(ref('InvalidStore')) },
            '412': error('The store has changed (PRECONDITION_FAILED).'),
            ...idempotent,
            ...common,
          },
        },
        patch: {
          summary: 'Change some columns of a store (scope write)',
          parameters: [ifMatch, idempotencyKey],
          requestBody: {
            required: true,
            content: json({ ...storeInputSchema(), required: [] }),
          },
          responses: {
            '200': { description: 'Changed (or unchanged)', content: json(ref('Store')) },
            '400': { description: 'Invalid store', content: json(ref('InvalidStore')) },
            '404': error('No such store.'),
            '412': error('The store has changed (PRECONDITION_FAILED).'),
            ...idempotent,
            ...common,
          },
        },
        delete: {
          summary: 'Remove a store (scope write)',
          parameters: [ifMatch, idempotencyKey],
          responses: {
            '204': { description: 'Removed' },
            '404': error('No such store.'),
            '412': error('The store has changed (PRECONDITION_FAILED).'),
            ...idempotent,
            ...common,
          },
        },
      },
      '/stores/bulk': {
        post: {
          summary: 'Import many stores, as the import command does (scope write)',
          parameters: [
            { name: 'mode', in: 'query', schema: { enum: ['upsert', 'sync'] } },
            { name: 'dryRun', in: 'query', schema: { type: 'boolean' } },
            { name: 'allowRemoval', in: 'query', schema: { type: 'boolean' } },
            { name: 'maxRemoval', in: 'query', schema: { type: 'number', minimum: 0, maximum: 1 } },
            idempotencyKey,
          ],
          requestBody: {
            required: true,
            content: json({ type: 'array', items: { ...ref('StoreInput') } }),
          },
          responses: {
            '200': {
              description: 'Applied, or a dry run: the import report',
              content: json({ type: 'object', properties: { report: ref('ImportReport') } }),
            },
            '400': error(
              'Invalid rows or no rows (INVALID_BODY), or nested too deeply (JSON_TOO_DEEP), ' +
                'with the report; a UTF-16 body (INVALID_ENCODING).',
            ),
            '409': error(
              `The sync would remove too many stores (REMOVAL_REFUSED), with the report; or ${inUse}.`,
            ),
            '422': reused,
            ...common,
          },
        },
      },
      '/audit': {
        get: {
          summary: 'The audit log, newest first (scope read)',
          parameters: [
            { name: 'storeId', in: 'query', schema: { type: 'string' } },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
          ],
          responses: {
            '200': {
              description: 'Audit entries',
              content: json({
                type: 'object',
                properties: { entries: { type: 'array', items: ref('AuditEntry') } },
              }),
            },
            ...common,
          },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'lk_<id>_<secret>' },
      },
      schemas: {
        StoreInput: storeInputSchema(),
        Store: {
          type: 'object',
          properties: {
            storeId: { type: 'string' },
            country: { type: 'string' },
            version: { type: 'string' },
            store: { type: 'object', description: 'The store as the public search API shows it' },
          },
        },
        Error: {
          type: 'object',
          properties: {
            error: {
              type: 'object',
              properties: {
                code: { enum: Object.keys(ERROR_CATALOGUE) },
                message: { type: 'string' },
                param: { type: 'string' },
              },
              required: ['code', 'message'],
            },
          },
        },
        InvalidStore: {
          allOf: [
            ref('Error'),
            {
              type: 'object',
              properties: {
                problems: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      column: { type: 'string' },
                      value: { type: ['string', 'null'] },
                      code: { enum: PROBLEM_CODES },
                      reason: { type: 'string' },
                    },
                  },
                },
              },
            },
          ],
        },
        ImportReport: {
          type: 'object',
          description: 'The import report (README "Report")',
          properties: {
            outcome: {
              enum: ['APPLIED', 'DRY_RUN', 'INVALID_ROWS', 'EMPTY_FILE', 'REMOVAL_REFUSED'],
            },
            rows: { type: 'integer' },
            invalid: { type: 'integer' },
            changes: { type: ['object', 'null'] },
            problems: { type: 'array', items: { type: 'object' } },
          },
        },
        AuditEntry: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            at: { type: 'string', format: 'date-time' },
            actor: { type: 'string' },
            action: { enum: ['create', 'replace', 'delete'] },
            storeId: { type: 'string' },
            before: { type: ['object', 'null'] },
            after: { type: ['object', 'null'] },
          },
        },
      },
    },
  };
}
