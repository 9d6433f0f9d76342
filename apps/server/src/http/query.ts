/**
 * Query strings of the API (/api/…): every parameter is one value, given once. A key in array
 * style (`?mode[]=sync`, `?storeId[x]=1`) or a key given twice (`?mode=sync&mode=upsert`) is
 * refused with 400 INVALID_PARAMETER naming it, on every API route, instead of being ignored
 * (an unfiltered answer, a default mode) or read as one of its values. Pages and files are not
 * checked: links into them carry whatever their referrers add.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@locator/core';

/** The catalogue error of a query that is not one value per key; undefined when it is. */
export function queryProblem(query: unknown): ApiError | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  for (const [key, value] of Object.entries(query)) {
    const bracket = key.indexOf('[');
    if (bracket !== -1 || key.includes(']')) {
      const name = bracket > 0 ? key.slice(0, bracket) : key;
      return new ApiError(
        'INVALID_PARAMETER',
        `${name}: one value, not a list (${key} is not a parameter of the API).`,
        name,
      );
    }
    if (Array.isArray(value)) {
      return new ApiError('INVALID_PARAMETER', `${key}: given more than once`, key);
    }
  }
  return undefined;
}

function isApiPath(request: FastifyRequest): boolean {
  const url = request.url;
  return url.startsWith('/api/') && url.includes('?');
}

export function registerQueryChecks(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const problem = isApiPath(request) ? queryProblem(request.query) : undefined;
    if (problem) throw problem;
  });
}
