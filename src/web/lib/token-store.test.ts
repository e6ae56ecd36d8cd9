import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '#shared/contract/auth.ts';
import { clearToken, currentClient, readToken, rememberedClient, saveToken, SESSION_CLIENT_KEY, subscribeToken, TOKEN_KEY } from './token-store.ts';

const NOW = 1_800_000_000_000;

const response: TokenResponse = {
  access_token: 'access-1',
  token_type: 'Bearer',
  expires_in: 900,
  data: { id: 'client-1', name: 'Demo User', role: 'USER', products: { SK: ['PRM', 'TRC'] } },
};

function storedRaw(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('saveToken', () => {
  it('stores {value, data, expiry} under localStorage "token" with expiry = now + expires_in seconds', () => {
    saveToken(response, NOW);

    expect(TOKEN_KEY).toBe('token');
    expect(JSON.parse(storedRaw() ?? 'null')).toEqual({
      value: 'access-1',
      data: response.data,
      expiry: NOW + 900 * 1000,
    });
  });

  it('uses the current time when no time is given', () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);

    saveToken(response);

    expect(JSON.parse(storedRaw() ?? 'null')).toMatchObject({ expiry: NOW + 900_000 });
  });

  it('returns the record it stored', () => {
    const record = saveToken(response, NOW);

    expect(record).toEqual({ value: 'access-1', data: response.data, expiry: NOW + 900_000 });
  });
});

describe('readToken', () => {
  it('returns the stored record before its expiry', () => {
    saveToken(response, NOW);

    expect(readToken(NOW + 899_999)).toEqual({ value: 'access-1', data: response.data, expiry: NOW + 900_000 });
  });

  it('returns null when nothing is stored', () => {
    expect(readToken(NOW)).toBeNull();
  });

  it('returns null and removes an expired record from localStorage', () => {
    saveToken(response, NOW);

    expect(readToken(NOW + 900_001)).toBeNull();
    expect(storedRaw()).toBeNull();
  });

  it('treats a record whose expiry is exactly now as expired (expiry must be in the future)', () => {
    saveToken(response, NOW);

    expect(readToken(NOW + 900_000)).toBeNull();
    expect(storedRaw()).toBeNull();
  });

  it('returns null and removes a record that is not JSON', () => {
    localStorage.setItem(TOKEN_KEY, '{not json');

    expect(readToken(NOW)).toBeNull();
    expect(storedRaw()).toBeNull();
  });

  it('returns null and removes a record of the wrong shape', () => {
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ value: 'access-1', expiry: NOW + 1000 }));

    expect(readToken(NOW)).toBeNull();
    expect(storedRaw()).toBeNull();
  });

  it('returns null and removes a record whose expiry is not a number', () => {
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ value: 'access-1', data: response.data, expiry: 'tomorrow' }));

    expect(readToken(NOW)).toBeNull();
    expect(storedRaw()).toBeNull();
  });
});

describe('clearToken', () => {
  it('removes the stored record', () => {
    saveToken(response, NOW);

    clearToken();

    expect(storedRaw()).toBeNull();
    expect(readToken(NOW)).toBeNull();
  });

  it('notifies subscribers', () => {
    saveToken(response, NOW);
    const listener = vi.fn();
    const unsubscribe = subscribeToken(listener);

    clearToken();
    unsubscribe();

    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('subscribeToken', () => {
  it('notifies subscribers when a token is saved', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToken(listener);

    saveToken(response, NOW);
    unsubscribe();

    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops notifying after unsubscribe', () => {
    const listener = vi.fn();
    subscribeToken(listener)();

    saveToken(response, NOW);
    clearToken();

    expect(listener).not.toHaveBeenCalled();
  });
});

describe('the remembered client (offline work after the access token expired)', () => {
  it('keeps who signed in after the token expired, until the session ends', () => {
    saveToken(response, NOW - 901_000);
    expect(readToken(NOW)).toBeNull();
    expect(rememberedClient()).toEqual(response.data);
    expect(currentClient()).toEqual(response.data);

    clearToken();
    expect(rememberedClient()).toBeNull();
    expect(currentClient()).toBeNull();
  });

  it('ignores a remembered record that is not a client', () => {
    localStorage.setItem(SESSION_CLIENT_KEY, '{"id": 3}');
    expect(rememberedClient()).toBeNull();
    localStorage.setItem(SESSION_CLIENT_KEY, 'not json');
    expect(rememberedClient()).toBeNull();
  });
});
