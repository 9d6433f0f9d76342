/** The generated OpenAPI documents are served and judged by an independent validator. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { config, testStores } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { contractJudge } from './helpers/openapi-contract.js';

describe.each(DIALECTS)('OpenAPI documents on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll(testStores(config(), 50));
    a = await makeApp(t.db);
  });
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('serves the public API document, OpenAPI 3.1, without the admin paths', async () => {
    const res = await a.app.inject('/api/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/api/v1/grlui/{countryCode}/{lang}/globalmatrix');
    expect(paths.some((p) => p.startsWith('/api/v1/admin/'))).toBe(false);
    // The routes outside the APIs (basemap, embed frame, store pages) have schemas, not documented.
    expect(paths.filter((p) => !p.startsWith('/api/v1/') && p !== '/mapKitToken')).toEqual([]);
    const judge = await contractJudge(doc);
    const answer = await a.app.inject('/api/v1/grlui/uk/en/globalmatrix');
    expect(
      judge.check({
        method: 'GET',
        url: '/api/v1/grlui/uk/en/globalmatrix',
        status: answer.statusCode,
        headers: answer.headers,
        body: answer.json(),
      }),
    ).toEqual([]);
  });
});
