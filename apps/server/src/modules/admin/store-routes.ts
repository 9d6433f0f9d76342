/**
 * The admin API's store and audit routes (README "Admin API"), their contract in schemas.ts:
 * Fastify has validated every part of a request before a handler runs, store bodies answering
 * with their problems (store-problems.ts); the handlers check what only the database and the
 * configuration know (catalogue codes, phone numbers, the country's borders, versions).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '@locator/core';
import type { AdminStoreAnswer } from '@locator/core/admin-answers';
import type { AdminStore } from './repository.js';
import { rowMaker } from '../imports/export.js';
import { duplicateKeys } from '../imports/duplicate-keys.js';
import { storeFromBody } from './store-input.js';
import { InvalidStoreError } from './store-problems.js';
import type { AdminDeps } from './deps.js';
import {
  deleteStoreSchema,
  getStoreSchema,
  listAuditSchema,
  listStoresSchema,
  patchStoreSchema,
  putStoreSchema,
} from './schemas.js';

/** Most times a PATCH without If-Match is merged again onto a store other writers changed. */
const PATCH_ATTEMPTS = 20;

type StoreRow = (record: Pick<AdminStore, 'country' | 'doc'>) => Record<string, string>;

function storeBody(s: AdminStore, toRow: StoreRow): AdminStoreAnswer {
  // The address lines are written from the address on every save: not one of the store's fields.
  const { addressLines: _lines, ...store } = JSON.parse(s.doc) as Record<string, unknown>;
  // The same store as the columns a PUT takes (catalogue codes, lists ";"-joined): what a
  // console edits and sends back.
  const row = Object.fromEntries(Object.entries(toRow(s)).filter(([, v]) => v !== undefined));
  return { storeId: s.storeId, country: s.country, version: s.hash, store, row };
}

/** The version an If-Match header names ("*" for any), without quotes or weak prefix. */
function versionOf(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  return header.trim() === '*' ? '*' : header.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
}

const actorOf = (request: FastifyRequest): string => request.adminActor ?? '';

export function registerStoreRoutes(app: FastifyInstance, base: string, deps: AdminDeps): void {
  const { repo } = deps;
  const toRow = rowMaker(deps.config.catalogue);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const sendStore = (reply: FastifyReply, s: AdminStore, code = 200): FastifyReply =>
    reply.code(code).header('ETag', `"${s.hash}"`).send(storeBody(s, toRow));

  api.get(`${base}/stores`, { schema: listStoresSchema }, async (request) => {
    const { limit, after } = request.query;
    const stores = await repo.listStores(after, limit);
    const last = stores.at(-1);
    return {
      stores: stores.map((s) => storeBody(s, toRow)),
      next: stores.length === limit && last ? last.storeId : null,
    };
  });

  api.get(`${base}/stores/:storeId`, { schema: getStoreSchema }, async (request, reply) => {
    const store = await repo.getStore(request.params.storeId);
    if (!store) throw new ApiError('NOT_FOUND', 'No store with this id.');
    const tag = `"${store.hash}"`;
    if (request.headers['if-none-match'] === tag)
      return reply.code(304).header('ETag', tag).send(null);
    return sendStore(reply, store);
  });

  api.put(`${base}/stores/:storeId`, { schema: putStoreSchema }, async (request, reply) => {
    const { storeId } = request.params;
    const version = versionOf(request.headers['if-match']);
    const written = await tryWrite(request, reply, storeId, request.body, version);
    if (written === 'conflict') {
      throw new ApiError('PRECONDITION_FAILED', 'The store has changed (or does not exist).');
    }
    return written;
  });

  /** Validates a store and writes it, or 'conflict' when `ifMatch` names another version. */
  async function tryWrite(
    request: FastifyRequest,
    reply: FastifyReply,
    storeId: string,
    input: object,
    ifMatch: string | undefined,
  ): Promise<FastifyReply | 'conflict'> {
    const check = deps.countryCheck ? await deps.countryCheck() : undefined;
    const repeated = request.jsonText ? duplicateKeys(request.jsonText) : [];
    const { record, problems } = storeFromBody(input, storeId, deps.config, check, repeated);
    if (!record) {
      throw new InvalidStoreError(
        problems.map((p) => ({
          column: p.field,
          value: p.value ?? null,
          code: p.code,
          reason: p.reason,
        })),
      );
    }
    const out = await repo.putStore(record, ifMatch, actorOf(request));
    if (out.status === 'conflict' || !out.store) return 'conflict';
    return sendStore(reply, out.store, out.status === 'created' ? 201 : 200);
  }

  // PATCH: the given columns replace the stored store's; the result is checked as a PUT is.
  // The patch is written only onto the version it was merged with. With If-Match, another
  // version is 412; without (or "*"), a store changed meanwhile by another writer is read again
  // and the patch merged anew: concurrent patches all succeed, one after the other, on both
  // databases (the last one written wins where they set the same column).
  api.patch(`${base}/stores/:storeId`, { schema: patchStoreSchema }, async (request, reply) => {
    const { storeId } = request.params;
    const ifMatch = versionOf(request.headers['if-match']);
    const retry = ifMatch === undefined || ifMatch === '*';
    for (let attempt = 1; ; attempt += 1) {
      const current = await repo.getStore(storeId);
      if (!current) throw new ApiError('NOT_FOUND', 'No store with this id.');
      if (!retry && ifMatch !== current.hash) {
        throw new ApiError('PRECONDITION_FAILED', 'The store has changed.');
      }
      const merged = { ...toRow(current), ...request.body };
      const written = await tryWrite(request, reply, storeId, merged, current.hash);
      if (written !== 'conflict') return written;
      if (!retry || attempt >= PATCH_ATTEMPTS) {
        throw new ApiError('PRECONDITION_FAILED', 'The store has changed.');
      }
    }
  });

  api.delete(`${base}/stores/:storeId`, { schema: deleteStoreSchema }, async (request, reply) => {
    const out = await repo.deleteStore(
      request.params.storeId,
      versionOf(request.headers['if-match']),
      actorOf(request),
    );
    if (out.status === 'missing') throw new ApiError('NOT_FOUND', 'No store with this id.');
    if (out.status === 'conflict')
      throw new ApiError('PRECONDITION_FAILED', 'The store has changed.');
    return reply.code(204).send(null);
  });

  api.get(`${base}/audit`, { schema: listAuditSchema }, async (request) => {
    const { limit, storeId } = request.query;
    const entries = await repo.audit({ limit, ...(storeId ? { storeId } : {}) });
    return {
      entries: entries.map((e) => ({
        ...e,
        before: e.before === null ? null : (JSON.parse(e.before) as Record<string, unknown>),
        after: e.after === null ? null : (JSON.parse(e.after) as Record<string, unknown>),
      })),
    };
  });
}
