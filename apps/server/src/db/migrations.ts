/**
 * Schema migrations: one list, each migration with its statements per database (where the DDL
 * differs: docs/ARCHITECTURE.md, "One repository layer"), applied in order and recorded in
 * schema_migrations (./migrate.ts).
 */
import {
  beyondRadiusMigration,
  rollupMigration,
} from '../modules/analytics/demand-rollup-migrations.js';
import { PG_ROLLUP, SQLITE_ROLLUP } from '../modules/analytics/demand-rollups.js';
import { cubeMigration } from '../modules/analytics/demand-cube.js';

export interface Migration {
  version: number;
  name: string;
  sqlite: string[];
  postgres: string[];
  /**
   * After the SQL, in the same transaction: every stored store's store table columns are
   * written from its record (../modules/stores/table-columns.ts), which SQL alone cannot derive.
   */
  fillStoreTable?: boolean;
}

/** The store table columns added by migration 11, in the order the fill writes them. */
const STORE_TABLE_COLUMNS = [
  'search_text',
  'name_key',
  'city_key',
  'postcode_key',
  'channels',
  'badges',
] as const;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'stores, spatial index, meta, imports, statistics',
    sqlite: [
      `CREATE TABLE stores (
        id INTEGER PRIMARY KEY,
        store_id TEXT NOT NULL UNIQUE,
        country TEXT NOT NULL,
        latitude REAL NOT NULL,
        longitude REAL NOT NULL,
        sales_products TEXT NOT NULL,
        service_products TEXT NOT NULL,
        carriers TEXT NOT NULL,
        drop_off INTEGER NOT NULL,
        hash TEXT NOT NULL,
        source TEXT NOT NULL,
        doc TEXT NOT NULL
      )`,
      // R*Tree with the filter columns as auxiliary columns: a search reads only the index.
      `CREATE VIRTUAL TABLE store_rtree USING rtree(
        id, min_lat, max_lat, min_lon, max_lon,
        +lat, +lon, +country, +sales_products, +service_products, +carriers, +drop_off
      )`,
      `CREATE TRIGGER stores_ai AFTER INSERT ON stores BEGIN
        INSERT INTO store_rtree VALUES (new.id, new.latitude, new.latitude, new.longitude,
          new.longitude, new.latitude, new.longitude, new.country, new.sales_products,
          new.service_products, new.carriers, new.drop_off);
      END`,
      `CREATE TRIGGER stores_au AFTER UPDATE ON stores BEGIN
        DELETE FROM store_rtree WHERE id = old.id;
        INSERT INTO store_rtree VALUES (new.id, new.latitude, new.latitude, new.longitude,
          new.longitude, new.latitude, new.longitude, new.country, new.sales_products,
          new.service_products, new.carriers, new.drop_off);
      END`,
      `CREATE TRIGGER stores_ad AFTER DELETE ON stores BEGIN
        DELETE FROM store_rtree WHERE id = old.id;
      END`,
      `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
      `CREATE TABLE imports (
        file_hash TEXT PRIMARY KEY, file_name TEXT NOT NULL, rows INTEGER NOT NULL,
        applied_at TEXT NOT NULL
      )`,
      `CREATE TABLE statistics (
        id INTEGER PRIMARY KEY, channel TEXT NOT NULL, country TEXT NOT NULL,
        locale TEXT NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL,
        product TEXT NOT NULL, searched_location TEXT NOT NULL, created_at TEXT NOT NULL
      )`,
    ],
    // PostgreSQL: this migration once also created PostGIS and a geography column with its GiST
    // index, which nothing ever read (the search runs on the in-memory index; migration 4 dropped
    // the index, migration 14 the column). A new database needs no extension.
    postgres: [
      `CREATE TABLE stores (
        id BIGSERIAL PRIMARY KEY,
        store_id TEXT NOT NULL UNIQUE,
        country TEXT NOT NULL,
        latitude DOUBLE PRECISION NOT NULL,
        longitude DOUBLE PRECISION NOT NULL,
        sales_products TEXT NOT NULL,
        service_products TEXT NOT NULL,
        carriers TEXT NOT NULL,
        drop_off BOOLEAN NOT NULL,
        hash TEXT NOT NULL,
        source TEXT NOT NULL,
        doc TEXT NOT NULL
      )`,
      `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
      `CREATE TABLE imports (
        file_hash TEXT PRIMARY KEY, file_name TEXT NOT NULL, rows INTEGER NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE statistics (
        id BIGSERIAL PRIMARY KEY, channel TEXT NOT NULL, country TEXT NOT NULL,
        locale TEXT NOT NULL, latitude DOUBLE PRECISION NOT NULL,
        longitude DOUBLE PRECISION NOT NULL, product TEXT NOT NULL,
        searched_location TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`,
    ],
  },
  {
    version: 2,
    name: 'analytics events (the location-search statistic moves in, coordinates rounded to 0.01°)',
    sqlite: [
      `CREATE TABLE analytics_events (
        id INTEGER PRIMARY KEY,
        occurred_at TEXT NOT NULL,
        type TEXT NOT NULL,
        channel TEXT, country TEXT, locale TEXT, product TEXT, carrier TEXT,
        link TEXT, page TEXT, search_trigger TEXT, drop_off INTEGER, result_count INTEGER,
        latitude REAL, longitude REAL, store_id TEXT
      )`,
      `CREATE INDEX analytics_events_at_type ON analytics_events (occurred_at, type)`,
      `INSERT INTO analytics_events (occurred_at, type, channel, country, locale, product,
        latitude, longitude)
        SELECT created_at, 'locationSearch', channel, country, locale, product,
          round(latitude, 2), round(longitude, 2)
        FROM statistics ORDER BY id`,
      `DROP TABLE statistics`,
    ],
    postgres: [
      `CREATE TABLE analytics_events (
        id BIGSERIAL PRIMARY KEY,
        occurred_at TIMESTAMPTZ NOT NULL,
        type TEXT NOT NULL,
        channel TEXT, country TEXT, locale TEXT, product TEXT, carrier TEXT,
        link TEXT, page TEXT, search_trigger TEXT, drop_off BOOLEAN, result_count INTEGER,
        latitude DOUBLE PRECISION, longitude DOUBLE PRECISION, store_id TEXT
      )`,
      `CREATE INDEX analytics_events_at_type ON analytics_events (occurred_at, type)`,
      `INSERT INTO analytics_events (occurred_at, type, channel, country, locale, product,
        latitude, longitude)
        SELECT created_at, 'locationSearch', channel, country, locale, product,
          round(latitude::numeric, 2)::double precision, round(longitude::numeric, 2)::double precision
        FROM statistics ORDER BY id`,
      `DROP TABLE statistics`,
    ],
  },
  {
    version: 3,
    name: 'store change counter (in-memory search replicas follow it)',
    // SQLite needs none: PRAGMA data_version tells a connection that others committed.
    sqlite: [],
    postgres: [
      `CREATE TABLE store_version (
        id BOOLEAN PRIMARY KEY DEFAULT true CHECK (id),
        version BIGINT NOT NULL
      )`,
      `INSERT INTO store_version (version) VALUES (0)`,
      `CREATE FUNCTION bump_store_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE store_version SET version = version + 1;
          RETURN NULL;
        END $$`,
      `CREATE TRIGGER stores_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores
        FOR EACH STATEMENT EXECUTE FUNCTION bump_store_version()`,
    ],
  },
  {
    version: 4,
    name: 'store change counter on SQLite too; the unused R*Tree goes',
    // The in-memory store index follows store_version on both databases: PRAGMA data_version
    // also changed on analytics writes, rebuilding every process's index for nothing.
    sqlite: [
      `DROP TRIGGER IF EXISTS stores_ai`,
      `DROP TRIGGER IF EXISTS stores_au`,
      `DROP TRIGGER IF EXISTS stores_ad`,
      `DROP TABLE IF EXISTS store_rtree`,
      `CREATE TABLE store_version (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        version INTEGER NOT NULL
      )`,
      `INSERT INTO store_version (id, version) VALUES (1, 0)`,
      // SQLite has no statement triggers: one bump per row written, in the same transaction.
      `CREATE TRIGGER stores_inserted AFTER INSERT ON stores BEGIN
        UPDATE store_version SET version = version + 1;
      END`,
      `CREATE TRIGGER stores_updated AFTER UPDATE ON stores BEGIN
        UPDATE store_version SET version = version + 1;
      END`,
      `CREATE TRIGGER stores_deleted AFTER DELETE ON stores BEGIN
        UPDATE store_version SET version = version + 1;
      END`,
    ],
    // PostgreSQL has had its counter since migration 3; the KNN search's GiST index goes.
    postgres: [`DROP INDEX IF EXISTS stores_geog_idx`],
  },
  {
    version: 5,
    name: 'admin API keys (hashed), the store audit log, idempotency keys',
    sqlite: [
      `CREATE TABLE api_keys (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, secret_hash TEXT NOT NULL,
        scopes TEXT NOT NULL, created_at TEXT NOT NULL, revoked_at TEXT
      )`,
      `CREATE TABLE store_audit (
        id INTEGER PRIMARY KEY, at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL,
        store_id TEXT NOT NULL, before_doc TEXT, after_doc TEXT
      )`,
      `CREATE INDEX store_audit_store ON store_audit (store_id, id)`,
      `CREATE TABLE admin_idempotency (
        key_id TEXT NOT NULL, idem_key TEXT NOT NULL, request_hash TEXT NOT NULL,
        status INTEGER NOT NULL, etag TEXT, body TEXT, created_at TEXT NOT NULL,
        PRIMARY KEY (key_id, idem_key)
      )`,
    ],
    postgres: [
      `CREATE TABLE api_keys (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, secret_hash TEXT NOT NULL,
        scopes TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        revoked_at TIMESTAMPTZ
      )`,
      `CREATE TABLE store_audit (
        id BIGSERIAL PRIMARY KEY, at TIMESTAMPTZ NOT NULL DEFAULT now(), actor TEXT NOT NULL,
        action TEXT NOT NULL, store_id TEXT NOT NULL, before_doc TEXT, after_doc TEXT
      )`,
      `CREATE INDEX store_audit_store ON store_audit (store_id, id)`,
      `CREATE TABLE admin_idempotency (
        key_id TEXT NOT NULL, idem_key TEXT NOT NULL, request_hash TEXT NOT NULL,
        status INTEGER NOT NULL, etag TEXT, body TEXT,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(), PRIMARY KEY (key_id, idem_key)
      )`,
    ],
  },
  {
    version: 6,
    name: 'removed stores (their pages answer 410 Gone, also after a restart)',
    // Written by triggers, so every deletion (an import's sync, the admin API, any later
    // writer) leaves a record, and a store added again clears it; replacing all stores (demo
    // data) clears the table in the same transaction.
    sqlite: [
      `CREATE TABLE removed_stores (
        store_id TEXT PRIMARY KEY,
        removed_at TEXT NOT NULL
      )`,
      `CREATE TRIGGER stores_removed AFTER DELETE ON stores BEGIN
        INSERT OR REPLACE INTO removed_stores (store_id, removed_at)
          VALUES (OLD.store_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
      END`,
      `CREATE TRIGGER stores_readded AFTER INSERT ON stores BEGIN
        DELETE FROM removed_stores WHERE store_id = NEW.store_id;
      END`,
    ],
    postgres: [
      `CREATE TABLE removed_stores (
        store_id TEXT PRIMARY KEY,
        removed_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`,
      `CREATE FUNCTION record_removed_stores() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO removed_stores (store_id) SELECT store_id FROM removed
            ON CONFLICT (store_id) DO UPDATE SET removed_at = now();
          RETURN NULL;
        END $$`,
      `CREATE TRIGGER stores_removed AFTER DELETE ON stores REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION record_removed_stores()`,
      `CREATE FUNCTION forget_removed_stores() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          DELETE FROM removed_stores r USING added a WHERE r.store_id = a.store_id;
          RETURN NULL;
        END $$`,
      `CREATE TRIGGER stores_readded AFTER INSERT ON stores REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION forget_removed_stores()`,
    ],
  },
  {
    version: 7,
    name: 'training providers (the device categories a store trains on)',
    // Stores stored before keep working: no training products, so not training providers.
    sqlite: [`ALTER TABLE stores ADD COLUMN training_products TEXT NOT NULL DEFAULT ''`],
    postgres: [`ALTER TABLE stores ADD COLUMN training_products TEXT NOT NULL DEFAULT ''`],
  },
  {
    version: 8,
    name: "each store's last change (the sitemaps' lastmod)",
    // Kept by the database for every writer: set when a store is added, renewed when its
    // content (hash) changes, untouched by a write of the same content. Stores stored before
    // take the time of the last import (else the migration's).
    sqlite: [
      `ALTER TABLE stores ADD COLUMN changed_at TEXT`,
      `UPDATE stores SET changed_at = coalesce((SELECT max(applied_at) FROM imports),
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
      `CREATE TRIGGER stores_added_at AFTER INSERT ON stores WHEN new.changed_at IS NULL BEGIN
        UPDATE stores SET changed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = new.id;
      END`,
      `CREATE TRIGGER stores_changed_at AFTER UPDATE OF hash ON stores
        WHEN old.hash IS NOT new.hash BEGIN
        UPDATE stores SET changed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = new.id;
      END`,
    ],
    postgres: [
      `ALTER TABLE stores ADD COLUMN changed_at TIMESTAMPTZ NOT NULL DEFAULT now()`,
      `UPDATE stores SET changed_at = coalesce((SELECT max(applied_at) FROM imports), now())`,
      `CREATE FUNCTION touch_store_changed_at() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.hash IS DISTINCT FROM OLD.hash THEN NEW.changed_at := now(); END IF;
          RETURN NEW;
        END $$`,
      `CREATE TRIGGER stores_changed_at BEFORE UPDATE ON stores
        FOR EACH ROW EXECUTE FUNCTION touch_store_changed_at()`,
    ],
  },
  {
    version: 9,
    name: 'the embedding origin of analytics events',
    // Events stored before came from the locator's own pages: no embedding origin.
    sqlite: [`ALTER TABLE analytics_events ADD COLUMN embed_origin TEXT`],
    postgres: [`ALTER TABLE analytics_events ADD COLUMN embed_origin TEXT`],
  },
  {
    version: 10,
    name: "the console's accounts and sessions",
    // Sessions are kept under a hash of their token; times in epoch milliseconds on both.
    sqlite: [
      `CREATE TABLE console_accounts (
        id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, role TEXT NOT NULL,
        password_hash TEXT NOT NULL, created_at TEXT NOT NULL, disabled_at TEXT
      )`,
      `CREATE TABLE console_sessions (
        id_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES console_accounts (id) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL, created_at INTEGER NOT NULL, last_seen_at INTEGER NOT NULL,
        credential TEXT NOT NULL
      )`,
      `CREATE INDEX console_sessions_account ON console_sessions (account_id)`,
    ],
    postgres: [
      `CREATE TABLE console_accounts (
        id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, role TEXT NOT NULL,
        password_hash TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        disabled_at TIMESTAMPTZ
      )`,
      `CREATE TABLE console_sessions (
        id_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES console_accounts (id) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL, created_at BIGINT NOT NULL, last_seen_at BIGINT NOT NULL,
        credential TEXT NOT NULL
      )`,
      `CREATE INDEX console_sessions_account ON console_sessions (account_id)`,
    ],
  },
  {
    version: 11,
    name: "the console's store table (search text, sort keys, channels, badges)",
    // Written with every store by each writer (INSERT_STORE, INSERT_STORES); filled here for
    // the stores stored before. SQLite scans the covering search index (narrow rows, no
    // documents); PostgreSQL looks the search text up in a trigram index. Pages are chosen by
    // row id from an index first, and only that page's documents read (modules/stores/table.ts).
    fillStoreTable: true,
    sqlite: [
      ...STORE_TABLE_COLUMNS.map(
        (c) => `ALTER TABLE stores ADD COLUMN ${c} TEXT NOT NULL DEFAULT ''`,
      ),
      // Every index holds the filter columns: a page is read from an index alone, walked in
      // the sort's order (or, with a search text, the search index scanned), never the rows.
      `CREATE INDEX stores_table_search ON stores (search_text, country, channels, badges,
        store_id, name_key, city_key, postcode_key)`,
      `CREATE INDEX stores_table_id ON stores (store_id, country, channels, badges)`,
      `CREATE INDEX stores_table_country ON stores (country, store_id, channels, badges)`,
      `CREATE INDEX stores_table_name ON stores (name_key, store_id, country, channels, badges)`,
      `CREATE INDEX stores_table_city ON stores (city_key, store_id, country, channels, badges)`,
      `CREATE INDEX stores_table_postcode ON stores (postcode_key, store_id, country, channels,
        badges)`,
    ],
    postgres: [
      `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
      ...STORE_TABLE_COLUMNS.map(
        (c) => `ALTER TABLE stores ADD COLUMN ${c} TEXT NOT NULL DEFAULT ''`,
      ),
      `CREATE INDEX stores_table_search ON stores USING GIN (search_text gin_trgm_ops)`,
      // The sort indexes carry the filter columns: a page's store ids come from an index alone.
      `CREATE INDEX stores_table_id ON stores (store_id) INCLUDE (country, channels, badges)`,
      `CREATE INDEX stores_table_country ON stores (country, store_id) INCLUDE (channels, badges)`,
      `CREATE INDEX stores_table_name ON stores (name_key, store_id)
        INCLUDE (country, channels, badges)`,
      `CREATE INDEX stores_table_city ON stores (city_key, store_id)
        INCLUDE (country, channels, badges)`,
      `CREATE INDEX stores_table_postcode ON stores (postcode_key, store_id)
        INCLUDE (country, channels, badges)`,
    ],
  },
  {
    version: 12,
    name: 'the demand roll-ups (analytics events counted per UTC hour)',
    // Kept by the events' writers in the same transaction (modules/analytics/demand-rollups.ts); filled here
    // from the events stored before.
    sqlite: rollupMigration(SQLITE_ROLLUP),
    postgres: rollupMigration(PG_ROLLUP),
  },
  {
    version: 13,
    name: 'when each API key was last used (at most one write a minute per key)',
    sqlite: [`ALTER TABLE api_keys ADD COLUMN last_used_at TEXT`],
    postgres: [`ALTER TABLE api_keys ADD COLUMN last_used_at TIMESTAMPTZ`],
  },
  {
    version: 14,
    name: 'PostGIS no longer needed: the unread geography column goes',
    sqlite: [],
    // A database made before keeps the extension (dropping it is its owner's choice); nothing
    // here uses it.
    postgres: [`ALTER TABLE stores DROP COLUMN IF EXISTS geog`],
  },
  {
    version: 15,
    name: 'searches answered only beyond the radius (unmet demand)',
    // Events stored before were not answered beyond the radius as far as anyone knows: false.
    sqlite: beyondRadiusMigration(SQLITE_ROLLUP, 'INTEGER NOT NULL DEFAULT 0'),
    postgres: beyondRadiusMigration(PG_ROLLUP, 'BOOLEAN NOT NULL DEFAULT false'),
  },
  {
    version: 16,
    name: 'the demand cube (the roll-ups by day and by 16 days, per filter)',
    // Derived from the roll-ups; every hour stored so far is marked for the first refresh.
    sqlite: cubeMigration(SQLITE_ROLLUP, 'sqlite'),
    postgres: cubeMigration(PG_ROLLUP, 'postgres'),
  },
  {
    version: 17,
    name: 'the outbox (change webhooks and analytics forwarding, written with their data)',
    sqlite: outboxMigration('INTEGER PRIMARY KEY AUTOINCREMENT', 'INTEGER'),
    postgres: outboxMigration('BIGSERIAL PRIMARY KEY', 'BIGINT'),
  },
];

/** The outbox (./outbox.ts); times in milliseconds since the epoch. */
function outboxMigration(serial: string, ms: string): string[] {
  return [
    `CREATE TABLE outbox (
      seq ${serial},
      topic TEXT NOT NULL CHECK (topic IN ('webhook', 'analytics')),
      event_id TEXT NOT NULL,
      destination TEXT NOT NULL,
      body TEXT NOT NULL,
      created_at ${ms} NOT NULL,
      state TEXT NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'delivered', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at ${ms} NOT NULL,
      lease_until ${ms} NOT NULL DEFAULT 0,
      last_attempt_at ${ms},
      last_status INTEGER,
      last_error TEXT,
      UNIQUE (topic, event_id, destination)
    )`,
    `CREATE INDEX outbox_queue ON outbox (topic, destination, state, seq)`,
    `CREATE INDEX outbox_attempted ON outbox (topic, destination, last_attempt_at)`,
  ];
}
