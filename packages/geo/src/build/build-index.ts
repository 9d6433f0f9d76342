/**
 * Builds the gazetteer index (index-format.ts) from the npm source packages (sources.ts).
 *
 * The build is skipped when the existing file was made from the same inputs: the inputs hash
 * covers the format version, the source package versions and this builder's own source files.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GRID } from '../grid.js';
import {
  FORMAT_VERSION,
  INDEX_FILE_NAME,
  encodeIndex,
  readIndexHeader,
  type IndexHeader,
} from '../index-format.js';
import { areaIndexOf, readAreas } from './assemble-areas.js';
import { draftPlaces, placeSections } from './assemble-places.js';
import { postcodeSections } from './assemble-postcodes.js';
import { SHAPE_BAND_DEG, shapeSections } from './assemble-shapes.js';
import { sourceVersions } from './sources.js';

/** Where the index lives by default: packages/geo/dist/gazetteer.v1.bin. */
export const DEFAULT_INDEX_PATH = fileURLToPath(
  new URL(`../../dist/${INDEX_FILE_NAME}`, import.meta.url),
);

/** Source files whose content is part of the inputs hash (relative to src/). */
const BUILDER_SOURCES = [
  'build/build-index.ts',
  'build/assemble-areas.ts',
  'build/assemble-places.ts',
  'build/assemble-postcodes.ts',
  'build/assemble-shapes.ts',
  'build/country-table.ts',
  'build/text-section.ts',
  'build/sources.ts',
  'build/postcode-sources.ts',
  'build/postcode-places.ts',
  'build/district-sources.ts',
  'build/more-places.ts',
  'build/place-packages.ts',
  'build/kana.ts',
  'build/local-names.ts',
  'index-format.ts',
  'normalise.ts',
  'display-names.ts',
  'grid.ts',
];

export function computeInputsHash(): string {
  const h = createHash('sha256');
  h.update(`format:${FORMAT_VERSION}\n`);
  for (const [name, version] of Object.entries(sourceVersions()).sort()) {
    h.update(`${name}@${version}\n`);
  }
  const srcDir = fileURLToPath(new URL('../', import.meta.url));
  for (const rel of BUILDER_SOURCES) h.update(readFileSync(join(srcDir, rel)));
  return h.digest('hex').slice(0, 32);
}

export interface BuildResult {
  path: string;
  skipped: boolean;
  inputsHash: string;
  ms: number;
  bytes?: number;
  counts?: IndexHeader['counts'];
}

/** Builds the index at `path` unless an up-to-date one is already there (or `force`). */
export async function buildIndex(
  opts: { path?: string; force?: boolean; log?: (msg: string) => void } = {},
): Promise<BuildResult> {
  const started = performance.now();
  const path = opts.path ?? DEFAULT_INDEX_PATH;
  const log = opts.log ?? (() => {});
  const inputsHash = computeInputsHash();
  const skipped = (): BuildResult => ({
    path,
    skipped: true,
    inputsHash,
    ms: performance.now() - started,
  });
  if (!opts.force && (await isUpToDate(path, inputsHash))) return skipped();
  mkdirSync(dirname(path), { recursive: true });
  // Several processes (test workers, a server and a build script) may race: one builds.
  const release = await acquireLock(`${path}.lock`);
  try {
    if (!opts.force && (await isUpToDate(path, inputsHash))) return skipped();
    const { header, sections } = assemble(inputsHash, log);
    const buf = encodeIndex(header, sections);
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, buf);
    renameSync(tmp, path);
    const ms = performance.now() - started;
    log(
      `gazetteer: wrote ${path} (${(buf.byteLength / 1e6).toFixed(1)} MB) in ${ms.toFixed(0)} ms`,
    );
    return { path, skipped: false, inputsHash, ms, bytes: buf.byteLength, counts: header.counts };
  } finally {
    release();
  }
}

async function isUpToDate(path: string, inputsHash: string): Promise<boolean> {
  if (!existsSync(path)) return false;
  try {
    return (await readIndexHeader(path)).inputsHash === inputsHash;
  } catch {
    return false; // unreadable or another format version: rebuild
  }
}

const LOCK_STALE_MS = 180_000;

/** A lock directory (mkdir is atomic); a lock older than LOCK_STALE_MS is taken over. */
async function acquireLock(lockDir: string): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(lockDir);
      return () => rmSync(lockDir, { recursive: true, force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      try {
        if (Date.now() - statSync(lockDir).mtimeMs > LOCK_STALE_MS) {
          rmSync(lockDir, { recursive: true, force: true });
          continue;
        }
      } catch {
        continue; // released meanwhile
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** The index's header and sections, read from the source packages. */
function assemble(inputsHash: string, log: (msg: string) => void) {
  // Countries are numbered as they are first met: areas, then places, postcodes and shapes.
  const areas = readAreas();
  const drafts = draftPlaces(areas, log);
  const places = placeSections(drafts, log);
  const postcodes = postcodeSections(areas, drafts);
  const shapes = shapeSections(areas.countries, log);
  const header = {
    formatVersion: FORMAT_VERSION,
    inputsHash,
    builtAt: new Date().toISOString(),
    sources: sourceVersions(),
    counts: {
      places: places.places,
      keys: places.keys,
      postcodes: postcodes.postcodes,
      polygons: shapes.polygons,
    },
    grid: GRID,
    countries: areas.countries.records,
    regions: areas.regions,
    areaIndex: areaIndexOf(areas),
    shapeBandDeg: SHAPE_BAND_DEG,
  };
  return {
    header,
    sections: { ...places.sections, ...postcodes.sections, ...shapes.sections },
  };
}
