/**
 * The build id: a hash of what a release's answers are made from besides the data — the built
 * web app's index.html (which names its hashed assets), the translations, and the server's and
 * the shared rules' code. Computed from files once per set of inputs, so every process and every
 * machine running the same release has the same id, and a new release a new one. ETags derived
 * from content and this id never depend on when a process started.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every file under the paths (a file or a folder, read recursively), in a stable order. */
function files(path: string): string[] {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return [];
  }
  if (stat.isFile()) return [path];
  if (!stat.isDirectory()) return [];
  return readdirSync(path)
    .sort()
    .flatMap((name) => (name === 'node_modules' ? [] : files(join(path, name))));
}

const memo = new Map<string, string>();

/** A hash of the files' names and contents under `paths` (missing paths count as empty). */
export function hashOfFiles(paths: readonly string[]): string {
  const key = paths.join('\u0000');
  const known = memo.get(key);
  if (known !== undefined) return known;
  const hash = createHash('sha1');
  for (const root of paths) {
    for (const file of files(root)) {
      hash.update(`${file.slice(root.length)}\u0000`).update(readFileSync(file));
    }
    hash.update('\u0001');
  }
  const id = hash.digest('base64url').slice(0, 16);
  memo.set(key, id);
  return id;
}

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const coreDir = dirname(createRequire(import.meta.url).resolve('@locator/core'));

/** The build id of this server with its web app build (WEB_DIST) and translations. */
export function buildId(webDist: string | undefined, localesDir: string): string {
  return hashOfFiles([
    webDist ? join(webDist, 'index.html') : '',
    localesDir,
    join(serverDir, 'package.json'),
    join(serverDir, 'src'),
    coreDir,
  ]);
}
