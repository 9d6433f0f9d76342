/** The title, version and introduction of each API's OpenAPI document. */
import type { DocumentInfo } from './document-info.js';

export const PUBLIC_API_INFO: DocumentInfo = {
  title: 'Locator public API',
  version: '1',
  description:
    "The anonymous API the locator's pages use: the configuration of a country, the store " +
    'search, the maps endpoints (autocomplete, geocoding, reverse geocoding), the location ' +
    "statistic and analytics events. Errors answer with the error catalogue's body " +
    '`{"error":{"code","message","param"?}}` and a stable code.',
};

export const ADMIN_API_INFO: DocumentInfo = {
  title: 'Locator admin store API',
  version: '1',
  description:
    'Store management for feeds and tools: stores read, written (with If-Match and ' +
    'idempotency keys), imported in bulk and audited. Every call needs an API key ' +
    '(`Authorization: Bearer lk_<id>_<secret>`, from `npm run admin -- keys create`); reads ' +
    'need the "read" scope, writes "write". The console\'s members call the same operations ' +
    'with their session cookie instead (signed in through the Console operations): reads need ' +
    "the viewer role, writes the editor role and the session's CSRF token in X-CSRF-Token. " +
    "Errors answer with the error catalogue's body " +
    '`{"error":{"code","message","param"?}}` and a stable code; a method a path does not take ' +
    'is 405 METHOD_NOT_ALLOWED with Allow.',
};

/** The admin document's extra parts: its key scheme, required by every operation, and tags. */
export const ADMIN_DOCUMENT_EXTRA = {
  components: {
    securitySchemes: {
      apiKey: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'lk_<id>_<secret>',
        description: 'An API key from `npm run admin -- keys create`.',
      },
      consoleSession: {
        type: 'apiKey',
        in: 'cookie',
        name: 'locator-console',
        description:
          "The console's session cookie, set by signing in (`__Host-locator-console` over " +
          'HTTPS); state-changing requests also send the CSRF token in X-CSRF-Token.',
      },
    } as const,
  },
  security: [{ apiKey: [] }, { consoleSession: [] }],
  tags: [
    { name: 'Stores', description: 'Stores read, written and imported.' },
    { name: 'Audit', description: 'Every write, with the key that made it.' },
    { name: 'Console', description: "The console's sign-in and sessions." },
  ],
};

/** The public API takes no credentials: every operation is open to anyone (no security). */
export const PUBLIC_DOCUMENT_EXTRA = { security: [] };
