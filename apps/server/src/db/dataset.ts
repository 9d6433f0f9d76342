/**
 * What the stored stores are, as the meta table's `dataset` entry says: "demo" while they are
 * the generated demo data set and nothing else, "import" once a person's write (an import, the
 * admin API) has committed. Every such write marks the data in its own transaction, so no write
 * can commit and leave the demo mark behind, however the process ends.
 *
 * The demo loader replaces the stores only when the data is provably demo-only: marked "demo"
 * (or not marked, in a database that never held stores), no store of another source, no
 * applied import and no audit entry. Both dialects run the same statements.
 */
export const META_DATASET = 'dataset';
export const META_DEMO_VERSION = 'demo_version';
export const DATASET_DEMO = 'demo';
export const DATASET_WRITTEN = 'import';

/** Marks the data as written by a person (run inside the writing transaction). */
export const MARK_WRITTEN = `INSERT INTO meta (key, value) VALUES ('${META_DATASET}', '${DATASET_WRITTEN}')
  ON CONFLICT (key) DO UPDATE SET value = excluded.value`;

/** 1 when the stored data is demo-only (the demo loader may replace it), else 0. */
export const DEMO_ONLY = `SELECT CASE WHEN
    COALESCE((SELECT value FROM meta WHERE key = '${META_DATASET}'), '${DATASET_DEMO}') = '${DATASET_DEMO}'
    AND NOT EXISTS (SELECT 1 FROM stores WHERE source <> '${DATASET_DEMO}')
    AND NOT EXISTS (SELECT 1 FROM imports)
    AND NOT EXISTS (SELECT 1 FROM store_audit)
  THEN 1 ELSE 0 END AS demo_only`;

/**
 * Records the demo data set's mark and version (run inside the loading transaction);
 * `placeholder` is the dialect's parameter for the version ("?" or "$1").
 */
export function markDemo(placeholder: string): string {
  return `INSERT INTO meta (key, value)
    VALUES ('${META_DATASET}', '${DATASET_DEMO}'), ('${META_DEMO_VERSION}', ${placeholder})
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`;
}
