/**
 * The admin store API's repository (both databases: ./sqlite/admin.ts, ./postgres/admin.ts):
 * API keys (only a hash of each secret is stored), single-store reads and writes with the
 * content hash as version (If-Match), and the audit log every admin write appends to in the
 * same transaction.
 */
import type { StoreRecord } from './types.js';

export type KeyScope = 'read' | 'write';

export interface ApiKeyRow {
  id: string;
  name: string;
  /** SHA-256 of the key's secret, hex. */
  secretHash: string;
  scopes: KeyScope[];
  createdAt: string;
  revokedAt: string | null;
}

/** A stored store as the admin API shows it. */
export interface AdminStore {
  storeId: string;
  country: string;
  /** The store's document (JSON text). */
  doc: string;
  /** Content hash: the version If-Match names. */
  hash: string;
  source: string;
}

export interface AuditEntry {
  id: number;
  at: string;
  /** The API key id (or "cli:…") that made the change. */
  actor: string;
  action: 'create' | 'replace' | 'delete';
  storeId: string;
  before: string | null;
  after: string | null;
}

export type WriteStatus = 'created' | 'replaced' | 'unchanged' | 'deleted' | 'missing' | 'conflict';

export interface AdminWrite {
  status: WriteStatus;
  /** The store after the write (absent after a delete or for a missing store). */
  store?: AdminStore;
}

/** A write's answer kept for its idempotency key (24 hours). */
export interface IdempotentAnswer {
  requestHash: string;
  status: number;
  etag: string | null;
  body: string | null;
}

/** How long an idempotency key's answer is kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

export interface AdminRepository {
  createKey(key: Omit<ApiKeyRow, 'createdAt' | 'revokedAt'>): Promise<void>;
  listKeys(): Promise<ApiKeyRow[]>;
  /** False when there is no such key (or it was revoked already). */
  revokeKey(id: string): Promise<boolean>;
  findKey(id: string): Promise<ApiKeyRow | undefined>;
  /** Stores in store id order after `after`, at most `limit`. */
  listStores(after: string | undefined, limit: number): Promise<AdminStore[]>;
  getStore(storeId: string): Promise<AdminStore | undefined>;
  /**
   * Creates or replaces a store, unless `ifMatch` is given and is not its current hash
   * ("conflict"; "*" matches any existing store). Audited with the actor.
   */
  putStore(record: StoreRecord, ifMatch: string | undefined, actor: string): Promise<AdminWrite>;
  deleteStore(storeId: string, ifMatch: string | undefined, actor: string): Promise<AdminWrite>;
  /** The answer kept for a key's idempotency key (younger than IDEMPOTENCY_TTL_MS). */
  findIdempotent(keyId: string, idemKey: string): Promise<IdempotentAnswer | undefined>;
  /** Keeps an answer (the first one wins); forgets answers older than IDEMPOTENCY_TTL_MS. */
  saveIdempotent(keyId: string, idemKey: string, answer: IdempotentAnswer): Promise<void>;
  /** Audit entries, newest first (of one store when given). */
  audit(query: { storeId?: string; limit: number }): Promise<AuditEntry[]>;
}

/** Whether If-Match allows a write to a store whose current hash is `current`. */
export function ifMatchAllows(ifMatch: string | undefined, current: string | undefined): boolean {
  if (ifMatch === undefined) return true;
  if (current === undefined) return false;
  return ifMatch === '*' || ifMatch === current;
}
