/**
 * Where a store index keeps its stores' documents (the API JSON of each store, in index order):
 * in a buffer of the process, or in a file of the machine read at offsets (`pread`).
 *
 * The file is the machine's one copy: every worker process that builds the same data opens the
 * same file (named by a hash of its bytes, ./store-documents-file.ts writes it), and what the
 * searches read of it stays in the kernel's page cache, which no process counts in its resident
 * memory. Documents are about three quarters of an index (~750 MB at 1,000,000 stores), so a
 * worker keeps only the positions, filters and offsets (docs/ARCHITECTURE.md, "One copy per
 * machine"). A search reads its page's documents in a few runs: the index keeps stores in grid
 * order, so a page's stores are mostly neighbours in the file; reading them costs about what
 * copying them from memory costs (same section).
 */
import { closeSync, readSync, unlinkSync } from 'node:fs';

/** A page's documents: store i's bytes are `bytes[at[2i], at[2i + 1])`. */
export interface DocumentsRead {
  bytes: Buffer;
  at: Float64Array;
}

export interface StoreDocuments {
  /** The documents of the stores at index positions `ks`, in that order. */
  read(ks: readonly number[]): DocumentsRead;
  /**
   * The index is replaced (by one reading `next`, if any): its file is removed from the folder
   * now (a process still reading it keeps it open), unless `next` reads the same one, and
   * closed after `graceMs` (a search holds an index only synchronously, so none is still
   * reading it then).
   */
  retire(next?: StoreDocuments, graceMs?: number): void;
  /** The file the documents are read from, if any. */
  readonly path?: string | undefined;
  /** Bytes of documents this process holds in memory (0 for a file). */
  readonly residentBytes: number;
}

/** The documents in a buffer of this process: a page reads them where they are. */
export class MemoryDocuments implements StoreDocuments {
  constructor(
    private readonly docs: Buffer,
    private readonly docStart: Float64Array,
  ) {}

  get residentBytes(): number {
    return this.docs.byteLength;
  }

  read(ks: readonly number[]): DocumentsRead {
    const at = new Float64Array(2 * ks.length);
    for (let i = 0; i < ks.length; i += 1) {
      at[2 * i] = this.docStart[ks[i]!]!;
      at[2 * i + 1] = this.docStart[ks[i]! + 1]!;
    }
    return { bytes: this.docs, at };
  }

  retire(): void {}
}

/**
 * Documents closer than this in the file are read in one run (the bytes between them are read
 * and skipped): one read of a few kilobytes more costs less than another system call.
 */
const JOIN_GAP_BYTES = 8 * 1024;

/** The documents in a file of the machine, open as `fd`. */
export class FileDocuments implements StoreDocuments {
  private closed = false;
  private retired = false;

  constructor(
    private readonly fd: number,
    readonly path: string,
    private readonly docStart: Float64Array,
  ) {}

  readonly residentBytes = 0;

  read(ks: readonly number[]): DocumentsRead {
    if (this.closed) throw new Error('store documents read after their index was closed');
    const n = ks.length;
    const at = new Float64Array(2 * n);
    if (n === 0) return { bytes: Buffer.alloc(0), at };
    const { docStart } = this;
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => ks[a]! - ks[b]!);
    // Runs of documents read together: [from, to) in the file and where the run lands in
    // `bytes`, three numbers a run; each document's run, and its offsets relative to the run.
    const runs: number[] = [];
    const runOf = new Int32Array(n);
    let size = 0;
    let from = docStart[ks[order[0]!]!]!;
    let to = from;
    for (const i of order) {
      const start = docStart[ks[i]!]!;
      const end = docStart[ks[i]! + 1]!;
      if (start - to > JOIN_GAP_BYTES) {
        runs.push(from, to, size);
        size += to - from;
        from = start;
      }
      to = Math.max(to, end);
      runOf[i] = runs.length;
      at[2 * i] = start - from;
      at[2 * i + 1] = end - from;
    }
    runs.push(from, to, size);
    size += to - from;
    const bytes = Buffer.allocUnsafe(size);
    for (let r = 0; r < runs.length; r += 3) {
      readFully(this.fd, bytes, runs[r + 2]!, runs[r]!, runs[r + 1]!);
    }
    for (let i = 0; i < n; i += 1) {
      const landed = runs[runOf[i]! + 2]!;
      at[2 * i] = at[2 * i]! + landed;
      at[2 * i + 1] = at[2 * i + 1]! + landed;
    }
    return { bytes, at };
  }

  retire(next?: StoreDocuments, graceMs = 1000): void {
    if (this.retired) return;
    this.retired = true;
    try {
      if (next?.path !== this.path) unlinkSync(this.path);
    } catch {
      // Already removed (another worker retired the same data, or start-up cleared the folder).
    }
    setTimeout(() => {
      this.closed = true;
      closeSync(this.fd);
    }, graceMs).unref();
  }
}

/** Reads file bytes [from, to) into `into` at `offset`, however many reads it takes. */
function readFully(fd: number, into: Buffer, offset: number, from: number, to: number): void {
  let done = 0;
  const length = to - from;
  while (done < length) {
    const got = readSync(fd, into, offset + done, length - done, from + done);
    if (got === 0) throw new Error('store documents file is shorter than its index');
    done += got;
  }
}
