/**
 * The maps endpoints' answers (PRODUCT.md#maps-service): the one contract of /api/v1/maps/autocomplete,
 * geocode, reverse and eta. The server declares and serialises them with these schemas; the
 * web app's maps client takes its types from them.
 */
import { z } from 'zod';

/** One place as the maps endpoints answer it (the shape of PRODUCT.md#maps-service). */
export const mapsPlaceSchema = z
  .object({
    displayLines: z.tuple([z.string(), z.string()]),
    coordinate: z.object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
    }),
    formattedAddress: z.string(),
    countryCode: z.string(),
  })
  .meta({ id: 'MapsPlace', description: 'A place: its two display lines and its position.' });

/**
 * What the visitor should know about a place search: why it found nothing
 * (`postcode-not-offline`, the countries write postcodes so but the embedded engine has no
 * postcodes for them, a production geocoder has; `postcode-unknown`, the offline data lacks that
 * code), or that its results are not what was typed (`street-not-found`: the street of an
 * address is not in the data, the results are the town the address names, `town`).
 */
export const mapsNoticeSchema = z
  .object({
    code: z.enum(['postcode-not-offline', 'postcode-unknown', 'street-not-found']),
    countries: z.array(z.string()),
    /** `street-not-found`: the name of the town shown instead of the street. */
    town: z.string().optional(),
  })
  .meta({
    id: 'MapsNotice',
    description: 'Why a place search found nothing, or that it found the town, not the street.',
  });

export const mapsPlacesResponseSchema = z
  .object({
    results: z.array(mapsPlaceSchema),
    /** Postcode notices with no results; `street-not-found` with the town's results. */
    notice: mapsNoticeSchema.optional(),
    /** "Did you mean …?": with no results, a place the visitor probably meant, to confirm. */
    suggestion: mapsPlaceSchema.optional(),
  })
  .meta({
    id: 'MapsPlacesResponse',
    description:
      'Places found (with a notice when they are the town of a street address), or why none was (a notice or a suggestion).',
    examples: [
      {
        results: [
          {
            displayLines: ['London', 'England, United Kingdom'],
            coordinate: { latitude: 51.5072, longitude: -0.1276 },
            formattedAddress: 'London, England, United Kingdom',
            countryCode: 'GB',
          },
        ],
      },
    ],
  });

export const mapsEtaResponseSchema = z
  .object({
    etas: z.array(
      z.object({
        /** Seconds. */
        expectedTravelTime: z.number(),
        /** Metres. */
        distance: z.number(),
        /** True when estimated from the straight-line distance. */
        estimate: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'MapsEtaResponse', description: 'Travel times, one per destination, in order.' });

export type MapsPlace = z.infer<typeof mapsPlaceSchema>;
export type MapsNotice = z.infer<typeof mapsNoticeSchema>;
export type MapsPlacesResponse = z.infer<typeof mapsPlacesResponseSchema>;
export type MapsEtaResponse = z.infer<typeof mapsEtaResponseSchema>;
