/**
 * The console's store table, GET /api/v1/admin/store-search (contract in
 * @locator/core/console-stores): a search, filters, a sort and an offset page with the total,
 * read from the database (modules/stores/table.ts). A route of its own beside GET /stores, whose
 * cursor pages in store id order API-key clients rely on and which stays as it is.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '@locator/core';
import {
  searchFold,
  STORE_TABLE_CHANNELS,
  type StoreTableChannel,
  type StoreTableRow,
} from '@locator/core/console-stores';
import type { StoreTableDbRow } from '../stores/table.js';
import type { AdminDeps } from './deps.js';
import { storeTableRouteSchema } from './store-table-schema.js';

const fromBars = (list: string): string[] => list.split('|').filter(Boolean);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function registerStoreTableRoute(app: FastifyInstance, base: string, deps: AdminDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const badges = deps.config.catalogue.badges;
  const idOfCode = new Map(badges.map((b) => [b.code.toLowerCase(), String(b.id)]));
  const codeOfId = new Map(badges.map((b) => [String(b.id), b.code]));
  const choices = {
    countries: deps.config
      .countries()
      .map((c) => c.countryCode)
      .sort(),
    badges: badges.map((b) => b.code),
  };

  const row = (r: StoreTableDbRow): StoreTableRow => {
    const doc = JSON.parse(r.doc) as Record<string, unknown>;
    return {
      storeId: r.storeId,
      name: text(doc.title),
      city: text(doc.city),
      postcode: text(doc.postalCode),
      country: r.country,
      channels: fromBars(r.channels).filter((c): c is StoreTableChannel =>
        (STORE_TABLE_CHANNELS as readonly string[]).includes(c),
      ),
      badges: fromBars(r.badges).map((id) => codeOfId.get(id) ?? id),
    };
  };

  api.get(`${base}/store-search`, { schema: storeTableRouteSchema }, async (request) => {
    const { q, country, channel, badge, sort, dir, offset, limit } = request.query;
    let badgeId: string | undefined;
    if (badge !== undefined) {
      badgeId = idOfCode.get(badge.toLowerCase());
      if (badgeId === undefined) {
        throw new ApiError('INVALID_PARAMETER', `badge: no badge has the code "${badge}"`, 'badge');
      }
    }
    const folded = q === undefined ? '' : searchFold(q);
    const page = await deps.repo.storeTable({
      text: folded === '' ? undefined : folded,
      country,
      channel,
      badgeId,
      sort,
      dir,
      offset,
      limit,
    });
    return { stores: page.rows.map(row), total: page.total, offset, limit, choices };
  });
}
