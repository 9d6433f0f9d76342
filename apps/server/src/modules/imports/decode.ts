/**
 * An import file's bytes → text. UTF-8 (with or without a byte-order mark) and UTF-16 with a
 * byte-order mark are read; any other bytes are refused with the line and byte where decoding
 * failed — never turned into U+FFFD — unless an encoding is named (`--encoding windows-1252`).
 * UTF-16 without a byte-order mark (utf16.ts) is refused as an encoding problem too, naming the
 * encoding it looks like; text given as a string (the admin bulk body) is checked the same way.
 */
import type { RowProblem } from './codes.js';
import { utf16WithoutBom } from './utf16.js';

/** Encodings that may be named; "latin1" is read as windows-1252 (its superset). */
export const NAMED_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'latin1'] as const;
export type NamedEncoding = (typeof NAMED_ENCODINGS)[number];

export interface Decoded {
  text: string;
  /** The encoding read. */
  encoding: string;
  problem?: RowProblem;
}

export function decodeImport(content: Buffer | string, named?: NamedEncoding): Decoded {
  const bom = typeof content !== 'string' && startsWithBom(content);
  const looksUtf16 = named === undefined && !bom ? utf16WithoutBom(content) : undefined;
  if (looksUtf16) {
    return {
      text: '',
      encoding: 'unknown',
      problem: {
        line: 1,
        field: '(file)',
        code: 'ENCODING',
        reason:
          `looks like ${looksUtf16.toUpperCase()} without a byte-order mark (a zero byte beside ` +
          `every character); save the file as UTF-8, or name its encoding with ` +
          `--encoding ${looksUtf16}`,
      },
    };
  }
  if (typeof content === 'string') return { text: stripBom(content), encoding: 'utf-8' };
  if (named) {
    const label = named === 'latin1' ? 'windows-1252' : named;
    return { text: stripBom(new TextDecoder(label).decode(content)), encoding: label };
  }
  if (content[0] === 0xff && content[1] === 0xfe) return utf16(content, 'utf-16le');
  if (content[0] === 0xfe && content[1] === 0xff) return utf16(content, 'utf-16be');
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(content);
    return { text: stripBom(text), encoding: 'utf-8' };
  } catch {
    const at = firstInvalidUtf8(content);
    const line = content.subarray(0, at).toString('latin1').split('\n').length;
    const byte = `0x${(content[at] ?? 0).toString(16).padStart(2, '0')}`;
    return {
      text: '',
      encoding: 'unknown',
      problem: {
        line,
        field: '(file)',
        value: byte,
        code: 'ENCODING',
        reason:
          `not UTF-8: byte ${byte} at offset ${at} (Latin-1 or Windows-1252?); save the file ` +
          'as UTF-8, or name its encoding with --encoding windows-1252',
      },
    };
  }
}

function startsWithBom(content: Buffer): boolean {
  return (
    (content[0] === 0xff && content[1] === 0xfe) || (content[0] === 0xfe && content[1] === 0xff)
  );
}

function utf16(content: Buffer, label: 'utf-16le' | 'utf-16be'): Decoded {
  return { text: stripBom(new TextDecoder(label).decode(content)), encoding: label };
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalidUtf8(b: Buffer): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    const n =
      c < 0x80
        ? 0
        : c >= 0xc2 && c <= 0xdf
          ? 1
          : c >= 0xe0 && c <= 0xef
            ? 2
            : c >= 0xf0 && c <= 0xf4
              ? 3
              : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) {
      const d = b[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) return i;
    }
    i += n + 1;
  }
  return b.length;
}
