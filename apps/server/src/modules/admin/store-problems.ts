/**
 * A store body that fails its schema (StoreInput or StorePatch, @locator/core/admin-api) answers
 * as an invalid store always has: 400 INVALID_BODY with `problems: [{column, value, code,
 * reason}]`, every column at fault once, in the import's reason codes (UNKNOWN_COLUMN with its
 * "did you mean", FORBIDDEN_CHARACTER, INVALID_COORDINATE, REQUIRED, INVALID_VALUE). The store
 * routes validate their bodies with `storeBodyValidator`; their other parts, and every other
 * route, with the app's validator (openapi/validation.ts).
 */
import type { FastifySchemaCompiler } from 'fastify';
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core';
import { ApiError, forbiddenCharacter } from '@locator/core';
import type { StoreProblemCode } from '@locator/core/admin-answers';
import { unknownKeys } from '../imports/columns.js';
import { validatorCompiler } from '../../openapi/validation.js';

export interface StoreProblem {
  column: string;
  value: string | null;
  code: StoreProblemCode;
  reason: string;
}

/** 400 INVALID_BODY with the store's problems in its body. */
export class InvalidStoreError extends ApiError {
  constructor(readonly problems: StoreProblem[]) {
    super('INVALID_BODY', 'The store is invalid.');
  }

  override toBody(): ReturnType<ApiError['toBody']> & { problems: StoreProblem[] } {
    return { ...super.toBody(), problems: this.problems };
  }
}

const COORDINATES = new Set(['latitude', 'longitude']);

function shown(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value).slice(0, 200);
}

/** The most telling message of an issue: a union's branch that is not only a type mismatch. */
function reasonOf(issue: $ZodIssue): string {
  if (issue.code !== 'invalid_union') return issue.message;
  const nested = issue.errors.flat();
  return (nested.find((i) => i.code !== 'invalid_type') ?? nested[0] ?? issue).message;
}

/** The problems of a store body, from its schema's issues. */
export function storeProblems(issues: readonly $ZodIssue[], body: unknown): StoreProblem[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [{ column: '(row)', value: null, code: 'SYNTAX', reason: 'a store is a JSON object' }];
  }
  const values = body as Record<string, unknown>;
  const problems: StoreProblem[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const p of unknownKeys(issue.keys, 1)) {
        problems.push({ column: p.field, value: p.value ?? null, code: p.code, reason: p.reason });
      }
      continue;
    }
    const column = String(issue.path[0] ?? '(row)');
    if (seen.has(column)) continue;
    seen.add(column);
    const raw = values[column];
    const ch = forbiddenCharacter(raw);
    const missing = raw === undefined || raw === null || raw === '';
    const [code, reason]: [StoreProblemCode, string] = ch
      ? ['FORBIDDEN_CHARACTER', `contains the control or bidirectional character ${ch}`]
      : COORDINATES.has(column)
        ? ['INVALID_COORDINATE', missing ? 'required' : reasonOf(issue)]
        : missing
          ? ['REQUIRED', 'required']
          : ['INVALID_VALUE', reasonOf(issue)];
    problems.push({ column, value: shown(raw), code, reason });
  }
  return problems;
}

/** The store routes' validator: bodies answer with their problems, other parts as usual. */
export const storeBodyValidator: FastifySchemaCompiler<$ZodType> = (route) => {
  if (route.httpPart !== 'body') return validatorCompiler(route);
  return (data) => {
    const result = safeParse(route.schema, data);
    if (result.success) return { value: result.data };
    return { error: new InvalidStoreError(storeProblems(result.error.issues, data)) };
  };
};
