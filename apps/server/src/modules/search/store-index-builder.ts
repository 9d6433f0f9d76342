/**
 * Builds store indexes in a worker thread (./store-index-worker.ts), so that reading 200,000
 * stores and building their index (seconds of synchronous work: better-sqlite3 reads
 * synchronously, and the build is CPU) never holds this thread's event loop: the main thread
 * only receives the finished arrays (transferred, not copied) and wraps them (well under a
 * millisecond). One thread per process, started for a build and ended when no build is left
 * (its heap held the stores it read), so it keeps the process alive only while a build is in
 * flight.
 */
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { ApiError } from '@locator/core';
import { StoreIndex } from './store-index.js';
import type { IndexParts } from './store-index-build.js';
import { openDocuments } from './store-documents-file.js';

/** Where the builder thread reads the stores from. */
export type IndexDatabase =
  { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; connection: pg.ClientConfig };

/**
 * Where a build puts its documents: a file of the machine's documents folder, shared by the
 * machine's workers (./store-documents-file.ts), when they are at least `fromBytes` long;
 * else, as without a place, in memory.
 */
export interface DocumentsPlace {
  folder: string;
  fromBytes: number;
}

/**
 * From what size the documents go to the machine's file by default: reading a page's documents
 * from the file costs more CPU than finding them in memory (at 200,000 stores, the index's
 * nearest page took 65 µs with its documents in memory and 260 µs from the file: a new buffer a
 * page, written as it is read; docs/ARCHITECTURE.md, "One copy per machine"), and keeping them
 * costs every worker ~1 KB a store. From 256 MiB of documents (about 250,000 stores) the memory
 * is worth more: at 1,000,000 stores 1 GB a worker.
 */
export const DOCUMENTS_FILE_FROM_BYTES = 256 * 1024 * 1024;

export interface BuildRequest {
  id: number;
  source: IndexDatabase;
  /** Where the index's documents go (memory without it). */
  documents?: DocumentsPlace | undefined;
}

export type BuildReply =
  | { id: number; version: string; parts: IndexParts; error?: undefined }
  | { id: number; error: { message: string; unavailable: boolean } };

interface Pending {
  resolve: (built: { version: string; index: StoreIndex }) => void;
  reject: (err: Error) => void;
  /** Builds again: the documents file was removed before this thread opened it. */
  again: () => void;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

declare global {
  interface ImportMeta {
    /**
     * The compiled file's own address, set by the server's build (tools/build-server.ts) in
     * `dist/`; undefined when the server runs from its TypeScript source.
     */
    readonly compiledUrl?: string;
  }
}

/**
 * From source, the server runs its TypeScript through tsx, which a worker thread does not
 * inherit: the thread registers tsx's loader first, then imports its entry. Compiled, the
 * worker is a file of its own beside the server's (`dist/store-index-worker.js`).
 */
const TSX_BOOT = `const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((tsx) => { tsx.register(); return import(workerData.entry); });`;

function tsxApi(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('tsx/package.json');
  const exports = (
    JSON.parse(readFileSync(pkg, 'utf8')) as {
      exports: Record<string, { import: { default: string } }>;
    }
  ).exports;
  return pathToFileURL(join(dirname(pkg), exports['./esm/api']!.import.default)).href;
}

function failAll(err: Error): void {
  worker = undefined;
  for (const p of pending.values()) p.reject(err);
  pending.clear();
}

function start(): Worker {
  const compiled = import.meta.compiledUrl;
  const w = compiled
    ? new Worker(new URL('./store-index-worker.js', compiled), { execArgv: [] })
    : new Worker(TSX_BOOT, {
        eval: true,
        execArgv: [],
        workerData: {
          tsx: tsxApi(),
          entry: new URL('./store-index-worker.ts', import.meta.url).href,
        },
      });
  w.on('message', (reply: BuildReply) => {
    const p = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) {
      // Nothing else to build: the thread ends, and with it the heap it read the stores into
      // (at 1,000,000 stores more than a gigabyte a process, kept while it lived).
      worker = undefined;
      void w.terminate();
    }
    if (!p) return;
    if (reply.error) {
      p.reject(
        reply.error.unavailable
          ? new ApiError('DATABASE_UNAVAILABLE')
          : new Error(`store index build failed: ${reply.error.message}`),
      );
    } else {
      const { parts } = reply;
      let fd: number | undefined;
      if (parts.docsPath !== undefined) {
        fd = openDocuments(parts.docsPath, parts.docStart[parts.size]!);
        if (fd === undefined) return p.again();
      }
      p.resolve({ version: reply.version, index: new StoreIndex(parts, fd) });
    }
  });
  w.on('error', (err) => failAll(err));
  w.on('exit', (code) => {
    if (worker === w) failAll(new Error(`store index builder stopped (exit code ${code})`));
  });
  return w;
}

/**
 * Reads every store of the database in the builder thread; its index and counter. With a
 * documents place, the index may read its documents from the machine's file there.
 */
export function buildIndex(
  source: IndexDatabase,
  documents?: DocumentsPlace,
  attempt = 0,
): Promise<{ version: string; index: StoreIndex }> {
  worker ??= start();
  const w = worker;
  const id = (nextId += 1);
  return new Promise((resolve, reject) => {
    // The file of the data just read is removed only by a process that has newer data, so a
    // new read finds that data; a second miss keeps the documents in memory.
    const again = () =>
      buildIndex(source, attempt === 0 ? documents : undefined, attempt + 1).then(resolve, reject);
    pending.set(id, { resolve, reject, again });
    w.ref();
    const request: BuildRequest = { id, source, documents };
    w.postMessage(request);
  });
}
