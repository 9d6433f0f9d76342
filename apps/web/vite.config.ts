import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** @locator/core is pure (no I/O, no module-level effects): let unused exports drop out. */
export const isCoreModule = (id: string) => /[\\/]packages[\\/]core[\\/]/.test(id);

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside each built script and stylesheet of
 * `assets/` of at least 1 KiB, which the server sends to browsers that accept them
 * (@fastify/static `preCompressed`), so that nothing is compressed per request.
 */
export function precompress(folders: readonly string[] = ['assets']): Plugin {
  let outDir = 'dist';
  return {
    name: 'locator-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const folder of folders) {
        const dir = join(outDir, folder);
        for (const name of readdirSync(dir)) {
          if (!/\.(m?js|css|svg)$/.test(name)) continue;
          const file = join(dir, name);
          if (statSync(file).size < 1024) continue;
          const raw = readFileSync(file);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(
          new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json (not served): which chunks each page loads, for bench:web.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      // The web app, and the store pages' island (its file is found through the manifest).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'store-island': fileURLToPath(new URL('./src/islands/store-page.tsx', import.meta.url)),
      },
      treeshake: {
        moduleSideEffects: (id: string) => !isCoreModule(id),
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/locales': 'http://localhost:8080' } },
});
