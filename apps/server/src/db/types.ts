/**
 * Repository interfaces: all database I/O goes through these; services receive
 * only the repositories they need. Two implementations: SQLite (./sqlite) and PostgreSQL
 * (./postgres); everything outside them is dialect-agnostic.
 */
import type { ResultChannel, StoredEventType } from '@locator/core';
import type { DemandRollups } from '../modules/analytics/demand-rollup-types.js';
import type { StoreWriteRepository } from '../modules/stores/writes.js';
import type { AdminRepository } from '../modules/admin/repository.js';
import type { AccountRepository } from '../modules/console/account-repository.js';
import type { StorePagesRepository } from '../modules/pages/repository.js';
import type { ChangeFeed } from '../modules/stores/changes.js';
import type { OutboxRepository, OutboxRow } from './outbox.js';

import type { StoreRecord } from '../modules/stores/record.js';

export type { StoreRecord } from '../modules/stores/record.js';

export type DropOffMode = 'any' | 'only' | 'exclude';

export interface NearestQuery {
  latitude: number;
  longitude: number;
  radiusKm: number;
  limit: number;
  /** ISO codes the search is limited to. */
  countries: readonly string[];
  channel: ResultChannel;
  /** A product _id, or undefined for all products. */
  productId?: string | undefined;
  /** A carrier name; carrier-neutral stores always match. */
  carrier?: string | undefined;
  dropOff: DropOffMode;
  /**
   * Search this area instead of the radius: the `limit` matches inside it nearest the query's
   * point, and the positions of every match in it (at most `maxPoints`).
   */
  area?: Area | undefined;
}

/** A map's visible area in degrees; `west` > `east` when it crosses the antimeridian. */
export interface Area {
  south: number;
  west: number;
  north: number;
  east: number;
  /** The most positions the answer carries. */
  maxPoints: number;
}

export interface NearestHit {
  doc: string;
  distanceKm: number;
  /** The record's content hash (StoreRecord.hash). */
  hash: string;
}

/** One store of a NearestPage: its API document is the UTF-8 JSON object `bytes[start, end)`. */
export interface PageStore {
  bytes: Buffer;
  start: number;
  end: number;
  /** The record's content hash (StoreRecord.hash). */
  hash: string;
  /** The content hash's first 48 bits as a number (hashTag), for the response's ETag. */
  tag: number;
  /** The store's row id: the order of stores as near as each other. */
  id: number;
}

/**
 * The nearest stores as the search response needs them, nearest first: each store's document as
 * a byte range (the response is spliced from these bytes, never decoded) and its distance.
 */
export interface NearestPage {
  stores: PageStore[];
  distancesKm: number[];
  /** An area search's matches: longitude, latitude of each, one after the other. */
  points?: Float64Array;
  /** An area search's number of matches (points may hold fewer). */
  total?: number;
}

/**
 * The stores as stored. Searches do not come here: they are answered by the in-memory store
 * index (`Database.search`), which reads the stores through `loadIndex` and follows their
 * change counter through `readVersion` (the dialects' `loadIndex` is the rest of its storage).
 */
export interface StoreRepository {
  /** The stores' change counter: changes when (and only when) stores change. */
  readVersion(): Promise<string>;
  count(): Promise<number>;
  /** Replaces every store, in one transaction (tests' fixtures; no mark is written). */
  replaceAll(records: readonly StoreRecord[]): Promise<void>;
  /**
   * The demo data load: in one transaction, replaces every store with `records` and marks the
   * data as demo of `version` — only when the stored data is demo-only (./dataset.ts). False:
   * refused, nothing changed.
   */
  replaceDemo(records: readonly StoreRecord[], version: string): Promise<boolean>;
}

/** How the store search stands (for /healthz). */
export interface StoreSearchState {
  /** True once an index has been built (searches can be answered). */
  built: boolean;
  /** When the index in use was built (ms since the epoch), if any. */
  builtAt: number | undefined;
  /** How long reading the stores and building that index took (ms, by the follower's clock). */
  buildMs: number | undefined;
  /** False while the last read of the database failed. */
  databaseReachable: boolean;
}

/** The store search (../modules/search/store-follower.ts). */
export interface StoreSearch {
  /** Stores of the channel nearest first within the radius, at most `limit`. */
  nearest(query: NearestQuery): Promise<NearestHit[]>;
  /** The same stores as `nearest`, as one NearestPage (the search response's fast path). */
  nearestPage(query: NearestQuery): Promise<NearestPage>;
  /** Builds the first index now; false when the database cannot be read. */
  ready(): Promise<boolean>;
  /** Another process changed these stores: the search shows them as they are now. */
  follow(storeIds: readonly string[]): void;
  /** Resolves when no background check or rebuild is in flight (tests, benchmarks). */
  settled(): Promise<void>;
  state(): StoreSearchState;
  /** Called after each background read of the database: did it answer? */
  listen(listener: (ok: boolean) => void): void;
}

export interface MetaRepository {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

export interface StatisticRecord {
  channel: string;
  country: string;
  locale: string;
  latitude: number;
  longitude: number;
  product: string;
  searchedLocation: string;
}

export interface StatisticsRepository {
  /** Stores the statistic as an event, with its outbox rows to forward (outbox.ts). */
  insert(
    record: StatisticRecord,
    forward?: (event: EventRecord) => readonly OutboxRow[],
  ): Promise<void>;
  count(): Promise<number>;
}

/**
 * One analytics event as stored (analytics_events): page view, search, link click, or the
 * location-search statistic ("locationSearch"). Nothing personal: no IP address, cookie,
 * user agent or free text; coordinates are rounded to about 1 km before they get here.
 */
export interface EventRecord {
  /** When the server received it. */
  at: Date;
  type: StoredEventType;
  channel: string | null;
  /** ISO code or catch-all region, upper case. */
  country: string | null;
  /** "en_GB" form. */
  locale: string | null;
  /** Product id or "all" (search, click); display name for locationSearch (PRODUCT.md#location-search-statistic). */
  product: string | null;
  carrier: string | null;
  link: string | null;
  page: string | null;
  trigger: string | null;
  dropOff: boolean | null;
  resultCount: number | null;
  /**
   * A search answered only beyond the radius (nothing within it; the stores shown the nearest
   * beyond): unmet demand. False for every other event and for events stored before it was kept.
   */
  beyondRadius: boolean;
  latitude: number | null;
  longitude: number | null;
  storeId: string | null;
  /**
   * The origin (scheme://host[:port]) of the page embedding the locator, one of EMBED_ORIGINS;
   * null on the locator's own pages and for events from anywhere else.
   */
  embedOrigin: string | null;
}

/** Columns an event query may group by. */
export const EVENT_COLUMNS = [
  'type',
  'channel',
  'country',
  'locale',
  'product',
  'carrier',
  'link',
  'page',
  'trigger',
  'dropOff',
  'resultCount',
  'latitude',
  'longitude',
  'storeId',
  'embedOrigin',
] as const;
export type EventColumn = (typeof EVENT_COLUMNS)[number];

export interface EventQuery {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  type?: StoredEventType;
  /** Only searches that found no store (resultCount = 0). */
  zeroResults?: boolean;
  /** Only events whose latitude and longitude are known. */
  located?: boolean;
  /** Group by these columns (none: one row with the total). */
  by: readonly EventColumn[];
}

export interface EventGroup {
  key: Partial<Record<EventColumn, string | number | boolean | null>>;
  count: number;
}

/**
 * The events, and their hourly roll-ups (../modules/analytics/demand-rollups.ts: `hourly`, `places`), kept in the
 * same transaction as the events they count.
 */
export interface EventRepository extends DemandRollups {
  /** Stores the events, and in the same transaction their outbox rows to forward (outbox.ts). */
  insertMany(records: readonly EventRecord[], forward?: readonly OutboxRow[]): Promise<void>;
  /** Counts grouped by the query's columns, largest first. */
  group(query: EventQuery): Promise<EventGroup[]>;
  /** Every stored event (of a type), any date. */
  count(type?: StoredEventType): Promise<number>;
  /** Removes events received before the date (retention), and their counts; returns how many. */
  deleteBefore(date: Date): Promise<number>;
  /**
   * Brings the demand cube up to date with the roll-ups (modules/analytics/demand-cube.ts), a day at a time,
   * the oldest first, at most `maxDays`, only days that end by the hour `untilHour` (default:
   * every day); returns the days recomputed.
   */
  refreshDemandCube(maxDays?: number, untilHour?: number): Promise<number>;
}

export interface Database {
  readonly dialect: 'sqlite' | 'postgres';
  readonly stores: StoreRepository;
  /** The store search: the in-memory store index, following the stores' changes. */
  readonly search: StoreSearch;
  /** Writes by content: the import's modes (see store-writes.ts). */
  readonly storeWrites: StoreWriteRepository;
  /** API keys, single-store admin writes and their audit log (see admin.ts). */
  readonly admin: AdminRepository;
  /** The console's accounts and sessions (see accounts.ts). */
  readonly accounts: AccountRepository;
  readonly meta: MetaRepository;
  /** Writes the location-search statistic into the events store (type "locationSearch"). */
  readonly statistics: StatisticsRepository;
  readonly events: EventRepository;
  /** What the store pages read (store by id, directory, data version). */
  readonly pages: StorePagesRepository;
  /** What this process's committed store writes changed (store-changes.ts). */
  readonly changes: ChangeFeed;
  /** The change webhooks' deliveries, written with the store changes (outbox.ts). */
  readonly webhookOutbox: OutboxRepository;
  /** The analytics events to forward, written with the events (outbox.ts). */
  readonly forwardOutbox: OutboxRepository;
  /** Cheap round trip, for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
