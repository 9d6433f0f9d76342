/**
 * Characters no store text may hold: C0 and C1 controls (NUL, BEL, tab, line breaks, DEL) and
 * the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that
 * make text display differently from what it says. The import and the admin API refuse them
 * (FORBIDDEN_CHARACTER).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/** The first forbidden character of a value (or of a list's texts), as "U+202E", or undefined. */
export function forbiddenCharacter(value: unknown): string | undefined {
  const texts = Array.isArray(value) ? value : [value];
  for (const t of texts) {
    if (typeof t !== 'string') continue;
    const m = FORBIDDEN_CHARACTERS.exec(t);
    if (m) return `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return undefined;
}
