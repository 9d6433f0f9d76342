/**
 * A zod schema turned once into plain functions that accept or refuse a value as the schema's
 * `safeParse` does, with the same data (unknown keys dropped, defaults filled; the value itself
 * where the data equals it, where safeParse would copy it), but without zod's
 * per-value bookkeeping (payloads, issue lists, checks looked up by kind): for the browser, where
 * zod runs without code generation (the pages' policy forbids `eval`), reading a search answer of
 * 99 stores with it costs several milliseconds. The figure that chose it (docs/ARCHITECTURE.md,
 * "In the browser"): the search answer's check on the results page, ~11–12 ms of main-thread time
 * with `safeParse`, ~4.6–4.8 ms with this, in Chromium traces of the same searches. It says only
 * whether the value is accepted, not why not (use the schema's `safeParse` for that).
 *
 * Only the kinds of schema and check the answers use are known (object, array, tuple without
 * rest or optional items, string, number, boolean, enum, optional, nullable, default; checks:
 * integers, bounds, exact length, regular expression, refinements): any other makes `compile`
 * throw, so a schema that grows another kind is noticed by the tests, not misread.
 */
import type { z } from 'zod';

/** The result of a check: as `safeParse` has it, without the issues. */
export type SchemaCheckResult<T> = { success: true; data: T } | { success: false };

const FAIL: unique symbol = Symbol('fail');
type Step = (value: unknown) => unknown;

interface Def {
  type: string;
  check?: string;
  coerce?: boolean;
  checks?: readonly { _zod: { def: CheckDef } }[];
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  items?: readonly Schema[];
  rest?: Schema | null;
  innerType?: Schema;
  entries?: Record<string, unknown>;
  defaultValue?: unknown;
}
interface CheckDef {
  check: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
  length?: number;
  pattern?: RegExp;
  fn?: (value: unknown) => unknown;
}
interface Schema {
  _zod: { def: Def };
}

function unsupported(what: string): never {
  throw new Error(`schema-check: ${what} is not supported`);
}

/** One check of a value that already has its type; true when it passes. */
function checkOf(def: CheckDef): (value: never) => boolean {
  switch (def.check) {
    case 'number_format':
      if (def.format !== 'safeint') return unsupported(`number format ${def.format}`);
      return (v: number) => Number.isSafeInteger(v);
    case 'greater_than': {
      const min = def.value as number;
      return def.inclusive ? (v: number) => v >= min : (v: number) => v > min;
    }
    case 'less_than': {
      const max = def.value as number;
      return def.inclusive ? (v: number) => v <= max : (v: number) => v < max;
    }
    case 'length_equals': {
      const length = def.length!;
      return (v: { length: number }) => v.length === length;
    }
    case 'string_format': {
      if (def.format !== 'regex' || !def.pattern) return unsupported(`string format ${def.format}`);
      const pattern = def.pattern;
      return (v: string) => {
        pattern.lastIndex = 0;
        return pattern.test(v);
      };
    }
    case 'custom': {
      const fn = def.fn!;
      return (v: never) => {
        const ok = fn(v);
        if (ok instanceof Promise) return unsupported('an asynchronous refinement');
        return Boolean(ok);
      };
    }
    default:
      return unsupported(`the check ${def.check}`);
  }
}

/** The step of a type, followed by its checks (run only on a value the type accepted). */
function withChecks(def: Def, step: Step): Step {
  if (def.coerce) return unsupported('coercion');
  // A schema may be a check itself (`z.int()`, `z.email()`), besides the checks added to it.
  const defs = [
    ...(def.check ? [def as CheckDef] : []),
    ...(def.checks ?? []).map((c) => c._zod.def),
  ];
  const checks = defs.map((c) => checkOf(c) as (v: unknown) => boolean);
  if (checks.length === 0) return step;
  return (value) => {
    const out = step(value);
    if (out === FAIL) return FAIL;
    for (const check of checks) if (!check(out)) return FAIL;
    return out;
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function objectStep(def: Def): Step {
  if (def.catchall) return unsupported('an object with a catchall');
  const fields = Object.entries(def.shape!).map(([key, schema]) => {
    const kind = schema._zod.def.type;
    return { key, kind, step: stepOf(schema) };
  });
  const known = new Set(fields.map((f) => f.key));
  // The fields before `end`, all read as they are, into a new object.
  const copy = (value: Record<string, unknown>, end: number) => {
    const out: Record<string, unknown> = {};
    for (let j = 0; j < end; j += 1) {
      const { key } = fields[j]!;
      if (key in value) out[key] = value[key];
    }
    return out;
  };
  return (value) => {
    if (!isObject(value)) return FAIL;
    // A new object only when the data differs from the value (a default filled, an inner
    // value read differently, an unknown key dropped): an answer as the server writes it is
    // read without copying it.
    let out: Record<string, unknown> | undefined;
    for (let i = 0; i < fields.length; i += 1) {
      const { key, kind, step } = fields[i]!;
      const present = key in value;
      if (!present) {
        // Absent: an optional field stays absent, a defaulted one gets its default.
        if (kind === 'optional') continue;
        if (kind !== 'default') return FAIL;
      }
      const field = step(value[key]);
      if (field === FAIL) return FAIL;
      if (!out && (field !== value[key] || (!present && field !== undefined))) {
        out = copy(value, i);
      }
      if (out && (field !== undefined || present)) out[key] = field;
    }
    if (out) return out;
    for (const key in value) if (!known.has(key)) return copy(value, fields.length);
    return value;
  };
}

function stepOf(schema: Schema): Step {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
      return withChecks(def, (v) => (typeof v === 'string' ? v : FAIL));
    case 'number':
      return withChecks(def, (v) => (typeof v === 'number' && Number.isFinite(v) ? v : FAIL));
    case 'boolean':
      return withChecks(def, (v) => (typeof v === 'boolean' ? v : FAIL));
    case 'enum': {
      const values = new Set(Object.values(def.entries!));
      return withChecks(def, (v) => (values.has(v) ? v : FAIL));
    }
    case 'object':
      return withChecks(def, objectStep(def));
    case 'array': {
      const element = stepOf(def.element!);
      return withChecks(def, (v) => {
        if (!Array.isArray(v)) return FAIL;
        // A new array only when an item is read differently (as objects above; tuples alike).
        let out: unknown[] | undefined;
        for (let i = 0; i < v.length; i += 1) {
          const item = element(v[i]);
          if (item === FAIL) return FAIL;
          if (out) out[i] = item;
          else if (item !== v[i]) {
            out = v.slice(0, i);
            out[i] = item;
          }
        }
        return out ?? v;
      });
    }
    case 'tuple': {
      if (def.rest) return unsupported('a tuple with a rest');
      const items = def.items!.map((item) => {
        if (['optional', 'default'].includes(item._zod.def.type)) {
          return unsupported('a tuple with optional items');
        }
        return stepOf(item);
      });
      return withChecks(def, (v) => {
        if (!Array.isArray(v) || v.length !== items.length) return FAIL;
        let out: unknown[] | undefined;
        for (let i = 0; i < items.length; i += 1) {
          const item = items[i]!(v[i]);
          if (item === FAIL) return FAIL;
          if (out) out[i] = item;
          else if (item !== v[i]) {
            out = v.slice(0, i);
            out[i] = item;
          }
        }
        return out ?? v;
      });
    }
    case 'optional': {
      const inner = stepOf(def.innerType!);
      return withChecks(def, (v) => (v === undefined ? undefined : inner(v)));
    }
    case 'nullable': {
      const inner = stepOf(def.innerType!);
      return withChecks(def, (v) => (v === null ? null : inner(v)));
    }
    case 'default': {
      const inner = stepOf(def.innerType!);
      // The schema's own default each time (zod hands out a fresh copy).
      return withChecks(def, (v) => (v === undefined ? def.defaultValue : inner(v)));
    }
    default:
      return unsupported(`the type ${def.type}`);
  }
}

/** The check of a schema: compiled once, then used for every value. */
export function compileSchemaCheck<T>(
  schema: z.ZodType<T>,
): (value: unknown) => SchemaCheckResult<T> {
  const step = stepOf(schema as unknown as Schema);
  return (value) => {
    const data = step(value);
    return data === FAIL ? { success: false } : { success: true, data: data as T };
  };
}
