// Each queue is drained under one lock so that two tabs never send the same row: the Web Locks
// API (`navigator.locks`, shared by every tab of the origin and released when a tab dies), else an
// in-memory lock (tests, Node, browsers without Web Locks) that serializes the engines of one page.
// The wizard outbox and the scan queue have a lock each: a long scan drain never holds up a shipment.

export const OUTBOX_LOCK_NAME = 'portal-outbox';
export const SCAN_LOCK_NAME = 'portal-scans';

export interface OutboxLock {
  /** Runs `task` while holding the lock; waits for it first. Rejects if `signal` aborts the wait. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

export function createMemoryLock(): OutboxLock {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      const result = tail.then(() => {
        signal?.throwIfAborted();
        return task();
      });
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

/** The page's in-memory lock per name. */
const pageLocks = new Map<string, OutboxLock>();

export function webLock(locks: LockManager, name = OUTBOX_LOCK_NAME): OutboxLock {
  return {
    run: <T>(task: () => Promise<T>, signal?: AbortSignal) => locks.request(name, signal ? { signal } : {}, () => task()) as Promise<T>,
  };
}

/** navigator.locks where the browser has it, else the page's in-memory lock of that name. */
export function defaultOutboxLock(name = OUTBOX_LOCK_NAME): OutboxLock {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | null | undefined);
  if (locks) return webLock(locks, name);
  let lock = pageLocks.get(name);
  if (!lock) {
    lock = createMemoryLock();
    pageLocks.set(name, lock);
  }
  return lock;
}
