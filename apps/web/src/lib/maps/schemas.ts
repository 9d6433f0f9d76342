/**
 * Wire shapes of the maps endpoints (`/api/v1/maps/...`, contract fixed by the lead) and the
 * place type the web app uses. Responses are validated here, at the boundary: an entry without a
 * usable coordinate is dropped (spec 7.3 "only results with a coordinate are kept").
 */
import { z } from 'zod';

export const MAPS_API_BASE = '/api/v1/maps';

const coordinateSchema = z.object({
  latitude: z.number().finite().min(-90).max(90),
  longitude: z.number().finite().min(-180).max(180),
});

const rawPlaceSchema = z.object({
  displayLines: z.array(z.string()).optional(),
  coordinate: z.unknown().optional(),
  formattedAddress: z.string().optional(),
  countryCode: z.string().optional(),
});

export const placesResponseSchema = z.object({ results: z.array(z.unknown()) });

export const etaResponseSchema = z.object({
  etas: z.array(
    z.object({
      expectedTravelTime: z.number().finite().nonnegative(),
      distance: z.number().finite().nonnegative().optional(),
      estimate: z.boolean().optional(),
    }),
  ),
});

export type Eta = z.infer<typeof etaResponseSchema>['etas'][number];

/** A place from autocomplete, forward or reverse geocoding (spec 3.8 suggestion, 7.3). */
export interface Place {
  /** The two display lines of a suggestion (spec 2.6); the second may be "". */
  lines: [string, string];
  latitude: number;
  longitude: number;
  formattedAddress: string;
  /** ISO 3166-1 alpha-2, upper case, or "" when unknown. */
  countryCode: string;
}

/** One raw result as a Place, or undefined when it has no valid coordinate. */
export function toPlace(raw: unknown): Place | undefined {
  const parsed = rawPlaceSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const coordinate = coordinateSchema.safeParse(parsed.data.coordinate);
  if (!coordinate.success) return undefined;
  const [first = '', second = ''] = parsed.data.displayLines ?? [];
  const formattedAddress = (parsed.data.formattedAddress ?? '').trim();
  const line1 = first.trim() || formattedAddress;
  return {
    lines: [line1, second.trim()],
    latitude: coordinate.data.latitude,
    longitude: coordinate.data.longitude,
    formattedAddress: formattedAddress || [line1, second.trim()].filter(Boolean).join(', '),
    countryCode: (parsed.data.countryCode ?? '').trim().toUpperCase(),
  };
}

/**
 * A forward-geocoding answer with, when it found nothing, why: a postcode notice
 * (`postcode-not-offline`: the offline engine has no postcodes for the country) or a place the
 * visitor probably meant, to confirm ("did you mean …?").
 */
export interface PlaceAnswer {
  places: Place[];
  notice?: { code: string; countries: string[] };
  suggestion?: Place;
}

const answerExtrasSchema = z.object({
  notice: z.object({ code: z.string(), countries: z.array(z.string()) }).optional(),
  suggestion: z.unknown().optional(),
});

/** The places of a response body with its notice and suggestion, when any. */
export function parsePlaceAnswer(body: unknown): PlaceAnswer {
  const places = parsePlaces(body);
  const extras = answerExtrasSchema.safeParse(body);
  if (!extras.success) return { places };
  const suggestion = toPlace(extras.data.suggestion);
  return {
    places,
    ...(extras.data.notice ? { notice: extras.data.notice } : {}),
    ...(suggestion ? { suggestion } : {}),
  };
}

/** The places of a response body; invalid entries dropped. Throws when the body is not one. */
export function parsePlaces(body: unknown): Place[] {
  const { results } = placesResponseSchema.parse(body);
  return results.map(toPlace).filter((p): p is Place => p !== undefined);
}
