/**
 * The store pages' island (README.md "Island"): the web app's build entry
 * `src/islands/store-page.tsx`, found through the build manifest (`.vite/manifest.json` of
 * WEB_DIST) with the chunks it imports, to be preloaded. Without a build (API tests, a server
 * without the web app) the pages have no island and work as they are.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IslandScript } from './html.js';

const ENTRY = 'src/islands/store-page.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export function findIsland(webDist: string): IslandScript | undefined {
  const file = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return undefined;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return undefined;
  }
  const entry = manifest[ENTRY];
  if (!entry) return undefined;
  const preload = new Set<string>();
  const walk = (keys: readonly string[] | undefined): void => {
    for (const key of keys ?? []) {
      const chunk = manifest[key];
      if (!chunk || preload.has(`/${chunk.file}`)) continue;
      preload.add(`/${chunk.file}`);
      walk(chunk.imports);
    }
  };
  walk(entry.imports);
  return { src: `/${entry.file}`, preload: [...preload] };
}
