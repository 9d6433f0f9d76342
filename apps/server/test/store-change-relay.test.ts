/**
 * The store change relay between a machine's workers: a worker sends its committed changes of
 * a few stores, the primary passes them to the other workers, whose searches follow them.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ChangeFeed, type CommittedChange } from '../src/modules/stores/changes.js';
import {
  isStoresChanged,
  passToOthers,
  relayStoreChanges,
  type StoresChangedMessage,
} from '../src/modules/stores/change-relay.js';
import { PATCH_MAX } from '../src/modules/search/store-follower.js';
import type { StoreSearch } from '../src/db/types.js';

const change = (n: number): CommittedChange => ({
  operation: n === 1 ? 'put' : 'import',
  actor: null,
  dataVersion: '9',
  at: new Date(0),
  stores: Array.from({ length: n }, (_, i) => ({ storeId: `S-${i}`, kind: 'updated' as const })),
});

/** A worker's channel to the primary: what it sent, and a way to deliver a message to it. */
function channel() {
  const c = Object.assign(new EventEmitter(), { sent: [] as unknown[] });
  return Object.assign(c, { send: (m: unknown) => c.sent.push(m) });
}

describe('store change relay', () => {
  it("sends a worker's changes of a few stores, not an import's thousands", () => {
    const changes = new ChangeFeed();
    const c = channel();
    const stop = relayStoreChanges({ changes, search: {} as StoreSearch }, c);
    changes.emit(change(1));
    changes.emit(change(PATCH_MAX + 1));
    expect(c.sent).toEqual([{ type: 'locator:stores-changed', storeIds: ['S-0'] }]);
    stop();
    changes.emit(change(1));
    expect(c.sent).toHaveLength(1);
  });

  it("has a worker's search follow the others' changes, and nothing else", () => {
    const followed: string[][] = [];
    const search = { follow: (ids: readonly string[]) => followed.push([...ids]) };
    const c = channel();
    const stop = relayStoreChanges(
      { changes: new ChangeFeed(), search: search as unknown as StoreSearch },
      c,
    );
    c.emit('message', { type: 'locator:stores-changed', storeIds: ['A', 'B'] });
    c.emit('message', { type: 'locator:listening', port: 1 });
    c.emit('message', { type: 'locator:stores-changed', storeIds: [1] });
    expect(followed).toEqual([['A', 'B']]);
    stop();
    c.emit('message', { type: 'locator:stores-changed', storeIds: ['C'] });
    expect(followed).toHaveLength(1);
  });

  it('passes a message to every other connected worker (primary)', () => {
    const worker = (connected = true) => ({
      got: [] as unknown[],
      send(m: unknown) {
        this.got.push(m);
      },
      isConnected: () => connected,
    });
    const [from, other, gone] = [worker(), worker(), worker(false)];
    const m: StoresChangedMessage = { type: 'locator:stores-changed', storeIds: ['A'] };
    expect(isStoresChanged(m)).toBe(true);
    expect(isStoresChanged(null)).toBe(false);
    passToOthers(from, m, [from, other, gone]);
    expect([from.got, other.got, gone.got]).toEqual([[], [m], []]);
  });
});
