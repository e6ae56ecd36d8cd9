import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '#shared/contract/auth.ts';
import { clearToken, saveToken } from '../lib/token-store.ts';
import type { QueueEngine } from './queue-engine.ts';
import { startSyncEngines, type SyncEngineStart } from './start-sync-engines.ts';

const token = (role: 'USER' | 'ADMIN'): TokenResponse => ({ access_token: 'a', token_type: 'Bearer', expires_in: 900, data: { id: `client-${role}`, name: role, role, products: {} } });

function fakeEngine(wanted: SyncEngineStart['wanted'] = () => true) {
  const engine: QueueEngine = { start: vi.fn(), stop: vi.fn(), syncNow: vi.fn(), paused: false };
  const load = vi.fn(() => Promise.resolve(engine));
  return { engine, load, start: { wanted, load, failure: 'could not start' } satisfies SyncEngineStart };
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  clearToken();
});

describe('startSyncEngines', () => {
  it('loads and starts an engine only once a client is signed in, and only once', async () => {
    const { engine, load, start } = fakeEngine();
    const stop = startSyncEngines([start]);
    await new Promise((r) => setTimeout(r, 10));
    expect(load).not.toHaveBeenCalled();

    saveToken(token('USER'));
    await vi.waitFor(() => expect(engine.start).toHaveBeenCalledTimes(1));
    saveToken(token('USER'));
    await new Promise((r) => setTimeout(r, 10));
    expect(load).toHaveBeenCalledTimes(1);

    stop();
    expect(engine.stop).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the app opens signed in', async () => {
    saveToken(token('USER'));
    const { engine, start } = fakeEngine();
    const stop = startSyncEngines([start]);
    await vi.waitFor(() => expect(engine.start).toHaveBeenCalledTimes(1));
    stop();
  });

  it('starts an engine only for the clients it wants, once, and stops it with the rest', async () => {
    const everyone = fakeEngine();
    const admins = fakeEngine((client) => client.role === 'ADMIN');
    saveToken(token('USER'));
    const stop = startSyncEngines([everyone.start, admins.start]);
    await vi.waitFor(() => expect(everyone.engine.start).toHaveBeenCalledTimes(1));
    expect(admins.load).not.toHaveBeenCalled();

    saveToken(token('ADMIN'));
    await vi.waitFor(() => expect(admins.engine.start).toHaveBeenCalledTimes(1));
    saveToken(token('ADMIN'));
    await new Promise((r) => setTimeout(r, 10));
    expect(admins.load).toHaveBeenCalledTimes(1);

    stop();
    expect(admins.engine.stop).toHaveBeenCalledTimes(1);
    expect(everyone.engine.stop).toHaveBeenCalledTimes(1);
  });

  it('logs an engine that fails to load and leaves the others running', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: SyncEngineStart = { wanted: () => true, load: () => Promise.reject(new Error('chunk gone')), failure: 'The scan sync could not start' };
    const working = fakeEngine();
    saveToken(token('ADMIN'));
    const stop = startSyncEngines([broken, working.start]);
    await vi.waitFor(() => expect(working.engine.start).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('The scan sync could not start', expect.any(Error)));
    stop();
    error.mockRestore();
  });
});
