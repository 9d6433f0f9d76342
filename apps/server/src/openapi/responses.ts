/**
 * A route's documented answers: for each status, a description, the zod schema of its JSON body
 * (none for 204 and 304) and the headers it sets. Fastify serialises the body with the schema;
 * the OpenAPI documents (documents.ts) show all three.
 */
import type { $ZodType } from 'zod/v4/core';

/** A response header as the document shows it. */
export interface HeaderDoc {
  description: string;
  type?: 'string' | 'integer';
}

export interface Answer {
  description: string;
  content?: { 'application/json': { schema: $ZodType } };
  headers?: Record<string, HeaderDoc>;
}

/** An answer with a JSON body of `schema` (or none without it) and `headers`. */
export function answer(
  description: string,
  schema?: $ZodType,
  headers?: Record<string, HeaderDoc>,
): Answer {
  const typed = headers
    ? Object.fromEntries(
        Object.entries(headers).map(([name, h]): [string, HeaderDoc] => [
          name,
          { type: 'string', ...h },
        ]),
      )
    : undefined;
  return {
    description,
    ...(schema ? { content: { 'application/json': { schema } } } : {}),
    ...(typed ? { headers: typed } : {}),
  };
}

/** Whether a route's response entry is an `answer()` (not a bare schema). */
export function isAnswer(value: unknown): value is Answer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { description?: unknown }).description === 'string' &&
    !('_zod' in value)
  );
}
