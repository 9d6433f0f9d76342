/**
 * The PostgreSQL search's cache of store documents in the server process: a search asks the
 * database only for the nearest stores' ids, content hashes and distances, and takes their
 * documents (UTF-8 bytes, ready to splice into a response) from here; a document whose hash
 * differs from the database's is stale and fetched again. Bounded in bytes; the oldest entries
 * go first.
 */
export interface CachedDoc {
  hash: string;
  /** hashTag(hash). */
  tag: number;
  bytes: Buffer;
}

export class DocCache {
  private readonly docs = new Map<number, CachedDoc>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The document of a store if the cache holds this version of it. */
  get(id: number, hash: string): CachedDoc | undefined {
    const hit = this.docs.get(id);
    return hit && hit.hash === hash ? hit : undefined;
  }

  set(id: number, doc: CachedDoc): void {
    const old = this.docs.get(id);
    if (old) {
      this.bytes -= old.bytes.length;
      this.docs.delete(id);
    }
    if (doc.bytes.length > this.maxBytes) return;
    this.docs.set(id, doc);
    this.bytes += doc.bytes.length;
    for (const [key, value] of this.docs) {
      if (this.bytes <= this.maxBytes) break;
      this.docs.delete(key);
      this.bytes -= value.bytes.length;
    }
  }

  get size(): number {
    return this.docs.size;
  }
}
