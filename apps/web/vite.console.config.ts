/**
 * The maker's console (src/console, docs/ARCHITECTURE.md "The console"): a page of its own,
 * admin/index.html → dist/admin/index.html, with its scripts and stylesheets hashed under
 * dist/admin/assets/. A build of its own, after the web app's (package.json), into the same
 * dist: the visitor's pages share no chunk with the console, so the console never changes
 * what they load.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { isCoreModule, precompress } from './vite.config';

export default defineConfig({
  plugins: [react(), precompress(['admin/assets'])],
  publicDir: false,
  build: {
    outDir: 'dist',
    // The web app's build is already there.
    emptyOutDir: false,
    assetsDir: 'admin/assets',
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      input: { console: fileURLToPath(new URL('./admin/index.html', import.meta.url)) },
      treeshake: { moduleSideEffects: (id: string) => !isCoreModule(id) },
    },
  },
});
