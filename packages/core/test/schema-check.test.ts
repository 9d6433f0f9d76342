import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSchemaCheck, searchResponseSchema } from '../src/index.js';

const check = compileSchemaCheck(searchResponseSchema);

const day = (intervals: number[][]) => intervals;
function store(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    orderNumber: n,
    distance: `${n}.0 mi`,
    distanceKm: n * 1.609,
    hoursStatus: { open: true, changeAt: 1_700_000_000_000 },
    id: `s${n}`,
    storeId: `ST${n}`,
    title: `Store ${n}`,
    storeBadges: ['1'],
    street1: `${n} High Street`,
    street2: '',
    city: 'London',
    state: 'England',
    postalCode: 'W1 1AA',
    phone: '+44 20 7946 0000',
    latitude: 51.5,
    longitude: -0.12,
    geoCodeStatus: 'ROOFTOP',
    storeWeb: 'example.com',
    apptSchedulerIndVal: '',
    storeTypes: [1, 2],
    salesProducts: ['1', '2'],
    serviceProducts: ['1'],
    trainingProducts: ['3'],
    serviceTypes: ['1'],
    valueAddedServices: [],
    solutionsSpecialties: [],
    hours: {
      timeZone: 'Europe/London',
      week: [
        day([[540, 1080]]),
        day([
          [540, 720],
          [780, 1080],
        ]),
        day([]),
        day([[0, 1440]]),
        day([[1320, 1560]]),
        day([[540, 1080]]),
        day([]),
      ],
      special: [
        { date: '2026-12-25', hours: [], name: 'Christmas' },
        { date: '2026-12-31', hours: [[540, 900]] },
      ],
    },
    carriers: ['EE'],
    demo: true,
    addressLines: [`${n} High Street`, 'London W1 1AA'],
    ...extra,
  };
}

function answer(): Record<string, unknown> {
  return {
    results: {
      stores: [store(1), store(2, { hours: undefined, hoursStatus: undefined })],
      productMatrixList: [
        {
          _id: '1',
          code: 'phone',
          value: 'iphone',
          displayName: 'Phone',
          displayOrder: 1,
          productRibbonName: 'Phone',
          pdmSuperGrpProductId: 'SG1',
        },
      ],
      badgesArray: [{ id: '1', code: 'b1', channels: ['sales'], desc: 'y' }],
      repairTypes: [{ _id: '1', code: 'rt1' }],
      vas: [],
      solutionsSpeciality: [{ _id: '2', code: 'ss2' }],
      dropOff: false,
      modesOfTransport: 'walking',
      beyondRadius: true,
      radius: '100 mi',
      areaPoints: [-0.12, 51.5],
      areaTotal: 1,
      demoData: true,
    },
  };
}

/** The compiled check and zod's own safeParse agree: acceptance and, when accepted, the data. */
function agrees(value: unknown): boolean {
  const zod = searchResponseSchema.safeParse(value);
  const ours = check(value);
  expect(ours.success).toBe(zod.success);
  if (zod.success && ours.success) expect(ours.data).toStrictEqual(zod.data);
  return zod.success;
}

/** Every path to a value inside `value` (object keys and array indexes). */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [at];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [at, ...keys.flatMap((k) => paths((value as Record<string, unknown>)[k], [...at, k]))];
}

function replaced(path: (string | number)[], by: unknown, remove = false): unknown {
  const copy = answer();
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (remove) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = by;
  return copy;
}

const ODD_VALUES: unknown[] = [
  null,
  undefined,
  '',
  'x',
  '2026-1-1',
  0,
  -1,
  1.5,
  7,
  1439,
  1440,
  2881,
  -91,
  181,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 60,
  true,
  [],
  [1],
  [[540, 1080]],
  {},
  'Mars/Olympus',
  'automobile',
];

describe('compileSchemaCheck', () => {
  it('reads a valid search answer as safeParse does: unknown keys dropped, defaults filled', () => {
    expect(agrees(answer())).toBe(true);
    const bare = answer();
    const results = bare.results as Record<string, unknown>;
    for (const key of ['beyondRadius', 'radius', 'areaPoints', 'areaTotal', 'demoData']) {
      delete results[key];
    }
    results.extra = { anything: 1 };
    (results.stores as Record<string, unknown>[])[0]!.unknownField = 'x';
    expect(agrees(bare)).toBe(true);
    const data = check(bare);
    expect(data.success && data.data.results.areaPoints).toEqual([]);
    expect(data.success && 'extra' in data.data.results).toBe(false);
  });

  it('keeps what it reads as it is: the stores of an answer without unknown keys are not copied', () => {
    const value = answer();
    const data = check(value);
    const stores = (value.results as { stores: unknown[] }).stores;
    expect(data.success && data.data.results.stores).toBe(stores);
    // An unknown key in one store copies that store (and the lists holding it), not the others.
    (stores[0] as Record<string, unknown>).unknownField = 'x';
    const again = check(value);
    expect(again.success && again.data.results.stores[0]).not.toBe(stores[0]);
    expect(again.success && again.data.results.stores.slice(1)).toEqual(stores.slice(1));
    expect(again.success && again.data.results.stores[1]).toBe(stores[1]);
  });

  it('agrees with safeParse on every value of the answer replaced or removed', () => {
    let refused = 0;
    for (const path of paths(answer()).filter((p) => p.length > 0)) {
      if (!agrees(replaced(path, undefined, true))) refused += 1;
      for (const odd of ODD_VALUES) if (!agrees(replaced(path, odd))) refused += 1;
    }
    // Most replacements are refusals: the comparison covered both answers.
    expect(refused).toBeGreaterThan(1000);
  });

  it('agrees on odd wholes', () => {
    for (const value of [undefined, null, [], 'x', 1, { results: null }, { results: [] }]) {
      expect(agrees(value)).toBe(false);
    }
  });

  it('refuses to compile a kind of schema it does not know', () => {
    expect(() => compileSchemaCheck(z.object({ a: z.string().email() }))).toThrow(/not supported/);
    expect(() => compileSchemaCheck(z.union([z.string(), z.number()]))).toThrow(/not supported/);
    expect(() => compileSchemaCheck(z.tuple([z.string()], z.number()))).toThrow(/not supported/);
    expect(() => compileSchemaCheck(z.object({}).catchall(z.string()))).toThrow(/not supported/);
    expect(() => compileSchemaCheck(z.tuple([z.string().optional()]))).toThrow(/not supported/);
    expect(() => compileSchemaCheck(z.float32())).toThrow(/not supported/);
    expect(() => compileSchemaCheck(z.number().multipleOf(2))).toThrow(/not supported/);
    const later = compileSchemaCheck(z.string().refine(async () => true));
    expect(() => later('x')).toThrow(/asynchronous/);
  });

  it('knows a schema that is a check itself', () => {
    for (const v of [1, 1.5, 2 ** 60])
      expect(compileSchemaCheck(z.int())(v).success).toBe(z.int().safeParse(v).success);
    expect(() => compileSchemaCheck(z.coerce.number())).toThrow(/not supported/);
  });

  it('copies a tuple or a list only where an item is read differently', () => {
    const pair = z.tuple([z.object({ a: z.number() }), z.number()]);
    const list = z.array(z.object({ a: z.number() }));
    for (const [schema, kept, changed] of [
      [pair, [{ a: 2 }, 1], [{ a: 2, b: 3 }, 1]],
      [list, [{ a: 1 }, { a: 2 }], [{ a: 1, b: 3 }, { a: 2 }]],
    ] as const) {
      const read = compileSchemaCheck(schema as z.ZodType<unknown>);
      const same = read(kept);
      expect(same.success && same.data).toBe(kept);
      const copied = read(changed);
      expect(copied.success && copied.data).not.toBe(changed);
      expect(copied.success && copied.data).toStrictEqual(
        (schema as z.ZodType<unknown>).parse(changed),
      );
    }
  });

  it('knows exclusive bounds', () => {
    const positive = compileSchemaCheck(z.number().positive().lt(10));
    for (const v of [0, 0.1, 9.9, 10])
      expect(positive(v).success).toBe(z.number().positive().lt(10).safeParse(v).success);
  });
});
