/** The title, version and introduction of each API's OpenAPI document. */
import type { DocumentInfo } from './documents.js';

export const PUBLIC_API_INFO: DocumentInfo = {
  title: 'Locator public API',
  version: '1',
  description:
    "The anonymous API the locator's pages use: the configuration of a country, the store " +
    'search, the maps endpoints (autocomplete, geocoding, reverse geocoding), the location ' +
    "statistic and analytics events. Errors answer with the error catalogue's body " +
    '`{"error":{"code","message","param"?}}` and a stable code.',
};
