/**
 * UTF-16 without a byte-order mark. Read as UTF-8, such text is valid but every other character
 * is U+0000 (the high byte of a Latin letter), so an import would see columns like "\u0000n\u0000a…".
 * Text (or bytes) whose first units are mostly zero at the even or at the odd positions is
 * taken for UTF-16: big-endian when the zeros come first, little-endian when they come second.
 * Real text has no zero bytes: zeros at a quarter or more of one parity's positions, and four
 * times as many as at the other parity, make it UTF-16.
 */

/** How many leading units are looked at. */
const SAMPLE = 4096;

/** 'utf-16le' or 'utf-16be' when `content` looks like UTF-16 without a byte-order mark. */
export function utf16WithoutBom(content: string | Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(content.length, SAMPLE);
  if (n < 2) return undefined;
  const at =
    typeof content === 'string' ? (i: number) => content.charCodeAt(i) : (i: number) => content[i]!;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 1) {
    if (at(i) !== 0) continue;
    if (i % 2 === 0) even += 1;
    else odd += 1;
  }
  const half = n / 2;
  if (odd >= half / 4 && odd > even * 4) return 'utf-16le';
  if (even >= half / 4 && even > odd * 4) return 'utf-16be';
  return undefined;
}
