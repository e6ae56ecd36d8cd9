// Reads an instance keeps for a while (the profile cache, the reference cache of new shipments):
// a value read within `ttlMs` is answered again, concurrent misses of one key share one read, and
// a read that a forget overtook is answered but not kept.

/** Entries kept at most; all are forgotten when it is reached (a read costs one query or a few). */
const MAX_ENTRIES = 10_000;

export interface KeptReads<T> {
  /** The key's value: as read within `ttlMs`, else by `read`. */
  get(key: string, read: () => Promise<T>): Promise<T>;
  forget(key: string): void;
  forgetAll(): void;
}

/** `ttlMs`: how long a read is trusted (0 keeps nothing). */
export function keptReads<T>(ttlMs: number, now: () => number = Date.now): KeptReads<T> {
  const entries = new Map<string, { value: T; until: number }>();
  const reading = new Map<string, Promise<T>>();
  /** Counts forgets: a read that started before one is answered but not kept. */
  let generation = 0;
  return {
    get(key, read) {
      const hit = entries.get(key);
      if (hit && hit.until > now()) return Promise.resolve(hit.value);
      const pending = reading.get(key);
      if (pending) return pending;
      const startedIn = generation;
      const started = read()
        .then((value) => {
          if (ttlMs > 0 && startedIn === generation) {
            if (entries.size >= MAX_ENTRIES) entries.clear();
            entries.set(key, { value, until: now() + ttlMs });
          }
          return value;
        })
        .finally(() => {
          if (reading.get(key) === started) reading.delete(key);
        });
      reading.set(key, started);
      return started;
    },
    forget(key) {
      generation++;
      entries.delete(key);
      reading.delete(key);
    },
    forgetAll() {
      generation++;
      entries.clear();
      reading.clear();
    },
  };
}
