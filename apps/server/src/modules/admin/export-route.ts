/**
 * GET /api/v1/admin/stores.csv: every store as an import file (the import's export format,
 * modules/imports/export.ts), read a page at a time in store id order and streamed, so a large catalogue
 * is never held whole. Readers may download (scope "read", or a console viewer).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AdminRepository } from './repository.js';
import type { Catalogue } from '../../config/schema.js';
import { CSV_HEADER, csvLine, rowMaker } from '../imports/export.js';
import type { AdminDeps } from './deps.js';
import { exportStoresSchema } from './schemas.js';

/** Stores read per page. */
const PAGE = 1000;

/** The CSV's lines, a page of stores at a time. */
export async function* storeCsv(repo: AdminRepository, catalogue: Catalogue) {
  const toRow = rowMaker(catalogue);
  yield `${CSV_HEADER}\n`;
  let after: string | undefined;
  for (;;) {
    const stores = await repo.listStores(after, PAGE);
    if (stores.length > 0) yield `${stores.map((s) => csvLine(toRow(s))).join('\n')}\n`;
    if (stores.length < PAGE) return;
    after = stores.at(-1)!.storeId;
  }
}

export function registerExport(app: FastifyInstance, base: string, deps: AdminDeps): void {
  // Untyped: the answer is a stream, not a value of the documented string schema.
  app.get(`${base}/stores.csv`, { schema: exportStoresSchema }, async (_request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="stores.csv"')
      .send(Readable.from(storeCsv(deps.repo, deps.config.catalogue))),
  );
}
