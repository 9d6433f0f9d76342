/**
 * `npm run build` (apps/server): compiles the server into `apps/server/dist/` for `npm start`
 * and production (`node apps/server/dist/main.js`, docs/DEPLOYMENT.md#running-the-server): one
 * ES module per entry, the workspace packages (@locator/core, @locator/geo) bundled in, every
 * npm dependency left to `node_modules` (native better-sqlite3 among them).
 *
 * Paths the code resolves relative to itself (`new URL('../../config', import.meta.url)`,
 * `createRequire(import.meta.url)`) keep their meaning: in the output, each module's
 * `import.meta.url` is its source file's address, computed from where the output lies, so
 * `dist/` works wherever the checkout is (docs/ARCHITECTURE.md#compiled-server).
 * `import.meta.compiledUrl` is the output file's own address (undefined when run from source).
 */
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const repoRoot = resolve(serverDir, '..', '..');
/** Where `npm start` and production run the server from. */
export const DIST = resolve(serverDir, 'dist');

/** The entries: the server, and the store-index builder's worker thread (its own file). */
const entries = {
  main: resolve(serverDir, 'src/main.ts'),
  'store-index-worker': resolve(serverDir, 'src/modules/search/store-index-worker.ts'),
};

/** npm packages stay imports; the workspace packages (TypeScript source) are compiled in. */
const externalPackages: Plugin = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@locator/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Each module's `import.meta.url` becomes its source file's address (see above). */
const sourceUrls = (outdir: string): Plugin => ({
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(repoRoot + sep) || args.path.includes(`${sep}node_modules${sep}`))
        return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromOutput = relative(outdir, args.path).split(sep).join('/');
      const url = `new URL(${JSON.stringify(fromOutput)}, import.meta.url).href`;
      return { contents: source.replace(/\bimport\.meta\.url\b/g, url), loader: 'ts' };
    });
  },
});

/** Compiles the server into `outdir` (default `apps/server/dist`); a line saying what it wrote. */
export async function buildServer(outdir = DIST): Promise<string> {
  const started = performance.now();
  const result = await build({
    entryPoints: entries,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Class and function names as in the source (errors and logs name them).
    keepNames: true,
    sourcemap: 'linked',
    define: { 'import.meta.compiledUrl': 'import.meta.url' },
    plugins: [externalPackages, sourceUrls(outdir)],
    logLevel: 'warning',
    metafile: true,
  });
  const files = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, o]) => `${relative(serverDir, file)} ${Math.round(o.bytes / 1024)} KiB`);
  return `server compiled in ${Math.round(performance.now() - started)} ms: ${files.join(', ')}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`[build] ${await buildServer()}`);
}
