/**
 * The console's API key operations' contract (admin role): list, create (the secret shown once),
 * revoke. Part of the admin OpenAPI document, with the session cookie as security scheme.
 */
import { z } from 'zod';
import { apiKeyListSchema, createdKeySchema, createKeyBodySchema } from '@locator/core/console-api';
import { errorBodySchema } from '@locator/core/admin-answers';
import { answer, empty } from '../../openapi/answers.js';

const SESSION = [{ consoleSession: [] }];
const refused = {
  401: answer(errorBodySchema, 'No live console session (NOT_SIGNED_IN).'),
  403: answer(
    errorBodySchema,
    "Not an admin (ROLE_FORBIDDEN), or a change without the session's CSRF token " +
      '(CSRF_TOKEN_INVALID).',
  ),
  500: answer(errorBodySchema, 'An unexpected failure (INTERNAL_ERROR).'),
  503: answer(errorBodySchema, 'The database is unavailable (DATABASE_UNAVAILABLE).'),
};

export const listKeysSchema = {
  operationId: 'listKeys',
  tags: ['Console'],
  summary: 'List the API keys',
  description: 'Every API key, revoked ones included, without secrets. Admin role.',
  security: SESSION,
  response: { 200: answer(apiKeyListSchema, 'The keys.'), ...refused },
};

export const createKeySchema = {
  operationId: 'createKey',
  tags: ['Console'],
  summary: 'Create an API key',
  description:
    'A new key for a feed or a tool; the answer carries its secret, which is never shown again. ' +
    'Admin role.',
  security: SESSION,
  body: createKeyBodySchema,
  response: {
    201: answer(createdKeySchema, 'The key, with its secret.'),
    400: answer(errorBodySchema, 'No name, or an unknown scope (INVALID_BODY).'),
    ...refused,
  },
};

export const revokeKeySchema = {
  operationId: 'revokeKey',
  tags: ['Console'],
  summary: 'Revoke an API key',
  description: 'The key stops working at once, in every process. Admin role.',
  security: SESSION,
  params: z.object({ id: z.string().max(100) }),
  response: {
    204: empty('Revoked.'),
    404: answer(errorBodySchema, 'No active key with this id (NOT_FOUND).'),
    ...refused,
  },
};
