/**
 * The store data the pages are built from, followed by data version: the directory of the
 * current version (re-read when the version changes, checked at most every CHECK_MS), the
 * time of the last import, and the storeIds that an import removed while this process ran
 * (their pages answer 410 Gone).
 */
import type { StorePagesRepository } from '../db/store-pages.js';
import { Directory } from './directory.js';

/** How often the data version is read (ms). */
export const CHECK_MS = 250;
/** The most removed storeIds remembered. */
const REMOVED_MAX = 100_000;

export interface DataState {
  version: string;
  directory: Directory;
  /** ISO time of the last import, or undefined. */
  lastImport: string | undefined;
}

export class PagesData {
  private state: DataState | undefined;
  private loading: Promise<DataState> | undefined;
  private checkedAt = -Infinity;
  private readonly removed = new Set<string>();

  constructor(
    private readonly repo: StorePagesRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /** The current state (the directory is re-read when the data version changed). */
  async current(): Promise<DataState> {
    const now = this.now();
    if (this.state && now - this.checkedAt < CHECK_MS) return this.state;
    this.loading ??= this.refresh(now).finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async refresh(now: number): Promise<DataState> {
    const version = await this.repo.version();
    this.checkedAt = now;
    if (this.state?.version === version) return this.state;
    const [rows, lastImport] = await Promise.all([this.repo.directory(), this.repo.lastImport()]);
    const directory = new Directory(rows);
    const before = this.state?.directory;
    if (before) {
      for (const id of before.storeCountry.keys()) {
        if (!directory.storeCountry.has(id) && this.removed.size < REMOVED_MAX)
          this.removed.add(id);
      }
    }
    for (const id of directory.storeCountry.keys()) this.removed.delete(id);
    this.state = { version, directory, lastImport };
    return this.state;
  }

  /** True when an import removed the store while this process ran. */
  wasRemoved(storeId: string): boolean {
    return this.removed.has(storeId);
  }
}
