/**
 * Route schemas are zod schemas (see docs/ARCHITECTURE.md "The API contract"): Fastify
 * validates params, query, headers and bodies with them and serialises object answers with them
 * (fastify-type-provider-zod). A request that fails its schema gets the error catalogue's answer
 * (INVALID_PARAMETER, MISSING_PARAMETER, PARAMETER_OUT_OF_RANGE, INVALID_BODY with the field),
 * exactly as a handler's own check would give, not Fastify's generic validation error.
 */
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeParse, type $ZodIssue } from 'zod/v4/core';
import { apiErrorFromIssues, type ApiError } from '@locator/core';

/** Hand-written readers of hot queries, by the schema whose answers they give (fastPath). */
const fastReaders = new WeakMap<$ZodType, (data: unknown) => unknown>();

/**
 * Gives a schema a fast reader: a function that returns exactly what the schema would for the
 * plain inputs it accepts, and undefined for anything else, which the schema then decides
 * (errors included). For the maps endpoints' queries (one autocomplete per keystroke).
 */
export function fastPath<S extends $ZodType>(schema: S, read: (data: unknown) => unknown): S {
  fastReaders.set(schema, read);
  return schema;
}

/** Routes' own answers to a failed schema, by the schema (failsWith). */
const failures = new WeakMap<$ZodType, (issues: readonly $ZodIssue[]) => ApiError>();

/**
 * Gives a schema its route's own answer to a failure, in place of the catalogue's parameter
 * errors: for the routes outside the two APIs, whose answers to bad input stay as they were
 * (a tile path that names no tile is 404 NOT_FOUND, a static map value names its range).
 */
export function failsWith<S extends $ZodType>(
  schema: S,
  answer: (issues: readonly $ZodIssue[]) => ApiError,
): S {
  failures.set(schema, answer);
  return schema;
}

export const validatorCompiler: FastifySchemaCompiler<$ZodType> = ({ schema, httpPart }) => {
  const fast = fastReaders.get(schema);
  const own = failures.get(schema);
  return (data) => {
    const quick = fast?.(data);
    if (quick !== undefined) return { value: quick };
    const result = safeParse(schema, data);
    if (result.success) return { value: result.data };
    const issues = result.error.issues;
    return { error: own ? own(issues) : apiErrorFromIssues(issues, httpPart === 'body', data) };
  };
};

/** Bodies with a zod schema are serialised with it; a body-less answer's entry as JSON. */
const serializer: FastifySerializerCompiler<unknown> = (route) =>
  route.schema instanceof $ZodType
    ? serializerCompiler(route as Parameters<typeof serializerCompiler>[0])
    : (data) => JSON.stringify(data);

/** Sets the zod validator and serialiser for every route that declares a zod schema. */
export function registerZodCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializer);
}
