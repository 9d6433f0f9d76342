/**
 * `npm run lint:openapi`: builds the app in memory over a temporary SQLite database, writes the
 * OpenAPI documents it serves (the public API's and the admin API's) to a temporary folder and
 * runs `redocly lint` on them with the repository's redocly.yaml. Exits with redocly's status
 * (errors fail; warnings are shown). `--keep <dir>` writes the documents there instead.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.js';
import { createServices } from '../compose.js';
import { loadEnv } from '../env.js';
import { ADMIN_DOCUMENT_PATH, PUBLIC_DOCUMENT_PATH } from '../openapi/documents.js';
import { loadSettings } from '../settings.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

async function main(): Promise<number> {
  const keep = process.argv.indexOf('--keep');
  const data = mkdtempSync(join(tmpdir(), 'locator-openapi-'));
  const out = keep > 0 ? resolve(process.argv[keep + 1] ?? 'openapi') : join(data, 'documents');
  mkdirSync(out, { recursive: true });
  const env = loadEnv({ LOG_LEVEL: 'silent', DATA_DIR: data, WEB_DIST: join(data, 'web') });
  const services = await createServices(env, loadSettings({ DEMO_DATA: 'off' }));
  const app = await buildApp({ env, modules: services.modules, logger: false });
  const files: string[] = [];
  try {
    await app.ready();
    for (const [path, name] of [
      [PUBLIC_DOCUMENT_PATH, 'public.openapi.json'],
      [ADMIN_DOCUMENT_PATH, 'admin.openapi.json'],
    ] as const) {
      const res = await app.inject(path);
      if (res.statusCode === 404) continue;
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      const file = join(out, name);
      writeFileSync(file, `${JSON.stringify(JSON.parse(res.body), null, 2)}\n`);
      files.push(file);
    }
  } finally {
    await app.close();
    await services.close();
  }
  if (files.length === 0) throw new Error('the app serves no OpenAPI document');
  console.log(`redocly lint ${files.map((f) => f.replace(`${out}/`, '')).join(' ')}`);
  const lint = spawnSync(
    join(root, 'node_modules/.bin/redocly'),
    ['lint', '--config', join(root, 'redocly.yaml'), ...files],
    { stdio: 'inherit', cwd: root },
  );
  if (keep < 0) rmSync(data, { recursive: true, force: true });
  return lint.status ?? 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
