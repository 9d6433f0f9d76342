/** API keys for the admin API tests, made with the admin command as an operator would. */
import { runAdmin } from '../../src/admin/cli.js';
import type { Database } from '../../src/db/types.js';

/** A new key with the write scope: its token (for Authorization: Bearer) and id. */
export async function writeKey(db: Database, name: string): Promise<{ token: string; id: string }> {
  const lines: string[] = [];
  await runAdmin(['keys', 'create', '--name', name, '--scope', 'write'], db, (l) => lines.push(l));
  return { token: lines[1]!, id: /^Key (\w+)/.exec(lines[0]!)![1]! };
}
