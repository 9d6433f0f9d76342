/**
 * The contract test's judge: an independent OpenAPI 3.1 validator (openapi-backend, on Ajv)
 * that checks an answer's status, headers and body against the document the server serves.
 * Every violation is a line of text; the contract tests expect none. A method the document does
 * not give a path must be answered 405 with Allow naming the methods it does give.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import OpenAPIBackend, { SetMatchType } from 'openapi-backend';
import type { OpenAPIV3_1 } from 'openapi-types';

export interface Exchange {
  method: string;
  /** Path with its query string, as sent. */
  url: string;
  status: number;
  headers: Record<string, unknown>;
  /** Parsed JSON body, or undefined when the answer has none or is not JSON. */
  body: unknown;
}

export interface ContractJudge {
  /** The violations of one answer ([] when it conforms). */
  check(exchange: Exchange): string[];
}

const METHODS = ['GET', 'PUT', 'POST', 'PATCH', 'DELETE'];

export async function contractJudge(document: object): Promise<ContractJudge> {
  const api = new OpenAPIBackend({
    definition: document as OpenAPIV3_1.Document,
    strict: true,
    // quick: no check of the document itself, whose checker knows only OpenAPI 3.0 (it refuses
    // 3.1's `examples` in a schema); the documents are linted as 3.1 by `npm run lint:openapi`.
    quick: true,
    validate: true,
    ajvOpts: { strict: false },
    // OpenAPI 3.1's schemas are JSON Schema 2020-12 (tuples are prefixItems): judged by Ajv's
    // 2020-12 validator, not its default draft-07 one.
    customizeAjv: (_ajv, options) => {
      const ajv = new Ajv2020(options);
      addFormats(ajv);
      return ajv as never;
    },
  });
  await api.init();

  /**
   * A method the document does not give a path: the answer must be 405 METHOD_NOT_ALLOWED with
   * Allow naming exactly the path's documented methods (HEAD with GET).
   */
  function methodNotAllowed(x: Exchange, path: string, where: string): string[] {
    const allowed = METHODS.filter((m) => api.matchOperation({ method: m, path, headers: {} }));
    if (allowed.length === 0) return [`${where}: no operation in the document`];
    const allow = allowed.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
    const problems: string[] = [];
    if (x.status !== 405) problems.push(`${where}: a method the path lacks, not 405`);
    const given = String(x.headers.allow ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    if ([...given].sort().join() !== [...allow].sort().join()) {
      problems.push(`${where}: Allow "${given.join(', ')}", documented ${allow.join(', ')}`);
    }
    const code = (x.body as { error?: { code?: unknown } } | undefined)?.error?.code;
    if (x.method !== 'HEAD' && code !== 'METHOD_NOT_ALLOWED') {
      problems.push(`${where}: error code ${String(code)}, not METHOD_NOT_ALLOWED`);
    }
    return problems;
  }

  return {
    check(x) {
      const [path = '/', search = ''] = x.url.split('?', 2);
      const query = Object.fromEntries(new URLSearchParams(search));
      // HEAD answers what GET answers, without the body.
      const method = x.method === 'HEAD' ? 'GET' : x.method;
      const op = api.matchOperation({ method, path, headers: {}, query });
      const where = `${x.method} ${x.url} → ${x.status}`;
      if (!op) return methodNotAllowed(x, path, where);
      const responses = (op.responses ?? {}) as Record<string, unknown>;
      if (!(String(x.status) in responses) && !('default' in responses)) {
        return [`${where}: status not described (${Object.keys(responses).join(', ')})`];
      }
      const problems: string[] = [];
      if (x.body !== undefined) {
        const body = api.validateResponse(x.body, op, x.status);
        for (const e of body.errors ?? []) {
          problems.push(`${where}: body ${e.instancePath || '/'} ${e.message ?? ''}`);
        }
      }
      const headers = api.validateResponseHeaders(x.headers, op, {
        statusCode: x.status,
        // The answer may carry more headers than the document names (security headers, Date).
        setMatchType: SetMatchType.Superset,
      });
      for (const e of headers.errors ?? []) {
        problems.push(`${where}: headers ${e.instancePath || '/'} ${e.message ?? ''}`);
      }
      return problems;
    },
  };
}
