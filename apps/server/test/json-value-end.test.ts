import { describe, expect, it } from 'vitest';
import { jsonValueEnd } from '../src/http/json-value-end.js';

const end = (text: string, at = 0) => jsonValueEnd(Buffer.from(text), at);

describe('the end of a JSON value in bytes', () => {
  it('finds the closing bracket of nested objects and arrays', () => {
    expect(end('{"a":[1,{"b":2}]},"c":3')).toBe(17);
    expect(end('x[[1],[2]]y', 1)).toBe(10);
  });

  it('does not count brackets, quotes or escapes inside strings', () => {
    const text = '{"name":"a } \\" ] { \\\\","x":"é"}tail';
    expect(end(text)).toBe(Buffer.byteLength(text) - 4);
  });

  it('answers -1 for what is not an object or array, or does not close', () => {
    expect(end('"str"')).toBe(-1);
    expect(end('{"a":1')).toBe(-1);
    expect(end('{"a":"}')).toBe(-1);
  });
});
