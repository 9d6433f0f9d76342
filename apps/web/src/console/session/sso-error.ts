/**
 * Single sign-on that ended back on the sign-in form: the server's redirect names why in the
 * `ssoError` query parameter (one of the codes of @locator/core/console-api), shown in words.
 */
import { ssoErrorCodeSchema } from '@locator/core/console-api';
import type { Message } from './sign-in-error';

export const SSO_ERROR_PARAM = 'ssoError';

/** Where the sign-in form sends the browser for single sign-on (the server's start route). */
export const SSO_START_PATH = '/api/v1/admin/sso/start';

/** The message of an `ssoError` value; an unknown one reads as a sign-on that did not work. */
export function ssoErrorMessage(code: string): Message {
  const parsed = ssoErrorCodeSchema.safeParse(code);
  return { key: `signIn.sso.error.${parsed.success ? parsed.data : 'SSO_FAILED'}` };
}
