/**
 * The end of the JSON object or array that starts at `start` in UTF-8 bytes: the index after
 * its closing bracket, or -1 when it does not close. Brackets inside strings (with escaped
 * quotes) do not count. Used to find a value inside a stored document without parsing the
 * whole document (modules/search/hours-status.ts); the value found is then parsed on its own, so a
 * malformed one is refused there.
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x7b, 0x5b]); // { [
const CLOSE = new Set([0x7d, 0x5d]); // } ]

export function jsonValueEnd(bytes: Uint8Array, start: number, end = bytes.length): number {
  if (!OPEN.has(bytes[start] ?? -1)) return -1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < end; i += 1) {
    const b = bytes[i]!;
    if (inString) {
      if (b === BACKSLASH) i += 1;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) {
      inString = true;
    } else if (OPEN.has(b)) {
      depth += 1;
    } else if (CLOSE.has(b)) {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}
