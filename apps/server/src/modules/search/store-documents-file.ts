/**
 * Writes a store index's documents to the machine's documents folder, once per machine: the
 * file is named by a hash of its bytes, so a worker that builds the same data opens the file
 * another wrote instead of writing it again (./store-documents.ts reads it). Run by the index's
 * builder thread; the descriptor it opens belongs to the process, so the request thread reads
 * through it.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * The documents as a file of `folder`: the one there with the same bytes, or written now (to a
 * temporary name, then renamed, so no process ever opens half a file); its path. Undefined
 * when the folder cannot be used: the index keeps its documents in memory, as without a
 * folder. (The builder thread writes; the request thread opens what it reads, as a worker
 * thread's descriptors close when the thread ends.)
 */
export function shareDocuments(folder: string, docs: Uint8Array): string | undefined {
  const name = createHash('sha256').update(docs).digest('hex').slice(0, 40);
  const path = join(folder, `${name}.docs`);
  const found = openDocuments(path, docs.byteLength);
  if (found !== undefined) {
    closeSync(found);
    return path;
  }
  const temporary = join(folder, `.${name}.${process.pid}.${threadId}.tmp`);
  let fd: number | undefined;
  try {
    mkdirSync(folder, { recursive: true });
    fd = openSync(temporary, 'w', 0o644);
    for (let done = 0; done < docs.byteLength;) {
      done += writeSync(fd, docs, done, docs.byteLength - done);
    }
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, path);
    return path;
  } catch {
    if (fd !== undefined) closeSync(fd);
    try {
      rmSync(temporary, { force: true });
    } catch {
      // The folder itself is unusable.
    }
    return undefined;
  }
}

/**
 * The documents file at `path` open for reading, when it exists with the expected size;
 * undefined when it does not (another process removed it meanwhile: its data is outdated).
 */
export function openDocuments(path: string, size: number): number | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  if (fstatSync(fd).size === size) return fd;
  closeSync(fd);
  return undefined;
}

/**
 * Removes what earlier runs left in the folder (a process that stopped keeps no file open). Run
 * once per machine at start-up, before any worker builds an index.
 */
export function clearDocumentsFolder(folder: string): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return; // no folder yet
  }
  for (const name of names) {
    if (name.endsWith('.docs') || name.endsWith('.tmp'))
      rmSync(join(folder, name), { force: true });
  }
}
