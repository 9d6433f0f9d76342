/**
 * A failed sign-in in words a person understands: the translation key (console namespace) and
 * its values for each way it fails.
 */
import { ConsoleApiError } from '../api/errors';

export interface Message {
  key: string;
  values?: Record<string, number | string>;
}

/** Retry-After's seconds as the wait shown: seconds under two minutes, else whole minutes. */
function waitMessage(seconds: number): Message {
  if (seconds < 120) return { key: 'signIn.error.throttledSeconds', values: { count: seconds } };
  return { key: 'signIn.error.throttledMinutes', values: { count: Math.ceil(seconds / 60) } };
}

export function signInErrorMessage(error: unknown): Message {
  if (error instanceof ConsoleApiError) {
    switch (error.code) {
      case 'SIGN_IN_FAILED':
        return { key: 'signIn.error.failed' };
      case 'SIGN_IN_THROTTLED':
      case 'RATE_LIMITED':
        return error.retryAfter !== undefined && error.retryAfter > 0
          ? waitMessage(error.retryAfter)
          : { key: 'signIn.error.throttled' };
      default:
        if (error.status >= 500) return { key: 'error.unavailable' };
        return { key: 'signIn.error.unexpected', values: { status: error.status } };
    }
  }
  return { key: 'error.unavailable' };
}
