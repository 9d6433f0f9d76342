/** The response body writer: numbers printed exactly as JavaScript prints them. */
import { describe, expect, it } from 'vitest';
import { ByteWriter } from '../src/http/bytes.js';

const written = (fn: (w: ByteWriter) => void): string => {
  const w = new ByteWriter(Buffer.alloc(4096));
  fn(w);
  return w.written().toString('utf8');
};

describe('ByteWriter', () => {
  it('prints thousandths as String(n / 1000) does', () => {
    const samples = [0, 1, 7, 10, 70, 100, 999, 1000, 1001, 1010, 1100, 12345, 20037508, 2 ** 40];
    for (let i = 0; i < 5000; i += 1) samples.push((i * 2_654_435_761) % 25_000_000);
    for (const n of samples) expect(written((w) => w.thousandths(n))).toBe(String(n / 1000));
  });

  it('prints integers, ASCII text and byte ranges', () => {
    expect(written((w) => [0, 9, 10, 99, 100, 123456789].forEach((n) => w.uint(n)))).toBe(
      '0910991001234567' + '89',
    );
    const src = Buffer.from('«{"a":"é東"}»', 'utf8');
    expect(written((w) => w.bytes(src, 2, src.length - 2))).toBe('{"a":"é東"}');
    const long = Buffer.from('x'.repeat(300) + 'y');
    expect(written((w) => w.bytes(long, 1))).toBe('x'.repeat(299) + 'y');
    expect(written((w) => w.ascii(',"distanceKm":'))).toBe(',"distanceKm":');
  });
});
