/**
 * What the import screen sends: the file's body type (by its name, then by its type; the
 * server reads CSV, JSON and NDJSON) and the bulk route's query for the chosen mode.
 */
import { CONSOLE_API } from '../api/client';

export type ImportFileType = 'text/csv' | 'application/json' | 'application/x-ndjson';

/** The body type of a file, or undefined when it is none the import reads. */
export function importFileType(file: { name: string; type: string }): ImportFileType | undefined {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'text/csv';
  if (name.endsWith('.ndjson') || name.endsWith('.jsonl')) return 'application/x-ndjson';
  if (name.endsWith('.json')) return 'application/json';
  if (file.type === 'text/csv') return 'text/csv';
  if (file.type === 'application/json') return 'application/json';
  if (/ndjson|jsonl/.test(file.type)) return 'application/x-ndjson';
  return undefined;
}

export interface ImportSettings {
  mode: 'upsert' | 'sync';
  /** Sync: the most stores it may remove, in per cent of the stored ones. */
  maxRemovalPercent: number;
  /** Sync: any number of stores may be removed. */
  allowRemoval: boolean;
}

export const DEFAULT_SETTINGS: ImportSettings = {
  mode: 'upsert',
  maxRemovalPercent: 10,
  allowRemoval: false,
};

/** The bulk route's address for these settings, as a dry run or for real. */
export function bulkPath(settings: ImportSettings, dryRun: boolean): string {
  const query = new URLSearchParams({ mode: settings.mode });
  if (dryRun) query.set('dryRun', 'true');
  if (settings.mode === 'sync') {
    if (settings.allowRemoval) query.set('allowRemoval', 'true');
    else query.set('maxRemoval', String(settings.maxRemovalPercent / 100));
  }
  return `${CONSOLE_API}/stores/bulk?${query.toString()}`;
}

/** The stores' download. */
export const EXPORT_PATH = `${CONSOLE_API}/stores.csv`;
