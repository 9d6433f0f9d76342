/** The web app's maps client (place suggestions, search, reverse) against the locator's origin. */
import { createMapsClient, type MapsClient } from '../lib/maps/client';
import { locatorFetch } from './origin';

export const maps: MapsClient = createMapsClient({ fetch: locatorFetch });
