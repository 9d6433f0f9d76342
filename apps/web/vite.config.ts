import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** @locator/core is pure (no I/O, no module-level effects): let unused exports drop out. */
const isCoreModule = (id: string) => /[\\/]packages[\\/]core[\\/]/.test(id);

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !isCoreModule(id),
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/locales': 'http://localhost:8080' } },
});
