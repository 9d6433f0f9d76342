/**
 * The built web app's JavaScript chunks (apps/web/dist/.vite/manifest.json): their sizes, raw
 * and gzip (the `.gz` the server sends, level 9; computed the same way for a file too small to
 * have one), and which of them belong to the lazily loaded map (MapCanvas and what only it
 * loads: pmtiles, the MapLibre worker).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const WEB_DIST = 'apps/web/dist';
export const MANIFEST = join(WEB_DIST, '.vite/manifest.json');
const MAP_ENTRY = 'src/components/map/MapCanvas.tsx';

interface ManifestEntry {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  assets?: string[];
}

export interface ChunkSize {
  /** Path under dist, e.g. "assets/index-abc.js". */
  file: string;
  rawBytes: number;
  gzipBytes: number;
  /** Part of the lazily loaded map. */
  map: boolean;
}

export function chunkSize(file: string, mapFiles: ReadonlySet<string>): ChunkSize {
  const path = join(WEB_DIST, file);
  const rawBytes = statSync(path).size;
  const gzipBytes = existsSync(`${path}.gz`)
    ? statSync(`${path}.gz`).size
    : gzipSync(readFileSync(path), { level: 9 }).length;
  return { file, rawBytes, gzipBytes, map: mapFiles.has(file) };
}

/** The files (under dist) of the map: reachable through MapCanvas only. */
export function mapFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestEntry>;
  const walk = (starts: string[], stop: string | undefined): Set<string> => {
    const seen = new Set<string>();
    const files = new Set<string>();
    const queue = [...starts];
    while (queue.length > 0) {
      const key = queue.pop()!;
      if (seen.has(key) || key === stop) continue;
      seen.add(key);
      const entry = manifest[key];
      if (!entry) continue;
      files.add(entry.file);
      for (const a of entry.assets ?? []) files.add(a);
      queue.push(...(entry.imports ?? []), ...(entry.dynamicImports ?? []));
    }
    return files;
  };
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  const app = walk(entries, MAP_ENTRY);
  const map = walk([MAP_ENTRY], undefined);
  return new Set([...map].filter((f) => !app.has(f)));
}

/** Every JavaScript file of the build (under dist). */
export function allScripts(): string[] {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestEntry>;
  const files = new Set<string>();
  for (const e of Object.values(manifest)) {
    for (const f of [e.file, ...(e.assets ?? [])]) if (/\.m?js$/.test(f)) files.add(f);
  }
  return [...files].sort();
}
