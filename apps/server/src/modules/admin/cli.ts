/**
 * `npm run admin -- keys create --name <name> [--scope read|write]` (prints the key once),
 * `keys list`, `keys revoke <id>`, `audit [--store <storeId>] [--limit 50] [--json]`, and the
 * console's accounts (`users …`, ../console/users-cli.ts).
 * Works on the configured database (DATABASE_URL, else the SQLite file under DATA_DIR).
 */
import { parseArgs } from 'node:util';
import { loadEnv } from '../../env.js';
import { openDatabase } from '../../db/open.js';
import type { Database } from '../../db/types.js';
import type { KeyScope } from './repository.js';
import { KEY_SCOPES, createKey } from './keys.js';
import { USERS_USAGE, firstLine, runUsers } from '../console/users-cli.js';

const USAGE = `usage: npm run admin -- keys create --name <name> [--scope read|write]
       npm run admin -- keys list
       npm run admin -- keys revoke <id>
       npm run admin -- audit [--store <storeId>] [--limit 50] [--json]
${USERS_USAGE}`;

export async function runAdmin(
  args: string[],
  db: Database,
  out: (line: string) => void,
  /** Standard input's text (the users commands' password). */
  readInput: () => Promise<string> = readStdin,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      scope: { type: 'string', default: 'read' },
      store: { type: 'string' },
      limit: { type: 'string', default: '50' },
      json: { type: 'boolean', default: false },
      email: { type: 'string' },
      role: { type: 'string' },
    },
  });
  const [area, action, id] = positionals;
  if (area === 'users') {
    const { email, role } = values;
    const readPassword = async () => firstLine(await readInput());
    const code = await runUsers(
      { action, target: id, email, role },
      db.accounts,
      readPassword,
      out,
    );
    return code ?? usage(out);
  }
  if (area === 'keys' && action === 'create') {
    const scope = values.scope as KeyScope;
    if (!values.name || !KEY_SCOPES.includes(scope)) return usage(out);
    const key = await createKey(db.admin, values.name, [scope]);
    out(`Key ${key.id} (${values.name}, ${scope}). Shown once; store it now:`);
    out(key.key);
    return 0;
  }
  if (area === 'keys' && action === 'list') {
    for (const k of await db.admin.listKeys()) {
      out(
        `${k.id}  ${k.name}  ${k.scopes.join(',')}  created ${k.createdAt}` +
          (k.lastUsedAt ? `  last used ${k.lastUsedAt}` : '') +
          (k.revokedAt ? `  REVOKED ${k.revokedAt}` : ''),
      );
    }
    return 0;
  }
  if (area === 'keys' && action === 'revoke' && id) {
    if (!(await db.admin.revokeKey(id))) {
      out(`No active key ${id}.`);
      return 1;
    }
    out(`Key ${id} revoked.`);
    return 0;
  }
  if (area === 'audit') {
    const limit = Number(values.limit);
    if (!(Number.isInteger(limit) && limit > 0 && limit <= 10_000)) return usage(out);
    const entries = await db.admin.audit({
      limit,
      ...(values.store ? { storeId: values.store } : {}),
    });
    for (const e of entries) {
      out(values.json ? JSON.stringify(e) : `${e.at}  ${e.actor}  ${e.action}  ${e.storeId}`);
    }
    return 0;
  }
  return usage(out);
}

/** Standard input up to its first line end; typed at a terminal, the keys are not echoed. */
async function readStdin(): Promise<string> {
  const tty = process.stdin.isTTY;
  if (tty) {
    process.stderr.write('Password (not shown): ');
    process.stdin.setRawMode(true);
  }
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of process.stdin) {
      const buf = chunk as Buffer;
      if (tty && buf.includes(3)) throw new Error('Cancelled.'); // Ctrl+C in raw mode
      chunks.push(tty ? Buffer.from(buf.toString('utf8').replace(/\r/g, '\n')) : buf);
      if (Buffer.concat(chunks).includes(10)) break;
    }
  } finally {
    if (tty) {
      process.stdin.setRawMode(false);
      process.stderr.write('\n');
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

function usage(out: (line: string) => void): number {
  out(USAGE);
  return 2;
}

async function main(): Promise<number> {
  const db = await openDatabase(loadEnv());
  try {
    return await runAdmin(process.argv.slice(2), db, (line) => console.log(line));
  } finally {
    await db.close();
  }
}

if (process.argv[1]?.endsWith('modules/admin/cli.ts')) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
