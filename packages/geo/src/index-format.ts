/**
 * The gazetteer index file, format version 1 (`gazetteer.v1.bin`).
 *
 * Layout: "LGZI" magic (4 bytes), header length H (uint32 LE), H bytes of JSON header, zero
 * padding to a multiple of 8, then the sections named in `header.sections`, each 8-byte
 * aligned, little-endian typed arrays or UTF-8 text. Readers map sections to typed-array views
 * of one buffer, so loading is a file read, one JSON parse and three text decodes.
 */
import { open, readFile } from 'node:fs/promises';

export const FORMAT_VERSION = 1;
export const INDEX_FILE_NAME = `gazetteer.v${FORMAT_VERSION}.bin`;
const MAGIC = 'LGZI';

/** Key flags (section keyFlags): the GeoNames main/ASCII name; a short all-capitals code. */
export const KEY_MAIN = 1;
export const KEY_CODE = 2;
/** placeRank: low bits hold the admin rank (capital 3 … 0); this bit marks a city section (PPLX). */
export const RANK_MASK = 0x0f;
export const RANK_SECTION = 0x10;
/** placeRegion / postRegion value for "no region". */
export const NO_REGION = 0xffff;

export type SectionType = 'u8' | 'u16' | 'u32' | 'f32' | 'text';

export interface SectionInfo {
  type: SectionType;
  offset: number;
  byteLength: number;
}

export interface CountryRecord {
  /** ISO 3166-1 alpha-2. */
  code: string;
  alpha3: string;
  /** Names by language; the first of each list is the display name. */
  names: Record<string, string[]>;
}

export interface RegionRecord {
  /** Index into `countries`. */
  country: number;
  /** GeoNames admin-1 code. */
  admin: string;
  /** ISO 3166-2 suffix ("TX", "IDF"), when known. */
  iso?: string;
  /** Names by language (iso3166-2-db; "kr" is its code for Korean). */
  names: Record<string, string>;
}

export interface IndexHeader {
  formatVersion: number;
  inputsHash: string;
  builtAt: string;
  sources: Record<string, string>;
  counts: { places: number; keys: number; postcodes: number; polygons: number };
  grid: { cellDeg: number; cols: number; rows: number };
  countries: CountryRecord[];
  regions: RegionRecord[];
  /**
   * Folded names and codes of every country and region in all languages, sorted, for
   * qualifiers and bare area names: [key, ref], ref ≥ 0 a country, ref < 0 region −ref−1.
   */
  areaIndex: [string, number][];
  /** Latitude band height of the shapeBand* sections (edges of each polygon by band). */
  shapeBandDeg: number;
  sections: Record<string, SectionInfo>;
}

/** What a section holds while building (text sections are JS strings). */
export type SectionData = Uint8Array | Uint16Array | Uint32Array | Float32Array | string;

function typeOf(data: SectionData): SectionType {
  if (typeof data === 'string') return 'text';
  if (data instanceof Uint8Array) return 'u8';
  if (data instanceof Uint16Array) return 'u16';
  if (data instanceof Uint32Array) return 'u32';
  return 'f32';
}

const align8 = (n: number): number => Math.ceil(n / 8) * 8;

/** Serialises a header (without its `sections`) and sections into one buffer. */
export function encodeIndex(
  header: Omit<IndexHeader, 'sections'>,
  sections: Record<string, SectionData>,
): Buffer {
  const bodies: { name: string; type: SectionType; bytes: Uint8Array }[] = [];
  for (const [name, data] of Object.entries(sections)) {
    const bytes =
      typeof data === 'string'
        ? Buffer.from(data, 'utf8')
        : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    bodies.push({ name, type: typeOf(data), bytes });
  }
  const infos: Record<string, SectionInfo> = {};
  let offset = 0;
  for (const b of bodies) {
    infos[b.name] = { type: b.type, offset, byteLength: b.bytes.byteLength };
    offset = align8(offset + b.bytes.byteLength);
  }
  const headerBytes = Buffer.from(JSON.stringify({ ...header, sections: infos }), 'utf8');
  const bodyStart = align8(8 + headerBytes.byteLength);
  const out = Buffer.alloc(bodyStart + offset);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(headerBytes.byteLength, 4);
  headerBytes.copy(out, 8);
  for (const b of bodies) {
    const info = infos[b.name];
    if (info) out.set(b.bytes, bodyStart + info.offset);
  }
  return out;
}

export interface DecodedIndex {
  header: IndexHeader;
  u8(name: string): Uint8Array;
  u16(name: string): Uint16Array;
  u32(name: string): Uint32Array;
  f32(name: string): Float32Array;
  text(name: string): string;
}

export class IndexFormatError extends Error {
  override name = 'IndexFormatError';
}

function parseHeader(buf: Buffer): { header: IndexHeader; bodyStart: number } {
  if (buf.byteLength < 8 || buf.toString('latin1', 0, 4) !== MAGIC) {
    throw new IndexFormatError('not a gazetteer index (bad magic)');
  }
  const len = buf.readUInt32LE(4);
  if (buf.byteLength < 8 + len) throw new IndexFormatError('truncated index header');
  const header = JSON.parse(buf.toString('utf8', 8, 8 + len)) as IndexHeader;
  if (header.formatVersion !== FORMAT_VERSION) {
    throw new IndexFormatError(
      `index format v${header.formatVersion}, expected v${FORMAT_VERSION}`,
    );
  }
  return { header, bodyStart: align8(8 + len) };
}

/** Reads only the header (to check whether an index is up to date without loading it). */
export async function readIndexHeader(path: string): Promise<IndexHeader> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(8);
    await fh.read(head, 0, 8, 0);
    const len = head.readUInt32LE(4);
    const buf = Buffer.alloc(8 + len);
    await fh.read(buf, 0, 8 + len, 0);
    return parseHeader(buf).header;
  } finally {
    await fh.close();
  }
}

export function decodeIndex(buf: Buffer): DecodedIndex {
  const { header, bodyStart } = parseHeader(buf);
  // Typed-array views need aligned offsets: copy into a fresh ArrayBuffer when not aligned.
  const base =
    buf.byteOffset % 8 === 0
      ? buf
      : Buffer.from(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength).slice());
  const section = (name: string, type: SectionType): SectionInfo => {
    const info = header.sections[name];
    if (!info || info.type !== type) throw new IndexFormatError(`missing section ${name}`);
    if (bodyStart + info.offset + info.byteLength > base.byteLength) {
      throw new IndexFormatError(`truncated section ${name}`);
    }
    return info;
  };
  const at = (info: SectionInfo): number => base.byteOffset + bodyStart + info.offset;
  return {
    header,
    u8: (n) => {
      const s = section(n, 'u8');
      return new Uint8Array(base.buffer, at(s), s.byteLength);
    },
    u16: (n) => {
      const s = section(n, 'u16');
      return new Uint16Array(base.buffer, at(s), s.byteLength / 2);
    },
    u32: (n) => {
      const s = section(n, 'u32');
      return new Uint32Array(base.buffer, at(s), s.byteLength / 4);
    },
    f32: (n) => {
      const s = section(n, 'f32');
      return new Float32Array(base.buffer, at(s), s.byteLength / 4);
    },
    text: (n) => {
      const s = section(n, 'text');
      const start = bodyStart + s.offset;
      return base.toString('utf8', start, start + s.byteLength);
    },
  };
}

export async function readIndexFile(path: string): Promise<DecodedIndex> {
  return decodeIndex(await readFile(path));
}
