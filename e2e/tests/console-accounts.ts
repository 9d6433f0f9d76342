/**
 * Console accounts for the journeys, made as a maker's team makes them: with the admin command
 * (`npm run admin -- users create`, the password on standard input) against the data directory
 * of the server the run started (playwright.config.ts, E2E_DATA_DIR).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface ConsoleAccount {
  email: string;
  password: string;
  role: 'viewer' | 'editor' | 'admin';
}

/** A new account with a fresh address and password (in `dataDir`: default the run's server's). */
export function createConsoleAccount(
  role: ConsoleAccount['role'],
  dataDir = process.env.E2E_DATA_DIR,
): ConsoleAccount {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it).');
  const id = randomBytes(4).toString('hex');
  const account = { email: `${role}-${id}@example.com`, password: `pass-${id}-long-enough`, role };
  const run = spawnSync(
    'npx',
    [
      'tsx',
      'apps/server/src/modules/admin/cli.ts',
      'users',
      'create',
      '--email',
      account.email,
      '--role',
      role,
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      input: `${account.password}\n`,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  if (run.status !== 0) {
    throw new Error(`users create failed (${run.status}): ${run.stderr}${run.stdout}`);
  }
  return account;
}
