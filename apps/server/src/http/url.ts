/**
 * Request paths the router cannot read (hostile input). Fastify answers a path with
 * malformed percent-encoding ("/%", "/%E0%A4%A", an encoded lone surrogate "%ED%A0%80") or a
 * path parameter longer than its limit with its own body and status (400 FST_ERR_BAD_URL, 414
 * FST_ERR_MAX_PARAM_LENGTH), before any of our hooks (no security headers) and outside the
 * error catalogue. `routableUrl` runs first (Fastify's rewriteUrl) and replaces each such
 * segment with U+FFFD, as browsers decode malformed UTF-8, so that the request reaches the
 * routes like any other and gets their answer: a parameter's 400 with the catalogue code
 * ("countryCode: must be a country or region code"), a 404 NOT_FOUND, or the host page.
 */

/** "�" (U+FFFD REPLACEMENT CHARACTER), percent-encoded. */
export const REPLACEMENT_SEGMENT = '%EF%BF%BD';

/** The URL with every unreadable or over-long path segment replaced; the same string if none. */
export function routableUrl(url: string, maxSegment: number): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  // The common case costs two scans: no escapes and too short for a long segment.
  if (path.indexOf('%') === -1 && path.length <= maxSegment) return url;
  const segments = path.split('/');
  let changed = false;
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i]!;
    if (segment.length <= maxSegment && !segment.includes('%')) continue;
    let decoded: string | undefined;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      decoded = undefined;
    }
    if (decoded === undefined || decoded.length > maxSegment) {
      segments[i] = REPLACEMENT_SEGMENT;
      changed = true;
    }
  }
  if (!changed) return url;
  return q === -1 ? segments.join('/') : `${segments.join('/')}${url.slice(q)}`;
}
