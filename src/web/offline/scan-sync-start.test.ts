import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '../../shared/contract/auth.ts';
import { clearToken, saveToken } from '../lib/token-store.ts';
import { startOutboxSync } from './start-outbox-sync.ts';

const outboxEngine = vi.hoisted(() => ({ start: vi.fn(), stop: vi.fn(), syncNow: vi.fn(), paused: false }));
const scanEngine = vi.hoisted(() => ({ start: vi.fn(), stop: vi.fn(), syncNow: vi.fn(), paused: false }));
const createScanSyncEngine = vi.hoisted(() => vi.fn(() => scanEngine));
vi.mock('./sync.ts', () => ({ createSyncEngine: () => outboxEngine }));
vi.mock('./scan-sync.ts', () => ({ createScanSyncEngine }));

const token = (role: 'USER' | 'ADMIN'): TokenResponse => ({ access_token: 'a', token_type: 'Bearer', expires_in: 900, data: { id: `client-${role}`, name: role, role, products: {} } });

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});

afterEach(() => {
  clearToken();
});

describe('startOutboxSync: the scan queue', () => {
  it('starts the scan engine only for an admin, once, and stops it with the rest', async () => {
    saveToken(token('USER'));
    const stop = startOutboxSync();
    await vi.waitFor(() => expect(outboxEngine.start).toHaveBeenCalledTimes(1));
    expect(createScanSyncEngine).not.toHaveBeenCalled();

    saveToken(token('ADMIN'));
    await vi.waitFor(() => expect(scanEngine.start).toHaveBeenCalledTimes(1));
    saveToken(token('ADMIN'));
    await new Promise((r) => setTimeout(r, 10));
    expect(createScanSyncEngine).toHaveBeenCalledTimes(1);

    stop();
    expect(scanEngine.stop).toHaveBeenCalledTimes(1);
    expect(outboxEngine.stop).toHaveBeenCalledTimes(1);
  });
});
