/**
 * The admin store API's repository (both databases: ./sql-repository.ts):
 * API keys (only a hash of each secret is stored), single-store reads and writes with the
 * content hash as version (If-Match), and the audit log every admin write appends to in the
 * same transaction.
 */
import type { StoreRecord } from '../stores/record.js';
import type { StoreTableRepository } from '../stores/table.js';

export type KeyScope = 'read' | 'write';

export interface ApiKeyRow {
  id: string;
  name: string;
  /** SHA-256 of the key's secret, hex. */
  secretHash: string;
  scopes: KeyScope[];
  createdAt: string;
  revokedAt: string | null;
  /** When the key last authenticated a request, to the minute (KEY_USE_INTERVAL_MS); null: never. */
  lastUsedAt: string | null;
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
  /** The store deleted. */
  storeId?: string;
}

/** A write's answer kept for its idempotency key (24 hours). */
export interface IdempotentAnswer {
  requestHash: string;
  /** The answer's HTTP status; IN_FLIGHT while the first request is still running. */
  status: number;
  etag: string | null;
  body: string | null;
}

/** How long an idempotency key's answer is kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** The status of a claimed idempotency key whose request has not answered yet. */
export const IN_FLIGHT = 0;
/**
 * How long a claim may stay in flight before another request may take it over (a process that
 * died mid-request leaves its claim behind); longer than any admin request runs.
 */
export const IDEMPOTENCY_LEASE_MS = 10 * 60 * 1000;

/** The console's store table (store-table.ts) is read through the admin repository too. */
export interface AdminRepository extends StoreTableRepository {
  createKey(key: Omit<ApiKeyRow, 'createdAt' | 'revokedAt' | 'lastUsedAt'>): Promise<void>;
  listKeys(): Promise<ApiKeyRow[]>;
  /** False when there is no such key (or it was revoked already). */
  revokeKey(id: string): Promise<boolean>;
  findKey(id: string): Promise<ApiKeyRow | undefined>;
  /**
   * Records that the key was used at `at`, unless a use after `since` is recorded already (so
   * that processes sharing the database write it once, not once each).
   */
  touchKey(id: string, at: Date, since: Date): Promise<void>;
  /** Stores in store id order after `after`, at most `limit`. */
  listStores(after: string | undefined, limit: number): Promise<AdminStore[]>;
  getStore(storeId: string): Promise<AdminStore | undefined>;
  /**
   * Creates or replaces a store, unless `ifMatch` is given and is not its current hash
   * ("conflict"; "*" matches any existing store). Audited with the actor.
   */
  putStore(record: StoreRecord, ifMatch: string | undefined, actor: string): Promise<AdminWrite>;
  deleteStore(storeId: string, ifMatch: string | undefined, actor: string): Promise<AdminWrite>;
  /**
   * Claims an idempotency key for a request (atomically: of concurrent claims in any process,
   * one wins): undefined when this request holds it now, else what holds it — the kept answer,
   * or a claim in flight (status IN_FLIGHT). Forgets answers older than IDEMPOTENCY_TTL_MS and
   * claims in flight longer than IDEMPOTENCY_LEASE_MS.
   */
  claimIdempotent(
    keyId: string,
    idemKey: string,
    requestHash: string,
  ): Promise<IdempotentAnswer | undefined>;
  /** Keeps the answer of the request holding the claim. */
  saveIdempotent(keyId: string, idemKey: string, answer: IdempotentAnswer): Promise<void>;
  /** Gives up a claim still in flight (the request failed: it may be retried). */
  releaseIdempotent(keyId: string, idemKey: string): Promise<void>;
  /** Audit entries, newest first (of one store when given). */
  audit(query: { storeId?: string; limit: number }): Promise<AuditEntry[]>;
}

/** An api_keys row as both databases read it (timestamps as text on SQLite). */
export interface KeyDbRow {
  id: string;
  name: string;
  secret_hash: string;
  scopes: string;
  created_at: string | Date;
  revoked_at: string | Date | null;
  last_used_at: string | Date | null;
}

const isoOf = (v: string | Date): string => (typeof v === 'string' ? v : v.toISOString());

export function toKey(r: KeyDbRow): ApiKeyRow {
  return {
    id: r.id,
    name: r.name,
    secretHash: r.secret_hash,
    scopes: r.scopes.split(',').filter(Boolean) as KeyScope[],
    createdAt: isoOf(r.created_at),
    revokedAt: r.revoked_at === null ? null : isoOf(r.revoked_at),
    lastUsedAt: r.last_used_at === null ? null : isoOf(r.last_used_at),
  };
}

/** Whether If-Match allows a write to a store whose current hash is `current`. */
export function ifMatchAllows(ifMatch: string | undefined, current: string | undefined): boolean {
  if (ifMatch === undefined) return true;
  if (current === undefined) return false;
  return ifMatch === '*' || ifMatch === current;
}
