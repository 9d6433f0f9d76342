/**
 * The contract of the maps endpoints (PRODUCT.md#maps-service): query and answers as schemas of
 * @locator/core. The queries are read by @locator/core's fast readers first (fastPath): they
 * give exactly what the schema would, and leave anything else, errors included, to it.
 */
import {
  autocompleteQuerySchema,
  etaQuerySchema,
  fastAutocompleteQuery,
  fastEtaQuery,
  fastGeocodeQuery,
  fastReverseQuery,
  geocodeQuerySchema,
  mapsEtaResponseSchema,
  mapsPlacesResponseSchema,
  reverseQuerySchema,
} from '@locator/core';
import { ERRORS, answer, cacheHeaders } from '../../openapi/answers.js';
import { fastPath } from '../../openapi/validation.js';

const places = answer(
  mapsPlacesResponseSchema,
  'The places found, best first; with none, why (a notice or a suggestion).',
  cacheHeaders,
);

const errors = {
  400: ERRORS[400](
    'INVALID_PARAMETER, MISSING_PARAMETER or PARAMETER_OUT_OF_RANGE, with the parameter at fault',
  ),
  429: ERRORS[429],
  500: ERRORS[500],
};

export const autocompleteRoute = {
  operationId: 'autocompletePlaces',
  tags: ['Maps'],
  summary: 'Places whose name starts with the text typed',
  description:
    'Completions of a place text as it is typed (towns, districts, postcodes where the engine ' +
    'has them), in `countries` when given, nearest `lat`/`lon` first when given. Example: ' +
    '`GET /api/v1/maps/autocomplete?q=Lond&countries=GB&lang=en-GB`.',
  querystring: fastPath(autocompleteQuerySchema, fastAutocompleteQuery),
  response: { 200: places, ...errors },
};

export const geocodeRoute = {
  operationId: 'geocodePlace',
  tags: ['Maps'],
  summary: 'The places a text names',
  description:
    'Forward geocoding of a place text (what the search form sends when the visitor did not ' +
    'pick a completion). Example: `GET /api/v1/maps/geocode?q=Berlin&countries=DE`.',
  querystring: fastPath(geocodeQuerySchema, fastGeocodeQuery),
  response: { 200: places, ...errors },
};

export const reverseRoute = {
  operationId: 'reverseGeocode',
  tags: ['Maps'],
  summary: 'The place at a position',
  description:
    'The town or district at `lat`/`lon` (for "use my location"); no result at sea. ' +
    'Example: `GET /api/v1/maps/reverse?lat=51.5&lon=-0.12&lang=en`.',
  querystring: fastPath(reverseQuerySchema, fastReverseQuery),
  response: { 200: places, ...errors },
};

export const etaRoute = {
  operationId: 'travelTimes',
  tags: ['Maps'],
  summary: 'Travel times from a position to stores',
  description:
    'The travel time and distance from `origin` to each of `destinations` (at most 100), by ' +
    'car or on foot. Not cached. Example: ' +
    '`GET /api/v1/maps/eta?origin=51.5,-0.12&destinations=51.51,-0.13;51.52,-0.1&mode=walking`.',
  querystring: fastPath(etaQuerySchema, fastEtaQuery),
  response: {
    200: answer(mapsEtaResponseSchema, 'One travel time per destination, in order.', {
      'Cache-Control': { type: 'string', description: 'no-store.' },
    }),
    ...errors,
  },
};
