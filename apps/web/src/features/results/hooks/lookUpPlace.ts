/**
 * The place of the location text when the visitor submits it (forward geocoding limited to the
 * searched country), or why there is none: the field error's key, a "did you mean …?" place,
 * and whether another country's site was offered for the place found elsewhere.
 */
import { LOCATION_NOT_FOUND } from '@locator/core';
import type { MapsClient, Place, PlaceAnswer, PlaceQuery } from '../../../lib/maps';

/** A postcode-shaped location in a country whose postcodes the maps engine lacks offline. */
export const POSTCODE_NOT_OFFLINE = 'form.location.error.postcodeNotOffline';
/** A place not in the searched country but in another one whose site is offered. */
export const PLACE_IN_OTHER_COUNTRY = 'form.location.error.otherCountry';

export type LookedUp =
  /** `town`: the town searched instead of a street the maps engine could not place. */
  { place: Place; town?: string } | { error: string; suggestion?: Place };

/**
 * `offerElsewhere`, when given, is asked about the place the text names in another country
 * (a worldwide search after nothing was found in the country) and resolves whether it offered
 * that country's site.
 */
export async function lookUpPlace(
  maps: MapsClient,
  query: PlaceQuery,
  offerElsewhere?: (place: Place) => Promise<boolean>,
): Promise<LookedUp> {
  const answer: PlaceAnswer =
    query.q === ''
      ? { places: [] }
      : maps.geocodeAnswer
        ? await maps.geocodeAnswer(query)
        : { places: await maps.geocode(query) };
  const [found] = answer.places;
  if (found) {
    const { notice } = answer;
    return notice?.code === 'street-not-found'
      ? { place: found, town: notice.town ?? found.lines[0] }
      : { place: found };
  }
  const [there] =
    answer.notice || !offerElsewhere || query.q === ''
      ? []
      : await maps.geocode({ ...query, countries: [] });
  const abroad = there && offerElsewhere ? await offerElsewhere(there) : false;
  const error = abroad
    ? PLACE_IN_OTHER_COUNTRY
    : answer.notice?.code === 'postcode-not-offline'
      ? POSTCODE_NOT_OFFLINE
      : LOCATION_NOT_FOUND;
  return { error, ...(answer.suggestion ? { suggestion: answer.suggestion } : {}) };
}
