/**
 * The console's sign-in contract, shared by the server (which validates and documents it) and
 * the console (which reads it): the sign-in body, and the session as the console sees it.
 */
import { z } from 'zod';

export const consoleRoleSchema = z.enum(['viewer', 'editor', 'admin']).meta({
  id: 'ConsoleRole',
  description:
    'viewer reads everything; editor also changes stores and runs imports; admin also ' +
    'manages accounts, API keys and webhooks.',
});
export type ConsoleRoleName = z.infer<typeof consoleRoleSchema>;

export const signInBodySchema = z
  .object({
    email: z.string().min(1).max(320),
    password: z.string().min(1).max(1024),
  })
  .strict()
  .meta({ id: 'SignIn', description: "A console account's email address and password." });

export const consoleSessionSchema = z
  .object({
    account: z.object({ email: z.string(), role: consoleRoleSchema }),
    /** Send it back in X-CSRF-Token with every state-changing console request. */
    csrfToken: z.string(),
  })
  .meta({
    id: 'ConsoleSession',
    description:
      'The signed-in account, and the CSRF token every state-changing console request sends ' +
      'in X-CSRF-Token.',
  });
export type ConsoleSessionAnswer = z.infer<typeof consoleSessionSchema>;

/** An admin API key as the console lists it (never its secret). */
export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(['read', 'write'])),
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
    /** When the key last authenticated a request (recorded at most once a minute); null: never. */
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey', description: 'An admin API key (its secret is shown once, at creation).' });

export const apiKeyListSchema = z
  .object({ keys: z.array(apiKeySchema) })
  .meta({ id: 'ApiKeyList', description: 'Every API key, revoked ones included, oldest first.' });

export const createKeyBodySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    scope: z.enum(['read', 'write']),
  })
  .strict()
  .meta({
    id: 'CreateApiKey',
    description: 'A name saying who uses the key, and its scope ("write" includes "read").',
  });

export const createdKeySchema = apiKeySchema
  .extend({
    /** `lk_<id>_<secret>`: shown in this answer only. */
    key: z.string(),
  })
  .meta({ id: 'CreatedApiKey', description: 'The new key, with its secret: shown this once.' });

/**
 * Why a single sign-on ended back on the console's sign-in form, not signed in: the value of the
 * `ssoError` query parameter the server's redirect carries, which the console shows in words.
 */
export const SSO_ERROR_CODES = [
  /** Single sign-on is not configured on this server. */
  'SSO_NOT_CONFIGURED',
  /** The identity provider could not be reached, or did not answer in time. */
  'SSO_UNAVAILABLE',
  /** The sign-in was not started here, took too long, or was started twice at once. */
  'SSO_STATE_INVALID',
  /** The person, or the provider, refused the sign-in. */
  'SSO_DENIED',
  /** The provider's answer could not be verified. */
  'SSO_FAILED',
  /** The provider gave no (verified) email address. */
  'SSO_NO_EMAIL',
  /** None of the person's role claim values maps to a console role. */
  'SSO_NO_ROLE',
  /** The person's console account is disabled. */
  'SSO_ACCOUNT_DISABLED',
] as const;
export const ssoErrorCodeSchema = z.enum(SSO_ERROR_CODES);
export type SsoErrorCode = z.infer<typeof ssoErrorCodeSchema>;
