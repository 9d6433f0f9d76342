/**
 * Global set-up of the API tier (vitest.config.ts): the PostgreSQL template database
 * that every test file's fresh database is copied from (helpers/databases.ts).
 */
import { createPostgresTemplate } from './databases.js';

export default function setup(): Promise<() => Promise<void>> {
  return createPostgresTemplate();
}
