/**
 * POST /api/v1/admin/stores/bulk?mode=upsert|sync&dryRun=true&allowRemoval=true&maxRemoval=0.1:
 * a JSON array of import rows, imported as the import command does (import/run.ts: every row
 * validated, modes, removal threshold, dry run, all or nothing), each store written or removed
 * audited with the API key. Answers the import's JSON report: 200 applied or dry run; 400
 * INVALID_BODY (invalid rows, or no rows) or JSON_TOO_DEEP; 409 REMOVAL_REFUSED.
 *
 * The body is not parsed as a whole: it is kept as text (checked for UTF-16) and the import
 * reads it store by store, pausing for other requests every few milliseconds
 * (import/json-elements.ts), so a 50,000-store body neither holds its worker's event loop for
 * seconds nor sits in memory as one large parsed tree beside its text.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@locator/core';
import { importStores } from '../import/run.js';
import { reportJson } from '../import/report.js';
import type { AdminDeps } from './routes.js';
import { jsonEncodingProblem } from '../http/json-body.js';
import { MAX_JSON_DEPTH } from '../services/json-depth.js';

/** Largest bulk body (bytes): about 100,000 stores. */
export const BULK_BODY_LIMIT = 64 * 1024 * 1024;

const bool = (v: unknown, name: string): boolean => {
  if (v === undefined || v === '' || v === 'false') return false;
  if (v === 'true') return true;
  throw new ApiError('INVALID_PARAMETER', `${name}: true or false`, name);
};

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

/** Registers the bulk route in a scope of its own, where JSON bodies are kept as text. */
export async function registerBulk(
  app: FastifyInstance,
  base: string,
  deps: AdminDeps,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, keepText);
    bulkRoute(scope, base, deps);
  });
}

function bulkRoute(app: FastifyInstance, base: string, deps: AdminDeps): void {
  app.post(`${base}/stores/bulk`, { bodyLimit: BULK_BODY_LIMIT }, async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const mode = q.mode ?? 'upsert';
    if (mode !== 'upsert' && mode !== 'sync') {
      throw new ApiError('INVALID_PARAMETER', 'mode: upsert or sync', 'mode');
    }
    const share = q.maxRemoval === undefined ? undefined : Number(q.maxRemoval);
    if (share !== undefined && !(share >= 0 && share <= 1)) {
      throw new ApiError('PARAMETER_OUT_OF_RANGE', 'maxRemoval: 0–1', 'maxRemoval');
    }
    const text = request.jsonText;
    if (text === undefined || !/^\s*\[/.test(text)) {
      throw new ApiError('INVALID_BODY', 'The body is a JSON array of stores.');
    }
    const check = deps.countryCheck ? await deps.countryCheck() : undefined;
    const report = await importStores(text, deps.db, deps.config, {
      fileName: 'request',
      format: 'json',
      mode,
      dryRun: bool(q.dryRun, 'dryRun'),
      allowRemoval: bool(q.allowRemoval, 'allowRemoval'),
      ...(share !== undefined ? { maxRemovalShare: share } : {}),
      ...(check ? { countryCheck: check } : {}),
      actor: `key:${request.apiKey!.id}`,
    });
    const body = reportJson(report);
    switch (report.outcome) {
      case 'APPLIED':
      case 'DRY_RUN':
        return reply.code(200).send({ report: body });
      case 'REMOVAL_REFUSED':
        return reply.code(409).send({ ...new ApiError('REMOVAL_REFUSED').toBody(), report: body });
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
  });
}
