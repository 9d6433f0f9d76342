/**
 * Route schemas are zod schemas (see docs/ARCHITECTURE.md "The API contract"): Fastify
 * validates params, query, headers and bodies with them and serialises object answers with them
 * (fastify-type-provider-zod). A request that fails its schema gets the error catalogue's answer
 * (INVALID_PARAMETER, MISSING_PARAMETER, PARAMETER_OUT_OF_RANGE, INVALID_BODY with the field),
 * exactly as a handler's own check would give, not Fastify's generic validation error.
 */
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';
import { apiErrorFromIssues } from '@locator/core';

export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = safeParse(schema, data);
    if (result.success) return { value: result.data };
    return { error: apiErrorFromIssues(result.error.issues, httpPart === 'body', data) };
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
