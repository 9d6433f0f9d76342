/**
 * An admin API key made with the admin command (`npm run admin -- keys create`), as an operator
 * makes one, in the database the server will open: SQLite under `DATA_DIR` or PostgreSQL at
 * `DATABASE_URL`.
 */
import { openDatabase } from '../../apps/server/src/db/open.js';
import { runAdmin } from '../../apps/server/src/modules/admin/cli.js';

export async function adminKey(
  env: { DATA_DIR: string; DATABASE_URL?: string },
  name: string,
  scope: 'read' | 'write',
): Promise<string> {
  const db = await openDatabase(env);
  const lines: string[] = [];
  try {
    await runAdmin(['keys', 'create', '--name', name, '--scope', scope], db, (l) => lines.push(l));
  } finally {
    await db.close();
  }
  return lines[1]!;
}
