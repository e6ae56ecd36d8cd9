// The public lookups' cache (issue 19): a shipment's tracking as the database has it (the shipment's
// fields a lookup needs and its events), by tracking number, never a caller's answer — the view
// (status or full), the postal-code brake and the rate limit are decided per request from it.
//
// Fresh as the database: an entry is dropped when its shipment's tracking changes (a notification
// from the writer's transaction, tracking-changes.ts), and a load that a change overtook is
// answered but not kept. While changes cannot be heard (the listening connection is lost) nothing
// is kept and every lookup reads the database. The TTL is the safety net for a change that sends
// no notification (a hand-made UPDATE in psql, a writer that forgets to call trackingChanged): no
// entry is answered longer than TTL after it was read.
//
// Smooth: an entry asked for in the last part of its TTL is read again in the background while it
// is still answered (never past its TTL), each entry at its own moment (jitter), so that a crowd
// never waits on a wave of entries expiring together.
//
// Bounded: at most `maxEntries` entries; the oldest stored goes first (with a TTL of seconds,
// first-in-first-out is as good as least-recently-used and costs nothing on a hit). An entry is
// about 2 KB for a parcel with 8 events (measured: 20,000 entries, 40 MB of heap).
import type { TrackingChange } from './tracking-changes.ts';

export interface Cacheable {
  shipmentId: number;
}

export interface TrackingCacheOptions {
  /** How long an entry may be answered after it was read, whatever is heard (ms). */
  ttlMs: number;
  /** Entries kept at most. */
  maxEntries: number;
  now?: () => number;
  /** 0..1, for the moment within the TTL from which a hit reads the entry again in the background. */
  random?: () => number;
}

/**
 * The TTL is the bound of staleness when a change goes unheard. On PostgreSQL that can happen (a
 * listening connection silently cut, an UPDATE made by hand in psql): 10 s. On PGlite nothing else
 * can write (one process holds the folder, db/data-dir-lock.ts) and the notification arrives at
 * the commit, so the TTL only guards against a writer in this code that forgets trackingChanged:
 * 60 s, which spares the single connection most re-reads.
 */
export const DEFAULT_TRACKING_CACHE = {
  pglite: { ttlMs: 60_000, maxEntries: 10_000 },
  postgres: { ttlMs: 10_000, maxEntries: 10_000 },
} as const satisfies Record<string, TrackingCacheOptions>;

interface Entry<T> {
  value: T;
  /** Answered until then (read time + TTL). */
  expiresAt: number;
  /** From then on a hit also reads it again in the background (between half and three quarters of the TTL). */
  refreshAt: number;
}

interface Load<T> {
  /** The generation when the load began: changes after it may be missing from its result. */
  generation: number;
  promise: Promise<T | null>;
}

interface Invalidation {
  generation: number;
  ids: ReadonlySet<number> | 'all';
}

export interface TrackingCacheStats {
  hits: number;
  misses: number;
  size: number;
}

export class TrackingCache<T extends Cacheable> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Shipment id -> its entry's key (the tracking number), to drop entries by the changes' ids. */
  private readonly keyOf = new Map<number, string>();
  /** Loads new callers may join (one query per tracking number at a time). */
  private readonly joinable = new Map<string, Load<T>>();
  /** Every load still running, joinable or not. */
  private readonly running = new Set<Load<T>>();
  /** Changes heard while loads were running: such a load's result is kept only when none concerns it. */
  private invalidations: Invalidation[] = [];
  private generation = 0;
  private active = false;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly syncWaiters = new Map<string, () => void>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly load: (key: string) => Promise<T | null>,
    private readonly options: TrackingCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  /** The value for `key` (null: there is none, which is never kept). */
  get(key: string): Promise<T | null> {
    const entry = this.entries.get(key);
    if (entry) {
      const now = this.now();
      if (entry.expiresAt > now) {
        this.hits++;
        // A failed background read leaves the entry as it is, answered until it expires.
        if (now >= entry.refreshAt && !this.joinable.has(key)) this.start(key).promise.catch(() => undefined);
        return Promise.resolve(entry.value);
      }
      this.drop(key);
    }
    this.misses++;
    return (this.joinable.get(key) ?? this.start(key)).promise;
  }

  /** What the listener hears (tracking-changes.ts). */
  change(change: TrackingChange): void {
    if (change.kind === 'sync') {
      this.syncWaiters.get(change.token)?.();
      return;
    }
    this.invalidate(change.kind === 'all' ? 'all' : change.ids);
  }

  /**
   * Whether changes are heard. Either way everything kept so far is dropped: it may have missed a
   * change while nobody listened (on) or may miss the next ones (off); only while on is anything kept.
   */
  listening(on: boolean): void {
    this.active = on;
    this.invalidate('all');
    // Nothing is kept any more: whoever waits for a marker has nothing stale left to wait out.
    for (const done of [...this.syncWaiters.values()]) done();
  }

  /** Resolves when the marker `token` (sent through the channel after some change) has been heard. */
  waitForSync(token: string, send: () => Promise<void>): Promise<void> {
    // Not listening: nothing is kept, every lookup reads the database.
    if (!this.active) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.syncWaiters.set(token, () => {
        this.syncWaiters.delete(token);
        resolve();
      });
      send().catch((error: unknown) => {
        this.syncWaiters.delete(token);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }

  stats(): TrackingCacheStats {
    return { hits: this.hits, misses: this.misses, size: this.entries.size };
  }

  private invalidate(ids: readonly number[] | 'all'): void {
    this.generation++;
    if (this.running.size > 0) this.invalidations.push({ generation: this.generation, ids: ids === 'all' ? 'all' : new Set(ids) });
    // A caller arriving after a change must not join a load that began before it.
    this.joinable.clear();
    if (ids === 'all') {
      this.entries.clear();
      this.keyOf.clear();
      return;
    }
    for (const id of ids) {
      const key = this.keyOf.get(id);
      if (key !== undefined) this.drop(key);
    }
  }

  private start(key: string): Load<T> {
    const load: Load<T> = { generation: this.generation, promise: Promise.resolve(null) };
    const readAt = this.now();
    const settle = () => {
      if (this.joinable.get(key) === load) this.joinable.delete(key);
      this.running.delete(load);
      this.forgetInvalidations();
    };
    load.promise = this.load(key).then(
      (value) => {
        // Decided while this load still holds the changes heard since it began.
        const keep = value !== null && this.active && !this.overtaken(load.generation, value.shipmentId);
        settle();
        if (keep) this.store(key, value, readAt);
        return value;
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
    this.joinable.set(key, load);
    this.running.add(load);
    return load;
  }

  /** Was a change to this shipment heard after the load began? */
  private overtaken(generation: number, shipmentId: number): boolean {
    if (generation === this.generation) return false;
    return this.invalidations.some((i) => i.generation > generation && (i.ids === 'all' || i.ids.has(shipmentId)));
  }

  /** Keeps only the changes some running load may still need to know of. */
  private forgetInvalidations(): void {
    if (this.running.size === 0) {
      this.invalidations = [];
      return;
    }
    let oldest = Infinity;
    for (const load of this.running) oldest = Math.min(oldest, load.generation);
    this.invalidations = this.invalidations.filter((i) => i.generation > oldest);
  }

  private store(key: string, value: T, readAt: number): void {
    this.drop(key);
    const { ttlMs } = this.options;
    this.entries.set(key, { value, expiresAt: readAt + ttlMs, refreshAt: readAt + ttlMs * (0.5 + 0.25 * this.random()) });
    this.keyOf.set(value.shipmentId, key);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (this.keyOf.get(entry.value.shipmentId) === key) this.keyOf.delete(entry.value.shipmentId);
  }
}
