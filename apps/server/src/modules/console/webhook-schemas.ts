/**
 * The console's webhooks route's contract (admin role, read only): the configured change
 * webhook URLs and their recent deliveries. Part of the admin OpenAPI document, with the session
 * cookie as security scheme.
 */
import { webhookListSchema } from '@locator/core/console-webhooks';
import { errorBodySchema } from '@locator/core/admin-answers';
import { answer } from '../../openapi/answers.js';

export const listWebhooksSchema = {
  operationId: 'listWebhooks',
  tags: ['Console'],
  summary: 'List the webhooks and their recent deliveries',
  description:
    'The change webhook URLs (WEBHOOK_URLS; the secret is never shown, nor a URL’s user name, ' +
    'password or query values), their delivery counts, and their most recent deliveries and ' +
    'failures as this server process recorded them: in memory, per process, lost on restart. ' +
    'Admin role.',
  security: [{ consoleSession: [] }],
  response: {
    200: answer(webhookListSchema, 'The webhooks.'),
    401: answer(errorBodySchema, 'No live console session (NOT_SIGNED_IN).'),
    403: answer(errorBodySchema, 'Not an admin (ROLE_FORBIDDEN).'),
    500: answer(errorBodySchema, 'An unexpected failure (INTERNAL_ERROR).'),
    503: answer(errorBodySchema, 'The database is unavailable (DATABASE_UNAVAILABLE).'),
  },
};
