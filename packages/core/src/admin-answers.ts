/**
 * The admin store API's answers (README "Admin API") as zod schemas, beside the error
 * catalogue's body (error-schema.ts) they use: the server serialises its answers with them and documents them; a console reads them.
 */
import { z } from 'zod';
import { errorBodySchema } from './error-schema.js';

export { errorBodySchema };

/** Reason codes of a store's problems (the import's, README "Import report"). */
export const STORE_PROBLEM_CODES = [
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
] as const;
export type StoreProblemCode = (typeof STORE_PROBLEM_CODES)[number];

export const storeProblemSchema = z.object({
  column: z.string().meta({ description: 'The column at fault ("(row)" for the whole store).' }),
  value: z.string().nullable().meta({ description: 'The value given, as text.' }),
  code: z.enum(STORE_PROBLEM_CODES),
  reason: z.string(),
});

/** 400 INVALID_BODY of a store: every problem found. */
export const invalidStoreSchema = errorBodySchema
  .extend({ problems: z.array(storeProblemSchema) })
  .meta({
    id: 'InvalidStore',
    description: 'The store is invalid: every problem, as the import reports them.',
    examples: [
      {
        error: { code: 'INVALID_BODY', message: 'The store is invalid.' },
        problems: [
          {
            column: 'latitude',
            value: '0x33',
            code: 'INVALID_COORDINATE',
            reason: 'must be a decimal number like 51.5142',
          },
        ],
      },
    ],
  });

const storeExample = {
  storeId: 'GB-0001',
  country: 'GB',
  version: '5f1c2a9e0d3b4c6a',
  store: { storeId: 'GB-0001', title: 'High Street store', city: 'London' },
  row: { storeId: 'GB-0001', title: 'High Street store', country: 'GB', city: 'London' },
};

/** A stored store: its id, country, version (the ETag) and document. */
export const adminStoreSchema = z
  .object({
    storeId: z.string(),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2, upper case.' }),
    version: z.string().meta({ description: 'The version If-Match names (the ETag unquoted).' }),
    store: z
      .record(z.string(), z.unknown())
      .meta({ description: "The store's document, as the public search answers it." }),
    row: z.record(z.string(), z.string()).meta({
      description:
        'The same store as the columns a PUT takes (StoreInput: catalogue codes, lists ' +
        '";"-separated): what a console edits and sends back.',
    }),
  })
  .meta({ id: 'StoreAnswer', examples: [storeExample] });
export type AdminStoreAnswer = z.output<typeof adminStoreSchema>;

export const storeListSchema = z
  .object({
    stores: z.array(adminStoreSchema),
    next: z
      .string()
      .nullable()
      .meta({ description: 'The `after` of the next page; null on the last.' }),
  })
  .meta({ id: 'StoreList', examples: [{ stores: [storeExample], next: 'GB-0001' }] });

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string().meta({ description: 'When (ISO 8601).' }),
    actor: z.string().meta({
      description: '`key:<id>` of the API key, `user:<email>` of a console account, or `cli:…`.',
    }),
    action: z.enum(['create', 'replace', 'delete']),
    storeId: z.string(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AuditEntry' });

export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) }).meta({
  id: 'AuditList',
  description: 'Audit entries, newest first.',
  examples: [
    {
      entries: [
        {
          id: 7,
          at: '2026-05-04T10:11:12.000Z',
          actor: 'key:0a1b2c3d4e5f',
          action: 'create',
          storeId: 'GB-0001',
          before: null,
          after: storeExample.store,
        },
      ],
    },
  ],
});

const changesSchema = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  written: z.boolean(),
  refused: z.boolean(),
});

const listedStoreSchema = z.object({
  storeId: z.string(),
  title: z.string(),
  country: z.string(),
  /** The file's row (created and updated stores). */
  line: z.number().int().optional(),
});

/** The stores an import creates, updates (column by column) and removes: the first `limit` of each. */
const listedSchema = z.object({
  limit: z.number().int(),
  created: z.array(listedStoreSchema),
  updated: z.array(
    listedStoreSchema.extend({
      fields: z.array(z.object({ column: z.string(), before: z.string(), after: z.string() })),
    }),
  ),
  removed: z.array(listedStoreSchema),
});

/** The import's JSON report (README "Import report"). */
export const importReportSchema = z
  .object({
    version: z.number().int(),
    file: z.string(),
    format: z.string(),
    encoding: z.string(),
    mode: z.enum(['upsert', 'sync']),
    dryRun: z.boolean(),
    outcome: z.enum(['APPLIED', 'DRY_RUN', 'INVALID_ROWS', 'EMPTY_FILE', 'REMOVAL_REFUSED']),
    exitCode: z.number().int(),
    rows: z.number().int(),
    invalid: z.number().int(),
    changes: changesSchema.nullable(),
    maxRemovalShare: z.number().nullable(),
    problems: z.array(
      z.object({
        row: z.number().int(),
        column: z.string(),
        value: z.string().nullable(),
        code: z.enum(STORE_PROBLEM_CODES),
        reason: z.string(),
      }),
    ),
    geocoded: z.array(z.record(z.string(), z.unknown())),
    listed: listedSchema.nullable(),
    unplaced: z.array(z.object({ row: z.number().int(), address: z.string() })),
  })
  .meta({ id: 'ImportReport' });

const reportExample = {
  version: 1,
  file: 'request',
  format: 'json',
  encoding: 'utf-8',
  mode: 'upsert',
  dryRun: true,
  outcome: 'DRY_RUN',
  exitCode: 0,
  rows: 1,
  invalid: 0,
  changes: { added: 1, changed: 0, removed: 0, unchanged: 0, written: false, refused: false },
  maxRemovalShare: 0.1,
  problems: [],
  geocoded: [],
  listed: {
    limit: 5000,
    created: [{ storeId: 'S-1', title: 'Example store', country: 'DE', line: 2 }],
    updated: [],
    removed: [],
  },
  unplaced: [],
};

export type ImportReportJson = z.output<typeof importReportSchema>;

export const importAnswerSchema = z
  .object({ report: importReportSchema })
  .meta({ id: 'ImportAnswer', examples: [{ report: reportExample }] });

/** A refused or invalid bulk import: the error and the report. */
export const importErrorSchema = errorBodySchema.extend({ report: importReportSchema }).meta({
  id: 'ImportError',
  examples: [
    {
      error: { code: 'REMOVAL_REFUSED', message: 'The sync would remove too many stores.' },
      report: { ...reportExample, mode: 'sync', dryRun: false, outcome: 'REMOVAL_REFUSED' },
    },
  ],
});
