/**
 * The maps endpoints' answers (`/api/v1/maps/...`) read with their one contract, the schemas of
 * @locator/core (maps-response), and the place type the web app uses. Answers are validated
 * here, at the boundary: an entry the contract refuses (no usable coordinate) is dropped
 * (PRODUCT.md#maps-service "only results with a coordinate are kept").
 */
import { z } from 'zod';
import {
  mapsEtaResponseSchema,
  mapsPlaceSchema,
  mapsPlacesResponseSchema,
  type MapsNotice,
} from '@locator/core';

export const MAPS_API_BASE = '/api/v1/maps';

/**
 * The places answer as the contract has it (@locator/core maps-response), its results read one
 * by one: an entry the contract refuses is dropped, not the whole answer.
 */
const placesEnvelopeSchema = mapsPlacesResponseSchema.extend({
  results: z.array(z.unknown()),
  suggestion: z.unknown().optional(),
});

export const etaResponseSchema = mapsEtaResponseSchema;

export type Eta = z.infer<typeof etaResponseSchema>['etas'][number];

/** A place from autocomplete, forward or reverse geocoding (PRODUCT.md#filter-groups-and-suggestions, #maps-service). */
export interface Place {
  /** The two display lines of a suggestion (PRODUCT.md#search-form); the second may be "". */
  lines: [string, string];
  latitude: number;
  longitude: number;
  formattedAddress: string;
  /** ISO 3166-1 alpha-2, upper case, or "" when unknown. */
  countryCode: string;
}

/** One raw result as a Place, or undefined when the contract refuses it (no valid coordinate). */
export function toPlace(raw: unknown): Place | undefined {
  const parsed = mapsPlaceSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const { displayLines, coordinate } = parsed.data;
  const formattedAddress = parsed.data.formattedAddress.trim();
  const line1 = displayLines[0].trim() || formattedAddress;
  const line2 = displayLines[1].trim();
  return {
    lines: [line1, line2],
    latitude: coordinate.latitude,
    longitude: coordinate.longitude,
    formattedAddress: formattedAddress || [line1, line2].filter(Boolean).join(', '),
    countryCode: parsed.data.countryCode.trim().toUpperCase(),
  };
}

/**
 * A forward-geocoding answer with, when it found nothing, why: a postcode notice
 * (`postcode-not-offline`: the offline engine has no postcodes for the country) or a place the
 * visitor probably meant, to confirm ("did you mean …?").
 */
export interface PlaceAnswer {
  places: Place[];
  notice?: MapsNotice;
  suggestion?: Place;
}

/** The places of a response body with its notice and suggestion, when any. */
export function parsePlaceAnswer(body: unknown): PlaceAnswer {
  const answer = placesEnvelopeSchema.parse(body);
  const places = answer.results.map(toPlace).filter((p): p is Place => p !== undefined);
  const suggestion = toPlace(answer.suggestion);
  return {
    places,
    ...(answer.notice ? { notice: answer.notice } : {}),
    ...(suggestion ? { suggestion } : {}),
  };
}

/** The places of a response body; invalid entries dropped. Throws when the body is not one. */
export function parsePlaces(body: unknown): Place[] {
  return parsePlaceAnswer(body).places;
}
