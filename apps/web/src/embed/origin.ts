/**
 * The locator's own origin — where this script was loaded from — and a fetch that sends the
 * web app's root-relative API paths there. Requests carry no credentials (the API needs none).
 */
export const LOCATOR_ORIGIN = new URL(import.meta.url).origin;

export const locatorFetch: typeof fetch = (input, init) =>
  fetch(typeof input === 'string' && input.startsWith('/') ? `${LOCATOR_ORIGIN}${input}` : input, {
    ...init,
    credentials: 'omit',
  });
