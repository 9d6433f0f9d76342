/** Text sections of the index (names, keys, postcodes), checked before they are written. */

const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Offsets are in UTF-16 units of the decoded text: the text must survive a UTF-8 round trip. */
export function checkedText(text: string, expectedLength: number): string {
  if (text.length !== expectedLength || LONE_SURROGATE_RE.test(text)) {
    throw new Error('text section is not well-formed UTF-16');
  }
  return text;
}
