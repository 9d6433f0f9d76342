import { describe, expect, it } from 'vitest';
import { FORMAT_VERSION, IndexFormatError, decodeIndex, encodeIndex } from '../src/index-format.js';

const header = {
  formatVersion: FORMAT_VERSION,
  inputsHash: 'abc',
  builtAt: '2026-01-01T00:00:00.000Z',
  sources: { x: '1.0.0' },
  counts: { places: 2, keys: 0, postcodes: 0, polygons: 0 },
  grid: { cellDeg: 0.5, cols: 720, rows: 360 },
  countries: [{ code: 'FR', alpha3: 'FRA', names: { en: ['France'] } }],
  regions: [],
  areaIndex: [],
  shapeBandDeg: 0.25,
};

describe('index format', () => {
  it('round-trips typed arrays and text (with non-BMP characters)', () => {
    const buf = encodeIndex(header, {
      a: new Float32Array([1.5, -2.25]),
      b: new Uint8Array([1, 2, 3]),
      c: new Uint16Array([65535]),
      d: new Uint32Array([4_000_000_000, 7]),
      t: 'München 東京 𠮷',
    });
    const idx = decodeIndex(buf);
    expect(idx.header.inputsHash).toBe('abc');
    expect([...idx.f32('a')]).toEqual([1.5, -2.25]);
    expect([...idx.u8('b')]).toEqual([1, 2, 3]);
    expect([...idx.u16('c')]).toEqual([65535]);
    expect([...idx.u32('d')]).toEqual([4_000_000_000, 7]);
    expect(idx.text('t')).toBe('München 東京 𠮷');
    expect(() => idx.u32('a')).toThrow(IndexFormatError);
  });

  it('decodes from an unaligned buffer', () => {
    const buf = encodeIndex(header, { a: new Float32Array([3]) });
    const shifted = Buffer.alloc(buf.byteLength + 3);
    buf.copy(shifted, 3);
    expect([...decodeIndex(shifted.subarray(3)).f32('a')]).toEqual([3]);
  });

  it('rejects other files and other format versions', () => {
    expect(() => decodeIndex(Buffer.from('not an index'))).toThrow(IndexFormatError);
    const v2 = encodeIndex({ ...header, formatVersion: FORMAT_VERSION + 1 }, {});
    expect(() => decodeIndex(v2)).toThrow(/format v2/);
    const truncated = encodeIndex(header, { a: new Uint32Array(100) }).subarray(0, 200);
    expect(() => decodeIndex(truncated).u32('a')).toThrow(/truncated/);
  });
});
