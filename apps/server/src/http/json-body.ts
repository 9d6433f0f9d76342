/**
 * JSON request bodies, for every route: parsed as Fastify parses them, after two checks that
 * answer from the error catalogue instead of failing deeper down.
 *
 * - Nesting deeper than MAX_JSON_DEPTH arrays and objects → 400 JSON_TOO_DEEP. No body the
 *   server reads nests more than a few levels (a store is a flat object of columns with its
 *   opening hours), and recursive code (the duplicate-key scan, hashing, validation) would
 *   overflow the stack on a body of a few kilobytes nested thousands deep.
 * - Text that is UTF-16 (zero bytes between the characters: sent without a byte-order mark) →
 *   400 INVALID_ENCODING: JSON travels as UTF-8.
 *
 * An empty body with `Content-Type: application/json` on DELETE (or OPTIONS) is no body at all;
 * on other methods it is 400 INVALID_BODY as before. Body size is bounded per route
 * (Fastify's bodyLimit: 1 MiB by default) → 413 PAYLOAD_TOO_LARGE.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@locator/core';
import { utf16WithoutBom } from '../modules/imports/utf16.js';
import { MAX_JSON_DEPTH, jsonDepthBeyond } from './json-depth.js';

/** INVALID_ENCODING when a JSON body's text is UTF-16 (read as UTF-8); undefined if not. */
export function jsonEncodingProblem(text: string): ApiError | undefined {
  const encoding = utf16WithoutBom(text);
  if (!encoding) return undefined;
  return new ApiError(
    'INVALID_ENCODING',
    `The body looks like ${encoding.toUpperCase()} text (zero bytes between its characters); ` +
      'send it as UTF-8.',
  );
}

/** The catalogue error of a JSON body's text that must not be parsed; undefined if none. */
export function jsonBodyProblem(text: string): ApiError | undefined {
  const encoding = jsonEncodingProblem(text);
  if (encoding) return encoding;
  if (jsonDepthBeyond(text) > 0) {
    return new ApiError(
      'JSON_TOO_DEEP',
      `The body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`,
    );
  }
  return undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A JSON body's text as sent (keys named twice are reported, not silently merged). */
    jsonText?: string;
  }
}

type Done = (err: Error | null, body?: unknown) => void;

/**
 * Replaces the JSON parser of `app` (and of the plugins it registers after this call) with the
 * checked one; the body's text is kept as `request.jsonText`.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  if (app.hasContentTypeParser('application/json')) app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done: Done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text === '' && (request.method === 'DELETE' || request.method === 'OPTIONS')) {
        done(null, undefined);
        return;
      }
      const problem = jsonBodyProblem(text);
      if (problem) {
        done(problem);
        return;
      }
      request.jsonText = text;
      parseJson(request, text, done);
    },
  );
}
