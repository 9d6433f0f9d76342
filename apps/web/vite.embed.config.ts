/**
 * The embeddable elements (src/embed, docs/EMBEDDING.md): a library build of one ES module at a
 * stable address, dist/embed/v1/locator.js, whose lazily loaded chunks (the map) are hashed
 * under dist/embed/v1/assets/, plus MapLibre's worker at a stable name beside it (the map
 * starts it from there). Runs after the web app's build (package.json), into its dist.
 */
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { isCoreModule, precompress } from './vite.config';

const require = createRequire(import.meta.url);

/** The modules of @locator/core that do not use the schema library, and the maps language. */
const isZodFreeCore = (id: string): boolean =>
  /[\\/]src[\\/]lib[\\/]maps[\\/]language\.ts$/.test(id) ||
  (isCoreModule(id) && !/[\\/]((\w+-)?schemas?|\w+-response|admin-\w+|analytics)\.ts$/.test(id));
const outDir = fileURLToPath(new URL('./dist/embed/v1', import.meta.url));

/** MapLibre's worker, copied from the package (the same version as the map chunk). */
function copyWorker(): Plugin {
  return {
    name: 'locator-embed-worker',
    apply: 'build',
    writeBundle() {
      const source = require.resolve('maplibre-gl/dist/maplibre-gl-worker.mjs');
      copyFileSync(source, `${outDir}/maplibre-gl-worker.mjs`);
    },
  };
}

export default defineConfig({
  plugins: [copyWorker(), precompress(['', 'assets'])],
  publicDir: false,
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    lib: {
      entry: fileURLToPath(new URL('./src/embed/locator.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'locator.js',
    },
    rolldownOptions: {
      output: {
        chunkFileNames: 'assets/[name]-[hash].js',
        // The schema library and its readers (the maps client) in chunks of their own, apart
        // from the shared rules: the compact element does not load them.
        advancedChunks: {
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 3 },
            {
              name: 'maps-client',
              test: /[\\/]src[\\/]lib[\\/]maps[\\/](api|client|schemas)\.ts$/,
              priority: 1,
            },
            { name: 'core', test: isZodFreeCore, priority: 2 },
          ],
        },
      },
      // The maps client's module makes its page-wide client when loaded; unused here, it drops out.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !isCoreModule(id) && !/[\\/]src[\\/]lib[\\/]maps[\\/]/.test(id),
      },
    },
  },
});
