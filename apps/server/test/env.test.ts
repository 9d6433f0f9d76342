import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../src/env.js';
import { etaServiceFor } from '../src/modules/maps/provider.js';

describe('environment configuration', () => {
  it('has embedded defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      GEOCODER: 'embedded',
      GEOCODER_SCOPE: 'all',
      ROUTING: 'estimate',
      MAP_TOKEN: '',
    });
    expect(Object.isFrozen(env)).toBe(true);
    expect(etaServiceFor(env)).toBeUndefined();
  });

  it('lists every problem at once', () => {
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', ROUTING: 'osrm' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/LOG_LEVEL/);
    }
  });

  it('requires a service URL for external geocoders and routers', () => {
    expect(() => loadEnv({ ROUTING: 'osrm' })).toThrow(/ROUTING_URL is required/);
    expect(() => loadEnv({ GEOCODER: 'photon' })).toThrow(/GEOCODER_URL is required/);
    expect(() => loadEnv({ GEOCODER_SCOPE: 'cities' })).toThrow(/GEOCODER_SCOPE/);
    expect(() => loadEnv({ GEOCODER: 'nominatim', GEOCODER_URL: 'ftp://x' })).toThrow(
      /GEOCODER_URL: must be an http\(s\) URL/,
    );
    const env = loadEnv({ ROUTING: 'valhalla', ROUTING_URL: 'http://127.0.0.1:8002' });
    expect(etaServiceFor(env)).toBeDefined();
    expect(etaServiceFor(loadEnv({ ROUTING: 'osrm', ROUTING_URL: 'http://h' }))).toBeDefined();
  });
});

describe('whole configuration', () => {
  it('lists the problems of the environment and the data-layer settings together', async () => {
    const { loadConfiguration } = await import('../src/settings.js');
    expect(() =>
      loadConfiguration({
        PORT: 'x',
        DEMO_DATA: 'maybe',
        ANALYTICS_FORWARD_KIND: 'carrier-pigeon',
        MAP_STYLE: 'vendor',
        HSTS_MAX_AGE: 'forever',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'localhost:4318',
      }),
    ).toThrow(
      /PORT[\s\S]*DEMO_DATA[\s\S]*ANALYTICS_FORWARD_KIND[\s\S]*MAP_STYLE_URL[\s\S]*HSTS_MAX_AGE[\s\S]*OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: must be an http\(s\) URL/,
    );
    const { env, settings, security, traces } = loadConfiguration({});
    expect(traces).toBeNull();
    expect(security.HSTS_MAX_AGE).toBe(31536000);
    expect(env.PORT).toBe(8080);
    expect(settings.DEMO_DATA).toBe('auto');
  });
});

describe('PUBLIC_ORIGIN', () => {
  it('is an http(s) origin only, kept without a trailing slash', async () => {
    const { loadSettings } = await import('../src/settings.js');
    expect(loadSettings({}).PUBLIC_ORIGIN).toBe('http://localhost:8080');
    expect(loadSettings({ PUBLIC_ORIGIN: 'https://Stores.Example.com/' }).PUBLIC_ORIGIN).toBe(
      'https://stores.example.com',
    );
    expect(loadSettings({ PUBLIC_ORIGIN: 'https://x.example:8443' }).PUBLIC_ORIGIN).toBe(
      'https://x.example:8443',
    );
    for (const bad of [
      'stores.example.com',
      'ftp://stores.example.com',
      'https://stores.example.com/locator',
      'https://stores.example.com/?a=1',
      'https://user:pw@stores.example.com',
    ]) {
      expect(() => loadSettings({ PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN/);
    }
  });
});
