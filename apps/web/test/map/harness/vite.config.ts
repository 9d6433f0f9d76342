/**
 * A page that mounts the store map by itself (the end-to-end tests' harness, e2e/tests/map-*):
 * built from the same sources as the app, into $MAP_HARNESS_OUT (e2e/tests/map-harness.ts sets it:
 * a folder of the test run), under /map-harness/. The tests serve it from disk with page.route on the server's origin; it is
 * never part of the app's build.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  base: '/map-harness/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: process.env.MAP_HARNESS_OUT ?? '/tmp/locator-map-harness',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
