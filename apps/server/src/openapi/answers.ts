/**
 * How a route of either API (public and admin) describes its answers once: each status with
 * its schema (zod, from @locator/core), its description and its headers, in the form
 * @fastify/swagger writes into the OpenAPI document (a response schema's `description` and
 * `headers`). Fastify serialises the body with the same schema. Error statuses all answer the
 * error catalogue's body (ErrorBody).
 */
import { z } from 'zod';
import { errorBodySchema } from '@locator/core';

/** A response header as the document shows it (a string unless said otherwise). */
export interface HeaderDoc {
  description: string;
  type?: 'string' | 'integer';
}
type HeaderSchema = Required<HeaderDoc>;
const typed = (headers: Record<string, HeaderDoc>): Record<string, HeaderSchema> =>
  Object.fromEntries(
    Object.entries(headers).map(([name, h]) => [name, { type: 'string' as const, ...h }]),
  );

/** Response headers the public API sends. */
export const HEADERS = {
  etag: {
    type: 'string',
    description: 'The version of the answer; send it back in If-None-Match to get 304.',
  },
  cacheControl: { type: 'string', description: 'How long the answer may be reused.' },
  retryAfter: {
    type: 'string',
    description: 'Seconds to wait before the next request is accepted.',
  },
} satisfies Record<string, HeaderDoc>;

const CACHED = { ETag: HEADERS.etag, 'Cache-Control': HEADERS.cacheControl };

/** Headers of an answer that is only cacheable (Cache-Control, no ETag). */
export const cacheHeaders = { 'Cache-Control': HEADERS.cacheControl };

/** A successful answer: its body schema, what it is and its headers. */
export function answer<S extends z.ZodType>(
  schema: S,
  description: string,
  headers: Record<string, HeaderDoc> = {},
): S {
  const documented = Object.keys(headers).length > 0 ? { headers: typed(headers) } : {};
  return schema.meta({ description, ...documented });
}

/** An answer without a body (204, 304): what it is and its headers. */
export function empty(description: string, headers: Record<string, HeaderDoc> = {}) {
  return answer(z.null(), description, headers);
}

/** A cacheable answer (ETag and Cache-Control). */
export function cachedAnswer<S extends z.ZodType>(schema: S, description: string): S {
  return answer(schema, description, CACHED);
}

/** 304: the client's copy (If-None-Match) is current; no body. */
export const NOT_MODIFIED = empty(
  'Not modified: the copy named by If-None-Match is current (no body).',
  CACHED,
);

/** 204: done, no body. */
export const NO_CONTENT = empty('Recorded (no body).', cacheHeaders);

/** An error status and when it is sent; the body is the catalogue's. */
export function failure(description: string, headers: Record<string, HeaderDoc> = {}) {
  return answer(errorBodySchema, description, headers);
}

export const ERRORS = {
  400: (what: string) => failure(`Bad request: ${what}.`),
  404: (what: string) => failure(`Not found: ${what}.`),
  413: failure('PAYLOAD_TOO_LARGE: the body is larger than the endpoint accepts.'),
  415: failure('UNSUPPORTED_MEDIA_TYPE: the body is not sent as JSON.'),
  429: failure('RATE_LIMITED: too many requests from this client in a minute.', {
    'Retry-After': HEADERS.retryAfter,
  }),
  500: failure('INTERNAL_ERROR: something unexpected failed.'),
  503: failure('DATABASE_UNAVAILABLE: the store database cannot be reached.'),
};

/** The answers of a POST that records a JSON body and answers 204 (statistics, events). */
export const RECORDED_JSON_ANSWERS = {
  204: NO_CONTENT,
  400: ERRORS[400]('INVALID_BODY (with the field at fault), JSON_TOO_DEEP or INVALID_ENCODING'),
  413: ERRORS[413],
  415: ERRORS[415],
  429: ERRORS[429],
  500: ERRORS[500],
};
