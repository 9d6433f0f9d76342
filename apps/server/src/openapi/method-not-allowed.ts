/**
 * 405 is the app's one rule for every path (http/allow.ts): a method the path does not take is
 * answered METHOD_NOT_ALLOWED with `Allow` naming the methods it does. The documents state it on
 * every operation, once, here, instead of on each route.
 */
const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

const METHOD_NOT_ALLOWED = {
  description:
    'METHOD_NOT_ALLOWED: the request used a method this path does not take (this status is ' +
    "described on each of the path's operations).",
  headers: {
    Allow: {
      description: 'The methods the path takes (GET with HEAD).',
      schema: { type: 'string' },
    },
  },
  content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
};

const OPERATIONS = ['get', 'put', 'post', 'patch', 'delete'];

/** A path item whose operations all describe 405 (an operation's own 405 is kept). */
export function withMethodNotAllowed(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(item).map(([method, op]) => {
      if (!OPERATIONS.includes(method) || !op || typeof op !== 'object') return [method, op];
      const operation = op as { responses?: Record<string, unknown> };
      const responses = operation.responses ?? {};
      if ('405' in responses) return [method, op];
      return [method, { ...operation, responses: { ...responses, 405: METHOD_NOT_ALLOWED } }];
    }),
  );
}
