/**
 * Hostile input: property-based tests (fast-check, fixed seeds) that send more than
 * 10,000 generated requests to every endpoint of the real app — API over a real SQLite
 * database, maps endpoints on the embedded engine, basemap with a PMTiles archive, host page and
 * the built web app's files — with wrong types, huge numbers, NaN/Infinity, negative zero,
 * unicode (RTL, emoji, combining marks, NUL, lone surrogates), very long strings, path tricks,
 * repeated parameters, bad JSON, wrong media types, huge bodies and odd headers.
 *
 * The property, for every response:
 *  - the status is below 500;
 *  - a 4xx has the catalogue's body `{"error":{"code","message","param"?}}` (JSON, nothing else),
 *    its code in ERROR_CATALOGUE with that status; rate limits are off here, so never 429;
 *  - paths (app.ts): under /api/, /basemap/, /locales/ and /assets/ an unknown one is 404
 *    NOT_FOUND; elsewhere (pages, PRODUCT.md#routes "*") GET/HEAD of a path that is not a file of the web
 *    app answers the host page (200, HTML with the locale's lang/dir and the boot data), any
 *    other method 405 METHOD_NOT_ALLOWED (Allow: GET, HEAD) in the same JSON shape; a path some
 *    route answers for other methods: 405 with those in Allow; files are served as they are;
 *  - the one body-less 4xx: 416 of /basemap/tiles.pmtiles (HTTP Range, with Content-Range
 *    "bytes *\/size", as modules/basemap/README.md documents); HEAD answers carry no body;
 *  - JSON bodies parse, and nothing outside the served folders is ever answered;
 *  - every answer has the security headers, and HEAD answers the status and type GET answers
 *    (OPTIONS and CORS preflights have a property of their own: 404 NOT_FOUND or 405
 *    METHOD_NOT_ALLOWED, nothing allowed cross-origin).
 * Requests Node's HTTP parser itself rejects are sent over raw sockets in hostile.raw.test.ts.
 * On failure fast-check prints the shrunk counterexample and the seed.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { parse as parseHtml } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  CHANNEL_KEYS,
  ERROR_CATALOGUE,
  ERROR_CODES,
  isErrorCode,
  localeAliasPath,
  parseLocalePath,
  storePagePath,
} from '@locator/core';
import { openTestDb, type TestDb } from './helpers/databases.js';
import { fixtureStores, hostileStores, LONDON } from './helpers/fixtures.js';
import { makeFullApp } from './helpers/full-app.js';
import type { TestApp } from './helpers/app.js';
import { REPLACEMENT_SEGMENT, routableUrl } from '../src/http/url.js';
import { pmtilesArchive } from './helpers/pmtiles.js';

const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const WEB_DIST = resolve(repoRoot, 'apps/web/dist');
const LOCALES_DIR = resolve(repoRoot, 'apps/web/public/locales');

/**
 * Base seed; each property adds its index, so every run sends the same requests. HOSTILE_SEED
 * explores other inputs (a failure prints the seed and counterexample to reproduce it).
 */
const SEED = Number(process.env.HOSTILE_SEED ?? 20_261_125);
/** Generated requests per property: 10,200 in all (shrinking after a failure sends more). */
const RUNS = {
  globalmatrix: 700,
  search: 2000,
  locationSearch: 1000,
  events: 1000,
  maps: 2000,
  basemap: 1000,
  small: 700,
  hostPage: 800,
  anyPath: 1000,
  headOptions: 600,
  storePages: 800,
};
const TOTAL_RUNS = Object.values(RUNS).reduce((a, b) => a + b, 0);

interface Req {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

let t: TestDb;
let full: TestApp;
let app: FastifyInstance;
let sent = 0;
let archiveSize = 0;
/** Files of the built web app, as URL paths ("/favicon.svg", "/assets/…"). */
let webFiles: string[] = [];
/** Status counts by property, logged at the end (how deep the generated input reaches). */
const statuses = new Map<string, Map<number, number>>();
let current = '';

// ------------------------------------------------------------------------------- the app

/** A PMTiles v3 archive with one (opaque) z0 tile and JSON metadata. */
function tinyArchive(): Buffer {
  return pmtilesArchive(Buffer.from('not really a vector tile, the server never reads it'), {
    vector_layers: [{ id: 'water' }],
  });
}

function listWebFiles(): string[] {
  try {
    const top = readdirSync(WEB_DIST, { withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => `/${d.name}`);
    const assets = readdirSync(join(WEB_DIST, 'assets'))
      .filter((f) => !f.endsWith('.map'))
      .slice(0, 12)
      .map((f) => `/assets/${f}`);
    return [...top, ...assets];
  } catch {
    return [];
  }
}

beforeAll(async () => {
  t = await openTestDb('sqlite');
  await t.db.stores.replaceAll([...fixtureStores(), ...hostileStores()]);
  const archive = tinyArchive();
  archiveSize = archive.length;
  const pmtiles = join(mkdtempSync(join(tmpdir(), 'hostile-')), 'tiny.pmtiles');
  writeFileSync(pmtiles, archive);
  webFiles = listWebFiles();
  full = await makeFullApp(t.db, {
    // Rate limits off: 429s would drown the property.
    settings: {
      RATE_LIMIT_SEARCH: '0',
      RATE_LIMIT_STATS: '0',
      RATE_LIMIT_MAPS: '0',
      ADMIN_AUTH_FAILURES: '0',
      LOCALES_DIR,
    },
    analytics: { RATE_LIMIT_EVENTS: '0', ANALYTICS: 'on' },
    env: { WEB_DIST },
    basemap: { MAP_STYLE: 'pmtiles', MAP_PMTILES_PATH: pmtiles },
  });
  app = full.app;
});

afterAll(async () => {
  await app?.close();
  await full?.services.close();
  await t?.cleanup();
});

// ------------------------------------------------------------------------- the property

async function send(req: Req): Promise<LightMyRequestResponse> {
  sent += 1;
  const res = await app.inject({
    method: req.method as 'GET',
    url: req.url,
    ...(req.headers ? { headers: req.headers } : {}),
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  const counts = statuses.get(current) ?? new Map<number, number>();
  counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
  statuses.set(current, counts);
  return res;
}

/** The body as text, decompressed when the server compressed it. */
function bodyText(res: LightMyRequestResponse): string {
  if (res.rawPayload.length === 0) return '';
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

/** The path of a URL, without the trailing slash the router ignores. */
const pathOf = (url: string): string => (url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
/** Not a page path: an endpoint, or the build's hashed files (app.ts NOT_A_PAGE). */
const isApiPath = (path: string): boolean =>
  /^\/(api|basemap|locales|assets|sitemaps)(\/|$)/.test(path) ||
  /^\/store-pages\.[0-9a-f]+\.css$/.test(path) ||
  ['/mapKitToken', '/healthz', '/sitemap.xml', '/robots.txt'].includes(path);

/** A path of the store pages (modules/pages/README.md): `{locale path}stores/…`. */
const isStorePagesPath = (path: string): boolean => /^(\/[^/]+\/[^/]+)?\/stores(\/|$)/.test(path);

/** A page path whose locale segments name no site: the not-found page answers it (app.ts). */
const namesNoSite = (path: string): boolean => !isApiPath(path) && !parseLocalePath(path).known;

/**
 * A store or directory page, or its 404 / 410 page: HTML whose only scripts are JSON-LD data
 * blocks, the island's JSON data block and its same-origin module (the web app's build), with
 * no event-handler attribute and no javascript: link, whatever the store data or the path; its
 * only image the small map of our own basemap; the error pages are not indexed.
 */
function checkStorePage(where: string, status: number, text: string): void {
  expect(status, where).toBeOneOf([200, 404, 410]);
  expect(text, where).toMatch(/<html lang="[A-Za-z0-9-]+" dir="(ltr|rtl)">/);
  for (const tag of text.match(/<script[^>]*>/gi) ?? []) {
    expect(tag, where).toMatch(
      /^<script (type="application\/ld\+json"|type="application\/json" id="sp-island"|type="module" src="\/assets\/store-island-[\w-]+\.js")>$/,
    );
  }
  const root = parseHtml(text);
  const handlers = root
    .querySelectorAll('*')
    .flatMap((el) => Object.keys(el.attributes).filter((k) => /^on/i.test(k)));
  expect(handlers, where).toEqual([]);
  for (const a of root.querySelectorAll('a')) {
    expect(a.getAttribute('href') ?? '', where).not.toMatch(/^\s*(javascript|data|vbscript):/i);
  }
  expect(root.querySelectorAll('iframe, object, embed, svg, style').length, where).toBe(0);
  for (const img of root.querySelectorAll('img, source')) {
    expect(img.getAttribute('src') ?? img.getAttribute('srcset'), where).toMatch(
      /^\/basemap\/static\.svg\?lat=-?[\d.]+&lon=-?[\d.]+&z=\d+&w=\d+&h=\d+&lang=[\w-]+&v=[\w.-]+$/,
    );
  }
  if (status !== 200) expect(text, where).toContain('<meta name="robots" content="noindex">');
}

function describeReq(req: Req): string {
  const payload = req.payload === undefined ? '' : ` body(${req.payload.length})`;
  return `${req.method} ${req.url.slice(0, 200)}${payload}`;
}

/** Asserts the property for one request and its response (see the file comment). */
function check(req: Req, res: LightMyRequestResponse): void {
  const where = describeReq(req);
  const status = res.statusCode;
  expect(status, where).toBeLessThan(500);
  expect(status, where).not.toBe(429);
  // The path as the server read it (inject's URL parser resolves "..", the app may rewrite it).
  const path = pathOf(res.raw.req.url ?? req.url);
  const text = req.method === 'HEAD' ? '' : bodyText(res);
  // Nothing from outside the served folders (path tricks): the repo's package.json, /etc/passwd.
  expect(text.includes('"workspaces"') || /root:.*:0:0:/.test(text), where).toBe(false);

  if (req.method === 'HEAD') {
    expect(res.body, where).toBe('');
    return;
  }
  if (status === 416) {
    expect(path, where).toBe('/basemap/tiles.pmtiles');
    expect(res.headers['content-range'], where).toBe(`bytes */${archiveSize}`);
    expect(text, where).toBe('');
    return;
  }
  const type = String(res.headers['content-type'] ?? '');
  if (status === 301) {
    // A store page redirects to the store's canonical path on this site, a site named by its
    // country's ISO code to the site's own path.
    expect(isStorePagesPath(path) || localeAliasPath(path) !== undefined, where).toBe(true);
    expect(String(res.headers.location), where).toMatch(/^\/[^/\\]/);
    return;
  }
  if (
    (isStorePagesPath(path) || namesNoSite(path)) &&
    /^text\/html/.test(type) &&
    !text.includes('id="locator-boot"')
  ) {
    checkStorePage(where, status, text);
    return;
  }
  if (status >= 400) {
    expect(type, where).toMatch(/^application\/json/);
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(body), where).toEqual(['error']);
    const { code, message, param, ...rest } = body.error as Record<string, unknown>;
    expect(rest, where).toEqual({});
    expect(isErrorCode(code) ? code : `undocumented code ${String(code)}`, where).toBeOneOf([
      ...ERROR_CODES,
    ]);
    expect(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].status, where).toBe(status);
    expect(typeof message === 'string' && message.length > 0, where).toBe(true);
    if (param !== undefined) expect(typeof param, where).toBe('string');
    if (!isApiPath(path) && code === 'NOT_FOUND') expect(req.method, where).not.toBe('GET');
    return;
  }
  if (/^application\/json/.test(type) && text !== '') {
    expect(() => JSON.parse(text), where).not.toThrow();
  }
  if (status === 200 && !isApiPath(path) && !webFiles.includes(path)) {
    // The host page (PRODUCT.md#routes "*"), whatever the path.
    expect(type, where).toMatch(/^text\/html/);
    expect(text, where).toMatch(/<html lang="[A-Za-z0-9-]+" dir="(ltr|rtl)">/);
    expect(text, where).toContain('id="locator-boot"');
  }
}

/**
 * HEAD answers what GET answers, without the body: the same status and type (one budget and one
 * code path, http/rate-limit-counters.ts). Every answer has the security headers.
 */
async function checkHead(req: Req, res: LightMyRequestResponse): Promise<void> {
  const where = describeReq(req);
  expect(res.headers['x-content-type-options'], where).toBe('nosniff');
  if (req.method !== 'HEAD') return;
  const twin = await send({ ...req, method: 'GET' });
  expect(res.statusCode, `${where} (GET: ${twin.statusCode})`).toBe(twin.statusCode);
  expect(res.headers['content-type'], where).toBe(twin.headers['content-type']);
}

async function runProperty(index: number, arb: fc.Arbitrary<Req>, numRuns: number) {
  current = expect.getState().currentTestName?.split(' > ').pop() ?? String(index);
  await fc.assert(
    fc.asyncProperty(arb, async (req) => {
      const res = await send(req);
      check(req, res);
      await checkHead(req, res);
    }),
    { seed: SEED + index, numRuns },
  );
}

// ------------------------------------------------------------------------------ the inputs

/** Percent-encodes a string; a lone surrogate becomes its (invalid) three-byte UTF-8 form. */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    let out = '';
    for (const ch of s) {
      const c = ch.codePointAt(0) ?? 0;
      if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) {
        out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      } else {
        out += encodeURIComponent(ch);
      }
    }
    return out;
  }
}

const TRICKY_TEXT = [
  '',
  ' ',
  '   ',
  'NaN',
  'nan',
  'Infinity',
  '-Infinity',
  '+Infinity',
  '-0',
  '+0',
  '-0.0',
  '0',
  '1e309',
  '-1e309',
  '1e-400',
  '4.9e-324',
  '1.7976931348623157e308',
  '0x1F',
  '0b11',
  '0o7',
  '1_000',
  '1,5',
  '1.2.3',
  '١٢',
  '１２',
  '.',
  '..',
  '-',
  '+',
  'e5',
  '.e5',
  '9'.repeat(400),
  `0.${'0'.repeat(300)}1`,
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '[object Object]',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '"; DROP TABLE stores; --',
  '${7*7}',
  '{{7*7}}',
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202c',
  '\u200f\u200e',
  'مرحبا بالعالم',
  'שלום',
  '👍🏽👨‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301',
  'Z\u0351\u0354\u0350\u0337\u0322',
  '\ud800',
  'x\udc00',
  '\ufeff',
  '\uffff',
  '\r\n',
  '\t',
  '\\',
  '/',
  '../../../../etc/passwd',
  '..\\..\\..\\package.json',
  'No-Contract',
  'all',
  'Drop off',
  'sales',
  'en_GB',
  'GB',
  'uk',
  'europe',
];

/** Raw URL fragments, used as they are (malformed or doubly encoded on purpose). */
const RAW_FRAGMENTS = [
  '%',
  '%%',
  '%G1',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%ED%B0%80',
  '%C0%AE',
  '%C0%AF',
  '%FF%FE',
  '%00',
  '%2e%2e',
  '%2E%2E%2F',
  '%252e%252e%252f',
  '%252f',
  '..%5c..%5c',
  '%5c',
  '+',
  '%2B',
  '%26',
  '%3D',
  '&',
  '=',
  '==',
  '[]',
  'a[b]=c',
  ';',
  '%0d%0aSet-Cookie:%20x=1',
];

const trickyText = fc.constantFrom(...TRICKY_TEXT);

const numberText = fc.oneof(
  fc.double().map((d) => (Object.is(d, -0) ? '-0' : String(d))),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.double({ min: -200, max: 200, noNaN: true }).map((d) => d.toFixed(6)),
);

/** Any hostile text (before URL encoding). */
const hostileText = fc.oneof(
  { weight: 4, arbitrary: trickyText },
  { weight: 3, arbitrary: numberText },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'é', '9', '😀', ',', '%'), fc.integer({ min: 200, max: 20_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

/** A query-string or path value as it goes into the URL. */
const hostileUrlValue = fc.oneof(
  { weight: 6, arbitrary: hostileText.map(enc) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_FRAGMENTS) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(hostileText, fc.constantFrom(...RAW_FRAGMENTS))
      .map(([a, b]) => `${enc(a)}${b}`),
  },
);

/** A value of a parameter: a plausible one (encoded) or a hostile one. */
function valueOf(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(enc) },
    { weight: 2, arbitrary: hostileUrlValue },
  );
}

/**
 * A query string over the given parameters, in one of three modes: every parameter plausible
 * (or absent); all plausible but one, which is hostile (so that each validator is reached);
 * or chaos, each parameter absent, plausible, hostile, repeated (?lat=1&lat=2) or bare (?lat).
 * Sometimes with junk parameters and raw trailing junk.
 */
function queryOf(
  params: Record<string, fc.Arbitrary<string>>,
  required: string[] = [],
): fc.Arbitrary<string> {
  const keys = Object.keys(params);
  const plausible = (key: string) => {
    const given = params[key]!.map((v) => [`${key}=${enc(v)}`]);
    return required.includes(key)
      ? given
      : fc.oneof(
          { weight: 1, arbitrary: fc.constant([] as string[]) },
          { weight: 4, arbitrary: given },
        );
  };
  const hostile = (key: string) =>
    fc.oneof(
      { weight: 4, arbitrary: hostileUrlValue.map((v) => [`${key}=${v}`]) },
      {
        weight: 2,
        arbitrary: fc
          .array(valueOf(params[key]!), { minLength: 2, maxLength: 3 })
          .map((vs) => vs.map((v) => `${key}=${v}`)),
      },
      { weight: 1, arbitrary: fc.constantFrom([key], [`${key}[]=1`], [`${key}[a]=1`]) },
    );
  const chaos = (key: string) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant([] as string[]) },
      { weight: 6, arbitrary: valueOf(params[key]!).map((v) => [`${key}=${v}`]) },
      { weight: 2, arbitrary: hostile(key) },
    );
  const allPlausible = fc.tuple(...keys.map(plausible));
  const oneHostile = fc
    .nat({ max: Math.max(0, keys.length - 1) })
    .chain((bad) => fc.tuple(...keys.map((k, i) => (i === bad ? hostile(k) : plausible(k)))));
  const parts =
    keys.length === 0
      ? fc.constant([] as string[][])
      : fc.oneof(
          { weight: 3, arbitrary: allPlausible },
          { weight: 3, arbitrary: oneHostile },
          { weight: 1, arbitrary: fc.tuple(...keys.map(chaos)) },
        );
  const junkKey = fc.oneof(
    fc.constantFrom('__proto__', 'constructor', '', 'x', 'no-cache', 'callback', 'lat[]', 'v'),
    hostileUrlValue,
  );
  const junk = fc.oneof(
    { weight: 4, arbitrary: fc.constant([] as string[]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(junkKey, hostileUrlValue).map(([k, v]) => `${k}=${v}`),
        { minLength: 1, maxLength: 2 },
      ),
    },
  );
  const tail = fc.constantFrom('', '', '', '', '', '', '&', '&&', '?', '#frag', '&=&', '%');
  return fc.tuple(parts, junk, tail).map(([p, extra, end]) => {
    const all = [...p.flat(), ...extra];
    return all.length === 0 && end === '' ? '' : `?${all.join('&')}${end}`;
  });
}

/** A path segment: a plausible one or a hostile one (path tricks included). */
function segmentOf(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: valid },
    { weight: 2, arbitrary: hostileUrlValue },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '..',
        '.',
        '',
        '%2e%2e',
        '%2e',
        '%2f',
        '%252f',
        '..%2f..%2f',
        '\\',
        '..\\..',
        '%5c',
        'x'.repeat(250),
        '%00',
      ),
    },
  );
}

const acceptEncoding = fc.constantFrom('br', 'gzip', 'gzip, deflate, br', 'identity', '*', 'x');
const asciiHeader = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 80,
});
/** Odd request headers (values a real HTTP parser would let through). */
const headersArb = fc.record(
  {
    'accept-encoding': acceptEncoding,
    'if-none-match': fc.oneof(fc.constantFrom('*', '"x"', 'W/"abc"', ',,,', 'W/'), asciiHeader),
    'x-forwarded-for': fc.constantFrom(
      '1.2.3.4',
      '::1',
      'garbage',
      '1.2.3.4, 5.6.7.8',
      '999.999.999.999',
      '::ffff:1.2.3.4',
      ',',
    ),
    'accept-language': fc.oneof(fc.constantFrom('he-IL', 'ar;q=0.9', '*'), asciiHeader),
    cookie: asciiHeader,
  },
  { requiredKeys: [] },
);

const COUNTRIES = ['uk', 'GB', 'us', 'de', 'fr', 'jp', 'cn', 'ae', 'il', 'id', 'br', 'ca'];
const REGIONS = ['europe', 'asia', 'lac', 'amei'];
const LANGS = ['en', 'fr', 'de', 'ja', 'zh', 'ar', 'he', 'in', 'id', 'pt', 'es', 'EN'];
const countryCode = fc.constantFrom(...COUNTRIES, ...REGIONS);
const lang = fc.constantFrom(...LANGS);
/** Country and language path segments: mostly a configured pair, else each on its own. */
const countryLang = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      ['uk', 'en'],
      ['UK', 'EN'],
      ['gb', 'en'],
      ['us', 'en'],
      ['de', 'de'],
      ['fr', 'fr'],
      ['jp', 'ja'],
      ['ca', 'fr'],
      ['ae', 'ar'],
      ['il', 'he'],
      ['id', 'in'],
      ['br', 'pt'],
      ['fj', 'en'],
      ['europe', 'en'],
      ['asia', 'en'],
      ['lac', 'es'],
      ['amei', 'fr'],
    ),
  },
  { weight: 1, arbitrary: fc.tuple(segmentOf(countryCode), segmentOf(lang)) },
);
const channel = weighted<string>(
  ['sales', 4],
  ['service', 4],
  ...CHANNEL_KEYS.filter((c) => c !== 'sales' && c !== 'service').map((c): [string, number] => [
    c,
    1,
  ]),
  ['SALES', 1],
  ['support', 1],
);
const lat = fc.oneof(
  fc.constant(String(LONDON.lat)),
  fc.double({ min: -90, max: 90, noNaN: true }).map(String),
);
const lon = fc.oneof(
  fc.constant(String(LONDON.lon)),
  fc.double({ min: -180, max: 180, noNaN: true }).map(String),
);
const latLon = fc.tuple(lat, lon).map(([a, b]) => `${a},${b}`);
const localeTag = fc.constantFrom('en_GB', 'en-GB', 'fr_FR', 'he_IL', 'zh_HK', 'en_US');
const methodOf = (...methods: string[]) => fc.constantFrom(...methods);
/** One of the values, each as often as its weight. */
function weighted<T>(...choices: [T, number][]): fc.Arbitrary<T> {
  return fc.oneof(...choices.map(([value, weight]) => ({ weight, arbitrary: fc.constant(value) })));
}

// JSON bodies ----------------------------------------------------------------------------

/** A hostile JSON value for a field: anything JSON can say, hostile text, edge values. */
const hostileField: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  hostileText,
  fc.constantFrom(null, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}, true, '', 0.5),
);

/**
 * An object of the given fields, in one of four modes: all plausible; all plausible but one,
 * hostile or left out; plausible with an extra key; or chaos, each field plausible, hostile or
 * absent. `optional` fields may be absent in the plausible modes.
 */
function objectOf(
  fields: Record<string, fc.Arbitrary<unknown>>,
  optional: string[] = [],
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(fields);
  const plausible = fc.record(fields, {
    requiredKeys: keys.filter((k) => !optional.includes(k)),
  }) as fc.Arbitrary<Record<string, unknown>>;
  const oneHostile = fc
    .tuple(plausible, fc.constantFrom(...keys), fc.option(hostileField, { freq: 4 }))
    .map(([o, key, bad]) => {
      const out = { ...o };
      if (bad === null) delete out[key];
      else out[key] = bad;
      return out;
    });
  const extraKey = fc.tuple(
    fc.constantFrom('__proto__', 'extra', 'constructor', '', 'toString'),
    fc.jsonValue({ maxDepth: 1 }),
  );
  const withExtra = fc.tuple(plausible, extraKey).map(([o, [k, v]]) => ({ ...o, [k]: v }));
  const chaos = fc.record(
    Object.fromEntries(
      keys.map((k) => [k, fc.oneof({ weight: 3, arbitrary: fields[k]! }, hostileField)]),
    ),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, unknown>>;
  return fc.oneof(
    { weight: 4, arbitrary: plausible },
    { weight: 4, arbitrary: oneHostile },
    { weight: 1, arbitrary: withExtra },
    { weight: 1, arbitrary: chaos },
  );
}

/** A request body: JSON of the value, broken JSON, other text, or a huge body. */
function payloadOf(value: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 2,
      arbitrary: fc
        .tuple(value, fc.nat(), fc.constantFrom('', '}', ',', '\u0000', '{"a":', ']]]'))
        .map(([v, cut, junk]) => {
          const s = JSON.stringify(v) ?? '';
          return s.slice(0, cut % (s.length + 1)) + junk;
        }),
    },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: hostileText },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        'null',
        '[]',
        '"x"',
        '1e999',
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        '{"a":1,"a":2}',
        '\ufeff{}',
        '['.repeat(5000),
        `{"searchedLocation":"${'x'.repeat(5000)}"}`,
        `{"events":[${'{"type":"pageView","page":"home","locale":"en_GB"},'.repeat(60)}{}]}`,
      ),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 4_000, max: 2_000_000 }).map((n) => `{"x":"${'a'.repeat(n)}"}`),
    },
  );
}

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/vnd.locator+json',
      'application/json; charset=utf-16',
      'application/json;;',
      'application/jsonp',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
      'application/xml',
      'application/octet-stream',
      '*/*',
      '',
      'none',
    ),
  },
);

function postOf(url: fc.Arbitrary<string>, body: fc.Arbitrary<unknown>): fc.Arbitrary<Req> {
  return fc
    .tuple(
      weighted(['POST', 12], ['PUT', 1], ['GET', 1], ['PATCH', 1], ['DELETE', 1]),
      url,
      payloadOf(body),
      contentType,
      headersArb,
    )
    .map(([method, u, payload, type, headers]) => ({
      method,
      url: u,
      payload,
      headers: type === 'none' ? headers : { ...headers, 'content-type': type },
    }));
}

function getOf(url: fc.Arbitrary<string>, methods = methodOf('GET', 'GET', 'GET', 'HEAD')) {
  return fc
    .tuple(methods, url, headersArb)
    .map(([method, u, headers]): Req => ({ method, url: u, headers }));
}

const API = '/api/v1/grlui';

/** A path inject can send: a leading "//" or "/\\" would be read as a host by its URL parser. */
const rooted = (path: string): string => path.replace(/^\/(?=[/\\])/, '/-');

// --------------------------------------------------------------------------------- tests

describe('hostile input: no 5xx, only catalogue errors', () => {
  it('GET globalmatrix', async () => {
    const url = fc
      .tuple(countryLang, queryOf({ v: fc.constant('1') }))
      .map(([[cc, l], q]) => `${API}/${cc}/${l}/globalmatrix${q}`);
    await runProperty(0, getOf(url), RUNS.globalmatrix);
  });

  it('GET search ?pt&lat&lon&carrier&maxrad&maxResult&repairType', async () => {
    const query = queryOf(
      {
        pt: fc.constantFrom('all', '1', '2', '', 'ALL', '01', '999'),
        lat,
        lon,
        carrier: fc.constantFrom('', 'EE', 'O2', 'Vodafone', 'No-Contract', 'Three', 'AT&T'),
        maxrad: fc.oneof(
          fc.constantFrom('0.1', '1', '100', '1000'),
          fc.double({ min: 0.1, max: 1000, noNaN: true }).map(String),
        ),
        maxResult: fc.integer({ min: 1, max: 500 }).map(String),
        repairType: fc.constantFrom('', 'Drop off', 'drop-off', 'DROPOFF'),
      },
      ['lat', 'lon'],
    );
    const url = fc
      .tuple(countryLang, segmentOf(channel), query)
      .map(([[cc, l], ch, q]) => `${API}/${cc}/${l}/${ch}${q}`);
    await runProperty(1, getOf(url), RUNS.search);
  });

  it('POST locationSearch', async () => {
    const body = objectOf({
      channel: fc.constantFrom(...CHANNEL_KEYS),
      country: countryCode,
      locale: localeTag,
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
      product: fc.constantFrom('', '1', 'all'),
      searchedLocation: fc.constantFrom('', 'London', 'מרכז העיר'),
    });
    const url = weighted(
      [`${API}/locationSearch`, 8],
      [`${API}/locationSearch/`, 1],
      [`${API}/locationSearch?x=1&x=%00`, 1],
      [`${API}/LOCATIONSEARCH`, 1],
    );
    await runProperty(2, postOf(url, body), RUNS.locationSearch);
  });

  it('POST /api/v1/analytics/events', async () => {
    const eventChannel = fc.constantFrom(...CHANNEL_KEYS);
    const pageView = objectOf(
      {
        type: fc.constant('pageView'),
        page: fc.constantFrom('home', 'chooser', 'results', 'error'),
        locale: localeTag,
        country: countryCode,
        channel: eventChannel,
      },
      ['country', 'channel'],
    );
    const search = objectOf(
      {
        type: fc.constant('search'),
        channel: eventChannel,
        country: countryCode,
        locale: localeTag,
        product: fc.constantFrom('all', '1', '2'),
        carrier: fc.constantFrom('', 'EE'),
        trigger: fc.constantFrom('form', 'deepLink', 'dropOff'),
        dropOff: fc.boolean(),
        resultCount: fc.nat({ max: 600 }),
        latitude: fc.double({ min: -90, max: 90, noNaN: true }),
        longitude: fc.double({ min: -180, max: 180, noNaN: true }),
      },
      ['carrier', 'trigger', 'dropOff', 'resultCount'],
    );
    const click = objectOf(
      {
        type: fc.constant('click'),
        link: fc.constantFrom('directions', 'website', 'phone', 'share', 'home'),
        locale: localeTag,
        channel: eventChannel,
        country: countryCode,
        product: fc.constantFrom('all', '1'),
        storeId: fc.constantFrom('GB-1', 'DE-2', 'store_9.x'),
      },
      ['channel', 'country', 'product', 'storeId'],
    );
    const event = fc.oneof(
      { weight: 3, arbitrary: pageView },
      { weight: 3, arbitrary: search },
      { weight: 3, arbitrary: click },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    );
    const batch = fc.oneof(
      {
        weight: 6,
        arbitrary: objectOf({ events: fc.array(event, { minLength: 1, maxLength: 4 }) }),
      },
      {
        weight: 1,
        arbitrary: fc.integer({ min: 0, max: 80 }).map((n) => ({
          events: Array.from({ length: n }, () => ({
            type: 'pageView',
            page: 'home',
            locale: 'en_GB',
          })),
        })),
      },
    );
    const url = weighted(
      ['/api/v1/analytics/events', 8],
      ['/api/v1/analytics/events/', 1],
      ['/api/v1/analytics/events?x=%00', 1],
      ['/api/v1/analytics/EVENTS', 1],
    );
    await runProperty(3, postOf(url, batch), RUNS.events);
  });

  it('GET the maps endpoints (autocomplete, geocode, reverse, eta)', async () => {
    const q = fc.constantFrom('manch', 'London', '東京', 'القاهرة', '10001', '48.85, 2.35', 'São');
    const countries = fc.constantFrom('GB', 'uk,ie', 'US,CA', 'europe', 'fr,de,it', 'gb,');
    const mapsLang = fc.constantFrom('en', 'en-GB', 'zh-Hant', 'zh_HK', 'ar', 'he', 'pt-BR');
    const limit = fc.integer({ min: 1, max: 20 }).map(String);
    const destinations = fc.oneof(
      fc.array(latLon, { minLength: 1, maxLength: 5 }).map((d) => d.join(';')),
      fc.integer({ min: 90, max: 130 }).map((n) => Array(n).fill('51.5,-0.1').join(';')),
    );
    const url = fc.oneof(
      queryOf({ q, countries, lang: mapsLang, limit, lat, lon }, ['q']).map(
        (s) => `/api/v1/maps/autocomplete${s}`,
      ),
      queryOf({ q, countries, lang: mapsLang, limit }, ['q']).map(
        (s) => `/api/v1/maps/geocode${s}`,
      ),
      queryOf({ lat, lon, lang: mapsLang }, ['lat', 'lon']).map((s) => `/api/v1/maps/reverse${s}`),
      queryOf(
        { origin: latLon, destinations, mode: fc.constantFrom('automobile', 'walking', '') },
        ['origin', 'destinations'],
      ).map((s) => `/api/v1/maps/eta${s}`),
      fc
        .tuple(
          segmentOf(fc.constantFrom('autocomplete', 'geocode', 'reverse', 'eta')),
          hostileUrlValue,
        )
        .map(([ep, s]) => `/api/v1/maps/${ep}?${s}`),
    );
    const methods = weighted(['GET', 12], ['HEAD', 1], ['POST', 1]);
    await runProperty(4, getOf(url, methods), RUNS.maps);
  });

  it('GET the basemap endpoints (config, style, geo and place tiles, PMTiles archive)', async () => {
    const basemapLang = fc.constantFrom('en', 'fr', 'zh-Hant', 'ar', 'he', 'pt_BR');
    // Low zooms with few tiles, so the tile caches keep the run short.
    const zxy = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('0/0/0', '1/0/1', '1/1/0', '2/1/1', '3/4/2') },
      {
        weight: 2,
        arbitrary: fc
          .tuple(numberText, numberText, numberText)
          .map((parts) => parts.map(enc).join('/')),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            segmentOf(fc.constant('1')),
            segmentOf(fc.constant('0')),
            segmentOf(fc.constant('0')),
          )
          .map((parts) => parts.join('/')),
      },
    );
    const ext = fc.constantFrom('.pbf', '.pbf', '', '.png', '.pbf.pbf', '%2Epbf');
    const tileQuery = queryOf({ v: fc.constantFrom('x'), lang: basemapLang });
    const range = fc.oneof(
      fc.constantFrom(
        'bytes=0-126',
        'bytes=-10',
        'bytes=0-',
        'bytes=100000-',
        'bytes=5-1',
        'bytes=0-1,5-6',
        'bytes=-0',
        'bytes=',
        'items=0-1',
        'bytes=99999999999999999999999-',
        'bytes=0-99999999999999999999999',
        'bytes=-99999999999999999999999',
      ),
      fc
        .tuple(fc.oneof(numberText, fc.constant('')), fc.oneof(numberText, fc.constant('')))
        .map(([a, b]) => `bytes=${a}-${b}`),
      asciiHeader,
    );
    const archiveReq = fc
      .tuple(
        methodOf('GET', 'GET', 'HEAD', 'POST'),
        headersArb,
        fc.option(range),
        fc.option(fc.oneof(asciiHeader, fc.constant('"x"'))),
        queryOf({ v: fc.constant('1') }),
      )
      .map(([method, headers, r, ifRange, q]): Req => {
        const h: Record<string, string> = { ...headers };
        if (r !== null) h.range = r;
        if (ifRange !== null) h['if-range'] = ifRange;
        return { method, url: `/basemap/tiles.pmtiles${q}`, headers: h };
      });
    const url = fc.oneof(
      queryOf({ lang: basemapLang }).map((q) => `/basemap/config.json${q}`),
      queryOf({ lang: basemapLang }).map((q) => `/basemap/style.json${q}`),
      fc.tuple(zxy, ext, tileQuery).map(([p, e, q]) => `/basemap/geo/${p}${e}${q}`),
      fc.tuple(zxy, ext, tileQuery).map(([p, e, q]) => `/basemap/places/${p}${e}${q}`),
      // The store pages' small map: any point and size, in range or not.
      // (A few points, each drawn once, at zooms below the OpenStreetMap sea: reading that takes
      // seconds, and the page tests draw a zoom-12 map.)
      queryOf({
        lat: fc.constantFrom('51.50735', '91', '-85.1', '1e3', ''),
        lon: fc.constantFrom('-0.12776', '180.5', '0x10'),
        z: fc.constantFrom('2', '5', '0', '13', '7.5'),
        w: fc.constantFrom('64', '2000', '0'),
        h: fc.constantFrom('240', '1025'),
        lang: basemapLang,
      }).map((q) => `/basemap/static.svg${q}`),
      fc
        .tuple(segmentOf(fc.constantFrom('geo', 'places', 'style.json')), hostileUrlValue)
        .map(([a, b]) => `/basemap/${a}/${b}`),
    );
    await runProperty(5, fc.oneof(getOf(url), archiveReq), RUNS.basemap);
  });

  it('GET /mapKitToken, /locales/…, /healthz', async () => {
    const localeFiles = readdirSync(LOCALES_DIR).filter((f) => f.endsWith('.json'));
    const localeFile = fc.oneof(
      fc.constantFrom(...localeFiles.slice(0, 20)),
      fc.constantFrom(
        'commons-xx_YY.json',
        'commons-en.json',
        'pages-en_US.json',
        'commons-EN_us.json',
        'commons-en_US.JSON',
        'nopes-en_US.json',
        's-en_US.json',
        'commons-en_US.json.br',
        'README.md',
        '..%2fREADME.md',
        '%2e%2e%2f%2e%2e%2fpackage.json',
        '..%5c..%5cpackage.json',
        `${'a'.repeat(39)}s-en_US.json`,
        `${'a'.repeat(40)}s-en_US.json`,
      ),
    );
    const url = fc.oneof(
      queryOf({ 'no-cache': fc.constantFrom('1', '0.123') }).map((q) => `/mapKitToken${q}`),
      fc
        .tuple(segmentOf(localeFile), queryOf({ v: fc.constant('1') }))
        .map(([f, q]) => `/locales/${f}${q}`),
      fc.tuple(segmentOf(localeFile), segmentOf(localeFile)).map(([a, b]) => `/locales/${a}/${b}`),
      queryOf({ x: fc.constant('1') }).map((q) => `/healthz${q}`),
    );
    await runProperty(
      6,
      getOf(url, weighted(['GET', 8], ['HEAD', 1], ['POST', 1], ['DELETE', 1], ['OPTIONS', 1])),
      RUNS.small,
    );
  });

  it('GET the host page routes and the web app files', async () => {
    const pagePath = fc.oneof(
      fc.constantFrom(
        '/',
        '/choose-country-region',
        '/sales',
        '/service',
        '/uk/en',
        '/uk/en/',
        '/uk/en/sales',
        '/ae/ar/service',
        '/il/he',
        '/id/in',
        '/europe/en',
        '/lac/es/sales',
        '/cn/zh/sales?pt=1',
        '/assets/missing-chunk.js',
        '/favicon.ico',
        '/index.html',
      ),
      ...(webFiles.length > 0 ? [fc.constantFrom(...webFiles)] : []),
      fc
        .array(segmentOf(fc.constantFrom('uk', 'en', 'sales', 'assets', 'images', 'fr')), {
          minLength: 1,
          maxLength: 5,
        })
        .map((segments) => rooted(`/${segments.join('/')}`)),
    );
    const url = fc
      .tuple(pagePath, queryOf({ lat, lon, pt: fc.constant('1'), location: trickyText }))
      .map(([p, q]) => (p.includes('?') ? p : `${p}${q}`));
    await runProperty(
      7,
      getOf(url, methodOf('GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS')),
      RUNS.hostPage,
    );
  });

  it('any path, any method, any body', async () => {
    const vocabulary = fc.constantFrom(
      'api',
      'v1',
      'grlui',
      'maps',
      'analytics',
      'events',
      'basemap',
      'locales',
      'assets',
      'healthz',
      'mapKitToken',
      'uk',
      'en',
      'sales',
      'globalmatrix',
      'locationSearch',
      'autocomplete',
      'tiles.pmtiles',
    );
    const path = fc
      .tuple(
        fc.array(segmentOf(vocabulary), { minLength: 0, maxLength: 7 }),
        fc.constantFrom('/', '/', '/', '//', '/./', '\\', '/%2f'),
      )
      .map(([segments, sep]) => rooted(`/${segments.join(sep)}`));
    const req = fc
      .tuple(
        methodOf('GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        path,
        queryOf({ lat, lon, q: fc.constant('x') }),
        fc.option(payloadOf(fc.jsonValue({ maxDepth: 2 }))),
        contentType,
        headersArb,
      )
      .map(([method, p, q, payload, type, headers]): Req => {
        const withBody = payload !== null && method !== 'GET' && method !== 'HEAD';
        return {
          method,
          url: `${p}${q}`,
          headers: withBody && type !== 'none' ? { ...headers, 'content-type': type } : headers,
          ...(withBody ? { payload } : {}),
        };
      });
    await runProperty(8, req, RUNS.anyPath);
  });

  it('HEAD and OPTIONS of every endpoint (HEAD as GET without the body; OPTIONS 404 or 405 with Allow)', async () => {
    const endpoint = fc.constantFrom(
      `${API}/uk/en/globalmatrix`,
      `${API}/uk/en/sales?lat=${LONDON.lat}&lon=${LONDON.lon}`,
      `${API}/uk/en/service?lat=${LONDON.lat}&lon=${LONDON.lon}&carrier=EE`,
      `${API}/uk/en/sales`,
      `${API}/locationSearch`,
      '/api/v1/analytics/events',
      '/api/v1/maps/autocomplete?q=manch&countries=GB',
      '/api/v1/maps/geocode?q=leeds',
      '/api/v1/maps/reverse?lat=48.85&lon=2.35',
      '/api/v1/maps/eta?origin=48.85,2.35&destinations=48.86,2.30',
      '/basemap/config.json',
      '/basemap/style.json',
      '/basemap/tiles.pmtiles',
      '/basemap/geo/0/0/0.pbf',
      '/locales/commons-en_US.json',
      '/locales/README.md',
      '/mapKitToken',
      '/healthz',
      '/',
      '/uk/en/sales',
      '/assets/missing.js',
      '/favicon.svg',
    );
    const url = fc.oneof(
      { weight: 3, arbitrary: endpoint },
      {
        weight: 1,
        arbitrary: fc
          .tuple(endpoint, hostileUrlValue)
          .map(([u, v]) => `${u}${u.includes('?') ? '&' : '?'}lat=${v}`),
      },
    );
    const preflight = fc.record(
      {
        origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost:8080'),
        'access-control-request-method': fc.constantFrom('GET', 'POST', 'DELETE', 'FOO'),
        'access-control-request-headers': fc.constantFrom('content-type', 'x-anything', '*'),
        range: fc.constantFrom('bytes=0-10', 'bytes=999999-', 'bytes=5-1', 'lines=1-2'),
      },
      { requiredKeys: [] },
    );
    const req = fc
      .tuple(methodOf('HEAD', 'HEAD', 'OPTIONS'), url, headersArb, preflight)
      .map(([method, u, h, p]): Req => ({ method, url: u, headers: { ...h, ...p } }));
    await runProperty(9, req, RUNS.headOptions);
  });

  it('GET the store pages, whatever the path and the store data', async () => {
    const known = [...fixtureStores(), ...hostileStores()].map((r) =>
      storePagePath('/', r.storeId, JSON.parse(r.doc).title as string).slice('/stores/'.length),
    );
    const segment = segmentOf(
      fc.oneof(
        fc.constantFrom(...known),
        fc.constantFrom('in', 'england', '-', 'testville', 'gb', 'fj', 'GB-1-x', 'GB-1'),
        trickyText.map(enc),
      ),
    );
    const url = fc
      .tuple(
        fc.constantFrom('', '/uk/en', '/europe/en', '/asia/en', '/de/de', '/ae/ar', '/xx/yy'),
        fc.array(segment, { minLength: 0, maxLength: 5 }),
      )
      .map(([locale, segments]) => rooted(`${locale}/stores/${segments.join('/')}`));
    await runProperty(10, getOf(url), RUNS.storePages);
  });

  it(`sent at least 10,000 generated requests (${TOTAL_RUNS} planned)`, () => {
    const lines = [...statuses.entries()].map(([name, counts]) => {
      const byStatus = [...counts.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ');
      return `  ${name}: ${byStatus}`;
    });
    console.log(`hostile input: ${sent} requests\n${lines.join('\n')}`);
    expect(TOTAL_RUNS).toBeGreaterThanOrEqual(10_000);
    expect(sent).toBeGreaterThanOrEqual(10_000);
  });
});

/** The failures the property found, each kept as a plain example. */
describe('hostile input: regressions', () => {
  const get = (url: string, method: 'GET' | 'POST' | 'HEAD' = 'GET') => app.inject({ method, url });
  const errorOf = (res: LightMyRequestResponse) =>
    (res.json() as { error: { code: string; message: string; param?: string } }).error;

  it("a path with malformed percent-encoding gets the routes' catalogue answer, not Fastify's body", async () => {
    // Was: 400 {"error":"Bad Request","code":"FST_ERR_BAD_URL",…} without our headers.
    const cc = await get('/api/v1/grlui/%/en/globalmatrix');
    expect(cc.statusCode).toBe(400);
    expect(errorOf(cc)).toMatchObject({ code: 'INVALID_PARAMETER', param: 'countryCode' });
    const surrogate = await get('/api/v1/grlui/uk/%ED%A0%80/sales?lat=1&lon=1');
    expect(surrogate.statusCode).toBe(400);
    expect(errorOf(surrogate)).toMatchObject({ code: 'INVALID_PARAMETER', param: 'lang' });
    const tile = await get('/basemap/geo/%E0%A4%A/0/0');
    expect(tile.statusCode).toBe(404);
    expect(errorOf(tile).code).toBe('NOT_FOUND');
    // A page path (the host page answers GET): POST is not one of its methods.
    const post = await get('/%', 'POST');
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(errorOf(post).code).toBe('METHOD_NOT_ALLOWED');
    for (const res of [cc, surrogate, tile, post]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // A page path is a page: the host page with the path's locale and every header.
    const page = await get('/uk/en/%E0');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toMatch(/<html lang="en-GB" dir="ltr">/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it("a path segment over 200 characters gets the route's answer, not 414 FST_ERR_MAX_PARAM_LENGTH", async () => {
    const long = 'x'.repeat(250);
    const cc = await get(`/api/v1/grlui/${long}/en/globalmatrix`);
    expect(cc.statusCode).toBe(400);
    expect(errorOf(cc)).toMatchObject({ code: 'INVALID_PARAMETER', param: 'countryCode' });
    const file = await get(`/locales/${long}`);
    expect(file.statusCode).toBe(400);
    expect(errorOf(file)).toMatchObject({ code: 'INVALID_PARAMETER', param: 'file' });
    expect((await get(`/uk/en/${long}`)).statusCode).toBe(200);
  });

  it('a repeated parameter is INVALID_PARAMETER "given more than once", not MISSING_PARAMETER', async () => {
    // Was: the maps endpoints answered MISSING_PARAMETER (their parse did not see the query).
    for (const [url, param] of [
      ['/api/v1/maps/autocomplete?q=a&q=b', 'q'],
      ['/api/v1/maps/geocode?q=leeds&q=york', 'q'],
      ['/api/v1/maps/reverse?lat=1&lat=2&lon=1', 'lat'],
      ['/api/v1/maps/eta?origin=1,1&origin=2,2&destinations=1,2', 'origin'],
      ['/api/v1/grlui/uk/en/sales?lat=1&lat=2&lon=0', 'lat'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res), url).toEqual({
        code: 'INVALID_PARAMETER',
        message: `${param}: given more than once`,
        param,
      });
    }
  });

  it('unknown paths under /api/, /basemap/, /locales/ and /assets/ are 404 NOT_FOUND, not the host page', async () => {
    // Was: any GET outside /api/ answered the host page (HTML, 200), even for a missing script.
    for (const url of [
      '/assets/missing-chunk.js',
      '/basemap/geo/1/2',
      '/locales/a/b',
      '/api/v1/nothing',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(errorOf(res).code, url).toBe('NOT_FOUND');
    }
    // Page paths of a site: the host page for GET and HEAD (PRODUCT.md#routes), 404 for other methods;
    // a path that names no site: the not-found page (HTML).
    expect((await get('/uk/en/no/such/page')).headers['content-type']).toMatch(/^text\/html/);
    expect((await get('/uk/en/no/such/page', 'HEAD')).statusCode).toBe(200);
    const none = await get('/no/such/page');
    expect(none.statusCode).toBe(404);
    expect(none.headers['content-type']).toMatch(/^text\/html/);
    expect((await get('/no/such/page', 'HEAD')).statusCode).toBe(404);
    const post = await get('/no/such/page', 'POST');
    expect(post.statusCode).toBe(404);
    expect(errorOf(post).code).toBe('NOT_FOUND');
  });

  it('routableUrl leaves readable URLs alone and replaces unreadable segments only', () => {
    const ok = '/api/v1/grlui/uk/en/sales?lat=%&lon=1';
    expect(routableUrl(ok, 200)).toBe(ok);
    expect(routableUrl('/caf%C3%A9/x', 200)).toBe('/caf%C3%A9/x');
    expect(routableUrl('/a/%/b?q=%', 200)).toBe(`/a/${REPLACEMENT_SEGMENT}/b?q=%`);
    expect(routableUrl('/a/%ED%A0%80', 200)).toBe(`/a/${REPLACEMENT_SEGMENT}`);
    expect(routableUrl(`/a/${'x'.repeat(201)}/b`, 200)).toBe(`/a/${REPLACEMENT_SEGMENT}/b`);
    // 200 characters once decoded is still within the limit.
    const wide = '%C3%A9'.repeat(200);
    expect(routableUrl(`/a/${wide}`, 200)).toBe(`/a/${wide}`);
  });
});
