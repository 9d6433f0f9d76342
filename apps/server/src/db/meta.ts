/** Small named values the server keeps (key → text), one repository for both databases. */
import { changes, first, type QueryRunner } from './query/runner.js';
import type { MetaRepository } from './types.js';

export class SqlMeta implements MetaRepository {
  constructor(private readonly sql: QueryRunner) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.sql.run(
      first(this.sql.db.selectFrom('meta').select('value').where('key', '=', key)),
    );
    return row?.value;
  }

  async set(key: string, value: string): Promise<void> {
    await this.sql.run(
      changes(
        this.sql.db
          .insertInto('meta')
          .values({ key, value })
          .onConflict((c) => c.column('key').doUpdateSet({ value })),
      ),
    );
  }
}
