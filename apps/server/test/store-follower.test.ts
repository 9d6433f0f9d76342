/** The store follower with a stand-in storage and a stepped clock: when it reads, and outages. */
import { describe, expect, it } from 'vitest';
import { StoreFollower, VERSION_CHECK_MS } from '../src/modules/search/store-follower.js';
import { StoreIndex } from '../src/modules/search/store-index.js';

/** A storage whose version the test sets, and which can be made unreachable. */
function storage() {
  const s = {
    version: 1,
    down: false,
    versionReads: 0,
    loads: 0,
    async readVersion(): Promise<string> {
      s.versionReads += 1;
      if (s.down) throw Object.assign(new Error('gone'), { code: 'ECONNREFUSED' });
      return String(s.version);
    },
    async loadIndex(): Promise<{ version: string; index: StoreIndex }> {
      s.loads += 1;
      if (s.down) throw Object.assign(new Error('gone'), { code: 'ECONNREFUSED' });
      return { version: String(s.version), index: new StoreIndex({ rows: [], docs: () => [] }) };
    },
  };
  return s;
}

describe('StoreFollower', () => {
  it('builds once, checks at most every interval in the background, rebuilds on a change', async () => {
    let now = 0;
    const s = storage();
    const f = new StoreFollower(s, { now: () => now });
    const first = await f.current();
    expect(s.loads).toBe(1);
    expect(await f.current()).toBe(first);
    expect(s.versionReads).toBe(0);
    now += VERSION_CHECK_MS;
    expect(await f.current()).toBe(first); // answered at once; the check runs behind
    await f.settled();
    expect(s.versionReads).toBe(1);
    expect(s.loads).toBe(1); // unchanged version: no rebuild
    s.version = 2;
    now += VERSION_CHECK_MS - 1;
    await f.current();
    await f.settled();
    expect(s.versionReads).toBe(1); // within the interval: no read
    now += 1;
    expect(await f.current()).toBe(first);
    await f.settled();
    expect(s.loads).toBe(2);
    expect(await f.current()).not.toBe(first);
  });

  it('reports when its index was built and how long the build took, by its clock', async () => {
    let now = 1000;
    const s = storage();
    const load = s.loadIndex.bind(s);
    s.loadIndex = async () => {
      now += 250; // reading and building take 250 ms of the injected clock
      return load();
    };
    const f = new StoreFollower(s, { now: () => now });
    expect(f.state()).toMatchObject({ built: false, builtAt: undefined, buildMs: undefined });
    expect(await f.ready()).toBe(true);
    expect(f.state()).toMatchObject({ built: true, builtAt: 1250, buildMs: 250 });
  });

  it("waits for a rebuild after this process's own writes", async () => {
    const s = storage();
    const f = new StoreFollower(s, { now: () => 0 });
    const first = await f.current();
    s.version = 2;
    f.invalidate();
    expect(await f.current()).not.toBe(first);
    expect(s.loads).toBe(2);
  });

  it('keeps answering from its index while the storage is down, and reports it', async () => {
    let now = 0;
    const s = storage();
    const f = new StoreFollower(s, { now: () => now });
    const seen: boolean[] = [];
    f.listen((ok) => seen.push(ok));
    const first = await f.current();
    s.down = true;
    now += VERSION_CHECK_MS;
    expect(await f.current()).toBe(first);
    await f.settled();
    expect(f.state()).toMatchObject({ built: true, databaseReachable: false });
    // A write of this process that cannot be read back: the old index still answers.
    f.invalidate();
    expect(await f.current()).toBe(first);
    s.down = false;
    s.version = 3;
    now += VERSION_CHECK_MS;
    await f.current();
    await f.settled();
    expect(f.state().databaseReachable).toBe(true);
    expect(await f.current()).not.toBe(first);
    expect(seen).toEqual([true, false, false, true]);
  });

  it('answers DATABASE_UNAVAILABLE until it has built an index once', async () => {
    const s = storage();
    s.down = true;
    const f = new StoreFollower(s);
    await expect(f.current()).rejects.toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(await f.ready()).toBe(false);
    s.down = false;
    expect(await f.ready()).toBe(true);
  });
});

describe('StoreFollower under a stream of writes', () => {
  /** A storage whose builds the test finishes one by one. */
  function manualStorage() {
    const pending: (() => void)[] = [];
    const s = {
      loads: 0,
      async readVersion(): Promise<string> {
        return String(s.loads);
      },
      loadIndex(): Promise<{ version: string; index: StoreIndex }> {
        s.loads += 1;
        const version = String(s.loads);
        return new Promise((resolve) =>
          pending.push(() =>
            resolve({ version, index: new StoreIndex({ rows: [], docs: () => [] }) }),
          ),
        );
      },
      finishBuild(): void {
        pending.shift()!();
      },
    };
    return s;
  }
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('makes a search wait for at most two rebuilds, however many writes follow it', async () => {
    const s = manualStorage();
    const f = new StoreFollower(s, { now: () => 0 });
    const ready = f.ready();
    s.finishBuild();
    await ready;
    f.invalidate(); // write 1
    let firstDone = false;
    const first = f.current().then(() => (firstDone = true)); // starts rebuild 2
    await tick();
    f.invalidate(); // write 2, while rebuild 2 runs
    let secondDone = false;
    const second = f.current().then(() => (secondDone = true));
    await tick();
    s.finishBuild(); // rebuild 2 holds write 1: the first search has what it needs
    await first;
    await tick();
    expect(firstDone).toBe(true);
    expect(secondDone).toBe(false); // write 2 came after rebuild 2 began
    expect(s.loads).toBe(3); // rebuild 3 started for it
    for (let w = 0; w < 5; w++) f.invalidate(); // writes keep coming
    s.finishBuild(); // rebuild 3 holds write 2
    await second;
    expect(secondDone).toBe(true);
    // Before, a search waited until the writes stopped: every write discarded the rebuild.
    expect(s.loads).toBe(3);
  });
});
