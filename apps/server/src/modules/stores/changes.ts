/**
 * The database's change feed: after each committed store write that changed something (an
 * import, the admin API's writes), the writing repository announces what changed — the store
 * ids and kinds, and the stores' data version (`store_version`) after the commit — to the
 * feed's listeners in the writing process (the change webhooks, webhooks/). The demo data load
 * is not announced. Listeners run after the commit and never fail the write; the webhook
 * outbox's rows (../../db/outbox.ts) are written inside the write's transaction.
 */

export type StoreChangeKind = 'created' | 'updated' | 'deleted';

export interface ChangedStore {
  storeId: string;
  kind: StoreChangeKind;
}

export interface CommittedChange {
  /** "import": an import (the command or the admin bulk endpoint); "put"/"delete": one store. */
  operation: 'import' | 'put' | 'delete';
  /** The import's mode. */
  mode?: 'sync' | 'upsert';
  /** The API key ("key:…") that made the change; null for the import command. */
  actor: string | null;
  /** The stores' change counter after the commit: later changes have larger versions. */
  dataVersion: string;
  /** When the change was committed. */
  at: Date;
  stores: ChangedStore[];
}

export type ChangeListener = (change: CommittedChange) => void;

/** What an outbox row is for (../../db/outbox.ts). */
export type OutboxTopic = 'webhook' | 'analytics';

/** A delivery written with the data it announces (../../db/outbox.ts): an event, serialised, for one URL. */
export interface OutboxRow {
  topic: OutboxTopic;
  eventId: string;
  destination: string;
  body: string;
}

/** The deliveries a change makes (none when no webhook is configured). */
export type OutboxRowsFor = (change: CommittedChange) => readonly OutboxRow[];

const noOutboxRows: OutboxRowsFor = () => [];

export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private outbox: OutboxRowsFor = noOutboxRows;

  /**
   * The deliveries written in each change's own transaction (the webhook outbox, ../../db/outbox.ts);
   * answers a function that stops writing them.
   */
  writeOutbox(rowsFor: OutboxRowsFor): () => void {
    this.outbox = rowsFor;
    return () => {
      if (this.outbox === rowsFor) this.outbox = noOutboxRows;
    };
  }

  /** What a writing repository calls inside its transaction, with the change it commits. */
  readonly outboxRows: OutboxRowsFor = (change) =>
    change.stores.length === 0 ? [] : this.outbox(change);

  /** Calls `listener` after every committed change; answers a function that stops it. */
  listen(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: CommittedChange): void {
    if (change.stores.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // A listener's failure is its own; the change is committed.
      }
    }
  }
}

/** What a repository calls after a write: the index is stale; with a change, announce it. */
export type WriteCallback = (change?: CommittedChange) => void;

/** The change feed's entry of a one-store write (the admin API). */
export function storeWritten(
  operation: 'put' | 'delete',
  actor: string,
  dataVersion: string,
  store: ChangedStore,
): CommittedChange {
  return { operation, actor, dataVersion, at: new Date(), stores: [store] };
}
