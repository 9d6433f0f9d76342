/**
 * Store search (PRODUCT.md#search-request, #product-api): GET /api/v1/grlui/{country}/{lang}/{channel}?pt&lat&lon&carrier&
 * maxrad&maxResult&repairType, 30 s time-out. The request is this app's own (built from the
 * validated form), so it is not validated again; the server validates the query and the answer
 * is read with the one search-response schema of packages/core (its compiled check). Fetch function and hook.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  compileSchemaCheck,
  parseErrorBody,
  searchResponseSchema,
  searchApiPath,
  searchApiQuery,
  type ErrorCode,
  type SearchRequest,
  type SchemaCheckResult,
  type SearchResponse,
  type SearchResults,
} from '@locator/core';

export const SEARCH_TIMEOUT_MS = 30_000;

let compiledCheck: ((body: unknown) => SchemaCheckResult<SearchResponse>) | undefined;

/**
 * The search answer read as `searchResponseSchema.safeParse` reads it (same acceptance, same
 * data), through the schema's compiled check: a fraction of zod's cost in the browser.
 */
export function checkSearchResponse(body: unknown): SchemaCheckResult<SearchResponse> {
  compiledCheck ??= compileSchemaCheck(searchResponseSchema);
  return compiledCheck(body);
}

/** A failed search: the API's error code when it sent one. */
export class SearchError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'SearchError';
  }
}

/** The request URL. `pathCountry` is the site's country or region code ("uk", "europe"). */
export function searchUrl(request: SearchRequest, pathCountry: string, pathLang: string): string {
  const path = searchApiPath({ ...request, countryCode: pathCountry, lang: pathLang });
  return `${path}?${new URLSearchParams(searchApiQuery(request)).toString()}`;
}

export async function fetchStores(
  request: SearchRequest,
  where: { pathCountry: string; pathLang: string },
  signal?: AbortSignal,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
): Promise<SearchResults> {
  const timeout = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
  const res = await fetchImpl(searchUrl(request, where.pathCountry, where.pathLang), {
    headers: { Accept: 'application/json' },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const error = parseErrorBody(body);
    throw new SearchError(res.status, error?.code, error?.message ?? `HTTP ${res.status}`);
  }
  const parsed = checkSearchResponse(body);
  if (!parsed.success) throw new SearchError(res.status, undefined, 'unexpected search response');
  return parsed.data.results;
}

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; request: SearchRequest }
  | { status: 'success'; request: SearchRequest; results: SearchResults; at: number }
  | { status: 'error'; request: SearchRequest; code: ErrorCode | undefined };

/**
 * The search state of the page (PRODUCT.md#data-states): a new search aborts the running one; a failure
 * clears the results and keeps the error; `reset` clears both.
 */
export function useStoreSearch(where: { pathCountry: string; pathLang: string }) {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const controller = useRef<AbortController | undefined>(undefined);
  const { pathCountry, pathLang } = where;

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (request: SearchRequest): Promise<SearchResults | undefined> => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ status: 'loading', request });
      try {
        const results = await fetchStores(request, { pathCountry, pathLang }, own.signal);
        if (own.signal.aborted) return undefined;
        setState({ status: 'success', request, results, at: Date.now() });
        return results;
      } catch (error) {
        if (own.signal.aborted) return undefined;
        console.error('Store search failed', error);
        setState({
          status: 'error',
          request,
          code: error instanceof SearchError ? error.code : undefined,
        });
        return undefined;
      }
    },
    [pathCountry, pathLang],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    setState({ status: 'idle' });
  }, []);

  return { state, run, reset };
}
