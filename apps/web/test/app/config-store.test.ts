import { describe, expect, it, vi } from 'vitest';
import { ConfigStore, globalMatrixPath, toLoadedConfig } from '../../src/lib/config/global-config';
import { config, jsonFetch } from './helpers';

/** Until the locale's configuration has loaded or failed (the answer's check loads its schema). */
const settled = (store: ConfigStore, locale: string) =>
  vi.waitFor(() => expect(store.get(locale).status).not.toBe('loading'));

describe('ConfigStore (PRODUCT.md#home-page, #data-states, #product-api)', () => {
  it('uses the preloaded response without fetching', () => {
    const fetch = jsonFetch({ response: [] });
    const store = new ConfigStore(fetch);
    store.preload('en-GB', { response: [config()] });
    store.ensure('en-GB');
    expect(store.get('en-GB').status).toBe('ready');
    expect(fetch.calls).toEqual([]);
  });

  it('fetches once per country and again only for another country', async () => {
    const fetch = jsonFetch({ response: [config()] });
    const store = new ConfigStore(fetch);
    store.ensure('en-CA');
    expect(store.get('en-CA').status).toBe('loading');
    store.ensure('fr-CA');
    await settled(store, 'fr-CA');
    store.ensure('en-CA');
    expect(store.get('fr-CA').status).toBe('ready');
    store.ensure('en-GB');
    await settled(store, 'en-GB');
    expect(fetch.calls).toEqual([
      '/api/v1/grlui/ca/en/globalmatrix',
      '/api/v1/grlui/uk/en/globalmatrix',
    ]);
  });

  it('reports a failure and retries on request', async () => {
    const store = new ConfigStore(jsonFetch({ error: 'x' }, 500));
    store.ensure('en-GB');
    await settled(store, 'en-GB');
    expect(store.get('en-GB')).toMatchObject({ status: 'error' });
    store.ensure('en-GB');
    expect(store.get('en-GB').status).toBe('error');
    store.ensure('en-GB', true);
    expect(store.get('en-GB').status).toBe('loading');
  });

  it('rejects a response that is not a globalmatrix', async () => {
    const store = new ConfigStore(jsonFetch({ nope: true }));
    store.ensure('en-GB');
    await settled(store, 'en-GB');
    expect(store.get('en-GB')).toMatchObject({ status: 'error' });
  });

  it('reads the answer with its contract: a country the schema refuses is an error', async () => {
    const store = new ConfigStore(jsonFetch({ response: [{ ...config(), countryCode: 7 }] }));
    store.ensure('en-GB');
    await settled(store, 'en-GB');
    expect(store.get('en-GB')).toMatchObject({
      status: 'error',
      message: 'globalmatrix: unexpected response',
    });
  });

  it('notifies subscribers', async () => {
    const store = new ConfigStore(jsonFetch({ response: [config()] }));
    let calls = 0;
    const unsubscribe = store.subscribe(() => (calls += 1));
    store.ensure('en-GB');
    await settled(store, 'en-GB');
    unsubscribe();
    expect(calls).toBe(2);
  });
});

describe('toLoadedConfig', () => {
  it('builds the channels of the first element', () => {
    const loaded = toLoadedConfig('en-GB', { response: [config()] });
    expect(Object.keys(loaded?.channels ?? {})).toEqual(['sales', 'service', 'consulting']);
  });
  it('builds the catch-all of a region from every element', () => {
    const loaded = toLoadedConfig('en-EUROPE', { response: [config()] });
    expect(loaded?.country.countryCode).toBe('europe');
  });
  it('is undefined for an empty response', () => {
    expect(toLoadedConfig('en-GB', { response: [] })).toBeUndefined();
  });
  it('paths', () => {
    expect(globalMatrixPath('uk', 'en')).toBe('/api/v1/grlui/uk/en/globalmatrix');
  });
});
