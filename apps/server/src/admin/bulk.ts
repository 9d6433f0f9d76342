/**
 * POST /api/v1/admin/stores/bulk?mode=upsert|sync&dryRun=true&allowRemoval=true&maxRemoval=0.1:
 * a JSON array of import rows, imported as the import command does (import/run.ts: every row
 * validated, modes, removal threshold, dry run, all or nothing), each store written or removed
 * audited with the API key. Answers the import's JSON report: 200 applied or dry run; 400
 * INVALID_BODY (invalid rows, or no rows); 409 REMOVAL_REFUSED.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '@locator/core';
import { importStores } from '../import/run.js';
import { reportJson } from '../import/report.js';
import type { AdminDeps } from './routes.js';

/** Largest bulk body (bytes): about 100,000 stores. */
export const BULK_BODY_LIMIT = 64 * 1024 * 1024;

const bool = (v: unknown, name: string): boolean => {
  if (v === undefined || v === '' || v === 'false') return false;
  if (v === 'true') return true;
  throw new ApiError('INVALID_PARAMETER', `${name}: true or false`, name);
};

export function registerBulk(app: FastifyInstance, base: string, deps: AdminDeps): void {
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
    if (!Array.isArray(request.body)) {
      throw new ApiError('INVALID_BODY', 'The body is a JSON array of stores.');
    }
    const check = deps.countryCheck ? await deps.countryCheck() : undefined;
    // The body as sent: the import reports keys named twice in a store.
    const text = request.jsonText ?? JSON.stringify(request.body);
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
        const message = report.outcome === 'EMPTY_FILE' ? 'No stores.' : 'Invalid stores.';
        return reply
          .code(400)
          .send({ ...new ApiError('INVALID_BODY', message).toBody(), report: body });
      }
    }
  });
}
