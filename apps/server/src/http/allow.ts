/**
 * Which methods a path answers, for `405 METHOD_NOT_ALLOWED` and its `Allow` header (RFC 9110
 * 15.5.6). Fastify's router finds a route by method only, and its not-found handler cannot ask
 * it for a path's other methods; so every route is also entered, with the same router options,
 * into a router of its own (find-my-way, the library Fastify routes with), asked only when no
 * route answered. Register before any route.
 */
import Router from 'find-my-way';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '@locator/core';

/** The order Allow lists methods in. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export interface RouteMethods {
  /** The methods some route answers at `path` (sorted, GET with HEAD); [] when none. */
  allowed(path: string): string[];
}

export function registerRouteMethods(
  app: FastifyInstance,
  options: { ignoreTrailingSlash: boolean; maxParamLength: number },
): RouteMethods {
  const router = Router(options);
  const methods = new Set<string>();
  const noop = (): void => {};
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat().map((m) => m.toUpperCase() as Router.HTTPMethod)) {
      methods.add(method);
      try {
        router.on(method, route.url, noop);
      } catch {
        // Already entered: the same path with and without its trailing slash.
      }
    }
  });
  return {
    allowed(path) {
      const found = [...methods].filter((m) => router.find(m as Router.HTTPMethod, path));
      if (found.includes('GET') && !found.includes('HEAD')) found.push('HEAD');
      return found.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
    },
  };
}

/** The 405 answer's error: the method refused and the methods the path takes, in one wording. */
export function methodNotAllowedError(
  method: string,
  path: string,
  allowed: readonly string[],
): ApiError {
  const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
  return new ApiError(
    'METHOD_NOT_ALLOWED',
    `${method.slice(0, 20)} is not supported at ${shown}; use ${allowed.join(', ')}.`,
  );
}
