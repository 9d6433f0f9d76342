/**
 * The console's demand dashboard (every role may read): GET /api/v1/admin/demand answers the
 * figures of a period (modules/analytics/demand.ts), GET /api/v1/admin/demand/unmet.csv the places of
 * unmet demand as CSV. The query is read by the contract's readDemandQuery; a problem answers
 * its catalogue code and parameter.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '@locator/core';
import {
  DEMAND_PLACES_MAX,
  demandPeriod,
  isDemandProblem,
  readDemandQuery,
  shownCount,
  type DemandQuery,
} from '@locator/core/console-demand';
import { csvCell } from '../../csv-cell.js';
import { demandAnswer, scopeOf, unmetPlaces, type DemandDeps } from '../analytics/demand.js';
import type { ConsoleSessions } from './sessions.js';
import { requireSession } from './guard.js';
import { demandCsvSchema, demandSchema } from './demand-schemas.js';

function queryOf(raw: Record<string, unknown>): DemandQuery {
  const q = readDemandQuery(raw);
  if (isDemandProblem(q)) throw new ApiError(q.code, q.message, q.param);
  return q;
}

/** beyond_radius: of the unmet searches, those answered only beyond the radius. */
const CSV_HEAD = 'place,country,latitude,longitude,unmet_searches,nearest_store_km,beyond_radius';

/** The unmet places of a query as CSV (hidden counts written "fewer than N"). */
export async function unmetCsv(deps: DemandDeps, q: DemandQuery): Promise<string> {
  const p = demandPeriod(q);
  const { rows } = await unmetPlaces(deps, q, scopeOf(q, p.fromMs, p.toMs));
  const cell = (count: number) => {
    const n = shownCount(count, deps.minCount);
    return typeof n === 'number' ? n : `fewer than ${n.fewerThan}`;
  };
  const lines = rows.map((r) => {
    return [
      r.place,
      r.country,
      r.latitude,
      r.longitude,
      cell(r.searches),
      r.nearestStoreKm,
      cell(r.beyondRadius),
    ]
      .map(csvCell)
      .join(',');
  });
  return [CSV_HEAD, ...lines].join('\r\n') + '\r\n';
}

export function registerDemandRoutes(
  app: FastifyInstance,
  base: string,
  sessions: ConsoleSessions,
  deps: DemandDeps,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const viewer = requireSession(sessions, 'viewer');
  api.get(`${base}/demand`, { schema: demandSchema, preHandler: viewer }, async (request) =>
    demandAnswer(deps, queryOf(request.query)),
  );
  api.get(
    `${base}/demand/unmet.csv`,
    { schema: demandCsvSchema, preHandler: viewer },
    async (request, reply) => {
      const raw = request.query;
      const q = queryOf({ ...raw, limit: raw.limit ?? String(DEMAND_PLACES_MAX) });
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="unmet-demand-${q.from}-${q.to}.csv"`)
        .send(await unmetCsv(deps, q));
    },
  );
}
