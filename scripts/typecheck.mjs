// Type-checks every workspace that has a tsconfig.json, one after another, and fails on the first error.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dirs = [];
for (const pattern of workspaces) {
  if (pattern.endsWith('/*')) {
    const base = pattern.slice(0, -2);
    const { readdirSync } = await import('node:fs');
    for (const name of readdirSync(join(root, base))) dirs.push(join(base, name));
  } else dirs.push(pattern);
}
let failed = false;
for (const dir of dirs.sort()) {
  if (!existsSync(join(root, dir, 'tsconfig.json'))) continue;
  process.stdout.write(`typecheck ${dir}\n`);
  try {
    execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(root, dir), '--noEmit'], {
      stdio: 'inherit',
    });
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
