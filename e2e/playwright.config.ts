/**
 * End-to-end journeys in Debian's Chromium (/usr/bin/chromium), driven by Playwright.
 * The server is started once for the run with the built web app and its embedded defaults
 * (SQLite demo data in a throwaway data directory). Two workers (E2E_WORKERS) run spec files
 * side by side against it: the journeys only read the server's data, and each has its own
 * browser context.
 */
import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM}. Install Debian's chromium (apt-get install chromium) ` +
      'or set CHROMIUM_PATH; `npm test` installs it when missing.',
  );
}

const PORT = Number(process.env.E2E_PORT ?? 8181);
// The embed journeys' host page (embed.spec.ts) listens here, and the next port for an origin
// that may not embed; read again by the workers.
process.env.E2E_EMBED_PORT ??= String(PORT + 1);
const EMBED_PORT = Number(process.env.E2E_EMBED_PORT);
const repoRoot = resolve(import.meta.dirname, '..');
// One throwaway folder per run: made by the runner, whose workers inherit its name (this file is
// read again in each worker). It holds the server's data and the map harness's build.
process.env.E2E_RUN_DIR ??= mkdtempSync(join(tmpdir(), 'locator-e2e-'));
// Named in the environment for the workers too: the console journeys make their accounts there
// with the admin command (console-accounts.ts).
const dataDir = (process.env.E2E_DATA_DIR ??= join(process.env.E2E_RUN_DIR, 'data'));

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `http://localhost:${PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      EMBED_ORIGINS: `http://127.0.0.1:${EMBED_PORT}`,
    },
  },
});
