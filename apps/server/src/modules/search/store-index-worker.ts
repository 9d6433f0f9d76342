/**
 * The store index's builder thread (started by ./store-index-builder.ts): reads every store
 * from the database named in each request — it opens its own connection, so nothing of the
 * read or the build runs on the main thread's event loop — builds the index's data and hands
 * its arrays back without copying (transfer list). It runs at a lower CPU priority than the
 * request thread, so on a busy machine a build waits rather than the requests.
 */
import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { readPgIndex, readSqliteIndex } from './index-read.js';
import { isSqliteUnavailable, isUnavailable } from '../../db/errors.js';
import { transferList, type IndexParts } from './store-index-build.js';
import { shareDocuments } from './store-documents-file.js';
import type {
  BuildReply,
  BuildRequest,
  DocumentsPlace,
  IndexDatabase,
} from './store-index-builder.js';

/** The parts with their documents moved to the machine's file, when the place says so. */
function withSharedDocuments(parts: IndexParts, place: DocumentsPlace | undefined): IndexParts {
  if (place === undefined || parts.docs.byteLength === 0) return parts;
  if (parts.docs.byteLength < place.fromBytes) return parts;
  const docsPath = shareDocuments(place.folder, parts.docs);
  return docsPath ? { ...parts, docs: new Uint8Array(0), docsPath } : parts;
}

async function read(source: IndexDatabase): Promise<{ version: string; parts: IndexParts }> {
  if (source.dialect === 'sqlite') {
    const db = new BetterSqlite3(source.file, { readonly: true, fileMustExist: true });
    try {
      return readSqliteIndex(db);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client(source.connection);
  // A connection lost mid-read fails the query in flight; without a listener its 'error'
  // event would be thrown as an uncaught exception.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await readPgIndex(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** How much lower than the process's request thread this thread runs (nice, on Linux). */
const NICER = 10;
try {
  // On Linux a thread's nice value is its own: a build gives way to requests for the CPU.
  setPriority(Math.min(19, getPriority() + NICER));
} catch {
  // Not permitted or not supported: the same priority as the requests.
}

const port = parentPort!;
port.on('message', (request: BuildRequest) => {
  void read(request.source).then(
    ({ version, parts: read }) => {
      const parts = withSharedDocuments(read, request.documents);
      const reply: BuildReply = { id: request.id, version, parts };
      port.postMessage(reply, transferList(parts));
    },
    (err: unknown) => {
      const unavailable =
        request.source.dialect === 'sqlite' ? isSqliteUnavailable(err) : isUnavailable(err);
      const message = err instanceof Error ? err.message : String(err);
      const reply: BuildReply = { id: request.id, error: { message, unavailable } };
      port.postMessage(reply);
    },
  );
});
