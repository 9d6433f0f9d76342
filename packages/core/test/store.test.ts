import { describe, expect, it } from 'vitest';
import {
  buildStoreLookups,
  normaliseStore,
  normaliseStores,
  resolveBadgeCodes,
  safeWebUrl,
  sortByDisplayOrder,
  uniqueNonBlank,
} from '../src/store.js';
import type { RawStore, SearchResults } from '../src/types.js';
import { COMPUTER, PHONE, TABLET, WATCH, badge, product, rawStore, results } from './fixtures.js';

describe('storeWeb (PRODUCT.md#store)', () => {
  it.each([
    ['https://store.example.com', 'https://store.example.com'],
    ['http://store.example.com/path?q=1#x', 'http://store.example.com/path?q=1#x'],
    ['HTTPS://Store.Example.com', 'HTTPS://Store.Example.com'],
    ['store.example.com', 'https://store.example.com'],
    ['www.store.example.com/a/b', 'https://www.store.example.com/a/b'],
    ['  store.example.com  ', 'https://store.example.com'],
    ['store.example.com:8080/x', 'https://store.example.com:8080/x'],
    ['https://store.example.com/a@b', 'https://store.example.com/a@b'],
  ])('keeps or completes %j → %j', (input, output) => {
    expect(safeWebUrl(input)).toBe(output);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'JAVASCRIPT:alert(1)',
    '  javascript:alert(1)',
    '\u0001javascript:alert(1)',
    '\u0000https://x.example.com',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'javascript\u2028:alert(1)',
    '\ufeffjavascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'VbScRiPt:msgbox(1)',
    'file:///etc/passwd',
    'ftp://files.example.com',
    'mailto:a@example.com',
    'tel:+15550100',
    'blob:https://x.example.com/1',
    '//evil.example.com',
    '\\\\evil.example.com',
    '/relative/path',
    'http:evil.example.com',
    'http:/evil.example.com',
    'https:\\\\evil.example.com',
    'https://',
    'https:///path',
    'https://user:pass@evil.example.com',
    'https://good.example.com@evil.example.com',
    'https://exa mple.com',
    'localhost:3000',
    'javascript:1',
    '',
    '   ',
  ])('rejects %j', (input) => {
    expect(safeWebUrl(input)).toBe('');
  });

  it('rejects non-strings', () => {
    expect(safeWebUrl(undefined)).toBe('');
    expect(safeWebUrl(null)).toBe('');
    expect(safeWebUrl(42 as unknown as string)).toBe('');
  });

  it('never lets a dangerous scheme survive', () => {
    const attacks = ['javascript', 'data', 'vbscript', 'JaVaScRiPt'].flatMap((s) => [
      `${s}:x`,
      ` ${s}:x`,
      `\t${s}:x`,
      `\u0000${s}:x`,
      `${s.slice(0, 3)}\u0009${s.slice(3)}:x`,
    ]);
    for (const attack of attacks) {
      const out = safeWebUrl(attack);
      expect(out === '' || /^https?:\/\//i.test(out)).toBe(true);
    }
  });
});

describe('badges (PRODUCT.md#store)', () => {
  const badges = [
    badge('b1', 'ars', ['sales', 'service']),
    badge('b2', 'as', ['service']),
    badge('3', 'do', ['service']),
  ];

  it('resolves ids to codes of the current channel only', () => {
    expect(resolveBadgeCodes(['b1', 'b2'], badges, 'sales')).toEqual(['ars']);
    expect(resolveBadgeCodes(['b1', 'b2'], badges, 'service')).toEqual(['ars', 'as']);
  });

  it('drops unknown ids, compares ids as strings, lists a code once', () => {
    expect(resolveBadgeCodes(['zz', 3, 'b2', 'b2'], badges, 'service')).toEqual(['do', 'as']);
    expect(resolveBadgeCodes(undefined, badges, 'sales')).toEqual([]);
    expect(resolveBadgeCodes(['b1'], undefined, 'sales')).toEqual([]);
    const loose = [{ id: 'x', code: 'cs' }] as unknown as typeof badges;
    expect(resolveBadgeCodes(['x'], loose, 'sales')).toEqual([]);
  });
});

describe('normaliseStore (PRODUCT.md#store)', () => {
  const res: SearchResults = results({
    productMatrixList: [
      WATCH,
      PHONE,
      TABLET,
      COMPUTER,
      product('5', 'watchedition', 5, { productRibbonName: 'watch' }),
      product('6', 'tvbox', 6, { productRibbonName: '' }),
    ],
    badgesArray: [badge('b1', 'ars', ['sales']), badge('b2', 'do', ['service'])],
    repairTypes: [
      { _id: 'r1', code: 'rt1' },
      { _id: 'r2', code: 'rt2' },
    ],
    solutionsSpeciality: [{ _id: 'sp1', code: 'ss1' }],
    vas: [{ _id: 'v1', code: 'vas1' }],
  });
  const raw = rawStore({
    storeBadges: ['b1', 'b2', 'nope'],
    salesProducts: ['4', '1', 'nope', '5', '6'],
    serviceProducts: ['2', '1'],
    trainingProducts: ['2', 'nope'],
    serviceTypes: ['r2', 'r1', 'nope'],
    solutionsSpecialties: ['sp1', 'nope'],
    valueAddedServices: ['v1', 'nope'],
    storeWeb: 'store.example.com',
    storeTypes: [5],
  });

  it('resolves and sorts products by displayOrder, dropping unknown ids', () => {
    const store = normaliseStore(raw, buildStoreLookups(res), 'sales');
    expect(store.salesProducts.map((p) => p.code)).toEqual([
      'phone',
      'watch',
      'watchedition',
      'tvbox',
    ]);
    expect(store.serviceProducts.map((p) => p.code)).toEqual(['phone', 'tablet']);
    expect(store.trainingProducts.map((p) => p.code)).toEqual(['tablet']);
    expect(store.inSales).toBe(true);
    expect(store.inService).toBe(true);
    expect(store.inTraining).toBe(true);
  });

  it('de-duplicates the product ribbon of the current channel', () => {
    const lookups = buildStoreLookups(res);
    expect(normaliseStore(raw, lookups, 'sales').productRibbon).toEqual(['phone', 'watch']);
    expect(normaliseStore(raw, lookups, 'service').productRibbon).toEqual(['phone', 'tablet']);
    expect(normaliseStore(raw, lookups, 'training').productRibbon).toEqual(['tablet']);
  });

  it('resolves badges, service types, specialties and value-added services', () => {
    const store = normaliseStore(raw, buildStoreLookups(res), 'service');
    expect(store.badges).toEqual(['do']);
    expect(store.serviceTypes).toEqual([
      { _id: 'r2', code: 'rt2' },
      { _id: 'r1', code: 'rt1' },
    ]);
    expect(store.solutionsSpecialties).toEqual([{ _id: 'sp1', code: 'ss1' }]);
    expect(store.valueAddedServices).toEqual([{ _id: 'v1', code: 'vas1' }]);
    expect(store.storeWeb).toBe('https://store.example.com');
    expect(store.storeTypes).toEqual([5]);
  });

  it('survives missing fields and lists', () => {
    const bare = {
      id: 'x',
      storeId: 'X',
      orderNumber: 3,
      title: 'Bare',
      distance: '',
      latitude: 1,
      longitude: 2,
    } as unknown as RawStore;
    const store = normaliseStores({ stores: [bare] }, 'sales')[0];
    expect(store).toMatchObject({
      street1: '',
      street2: '',
      city: '',
      state: '',
      postalCode: '',
      phone: '',
      geoCodeStatus: '',
      storeWeb: '',
      apptSchedulerIndVal: '',
      storeTypes: [],
      badges: [],
      salesProducts: [],
      inSales: false,
      inService: false,
      inTraining: false,
      trainingProducts: [],
      productRibbon: [],
    });
    const noRibbon = { ...PHONE, productRibbonName: undefined } as unknown as typeof PHONE;
    const lookups = buildStoreLookups({ productMatrixList: [noRibbon] });
    expect(
      normaliseStore(rawStore({ salesProducts: ['1'] }), lookups, 'sales').productRibbon,
    ).toEqual([]);
    expect(normaliseStores({}, 'sales')).toEqual([]);
  });

  it("shows the server's address lines, else lines written from the address fields", () => {
    const lookups = buildStoreLookups({});
    const lines = ['Münchner Straße 12', '81827 München'];
    expect(
      normaliseStore(rawStore({ addressLines: lines }), lookups, 'sales').addressLines,
    ).toEqual(lines);
    const without = rawStore({
      street1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
    });
    expect(normaliseStore(without, lookups, 'sales').addressLines).toEqual([
      '1 Main St',
      'Springfield IL 62701',
    ]);
    const broken = { ...without, addressLines: [1, 2] } as unknown as RawStore;
    expect(normaliseStore(broken, lookups, 'sales').addressLines).toHaveLength(2);
  });

  it('normalises all stores of a result', () => {
    const stores = normaliseStores({ ...res, stores: [raw, rawStore({ id: 's2' })] }, 'sales');
    expect(stores.map((s) => s.id)).toEqual(['s1', 's2']);
  });

  it('keeps the first of duplicate lookup ids', () => {
    const lookups = buildStoreLookups({
      repairTypes: [
        { _id: 'r1', code: 'first' },
        { _id: 'r1', code: 'second' },
      ],
    });
    expect(lookups.repairTypes.get('r1')?.code).toBe('first');
  });
});

describe('helpers', () => {
  it('sorts by displayOrder without modifying the input', () => {
    const input = [WATCH, PHONE];
    expect(sortByDisplayOrder(input)).toEqual([PHONE, WATCH]);
    expect(input).toEqual([WATCH, PHONE]);
  });

  it('keeps unique non-blank values', () => {
    expect(uniqueNonBlank(['a', '', 'b', 'a', ' '])).toEqual(['a', 'b']);
  });
});

describe('opening hours on a store', () => {
  it('keeps hours of the stored form and drops others', () => {
    const hours = { timeZone: 'UTC', week: [[], [], [], [], [], [], []], special: [] };
    const lookups = buildStoreLookups({});
    expect(normaliseStore(rawStore({ hours }), lookups, 'sales').hours).toEqual(hours);
    const bad = { ...hours, timeZone: 'Nowhere' };
    expect(normaliseStore(rawStore({ hours: bad }), lookups, 'sales').hours).toBeUndefined();
  });
});
