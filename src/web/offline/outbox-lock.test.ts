import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '#tests/setup/web/offline-fixtures.ts';
import { createMemoryLock, defaultOutboxLock, OUTBOX_LOCK_NAME } from './outbox-lock.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('outbox lock', () => {
  it('runs one task at a time, in order, even when one fails', async () => {
    const lock = createMemoryLock();
    const log: string[] = [];
    const gate = deferred<void>();
    const first = lock.run(async () => {
      log.push('first:start');
      await gate.promise;
      log.push('first:end');
      throw new Error('boom');
    });
    const second = lock.run(async () => {
      log.push('second');
      return 2;
    });
    await Promise.resolve();
    expect(log).toEqual(['first:start']);
    gate.resolve();
    await expect(first).rejects.toThrow('boom');
    await expect(second).resolves.toBe(2);
    expect(log).toEqual(['first:start', 'first:end', 'second']);
  });

  it('gives up waiting when the signal aborts', async () => {
    const lock = createMemoryLock();
    const gate = deferred<void>();
    const holder = lock.run(() => gate.promise);
    const controller = new AbortController();
    const task = vi.fn(async () => 1);
    const waiting = lock.run(task, controller.signal);
    controller.abort();
    gate.resolve();
    await holder;
    await expect(waiting).rejects.toThrow();
    expect(task).not.toHaveBeenCalled();
  });

  it("uses the browser's Web Locks (shared by all tabs) under the name portal-outbox when there are some", async () => {
    const request = vi.fn((_name: string, _options: LockOptions, callback: (lock: Lock | null) => Promise<unknown>) => callback(null));
    vi.stubGlobal('navigator', Object.defineProperty(Object.create(navigator) as Navigator, 'locks', { value: { request } }));
    await expect(defaultOutboxLock().run(async () => 'done')).resolves.toBe('done');
    expect(request).toHaveBeenCalledWith(OUTBOX_LOCK_NAME, {}, expect.any(Function));
    expect(OUTBOX_LOCK_NAME).toBe('portal-outbox');
  });

  it('falls back to one in-memory lock for the page without Web Locks', () => {
    expect(navigator.locks ?? null).toBeNull();
    expect(defaultOutboxLock()).toBe(defaultOutboxLock());
  });
});
