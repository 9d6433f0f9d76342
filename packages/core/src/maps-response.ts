/**
 * The maps endpoints' answers (spec 7.3): the one contract of /api/v1/maps/autocomplete,
 * geocode, reverse and eta. The server declares and serialises them with these schemas; the
 * web app's maps client takes its types from them.
 */
import { z } from 'zod';

/** One place as the maps endpoints answer it (the shape of spec 7.3). */
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
 * Why a place search found nothing: `postcode-not-offline`, the countries write postcodes so but
 * the embedded engine has no postcodes for them (a production geocoder has); `postcode-unknown`,
 * the offline data lacks that code.
 */
export const mapsNoticeSchema = z
  .object({
    code: z.enum(['postcode-not-offline', 'postcode-unknown']),
    countries: z.array(z.string()),
  })
  .meta({ id: 'MapsNotice', description: 'Why a place search found nothing.' });

export const mapsPlacesResponseSchema = z
  .object({
    results: z.array(mapsPlaceSchema),
    /** Only with no results. */
    notice: mapsNoticeSchema.optional(),
    /** "Did you mean …?": with no results, a place the visitor probably meant, to confirm. */
    suggestion: mapsPlaceSchema.optional(),
  })
  .meta({
    id: 'MapsPlacesResponse',
    description: 'Places found, or why none was (a notice or a suggestion).',
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
