/**
 * The one error catalogue of the HTTP API, shared by server and web.
 *
 * Every error response has the body `{"error": {"code", "message", "param"?}}`. Codes are
 * stable: clients branch on `code` (and show a translated message via `errorMessageKey`), never
 * on `message`, which is English help text for developers.
 */

export const ERROR_CATALOGUE = {
  /** The request itself cannot be read (request line, headers or framing break HTTP). */
  BAD_REQUEST: { status: 400, message: 'The request is malformed.' },
  /** A parameter is present but malformed (not a number, wrong pattern, unknown value). */
  INVALID_PARAMETER: { status: 400, message: 'A parameter is malformed.' },
  /** A required parameter is missing or empty. */
  MISSING_PARAMETER: { status: 400, message: 'A required parameter is missing.' },
  /** A numeric parameter is outside its allowed range. */
  PARAMETER_OUT_OF_RANGE: { status: 400, message: 'A parameter is out of range.' },
  /** The product id (pt) is not offered in this country and channel. */
  UNKNOWN_PRODUCT: { status: 400, message: 'The product is not offered here.' },
  /** The carrier is not one of the country's carriers. */
  UNKNOWN_CARRIER: { status: 400, message: 'The carrier is not known in this country.' },
  /** The request body is not valid JSON or does not match its schema. */
  INVALID_BODY: { status: 400, message: 'The request body is invalid.' },
  /** The JSON body nests arrays and objects deeper than any body the API reads. */
  JSON_TOO_DEEP: { status: 400, message: 'The request body is nested too deeply.' },
  /** The body is not UTF-8 text (e.g. UTF-16 without a byte-order mark). */
  INVALID_ENCODING: { status: 400, message: 'The request body is not UTF-8 text.' },
  /** The country (or catch-all region) code is not configured. */
  UNKNOWN_COUNTRY: { status: 404, message: 'The country is not configured.' },
  /** The language is not one of the country's languages. */
  UNKNOWN_LANGUAGE: { status: 404, message: 'The language is not offered in this country.' },
  /** The channel does not exist or has no store search in this country. */
  UNKNOWN_CHANNEL: { status: 404, message: 'The channel is not offered in this country.' },
  /** No translation file for this namespace (in any fallback language). */
  TRANSLATIONS_NOT_FOUND: { status: 404, message: 'No translations for this namespace.' },
  /** No such endpoint. */
  NOT_FOUND: { status: 404, message: 'No such resource.' },
  /** The path exists but does not answer this method; the Allow header lists those it does. */
  METHOD_NOT_ALLOWED: { status: 405, message: 'The resource does not support this method.' },
  /** The request (its headers or body) did not arrive within the server's request timeout. */
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
  /** An admin endpoint without a valid API key (missing, unknown or revoked). */
  UNAUTHORIZED: { status: 401, message: 'A valid API key is required.' },
  /** The API key lacks the scope the endpoint needs (read or write). */
  FORBIDDEN: { status: 403, message: 'The API key may not do this.' },
  /** If-Match names another version of the resource than the current one. */
  PRECONDITION_FAILED: { status: 412, message: 'The resource has changed.' },
  /** A sync would remove more than the allowed share of the stores; nothing was written. */
  REMOVAL_REFUSED: {
    status: 409,
    message: 'The sync would remove too many stores.',
  },
  /** The Idempotency-Key was used before for a different request. */
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'The idempotency key was used for another request.',
  },
  /**
   * A request with this Idempotency-Key is still being processed (by this or another server
   * process); retry after Retry-After to get its answer.
   */
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    message: 'A request with this idempotency key is in progress; retry shortly.',
  },
  /** The body is larger than the endpoint accepts. */
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  /** The body's media type is not accepted (JSON only). */
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body must be JSON.' },
  /**
   * Too many failed authentication attempts from this client (or with this key id); retry
   * after the Retry-After header's seconds.
   */
  AUTHENTICATION_THROTTLED: {
    status: 429,
    message: 'Too many failed authentication attempts; try again later.',
  },
  /** A console request without a session: never signed in, signed out, or the session ended. */
  NOT_SIGNED_IN: { status: 401, message: 'Sign in to the console first.' },
  /** The email address and password do not match an active console account. */
  SIGN_IN_FAILED: { status: 401, message: 'The email address or password is wrong.' },
  /** The console account's role may not do this (viewer, editor, admin). */
  ROLE_FORBIDDEN: { status: 403, message: 'Your role may not do this.' },
  /** A state-changing console request without its session's CSRF token (X-CSRF-Token). */
  CSRF_TOKEN_INVALID: {
    status: 403,
    message: "The request lacks the session's CSRF token; reload the console.",
  },
  /**
   * Too many failed sign-ins for this account or from this client; retry after the Retry-After
   * header's seconds.
   */
  SIGN_IN_THROTTLED: { status: 429, message: 'Too many failed sign-ins; try again later.' },
  /** Too many requests from this client; retry after the Retry-After header's seconds. */
  RATE_LIMITED: { status: 429, message: 'Too many requests; try again later.' },
  /** The request line or headers are larger than the server reads (about 16 KB). */
  HEADERS_TOO_LARGE: { status: 431, message: 'The request line or headers are too large.' },
  /** Something unexpected failed on the server. */
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong.' },
  /** The database cannot be reached; the server recovers when it is back. */
  DATABASE_UNAVAILABLE: { status: 503, message: 'The store database is unavailable.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.freeze(Object.keys(ERROR_CATALOGUE) as ErrorCode[]);

export interface ErrorBody {
  error: { code: ErrorCode; message: string; param?: string };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, value);
}

/** HTTP status of a code. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/** An error the API answers with its catalogue status and body. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly param?: string,
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = 'ApiError';
    this.status = ERROR_CATALOGUE[code].status;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { error: { code: this.code, message: this.message } };
    if (this.param !== undefined) body.error.param = this.param;
    return body;
  }
}

/** Reads an error body from a parsed response; undefined when it is not one. */
export function parseErrorBody(value: unknown): ErrorBody['error'] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const inner = (value as { error?: unknown }).error;
  if (typeof inner !== 'object' || inner === null) return undefined;
  const { code, message, param } = inner as Record<string, unknown>;
  if (!isErrorCode(code)) return undefined;
  const out: ErrorBody['error'] = { code, message: typeof message === 'string' ? message : '' };
  if (typeof param === 'string') out.param = param;
  return out;
}

/**
 * The translation key a client shows for a code. Every server-side failure is the product.s
 * "error.serverError" (PRODUCT.md#errors); callers may special-case codes before falling back to it.
 */
export function errorMessageKey(code: ErrorCode | undefined): string {
  switch (code) {
    case 'RATE_LIMITED':
      return 'error.rateLimited';
    case 'DATABASE_UNAVAILABLE':
      return 'error.unavailable';
    default:
      return 'error.serverError';
  }
}
