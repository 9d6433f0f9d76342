/**
 * The error answer of every endpoint, `{"error":{"code","message","param"?}}` (errors.ts), as a
 * schema: the routes declare it for each error status they can send, so the OpenAPI documents
 * describe it once.
 */
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './errors.js';

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES as readonly [ErrorCode, ...ErrorCode[]]).meta({
        description: 'Stable code of the error catalogue; clients branch on it.',
      }),
      message: z.string().meta({ description: 'Help for developers (English).' }),
      param: z.string().optional().meta({ description: 'The parameter or field at fault.' }),
    }),
  })
  .meta({
    id: 'ErrorBody',
    description:
      'An error: a stable code to branch on, English help text for developers, and the ' +
      'parameter or field at fault when there is one.',
    examples: [{ error: { code: 'MISSING_PARAMETER', message: 'lat: Required', param: 'lat' } }],
  });
