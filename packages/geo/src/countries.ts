/** Country codes at the API: ISO 3166-1 alpha-2, any case, with the site's "uk" for GB. */
export function normaliseCountryCode(code: string): string {
  const upper = code.trim().toUpperCase();
  return upper === 'UK' ? 'GB' : upper;
}
