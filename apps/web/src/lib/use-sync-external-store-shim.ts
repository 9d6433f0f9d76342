/**
 * Stands in for `use-sync-external-store/shim` (react-i18next's dependency) in the build: React 19
 * has `useSyncExternalStore`, which the shim hands out anyway, so the shim's fallback for React
 * 17 need not be shipped (front-end budgets). See the `resolve.alias` of vite.config.ts.
 */
export { useSyncExternalStore } from 'react';
