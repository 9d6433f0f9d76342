import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Test tiers (see docs/ARCHITECTURE.md):
//  - unit: pure packages and web-app units, no network, no database;
//  - api:  the real server over real databases (SQLite file and PostgreSQL).
// End-to-end journeys live in e2e/ and run with Playwright.
export default defineConfig({
  test: {
    // Test files run side by side, one per core and at least two (Vitest's own default leaves
    // one core idle: a single worker on a two-core machine). API test files each have their own
    // databases (test/helpers/databases.ts), so they run side by side too.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'apps/web/test/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // PostgreSQL: a template database, copied into each test file's fresh database.
          globalSetup: ['apps/server/test/helpers/postgres-template.ts'],
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/core/src/**/*.ts'],
      reporter: ['text-summary', 'text', 'json-summary'],
      reportsDirectory: 'coverage',
      thresholds: { lines: 100, functions: 100, statements: 100, branches: 95 },
    },
  },
});
