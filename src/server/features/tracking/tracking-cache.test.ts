import { describe, expect, it } from 'vitest';
import { TrackingCache, type TrackingCacheOptions } from './tracking-cache.ts';
import { changePayloads, parseChange } from './tracking-changes.ts';

interface Row {
  shipmentId: number;
  version: number;
}

/** A database of tracking numbers `T<id>`, whose loads finish when the test says so. */
function fixture(options: Partial<TrackingCacheOptions> = {}) {
  let clock = 1_000;
  const versions = new Map<number, number>([
    [1, 1],
    [2, 1],
    [3, 1],
  ]);
  const pending: Array<() => void> = [];
  let loads = 0;
  let manual = false;
  const load = (key: string): Promise<Row | null> => {
    loads++;
    const id = Number(key.slice(1));
    // The row is read when the load starts (its snapshot), answered when released.
    const version = versions.get(id);
    const row = version === undefined ? null : { shipmentId: id, version };
    if (!manual) return Promise.resolve(row);
    return new Promise((resolve) => pending.push(() => resolve(row)));
  };
  const cache = new TrackingCache<Row>(load, { ttlMs: 10_000, maxEntries: 100, now: () => clock, random: () => 0, ...options });
  cache.listening(true);
  return {
    cache,
    loads: () => loads,
    write(id: number) {
      versions.set(id, (versions.get(id) ?? 0) + 1);
    },
    /** Loads wait for release() from now on. */
    hold() {
      manual = true;
    },
    async release() {
      for (const done of pending.splice(0)) done();
      await new Promise((r) => setTimeout(r, 0));
    },
    tick(ms: number) {
      clock += ms;
    },
  };
}

describe('the lookup cache', () => {
  it('reads a tracking number once, then answers from memory', async () => {
    const f = fixture();
    expect(await f.cache.get('T1')).toEqual({ shipmentId: 1, version: 1 });
    expect(await f.cache.get('T1')).toEqual({ shipmentId: 1, version: 1 });
    expect(f.loads()).toBe(1);
    expect(f.cache.stats()).toEqual({ hits: 1, misses: 1, size: 1 });
  });

  it('lets concurrent callers share one load', async () => {
    const f = fixture();
    f.hold();
    const answers = Promise.all([f.cache.get('T1'), f.cache.get('T1'), f.cache.get('T1')]);
    await f.release();
    expect((await answers).map((r) => r?.version)).toEqual([1, 1, 1]);
    expect(f.loads()).toBe(1);
  });

  it('never keeps "not found": a shipment created later is found at once', async () => {
    const f = fixture();
    expect(await f.cache.get('T9')).toBeNull();
    f.write(9);
    expect(await f.cache.get('T9')).toEqual({ shipmentId: 9, version: 1 });
  });

  it('drops the entry of a changed shipment and only that one', async () => {
    const f = fixture();
    await f.cache.get('T1');
    await f.cache.get('T2');
    f.write(1);
    f.write(2);
    f.cache.change({ kind: 'shipments', ids: [1] });
    expect((await f.cache.get('T1'))?.version).toBe(2);
    // No notification for 2 (a writer that forgot it): the TTL is the bound.
    expect((await f.cache.get('T2'))?.version).toBe(1);
    f.tick(10_000);
    expect((await f.cache.get('T2'))?.version).toBe(2);
  });

  it('drops everything on "all"', async () => {
    const f = fixture();
    await f.cache.get('T1');
    await f.cache.get('T2');
    f.write(1);
    f.write(2);
    f.cache.change({ kind: 'all' });
    expect(f.cache.stats().size).toBe(0);
    expect((await f.cache.get('T1'))?.version).toBe(2);
    expect((await f.cache.get('T2'))?.version).toBe(2);
  });

  it('answers a load that a change overtook but does not keep it', async () => {
    const f = fixture();
    f.hold();
    const first = f.cache.get('T1');
    // Committed after the load read its snapshot; heard before the load finished.
    f.write(1);
    f.cache.change({ kind: 'shipments', ids: [1] });
    await f.release();
    expect((await first)?.version).toBe(1);
    expect(f.cache.stats().size).toBe(0);
    const second = f.cache.get('T1');
    await f.release();
    expect((await second)?.version).toBe(2);
  });

  it('keeps a load that only another shipment\'s change overtook', async () => {
    const f = fixture();
    f.hold();
    const first = f.cache.get('T1');
    f.cache.change({ kind: 'shipments', ids: [2] });
    await f.release();
    await first;
    expect(f.cache.stats().size).toBe(1);
  });

  it('starts a new load for a caller who arrives after a change, rather than joining the one before it', async () => {
    const f = fixture();
    f.hold();
    const before = f.cache.get('T1');
    f.write(1);
    f.cache.change({ kind: 'shipments', ids: [1] });
    const after = f.cache.get('T1');
    await f.release();
    expect((await before)?.version).toBe(1);
    expect((await after)?.version).toBe(2);
    expect(f.loads()).toBe(2);
    // The later load began after the change: it is kept.
    expect((await f.cache.get('T1'))?.version).toBe(2);
    expect(f.loads()).toBe(2);
  });

  it('keeps nothing while changes are not heard, and forgets what it had when they are heard again', async () => {
    const f = fixture();
    await f.cache.get('T1');
    f.cache.listening(false);
    expect(f.cache.stats().size).toBe(0);
    await f.cache.get('T1');
    await f.cache.get('T1');
    expect(f.loads()).toBe(3);
    expect(f.cache.stats().size).toBe(0);
    // A load that began while deaf is not kept when listening resumes during it.
    f.hold();
    const during = f.cache.get('T1');
    f.cache.listening(true);
    await f.release();
    await during;
    expect(f.cache.stats().size).toBe(0);
    const after = f.cache.get('T1');
    await f.release();
    await after;
    expect(f.cache.stats().size).toBe(1);
  });

  it('holds at most maxEntries, the oldest going first', async () => {
    const f = fixture({ maxEntries: 2 });
    f.write(4);
    await f.cache.get('T1');
    await f.cache.get('T2');
    await f.cache.get('T3');
    expect(f.cache.stats().size).toBe(2);
    await f.cache.get('T2');
    await f.cache.get('T3');
    expect(f.loads()).toBe(3);
    await f.cache.get('T1');
    expect(f.loads()).toBe(4);
    // An evicted entry no longer answers to its shipment's change (nothing to drop, nothing breaks).
    f.cache.change({ kind: 'shipments', ids: [2, 1] });
    expect(f.cache.stats().size).toBe(1);
  });

  it('reads an entry again in the background late in its TTL, answering it meanwhile', async () => {
    const f = fixture();
    await f.cache.get('T1');
    // A change nobody hears: half the TTL on, the entry is still answered as it is.
    f.write(1);
    f.tick(4_999);
    expect((await f.cache.get('T1'))?.version).toBe(1);
    expect(f.loads()).toBe(1);
    f.tick(1);
    expect((await f.cache.get('T1'))?.version).toBe(1);
    expect(f.loads()).toBe(2);
    await new Promise((r) => setTimeout(r, 0));
    expect((await f.cache.get('T1'))?.version).toBe(2);
    expect(f.loads()).toBe(2);
  });

  it('counts the TTL from when the database was read, not from when the answer came', async () => {
    const f = fixture();
    f.hold();
    const slow = f.cache.get('T1');
    f.tick(9_000);
    await f.release();
    await slow;
    f.tick(1_000);
    f.write(1);
    const again = f.cache.get('T1');
    await f.release();
    expect((await again)?.version).toBe(2);
  });

  it('resolves a sync marker when it is heard, at once when nothing is kept', async () => {
    const f = fixture();
    let heard = false;
    const synced = f.cache.waitForSync('abc', async () => {
      setTimeout(() => f.cache.change({ kind: 'sync', token: 'abc' }), 1);
    });
    void synced.then(() => (heard = true));
    expect(heard).toBe(false);
    await synced;
    f.cache.listening(false);
    await f.cache.waitForSync('never', async () => {});
  });
});

describe('the change notifications', () => {
  it('carry ids in payloads PostgreSQL accepts (under 8,000 bytes), each id once', () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => 1_000_000_000 + i);
    const payloads = changePayloads([...ids, ...ids.slice(0, 10)]);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8_000);
    expect(payloads.flatMap((p) => (parseChange(p) as { ids: number[] }).ids)).toEqual(ids);
    expect(changePayloads([])).toEqual([]);
  });

  it('read back as what was sent; anything unreadable as "all"', () => {
    expect(parseChange('1,22,333')).toEqual({ kind: 'shipments', ids: [1, 22, 333] });
    expect(parseChange(changePayloads('all')[0]!)).toEqual({ kind: 'all' });
    expect(parseChange('sync:xyz')).toEqual({ kind: 'sync', token: 'xyz' });
    expect(parseChange('1,abc')).toEqual({ kind: 'all' });
    expect(parseChange('')).toEqual({ kind: 'all' });
  });
});
