/**
 * The contract of the configuration, search, location-statistic and map-token routes: params,
 * query, body and every answer, as schemas of @locator/core. Fastify validates with them (the
 * catalogue's errors, openapi/validation.ts) and the public OpenAPI document is generated from
 * them.
 */
import type { preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import {
  ApiError,
  globalMatrixPathSchema,
  globalMatrixResponseSchema,
  locationSearchSchema,
  searchPathSchema,
  searchQuerySchema,
  searchResponseSchema,
} from '@locator/core';
import {
  ERRORS,
  HEADERS,
  RECORDED_JSON_ANSWERS,
  NOT_MODIFIED,
  answer,
  cachedAnswer,
} from '../openapi/answers.js';

/** Where the public API's routes live (PRODUCT.md#product-api). */
export const API_BASE = '/api/v1/grlui';

/** Bodies are JSON only: anything else is 415 UNSUPPORTED_MEDIA_TYPE, before the body is read. */
export const requireJson: preValidationHookHandler = (request, _reply, done) => {
  if (!/^application\/(.+\+)?json\b/i.test(request.headers['content-type'] ?? '')) {
    done(new ApiError('UNSUPPORTED_MEDIA_TYPE'));
    return;
  }
  done();
};

const UNKNOWN_PLACE = 'UNKNOWN_COUNTRY or UNKNOWN_LANGUAGE';

export const globalMatrixRoute = {
  operationId: 'getCountryConfiguration',
  tags: ['Configuration'],
  summary: "A country's configuration in one language",
  description:
    'The configuration of a country (or of every member of a catch-all region such as ' +
    '"europe"): its languages, carriers, channels with their products and search radius, and ' +
    "the page settings. Product names are in the path's language. Example: " +
    '`GET /api/v1/grlui/uk/en/globalmatrix`.',
  params: globalMatrixPathSchema,
  response: {
    200: cachedAnswer(globalMatrixResponseSchema, "The country's configuration."),
    304: NOT_MODIFIED,
    400: ERRORS[400]('INVALID_PARAMETER, a malformed country or language code'),
    404: ERRORS[404](UNKNOWN_PLACE),
    500: ERRORS[500],
  },
};

export const searchRoute = {
  operationId: 'searchStores',
  tags: ['Search'],
  summary: 'The stores nearest a position',
  description:
    "The stores of a channel nearest `lat`/`lon` within the channel's radius (or `maxrad`, " +
    "which it caps), nearest first, at most the channel's `maxResults` (or `maxResult`), " +
    'optionally offering a product (`pt`), serving a carrier, or taking drop-off repairs ' +
    "(`repairType`). With `bbox`, the stores inside that area, and every match's position. " +
    'When nothing is within the radius, the nearest few beyond it (`beyondRadius`). An unknown ' +
    'country, language or channel answers 404 before the query is read. Example: ' +
    '`GET /api/v1/grlui/uk/en/sales?lat=51.5&lon=-0.12&pt=all`.',
  params: searchPathSchema,
  querystring: searchQuerySchema,
  response: {
    200: cachedAnswer(searchResponseSchema, 'The stores found and the lookup tables.'),
    304: NOT_MODIFIED,
    400: ERRORS[400](
      'INVALID_PARAMETER, MISSING_PARAMETER, PARAMETER_OUT_OF_RANGE, UNKNOWN_PRODUCT or ' +
        'UNKNOWN_CARRIER, with the parameter at fault',
    ),
    404: ERRORS[404](`${UNKNOWN_PLACE} or UNKNOWN_CHANNEL`),
    429: ERRORS[429],
    500: ERRORS[500],
    503: ERRORS[503],
  },
};

export const locationSearchRoute = {
  operationId: 'recordLocationSearch',
  tags: ['Statistics'],
  summary: 'Counts a searched location',
  description:
    'Records where a visitor searched, for the location-search statistic. JSON only, ' +
    'at most 4 KB. Example body: `{"channel":"sales","country":"uk","locale":"en_GB",' +
    '"latitude":51.5,"longitude":-0.12,"product":"","searchedLocation":"London"}`.',
  body: locationSearchSchema,
  response: { ...RECORDED_JSON_ANSWERS, 503: ERRORS[503] },
};

export const mapKitTokenRoute = {
  operationId: 'getMapToken',
  tags: ['Maps'],
  summary: "The map provider's token",
  description:
    "The token the web app gives the map provider's library, as plain text; empty with the " +
    'embedded map engine. Never cached.',
  produces: ['text/plain'],
  response: {
    200: answer(z.string().meta({ examples: [''] }), 'The token (plain text).', {
      'Cache-Control': HEADERS.cacheControl,
    }),
  },
};

/** Translation files of the pages: served for the web app, not part of the API's document. */
export const localesRoute = {
  hide: true,
  params: z.object({ file: z.string() }),
};
