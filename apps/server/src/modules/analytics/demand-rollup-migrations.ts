/**
 * The demand roll-ups' migrations (db/migrations.ts): their SQL as it was when each was written,
 * so a new database is built step by step the same as an old one was. The roll-ups kept today
 * are described in demand-rollups.ts.
 */
import type { RollupDialect } from './demand-rollups.js';

const V12_HOURLY_KEYS = 'type, hour, country, channel, product, link, embed_origin, outcome';
const V12_PLACES_KEYS = 'type, hour, country, channel, product, latitude, longitude';
const V15_PLACES_KEYS = `${V12_PLACES_KEYS}, outcome`;

/**
 * Migration 12: the tables and their back-fill from the stored events. A search's outcome was
 * then found, none or unknown; the places were those of searches that found no store.
 */
export function rollupMigration(d: RollupDialect): string[] {
  const common = `type, ${d.hour}, coalesce(country, ''), coalesce(channel, ''),
    coalesce(product, '')`;
  return [
    `CREATE TABLE demand_hourly (
      hour ${d.hourType} NOT NULL, type TEXT NOT NULL, country TEXT NOT NULL, channel TEXT NOT NULL,
      product TEXT NOT NULL, link TEXT NOT NULL, embed_origin TEXT NOT NULL,
      outcome TEXT NOT NULL, n BIGINT NOT NULL,
      PRIMARY KEY (${V12_HOURLY_KEYS})
    )${d.tableOptions}`,
    `CREATE TABLE demand_places_hourly (
      hour ${d.hourType} NOT NULL, type TEXT NOT NULL, country TEXT NOT NULL, channel TEXT NOT NULL,
      product TEXT NOT NULL, latitude DOUBLE PRECISION NOT NULL,
      longitude DOUBLE PRECISION NOT NULL, n BIGINT NOT NULL,
      PRIMARY KEY (${V12_PLACES_KEYS})
    )${d.tableOptions}`,
    `INSERT INTO demand_hourly (${V12_HOURLY_KEYS}, n)
      SELECT ${common}, coalesce(link, ''), coalesce(embed_origin, ''),
        CASE WHEN type <> 'search' THEN '' WHEN result_count IS NULL THEN 'unknown'
          WHEN result_count = 0 THEN 'none' ELSE 'found' END,
        count(*)
      FROM analytics_events
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
    `INSERT INTO demand_places_hourly (${V12_PLACES_KEYS}, n)
      SELECT ${common}, latitude, longitude, count(*)
      FROM analytics_events
      WHERE latitude IS NOT NULL AND longitude IS NOT NULL
        AND (type = 'locationSearch' OR (type = 'search' AND result_count = 0))
      GROUP BY 1, 2, 3, 4, 5, 6, 7`,
  ];
}

/**
 * Migration 15: searches answered only beyond the radius (PRODUCT.md#demand-dashboard). The
 * events get `beyond_radius`, false for every event stored before (their clients did not say, so
 * they stay found, none or unknown as counted); the places get the search's outcome in their key
 * (none for the searches' places stored before, '' for the location-search statistic), copied
 * into a new table as a key cannot be changed in place on SQLite. demand_hourly keeps its rows:
 * the outcome beyond is a new value of its outcome column.
 */
export function beyondRadiusMigration(d: RollupDialect, boolean: string): string[] {
  return [
    `ALTER TABLE analytics_events ADD COLUMN beyond_radius ${boolean}`,
    `CREATE TABLE demand_places_hourly_v15 (
      hour ${d.hourType} NOT NULL, type TEXT NOT NULL, country TEXT NOT NULL, channel TEXT NOT NULL,
      product TEXT NOT NULL, latitude DOUBLE PRECISION NOT NULL,
      longitude DOUBLE PRECISION NOT NULL, outcome TEXT NOT NULL, n BIGINT NOT NULL,
      PRIMARY KEY (${V15_PLACES_KEYS})
    )${d.tableOptions}`,
    `INSERT INTO demand_places_hourly_v15 (${V15_PLACES_KEYS}, n)
      SELECT ${V12_PLACES_KEYS}, CASE WHEN type = 'search' THEN 'none' ELSE '' END, n
      FROM demand_places_hourly`,
    `DROP TABLE demand_places_hourly`,
    `ALTER TABLE demand_places_hourly_v15 RENAME TO demand_places_hourly`,
  ];
}
