/**
 * The compact element's weight, read off the built embed (`npm run build` runs before the
 * tests): what `<store-nearest>` loads is the entry (/embed/v1/locator.js), the chunk that
 * entry imports (the elements' definitions) and, recursively, every chunk imported statically
 * from there; the map, the full locator's element and the maps client are imported only when
 * needed. Together at most 25 KB gzipped (docs/EMBEDDING.md), and never the schema library
 * (27 KB by itself), which a shared module reading answers with a schema would drag in.
 * bench:web measures the same in a browser.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const EMBED_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist/embed/v1');
const BUDGET_GZIP_BYTES = 25 * 1024;

const staticImports = (code: string): string[] =>
  [
    ...code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[^'"();]*?\sfrom\s*)?["'](\.[^"']+)["']/g),
  ].map((m) => m[1]!);
const dynamicImports = (code: string): string[] =>
  [...code.matchAll(/import\(\s*["'](\.[^"']+)["']\s*\)/g)].map((m) => m[1]!);

describe('<store-nearest> as built', () => {
  it('loads at most 25 KB of gzipped JavaScript, without the schema library', () => {
    const entry = join(EMBED_DIR, 'locator.js');
    const entryCode = readFileSync(entry, 'utf8');
    const loaded = new Map<string, number>([['locator.js', gzipSync(entryCode).length]]);
    const visit = (file: string): void => {
      const name = file.slice(EMBED_DIR.length + 1);
      if (loaded.has(name)) return;
      const code = readFileSync(file, 'utf8');
      loaded.set(name, gzipSync(code).length);
      for (const spec of staticImports(code)) visit(resolve(dirname(file), spec));
    };
    // The entry only imports the definitions' chunk (dynamically, after a global setting).
    for (const spec of [...staticImports(entryCode), ...dynamicImports(entryCode)]) {
      visit(resolve(EMBED_DIR, spec));
    }
    const names = [...loaded.keys()];
    const total = [...loaded.values()].reduce((a, b) => a + b, 0);
    expect(names.some((n) => /(^|\/)zod-/.test(n))).toBe(false);
    expect(names.some((n) => /(^|\/)map-/.test(n))).toBe(false);
    expect(total, `${names.join(', ')}: ${total} bytes`).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });
});
