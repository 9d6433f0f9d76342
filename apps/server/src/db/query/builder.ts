/**
 * The query builder (Kysely) of each database, used to build and compile statements only: the
 * statements run on the connections the rest of the data layer uses, through a QueryRunner
 * (./runner.ts), so that a SQLite transaction stays one synchronous run on the shared connection.
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Schema } from './schema.js';

export type SqlDialect = 'sqlite' | 'postgres';

export function queryBuilder(dialect: SqlDialect): Kysely<Schema> {
  return new Kysely<Schema>({
    dialect:
      dialect === 'sqlite'
        ? {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new SqliteIntrospector(db),
            createQueryCompiler: () => new SqliteQueryCompiler(),
          }
        : {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new PostgresIntrospector(db),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          },
  });
}
