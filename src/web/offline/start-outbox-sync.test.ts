import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, saveToken } from '../lib/token-store.ts';
import { startOutboxSync } from './start-outbox-sync.ts';

const engine = vi.hoisted(() => ({ start: vi.fn(), stop: vi.fn(), syncNow: vi.fn(), paused: false }));
const createSyncEngine = vi.hoisted(() => vi.fn(() => engine));
vi.mock('./sync.ts', () => ({ createSyncEngine }));

const token = { access_token: 'a', token_type: 'Bearer' as const, expires_in: 900, data: { id: 'client-a', name: 'A', role: 'USER' as const, products: {} } };

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});

afterEach(() => {
  clearToken();
});

describe('startOutboxSync', () => {
  it('loads and starts the engine only once a client is signed in, and only once', async () => {
    const stop = startOutboxSync();
    await new Promise((r) => setTimeout(r, 10));
    expect(createSyncEngine).not.toHaveBeenCalled();

    saveToken(token);
    await vi.waitFor(() => expect(engine.start).toHaveBeenCalledTimes(1));
    saveToken(token);
    await new Promise((r) => setTimeout(r, 10));
    expect(createSyncEngine).toHaveBeenCalledTimes(1);

    stop();
    expect(engine.stop).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the app opens signed in', async () => {
    saveToken(token);
    const stop = startOutboxSync();
    await vi.waitFor(() => expect(engine.start).toHaveBeenCalledTimes(1));
    stop();
  });
});
