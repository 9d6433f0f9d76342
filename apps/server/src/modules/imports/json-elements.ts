/**
 * A JSON array of stores read element by element, so that a large one (the admin bulk endpoint
 * takes 64 MiB) is never parsed whole and never holds the event loop: the text is first split
 * into its elements' spans by one pass over its characters (strings skipped, nesting counted),
 * then each element is parsed and handed on by itself; both passes pause for other work every
 * few milliseconds (TimeSlicer). A text that is not a well-formed array at the top (another
 * value, a bracket left open, text after the array) is left to JSON.parse, whose message the
 * report then gives.
 */
import { MAX_JSON_DEPTH } from '../../http/json-depth.js';

/** How long work runs before it lets other callbacks (requests, timers) run (ms). */
const SLICE_MS = 8;

/** Awaited often in long work: yields to the event loop once a slice's time has passed. */
export class TimeSlicer {
  private started = performance.now();

  async pause(): Promise<void> {
    if (performance.now() - this.started < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.started = performance.now();
  }
}

export type ArraySplit =
  { kind: 'elements'; spans: Int32Array } | { kind: 'too-deep' } | { kind: 'not-an-array' };

/** Characters scanned between two looks at the clock. */
const STEP = 1 << 16;

/**
 * The spans of the top-level array's elements ([start0, end0, start1, end1, …]), or why there are
 * none: nesting deeper than `maxDepth` (the array itself is level 1), or not a well-formed array.
 */
export async function splitArray(
  text: string,
  slicer: TimeSlicer,
  maxDepth = MAX_JSON_DEPTH,
): Promise<ArraySplit> {
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i += 1;
  if (text.charCodeAt(i) !== 0x5b) return { kind: 'not-an-array' };
  const spans: number[] = [];
  let depth = 1;
  let inString = false;
  let start = i + 1;
  let closed = false;
  for (i += 1; i < text.length; i += 1) {
    if (i % STEP === 0) await slicer.pause();
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return { kind: 'too-deep' };
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
      if (depth === 0) {
        if (c !== 0x5d) return { kind: 'not-an-array' };
        spans.push(start, i);
        closed = true;
        break;
      }
    } else if (c === 0x2c && depth === 1) {
      spans.push(start, i);
      start = i + 1;
    }
  }
  if (!closed) return { kind: 'not-an-array' };
  for (i += 1; i < text.length; i += 1) {
    if (!isSpace(text.charCodeAt(i))) return { kind: 'not-an-array' };
  }
  // "[]": one blank span, no elements; a blank element anywhere else is broken JSON.
  if (spans.length === 2 && isBlank(text, spans[0]!, spans[1]!)) {
    return { kind: 'elements', spans: new Int32Array(0) };
  }
  for (let k = 0; k < spans.length; k += 2) {
    if (isBlank(text, spans[k]!, spans[k + 1]!)) return { kind: 'not-an-array' };
  }
  return { kind: 'elements', spans: Int32Array.from(spans) };
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i += 1) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
}
