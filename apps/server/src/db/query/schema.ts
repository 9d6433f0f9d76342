/**
 * The tables the shared repositories read and write, as the query builder sees them
 * (docs/ARCHITECTURE.md, "One repository layer"). A column whose type differs between the two
 * databases is typed as both read it and as both accept it; each such case is named here.
 */
import type { ColumnType } from 'kysely';

/** A moment: ISO text on SQLite, TIMESTAMPTZ (read as a Date) on PostgreSQL; written as ISO text. */
export type Moment = ColumnType<string | Date, string, string>;
/** A moment that may be missing. */
export type MaybeMoment = ColumnType<
  string | Date | null,
  string | null | undefined,
  string | null
>;
/** Milliseconds since the epoch: INTEGER on SQLite, BIGINT (read as text by pg) on PostgreSQL. */
export type EpochMs = ColumnType<number | string, number, number>;

export interface ConsoleAccountsTable {
  id: string;
  /** Lower-case. */
  email: string;
  role: string;
  password_hash: string;
  created_at: Moment;
  disabled_at: MaybeMoment;
}

export interface ConsoleSessionsTable {
  id_hash: string;
  account_id: string;
  csrf_token: string;
  created_at: EpochMs;
  last_seen_at: EpochMs;
  credential: string;
}

/** A row id: INTEGER on SQLite, BIGSERIAL (read as text by pg) on PostgreSQL. */
export type RowId = ColumnType<number | string, never, never>;

/** The stores as the shared repositories read them (written by ../../modules/stores/writes.ts). */
export interface StoresTable {
  id: RowId;
  store_id: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** The store's API document, JSON text. */
  doc: string;
  /** Content hash (the version an admin write's If-Match names). */
  hash: string;
  source: string;
  /** Kept by the database (migration 8); null on SQLite for rows from before it. */
  changed_at: MaybeMoment;
}

/** Bumped by triggers on every change of the stores. */
export interface StoreVersionTable {
  version: ColumnType<number | string, never, never>;
}

export interface ImportsTable {
  file_hash: string;
  file_name: string;
  rows: number;
  applied_at: Moment;
}

/** Stores deleted and not added again (written by triggers). */
export interface RemovedStoresTable {
  store_id: string;
  removed_at: Moment;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** Epoch ms that may be missing. */
type MaybeEpochMs = ColumnType<number | string | null, number | null | undefined, number | null>;
/** A column with a default: optional when a row is inserted. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** What the locator has to send to other systems (../outbox.ts). */
export interface OutboxTable {
  seq: RowId;
  topic: string;
  event_id: string;
  destination: string;
  body: string;
  created_at: EpochMs;
  state: Defaulted<string>;
  attempts: Defaulted<number>;
  next_attempt_at: EpochMs;
  lease_until: ColumnType<number | string, number | undefined, number>;
  last_attempt_at: MaybeEpochMs;
  last_status: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A flag: INTEGER 0/1 on SQLite, BOOLEAN on PostgreSQL (written with ./dialect-sql.ts's flag). */
export type Flag = number | boolean;

/** Analytics events as stored (../../modules/analytics/event-repository.ts). */
export interface AnalyticsEventsTable {
  id: RowId;
  occurred_at: Moment;
  type: string;
  channel: string | null;
  country: string | null;
  locale: string | null;
  product: string | null;
  carrier: string | null;
  link: string | null;
  page: string | null;
  search_trigger: string | null;
  drop_off: Flag | null;
  result_count: number | null;
  latitude: number | null;
  longitude: number | null;
  store_id: string | null;
  embed_origin: string | null;
  beyond_radius: Flag;
}

/** The admin API's keys (../../modules/admin/sql-repository.ts). */
export interface ApiKeysTable {
  id: string;
  name: string;
  secret_hash: string;
  /** Comma-separated. */
  scopes: string;
  created_at: Moment;
  revoked_at: MaybeMoment;
  last_used_at: MaybeMoment;
}

/** Every admin write of a store, with the documents before and after. */
export interface StoreAuditTable {
  id: RowId;
  at: Moment;
  actor: string;
  action: string;
  store_id: string;
  before_doc: string | null;
  after_doc: string | null;
}

/** Admin requests' idempotency keys and their answers. */
export interface AdminIdempotencyTable {
  key_id: string;
  idem_key: string;
  request_hash: string;
  status: number;
  etag: string | null;
  body: string | null;
  created_at: Moment;
}

export interface Schema {
  api_keys: ApiKeysTable;
  store_audit: StoreAuditTable;
  admin_idempotency: AdminIdempotencyTable;
  analytics_events: AnalyticsEventsTable;
  outbox: OutboxTable;
  console_accounts: ConsoleAccountsTable;
  console_sessions: ConsoleSessionsTable;
  stores: StoresTable;
  store_version: StoreVersionTable;
  imports: ImportsTable;
  removed_stores: RemovedStoresTable;
  meta: MetaTable;
}
