/**
 * How deep a JSON text nests, found without parsing it: bodies and import files are refused
 * when they nest deeper than anything the server reads (a store is a flat object of columns with
 * its opening hours), before recursive code (the duplicate-key scan, hashing, validation) could
 * overflow the stack on a few kilobytes nested thousands deep.
 */

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 32;

/**
 * The first nesting level beyond `max` (1 = the top-level array or object), or 0 when the text
 * stays within it. One pass over the text, without recursion; strings are skipped.
 */
export function jsonDepthBeyond(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return depth;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return 0;
}
