/** A PMTiles v3 archive for tests: one uncompressed tile at z0, a root directory, JSON metadata. */

function varint(n: number, out: number[]): void {
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
}

export function pmtilesArchive(tile: Buffer, metadata: unknown): Buffer {
  const dirBytes: number[] = [];
  varint(1, dirBytes); // entries
  varint(0, dirBytes); // tile id delta
  varint(1, dirBytes); // run length
  varint(tile.length, dirBytes); // length
  varint(1, dirBytes); // offset + 1
  const dir = Buffer.from(dirBytes);
  const meta = Buffer.from(JSON.stringify(metadata));
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (offset: number, v: number) => header.writeBigUInt64LE(BigInt(v), offset);
  const rootOffset = 127;
  const metaOffset = rootOffset + dir.length;
  const dataOffset = metaOffset + meta.length;
  u64(8, rootOffset);
  u64(16, dir.length);
  u64(24, metaOffset);
  u64(32, meta.length);
  u64(40, dataOffset);
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, tile.length);
  u64(72, 1); // addressed tiles
  u64(80, 1); // tile entries
  u64(88, 1); // tile contents
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(1, 99); // MVT
  header.writeUInt8(0, 100); // min zoom
  header.writeUInt8(0, 101); // max zoom
  header.writeInt32LE(-1800000000, 102);
  header.writeInt32LE(-850000000, 106);
  header.writeInt32LE(1800000000, 110);
  header.writeInt32LE(850000000, 114);
  return Buffer.concat([header, dir, meta, tile]);
}
