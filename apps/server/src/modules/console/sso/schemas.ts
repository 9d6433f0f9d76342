/**
 * The single sign-on routes' contract, in the admin OpenAPI document beside the other console
 * routes: both answer with a redirect (a browser navigates through them, never a script).
 */
import { z } from 'zod';
import { SSO_ERROR_CODES } from '@locator/core/console-api';
import { errorBodySchema } from '@locator/core/admin-answers';
import { answer, empty } from '../../../openapi/answers.js';

const LOCATION = { description: 'Where the browser goes next.' };
const PENDING_COOKIE = {
  description:
    'The pending sign-in (sealed state, nonce and PKCE verifier): HttpOnly, SameSite=Lax, ' +
    'Path=/, ten minutes; over HTTPS Secure and named `__Host-locator-sso`.',
};
const ENDS = `On failure the console's sign-in form at \`/admin/?ssoError=<code>\`, the code one of ${SSO_ERROR_CODES.join(', ')}.`;

export const ssoStartSchema = {
  operationId: 'startSingleSignOn',
  tags: ['Console'],
  summary: 'Start single sign-on',
  description:
    "Sends the browser to the OpenID provider's sign-in (authorization code with PKCE, state " +
    `and nonce) and keeps the pending sign-in in a short-lived cookie. ${ENDS}`,
  security: [],
  response: {
    302: empty('To the provider, or back to the sign-in form with the reason.', {
      Location: LOCATION,
      'Set-Cookie': PENDING_COOKIE,
    }),
    500: answer(errorBodySchema, 'An unexpected failure (INTERNAL_ERROR).'),
  },
};

export const ssoCallbackSchema = {
  operationId: 'finishSingleSignOn',
  tags: ['Console'],
  summary: 'Finish single sign-on',
  description:
    "Where the OpenID provider sends the browser back: checks the pending sign-in's state, " +
    'exchanges the code, verifies the ID token, finds or creates the account of its email (a ' +
    'single sign-on account, without a password) with the role its role claim maps to, opens a ' +
    'session as password sign-in does and sends the browser to the console. ' +
    ENDS,
  security: [],
  querystring: z.object({
    code: z.string().max(4096).optional(),
    state: z.string().max(1024).optional(),
    iss: z.string().max(2048).optional(),
    error: z.string().max(256).optional(),
    error_description: z.string().max(2048).optional(),
  }),
  response: {
    302: empty('To the console, signed in; or back to the sign-in form with the reason.', {
      Location: LOCATION,
      'Set-Cookie': {
        description:
          'The session cookie as signing in sets it; the pending sign-in cookie cleared.',
      },
    }),
    400: answer(errorBodySchema, 'A query parameter is malformed (INVALID_PARAMETER).'),
    500: answer(errorBodySchema, 'An unexpected failure (INTERNAL_ERROR).'),
  },
};
