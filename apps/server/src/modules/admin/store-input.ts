/**
 * A store sent to the admin API → a stored record, with the import's row checks (validate.ts:
 * columns, characters, schema, codes, coordinates inside the country). The API takes stores
 * with coordinates; addresses are placed by the import only.
 */
import type { ConfigService } from '../../config/service.js';
import type { StoreRecord } from '../../db/types.js';
import { toRecord } from '../stores/doc.js';
import type { RowProblem } from '../imports/codes.js';
import { unknownKeys } from '../imports/columns.js';
import { duplicateKeyProblem, type DuplicateKey } from '../imports/duplicate-keys.js';
import type { CountryCheck } from '../imports/placement.js';
import { RowMapper } from '../imports/row.js';
import { validateRow } from '../imports/validate.js';

export function storeFromBody(
  body: unknown,
  storeId: string,
  config: ConfigService,
  countryCheck?: CountryCheck,
  /** Keys the body names twice (duplicate-keys.ts). */
  repeated: readonly DuplicateKey[] = [],
): { record?: StoreRecord; problems: RowProblem[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      problems: [{ line: 1, field: '(row)', code: 'SYNTAX', reason: 'a store is a JSON object' }],
    };
  }
  const values = { ...(body as Record<string, unknown>) };
  const problems = unknownKeys(Object.keys(values), 1);
  for (const d of repeated) problems.push(duplicateKeyProblem(1, d.path, d.key));
  if (values.storeId !== undefined && values.storeId !== storeId) {
    problems.push({
      line: 1,
      field: 'storeId',
      value: String(values.storeId),
      code: 'INVALID_VALUE',
      reason: 'differs from the store id of the path',
    });
  }
  values.storeId = storeId;
  const checked = validateRow(
    { line: 1, values },
    {
      config,
      mapper: new RowMapper(config.catalogue),
      seen: new Map(),
      ...(countryCheck ? { countryCheck } : {}),
    },
  );
  problems.push(...checked.problems);
  if (checked.doc && !checked.placed) {
    problems.push({
      line: 1,
      field: 'latitude',
      code: 'NOT_PLACED',
      reason: 'the API takes stores with latitude and longitude',
    });
  }
  if (problems.length > 0 || !checked.doc || !checked.iso) return { problems };
  const dropOffId = config.catalogue.repairTypes.find((r) => r.code === 'rt2')?._id ?? '';
  return { record: toRecord(checked.doc, checked.iso, 'import', dropOffId), problems };
}
