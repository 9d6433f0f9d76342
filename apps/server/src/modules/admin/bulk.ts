/**
 * POST /api/v1/admin/stores/bulk?mode=upsert|sync&dryRun=true&allowRemoval=true&maxRemoval=0.1:
 * an import file as the body — a JSON array of import rows (application/json), CSV (text/csv)
 * or NDJSON (application/x-ndjson) — imported as the import command does (modules/imports/run.ts: every row
 * validated, modes, removal threshold, dry run, all or nothing), each store written or removed
 * audited with the API key. Answers the import's JSON report: 200 applied or dry run; 400
 * INVALID_BODY (invalid rows, or no rows) or JSON_TOO_DEEP; 409 REMOVAL_REFUSED.
 *
 * The body is not parsed as a whole: it is kept as text (checked for UTF-16) and the import
 * reads it store by store, pausing for other requests every few milliseconds
 * (modules/imports/json-elements.ts), so a 50,000-store body neither holds its worker's event loop for
 * seconds nor sits in memory as one large parsed tree beside its text.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import type { ImportFormat } from '../imports/parse.js';
import { ApiError } from '@locator/core';
import { importStores } from '../imports/run.js';
import { reportJson } from '../imports/report.js';
import type { AdminDeps } from './deps.js';
import { jsonEncodingProblem } from '../../http/json-body.js';
import { MAX_JSON_DEPTH } from '../../http/json-depth.js';
import { validatorCompiler } from '../../openapi/validation.js';
import { importStoresSchema } from './schemas.js';

/** Largest bulk body (bytes): about 100,000 stores. */
export const BULK_BODY_LIMIT = 64 * 1024 * 1024;

/** The body as text, unparsed: the import reads it (empty → INVALID_BODY as JSON's parser). */
function keepText(
  request: FastifyRequest,
  body: string | Buffer,
  done: (err: Error | null, body?: unknown) => void,
): void {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (!/\S/.test(text)) {
    done(new ApiError('INVALID_BODY', 'The body is empty; send a JSON array of stores.'));
    return;
  }
  const problem = jsonEncodingProblem(text);
  if (problem) {
    done(problem);
    return;
  }
  request.jsonText = text;
  done(null, text);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A CSV or NDJSON bulk body, as bytes (the import decodes them as it decodes a file). */
    importFile?: { format: ImportFormat; content: Buffer };
  }
}

/** The body types besides JSON, and the import format each is read as. */
export const FILE_TYPES: Record<string, ImportFormat> = {
  'text/csv': 'csv',
  'application/x-ndjson': 'ndjson',
  'application/ndjson': 'ndjson',
};

/** Keeps a CSV or NDJSON body's bytes for the import. */
function keepFile(format: ImportFormat) {
  return (
    request: FastifyRequest,
    body: Buffer,
    done: (err: Error | null, body?: unknown) => void,
  ) => {
    request.importFile = { format, content: body };
    // The body's digest stands for it where a body is compared (idempotency keys).
    done(null, `${format}:${createHash('sha256').update(body).digest('hex')}`);
  };
}

/** Registers the bulk route in a scope of its own, where bodies are kept as text or bytes. */
export async function registerBulk(
  app: FastifyInstance,
  base: string,
  deps: AdminDeps,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, keepText);
    for (const [type, format] of Object.entries(FILE_TYPES)) {
      scope.addContentTypeParser(type, { parseAs: 'buffer' }, keepFile(format));
    }
    scope.setValidatorCompiler(bulkValidator);
    bulkRoute(scope, base, deps);
  });
}

/**
 * The body is text here (keepText); the import reads it row by row and checks each row as the
 * import does, so only the other parts are validated before the handler. The body's schema
 * (an array of StoreInput) documents the rows.
 */
const bulkValidator: FastifySchemaCompiler<$ZodType> = (route) =>
  route.httpPart === 'body' ? (data) => ({ value: data }) : validatorCompiler(route);

function bulkRoute(app: FastifyInstance, base: string, deps: AdminDeps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      `${base}/stores/bulk`,
      { bodyLimit: BULK_BODY_LIMIT, schema: importStoresSchema },
      async (request, reply) => {
        const { mode, dryRun, allowRemoval, maxRemoval } = request.query;
        const file = request.importFile;
        const text = request.jsonText;
        if (!file && (text === undefined || !/^\s*\[/.test(text))) {
          throw new ApiError('INVALID_BODY', 'The body is a JSON array of stores.');
        }
        const check = deps.countryCheck ? await deps.countryCheck() : undefined;
        const report = await importStores(file?.content ?? text ?? '', deps.db, deps.config, {
          fileName: 'request',
          format: file?.format ?? 'json',
          mode,
          dryRun,
          allowRemoval,
          ...(maxRemoval !== undefined ? { maxRemovalShare: maxRemoval } : {}),
          ...(check ? { countryCheck: check } : {}),
          actor: request.adminActor ?? '',
        });
        const body = reportJson(report);
        switch (report.outcome) {
          case 'APPLIED':
          case 'DRY_RUN':
            return reply.code(200).send({ report: body });
          case 'REMOVAL_REFUSED':
            return reply
              .code(409)
              .send({ ...new ApiError('REMOVAL_REFUSED').toBody(), report: body });
          default: {
            // Nesting too deep is the body's own error (as on PUT), found while it is read.
            const deep = report.problems.some((p) => p.code === 'TOO_DEEP');
            const message = report.outcome === 'EMPTY_FILE' ? 'No stores.' : 'Invalid stores.';
            const error = deep
              ? new ApiError(
                  'JSON_TOO_DEEP',
                  `The body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`,
                )
              : new ApiError('INVALID_BODY', message);
            return reply.code(400).send({ ...error.toBody(), report: body });
          }
        }
      },
    );
}
