/**
 * The self-hosted PMTiles archive (MAP_STYLE=pmtiles): its header and metadata read once at
 * start-up (for the style), and the file served with HTTP Range requests, as the browser's
 * PMTiles reader asks for byte ranges of it.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { PMTiles, TileType, type RangeResponse, type Source } from 'pmtiles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Attribution, PmtilesInfo } from './style.js';

/** A pmtiles Source over a local file. */
class LocalFileSource implements Source {
  constructor(private readonly path: string) {}
  getKey(): string {
    return this.path;
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const fh = await open(this.path, 'r');
    try {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await fh.read(buf, 0, length, offset);
      return { data: buf.buffer.slice(buf.byteOffset, buf.byteOffset + bytesRead) as ArrayBuffer };
    } finally {
      await fh.close();
    }
  }
}

const TYPES: Record<number, PmtilesInfo['tileType']> = {
  [TileType.Mvt]: 'mvt',
  [TileType.Png]: 'png',
  [TileType.Jpeg]: 'jpg',
  [TileType.Webp]: 'webp',
  [TileType.Avif]: 'avif',
};

/** Reads what the style needs from a PMTiles v3 archive; throws on a file that is not one. */
export async function readPmtilesInfo(path: string): Promise<PmtilesInfo> {
  const archive = new PMTiles(new LocalFileSource(path));
  const header = await archive.getHeader();
  const metadata = ((await archive.getMetadata()) ?? {}) as {
    vector_layers?: { id: string; geometry?: string }[];
    attribution?: string;
  };
  const info: PmtilesInfo = {
    tileType: TYPES[header.tileType] ?? 'unknown',
    minZoom: header.minZoom,
    maxZoom: header.maxZoom,
    vectorLayers: (metadata.vector_layers ?? []).filter((l) => typeof l.id === 'string'),
  };
  if (typeof metadata.attribution === 'string') info.attribution = metadata.attribution;
  return info;
}

/** One "bytes=a-b" range (the PMTiles reader asks for one at a time); null → whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): [number, number] | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null; // multiple or malformed ranges: whole file
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return [start, end];
}

/** Sends the archive, or the requested byte range of it (206), with validators. */
export async function sendArchive(path: string, request: FastifyRequest, reply: FastifyReply) {
  const info = await stat(path);
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  reply
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', info.mtime.toUTCString())
    .header('Cache-Control', 'public, max-age=86400')
    .type('application/vnd.pmtiles');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  // If-Range with another validator: the file changed, so send all of it.
  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.range, info.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${info.size}`).send();
  }
  const [start, end] = range ?? [0, info.size - 1];
  if (range) reply.code(206).header('Content-Range', `bytes ${start}-${end}/${info.size}`);
  reply.header('Content-Length', String(end - start + 1));
  return reply.send(createReadStream(path, { start, end }));
}

/**
 * The archive's attribution (metadata `attribution`, HTML such as Protomaps' "<a href=…>©
 * OpenStreetMap</a>") as the plain credits the web app lists: link texts with their http(s)
 * address, or the text itself.
 */
export function archiveAttributions(html: string | undefined): Attribution[] {
  if (!html) return [];
  const links = [...html.matchAll(/<a\s[^>]*href="(https?:[^"]*)"[^>]*>([^<]*)<\/a>/gi)];
  const plain = (t: string) =>
    t
      .replace(/<[^>]*>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  if (links.length === 0) return plain(html) ? [{ text: plain(html), href: '' }] : [];
  return links.map((m) => ({ text: plain(m[2] ?? ''), href: m[1] ?? '' })).filter((a) => a.text);
}
