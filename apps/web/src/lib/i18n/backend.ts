/**
 * A small i18next backend: GET /locales/{namespace}s-{lang_REGION}.json (PRODUCT.md#other-server-calls). The server
 * sets the 30-day cache; the browser's HTTP cache does the rest. A missing file, an error or a
 * body that is not a JSON object counts as "no translations here" so that i18next falls back
 * to the next file of the chain instead of failing.
 */
import type { BackendModule, ReadCallback } from 'i18next';
import { translationUrl } from './translation-locales';

export function localeFetchBackend(fetchImpl: typeof fetch = (...a) => fetch(...a)): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      fetchImpl(translationUrl(namespace, language), { headers: { Accept: 'application/json' } })
        .then(async (res) => {
          const type = res.headers.get('content-type') ?? '';
          if (!res.ok || !type.includes('json')) return {};
          const body: unknown = await res.json();
          return body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
        })
        .then(
          (data) => callback(null, data as Record<string, unknown>),
          () => callback(null, {}),
        );
    },
  };
}
