/**
 * The console's demand dashboard routes' contract (every role may read): the figures of a period
 * and the places of unmet demand as CSV. Part of the admin OpenAPI document, with the session
 * cookie as security scheme.
 */
import { z } from 'zod';
import { demandAnswerSchema, demandQueryParamsSchema } from '@locator/core/console-demand';
import { errorBodySchema } from '@locator/core/admin-answers';
import { answer } from '../../openapi/answers.js';

const errors = {
  400: answer(
    errorBodySchema,
    'A parameter is missing (MISSING_PARAMETER), malformed — a date, the time zone, a filter ' +
      '(INVALID_PARAMETER) — or out of range: `to` before `from`, a period of more than 400 ' +
      'days (PARAMETER_OUT_OF_RANGE).',
  ),
  401: answer(errorBodySchema, 'No live console session (NOT_SIGNED_IN).'),
  500: answer(errorBodySchema, 'An unexpected failure (INTERNAL_ERROR).'),
  503: answer(errorBodySchema, 'The database is unavailable (DATABASE_UNAVAILABLE).'),
};

const PRIVACY =
  ' A count from 1 to ANALYTICS_MIN_COUNT − 1 is given as {"fewerThan": N}, never as a number.';

export const demandSchema = {
  operationId: 'getDemand',
  tags: ['Console'],
  summary: 'Read the demand figures of a period',
  description:
    'Searches, unmet searches (no store found), share found and clicks per search against the ' +
    'previous period of the same length; searches and unmet searches by day or week; by ' +
    'country, channel and product; the funnel from searches to store link clicks; and the ' +
    'places with the most unmet searches (named by the gazetteer, with the distance to the ' +
    'nearest store). Days are local days of `tz`, counted from hourly roll-ups: in a zone 30 ' +
    'or 45 minutes off the hour, a day starts at the whole UTC hour before its midnight. The ' +
    'same figures as `npm run analytics:report` for the same period.' +
    PRIVACY +
    ' Every role.',
  security: [{ consoleSession: [] }],
  querystring: demandQueryParamsSchema,
  response: { 200: answer(demandAnswerSchema, 'The demand figures.'), ...errors },
};

export const demandCsvSchema = {
  operationId: 'exportUnmetDemand',
  tags: ['Console'],
  summary: 'Download the places of unmet demand as CSV',
  description:
    'The places with unmet searches for the same parameters as getDemand (`limit` defaults to ' +
    '1000 here), most first: place, country, latitude, longitude, unmet_searches (no store ' +
    'found, or only beyond the radius), nearest_store_km, beyond_radius (of the unmet ' +
    'searches, those answered only beyond the radius) (header line first).' +
    PRIVACY.replace('{"fewerThan": N}', '"fewer than N"') +
    ' Every role.',
  security: [{ consoleSession: [] }],
  querystring: demandQueryParamsSchema,
  produces: ['text/csv'],
  response: { 200: answer(z.string(), 'The places as CSV.'), ...errors },
};
