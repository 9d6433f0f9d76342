/**
 * The admin API's keys from the console (admin role): list, create — the secret in the answer,
 * once — and revoke; the same rules as `npm run admin -- keys …` (../admin/keys.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '@locator/core';
import type { AdminRepository, ApiKeyRow } from '../admin/repository.js';
import { createKey } from '../admin/keys.js';
import type { ConsoleSessions } from './sessions.js';
import { requireSession } from './guard.js';
import { createKeySchema, listKeysSchema, revokeKeySchema } from './key-schemas.js';

export type KeyRepository = Pick<
  AdminRepository,
  'createKey' | 'listKeys' | 'revokeKey' | 'findKey'
>;

const keyAnswer = ({ secretHash: _hash, ...key }: ApiKeyRow) => key;

export function registerKeyRoutes(
  app: FastifyInstance,
  base: string,
  sessions: ConsoleSessions,
  repo: KeyRepository,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireSession(sessions, 'admin');

  api.get(`${base}/keys`, { schema: listKeysSchema, preHandler }, async () => ({
    keys: (await repo.listKeys()).map(keyAnswer),
  }));

  api.post(`${base}/keys`, { schema: createKeySchema, preHandler }, async (request, reply) => {
    const { name, scope } = request.body;
    const { id, key } = await createKey(repo, name, [scope]);
    const row = await repo.findKey(id);
    if (!row) throw new ApiError('INTERNAL_ERROR');
    return reply.code(201).send({ ...keyAnswer(row), key });
  });

  api.delete(
    `${base}/keys/:id`,
    { schema: revokeKeySchema, preHandler },
    async (request, reply) => {
      if (!(await repo.revokeKey(request.params.id)))
        throw new ApiError('NOT_FOUND', 'No active key with this id.');
      return reply.code(204).send(null);
    },
  );
}
