/** API keys for the admin API tests, made with the admin command as an operator would. */
import { runAdmin } from '../../src/modules/admin/cli.js';
import type { Database } from '../../src/db/types.js';

/** A new key with the scope: its token (for Authorization: Bearer) and id. */
async function key(db: Database, name: string, scope: 'read' | 'write') {
  const lines: string[] = [];
  await runAdmin(['keys', 'create', '--name', name, '--scope', scope], db, (l) => lines.push(l));
  return { token: lines[1]!, id: /^Key (\w+)/.exec(lines[0]!)![1]! };
}

/** A new key with the write scope: its token and id. */
export const writeKey = (db: Database, name: string) => key(db, name, 'write');

/** A new key with the read scope (the command's default): its token and id. */
export const readKey = (db: Database, name: string) => key(db, name, 'read');
