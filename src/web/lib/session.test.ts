import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '#shared/contract/auth.ts';
import type { RefreshResult } from './api-client.ts';
import { checkSession, ensureSession } from './session.ts';
import { readToken, rememberedClient, saveToken } from './token-store.ts';

const renew = vi.hoisted(() => vi.fn<() => Promise<RefreshResult>>());
vi.mock('./api.ts', () => ({ api: { renewSession: renew } }));

const response: TokenResponse = {
  access_token: 'access-1',
  token_type: 'Bearer',
  expires_in: 900,
  data: { id: 'client-1', name: 'Demo User', role: 'USER', products: { SK: ['PRM'] } },
};

beforeEach(() => {
  localStorage.clear();
  renew.mockReset();
});

describe('ensureSession (the signed-in shell guard)', () => {
  it('lets a valid token through without asking the server', async () => {
    saveToken(response);
    expect(await ensureSession()).toBe(true);
    expect(renew).not.toHaveBeenCalled();
  });

  it('with an expired token and no connection, lets the remembered client work offline', async () => {
    saveToken(response, Date.now() - 901_000);
    renew.mockResolvedValue('offline');
    expect(await ensureSession()).toBe(true);
    expect(readToken()).toBeNull();
  });

  it('without anyone remembered, offline is no session', async () => {
    renew.mockResolvedValue('offline');
    expect(await ensureSession()).toBe(false);
  });

  it('a refused refresh ends the session, remembered client included', async () => {
    saveToken(response, Date.now() - 901_000);
    renew.mockResolvedValue('refused');
    expect(await ensureSession()).toBe(false);
    expect(rememberedClient()).toBeNull();
  });
});

describe('checkSession (why the shell sends to the sign-in page)', () => {
  it('calls a refused renewal of a client who had signed in here an ended session', async () => {
    saveToken(response, Date.now() - 901_000);
    renew.mockResolvedValue('refused');
    expect(await checkSession()).toBe('ended');
    expect(rememberedClient()).toBeNull();
  });

  it('calls a first visit (nobody signed in here) no session, not an ended one', async () => {
    renew.mockResolvedValue('refused');
    expect(await checkSession()).toBe('none');
  });

  it('calls the state after Log out (the remembered client removed) no session', async () => {
    saveToken(response);
    localStorage.clear();
    renew.mockResolvedValue('refused');
    expect(await checkSession()).toBe('none');
  });

  it('is active with a valid token, a renewed one, or offline with the remembered client', async () => {
    saveToken(response);
    expect(await checkSession()).toBe('active');
    localStorage.clear();
    renew.mockResolvedValue('refreshed');
    expect(await checkSession()).toBe('active');
    saveToken(response, Date.now() - 901_000);
    renew.mockResolvedValue('offline');
    expect(await checkSession()).toBe('active');
  });
});
