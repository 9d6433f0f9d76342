/**
 * The other workers of a machine learn of a process's store writes at once: the change feed's
 * store ids go to the primary over the cluster's channel, the primary passes them to every
 * other worker, and their searches read those stores and lay them over their index
 * (StoreFollower.follow, ../search/store-overlay.ts). A change of more than PATCH_MAX stores is not
 * sent: each worker rebuilds its index when its next check sees the counter move, as it does
 * for a write from another machine.
 */
import { PATCH_MAX } from '../search/store-follower.js';
import type { ChangeFeed } from './changes.js';
import type { StoreSearch } from '../../db/types.js';

export interface StoresChangedMessage {
  type: 'locator:stores-changed';
  storeIds: string[];
}

export function isStoresChanged(m: unknown): m is StoresChangedMessage {
  const o = m as Partial<StoresChangedMessage> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    o.type === 'locator:stores-changed' &&
    Array.isArray(o.storeIds) &&
    o.storeIds.every((id) => typeof id === 'string')
  );
}

/** The part of a worker process (or a test's stand-in) the relay uses. */
export interface RelayChannel {
  send?(message: unknown): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/** In a worker: sends this process's changes to the primary, follows the others'. */
export function relayStoreChanges(
  db: { changes: ChangeFeed; search: StoreSearch },
  channel: RelayChannel = process,
): () => void {
  const stopSending = db.changes.listen((change) => {
    if (change.stores.length > PATCH_MAX) return;
    const message: StoresChangedMessage = {
      type: 'locator:stores-changed',
      storeIds: change.stores.map((s) => s.storeId),
    };
    try {
      channel.send?.(message);
    } catch {
      // The primary is going away: the others rebuild at their next check.
    }
  });
  const receive = (m: unknown) => {
    if (isStoresChanged(m)) db.search.follow(m.storeIds);
  };
  channel.on('message', receive);
  return () => {
    stopSending();
    channel.off('message', receive);
  };
}

/** In the primary: a worker's message passed to every other worker. */
export function passToOthers(
  from: unknown,
  message: StoresChangedMessage,
  workers: readonly { send(message: unknown): unknown; isConnected(): boolean }[],
): void {
  for (const w of workers) {
    if (w === from || !w.isConnected()) continue;
    try {
      w.send(message);
    } catch {
      // A worker going away.
    }
  }
}
