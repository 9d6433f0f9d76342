/**
 * The console's session routes' contract: each operation's id, summary, request and every answer
 * it can give, once. Fastify validates and serialises with them; they are part of the admin
 * OpenAPI document, with the session cookie as their security scheme.
 */
import { consoleSessionSchema, signInBodySchema } from '@locator/core/console-api';
import { errorBodySchema } from '@locator/core/admin-answers';
import { answer, empty, type HeaderDoc } from '../../openapi/answers.js';

const RETRY_AFTER: HeaderDoc = { description: 'Seconds to wait before retrying.', type: 'integer' };
const SET_COOKIE: HeaderDoc = {
  description:
    'The session cookie: HttpOnly, SameSite=Strict, Path=/; over HTTPS Secure and named ' +
    '`__Host-locator-console`.',
};
const SESSION = [{ consoleSession: [] }];

const notSignedIn = answer(
  errorBodySchema,
  'No live session: never signed in, signed out, idle too long or past its lifetime ' +
    '(NOT_SIGNED_IN).',
);
const csrf = answer(
  errorBodySchema,
  "The request lacks the session's CSRF token in X-CSRF-Token (CSRF_TOKEN_INVALID).",
);
const common = {
  500: answer(errorBodySchema, 'An unexpected failure (INTERNAL_ERROR).'),
  503: answer(errorBodySchema, 'The database is unavailable (DATABASE_UNAVAILABLE).'),
};

export const signInSchema = {
  operationId: 'signIn',
  tags: ['Console'],
  summary: 'Sign in to the console',
  description:
    'Opens a session for an active account: sets the session cookie and answers the account and ' +
    'its CSRF token. Failed sign-ins are slowed down per account and per client.',
  security: [],
  body: signInBodySchema,
  response: {
    200: answer(consoleSessionSchema, 'Signed in.', { 'Set-Cookie': SET_COOKIE }),
    400: answer(errorBodySchema, 'The body is not an email and a password (INVALID_BODY).'),
    401: answer(
      errorBodySchema,
      'The email address and password do not match an active account (SIGN_IN_FAILED).',
    ),
    429: answer(
      errorBodySchema,
      'Too many failed sign-ins for this account or from this client (SIGN_IN_THROTTLED).',
      { 'Retry-After': RETRY_AFTER },
    ),
    ...common,
  },
};

export const getSessionSchema = {
  operationId: 'getSession',
  tags: ['Console'],
  summary: 'The current session',
  description: 'The signed-in account and the CSRF token, e.g. when the console is reloaded.',
  security: SESSION,
  response: { 200: answer(consoleSessionSchema, 'Signed in.'), 401: notSignedIn, ...common },
};

export const signOutSchema = {
  operationId: 'signOut',
  tags: ['Console'],
  summary: 'Sign out',
  description: 'Ends this session and clears its cookie.',
  security: SESSION,
  response: {
    204: empty('Signed out.', { 'Set-Cookie': SET_COOKIE }),
    401: notSignedIn,
    403: csrf,
    ...common,
  },
};

export const signOutEverywhereSchema = {
  operationId: 'signOutEverywhere',
  tags: ['Console'],
  summary: 'Sign out of every session',
  description: 'Ends every session of the signed-in account, this one included, on every device.',
  security: SESSION,
  response: {
    204: empty('Every session of the account has ended.', { 'Set-Cookie': SET_COOKIE }),
    401: notSignedIn,
    403: csrf,
    ...common,
  },
};
