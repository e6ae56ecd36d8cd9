// The refresh_token grant: rotation on every use, reuse detection revoking the whole family,
// idle and absolute expiry, disabled clients, and logout through /oauth/revoke.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '#shared/contract/auth.ts';
import { clients, refreshTokens } from '#server/db/schema.ts';
import { REFRESH_ABSOLUTE_SECONDS, REFRESH_IDLE_SECONDS } from '#server/features/auth/refresh-tokens.ts';
import { createTestApp, DEMO, refreshCookieOf, refreshTokenHash, refreshWith, rotatedLongAgo, signIn, type TestApp } from '../setup/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** The token answer as the contract defines it. */
type TokenBody = TokenResponse;

async function storedToken(cookie: string) {
  const [row] = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, refreshTokenHash(cookie)));
  if (!row) throw new Error('refresh token not stored');
  return row;
}

const familyRows = (familyId: string) => t.database.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, familyId));

/** Refreshes and answers the next cookie, failing the test when the refresh does not succeed. */
async function rotate(cookie: string): Promise<string> {
  const res = await refreshWith(t.app, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const next = refreshCookieOf(res)?.value;
  if (!next) throw new Error('no refresh cookie');
  return next;
}

function expectInvalidGrant(res: Awaited<ReturnType<typeof refreshWith>>) {
  expect(res.statusCode).toBe(400);
  const body = res.json<{ error: string; message: string }>();
  expect(body.error).toBe('invalid_grant');
  expect(body.message).toMatch(/\S/);
  expect(body).not.toHaveProperty('access_token');
}

describe('rotation', () => {
  it('answers a new access token and sets a new refresh cookie', async () => {
    const session = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    expect(session.refreshCookie).toBeTruthy();

    const res = await refreshWith(t.app, session.refreshCookie);
    expect(res.statusCode).toBe(200);
    const body = res.json<TokenBody>();
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBeGreaterThan(0);
    expect(body.expires_in).toBeLessThanOrEqual(900);
    expect(body.data).toMatchObject({ name: 'Peter Horváth', role: 'USER' });
    expect(body.data.products.SK).toEqual(expect.arrayContaining(['PRM', 'TRC', 'RTN']));
    expect(res.headers['cache-control']).toContain('no-store');

    const cookie = refreshCookieOf(res);
    expect(cookie?.value).toBeTruthy();
    expect(cookie!.value).not.toBe(session.refreshCookie);
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Strict');
    expect(cookie!.path).toBe('/oauth');

    // The new access token is accepted by the API.
    const profile = await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ name: 'Peter Horváth' });

    // The old token is marked used; the new one continues the same family.
    const old = await storedToken(session.refreshCookie);
    const next = await storedToken(cookie!.value);
    expect(old.usedAt).not.toBeNull();
    expect(next.familyId).toBe(old.familyId);
    expect(next.usedAt).toBeNull();
    expect(next.revokedAt).toBeNull();
    expect(next.familyExpiresAt.getTime()).toBe(old.familyExpiresAt.getTime());
  });

  it('keeps rotating: each new cookie refreshes once more', async () => {
    const { refreshCookie } = await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret);
    const seen = new Set([refreshCookie]);
    let cookie = refreshCookie;
    for (let i = 0; i < 3; i++) {
      cookie = await rotate(cookie);
      expect(seen.has(cookie)).toBe(false);
      seen.add(cookie);
    }
    const rows = await familyRows((await storedToken(cookie)).familyId);
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.usedAt === null)).toHaveLength(1);
  });

  it('limits a session: idle expiry on each cookie, never past the absolute limit of the sign-in', async () => {
    const before = Date.now();
    const { refreshCookie } = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const row = await storedToken(refreshCookie);
    const slack = 60_000;
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + REFRESH_IDLE_SECONDS * 1000 - slack);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + REFRESH_IDLE_SECONDS * 1000 + slack);
    expect(row.familyExpiresAt.getTime()).toBeGreaterThanOrEqual(before + REFRESH_ABSOLUTE_SECONDS * 1000 - slack);
    expect(row.familyExpiresAt.getTime()).toBeLessThanOrEqual(Date.now() + REFRESH_ABSOLUTE_SECONDS * 1000 + slack);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(row.familyExpiresAt.getTime());
    expect(REFRESH_ABSOLUTE_SECONDS).toBeGreaterThan(REFRESH_IDLE_SECONDS);
  });
});

describe('reuse detection', () => {
  it('answers invalid_grant to a rotated cookie and revokes the whole family', async () => {
    const { refreshCookie: first } = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const second = await rotate(first);
    await rotatedLongAgo(t, first);

    const reuse = await refreshWith(t.app, first);
    expectInvalidGrant(reuse);
    // The cookie is cleared on the failure.
    const cleared = refreshCookieOf(reuse);
    expect(cleared?.value).toBe('');

    // The newest cookie of that family dies with it.
    expectInvalidGrant(await refreshWith(t.app, second));

    const rows = await familyRows((await storedToken(first)).familyId);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.revokedAt).not.toBeNull();
  });

  it('leaves the other sessions of the same client alone', async () => {
    const { refreshCookie: other } = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const { refreshCookie: stolen } = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    await rotate(stolen);
    await rotatedLongAgo(t, stolen);
    expectInvalidGrant(await refreshWith(t.app, stolen));

    expect((await refreshWith(t.app, other)).statusCode).toBe(200);
  });

  it('gives a retry whose answer was lost (a reload mid-request, two tabs at once) a new token of the session, within the grace', async () => {
    const { refreshCookie: first } = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    // The browser sent `first`, the server rotated it, the answer never arrived: the browser still holds `first`.
    const lost = await rotate(first);
    const retried = await rotate(first);
    expect(retried).not.toBe(lost);
    // The session goes on from the retry's token; nothing of the family was revoked.
    expect((await refreshWith(t.app, retried)).statusCode).toBe(200);
    const rows = await familyRows((await storedToken(first)).familyId);
    for (const row of rows) expect(row.revokedAt).toBeNull();
  });

  it('answers invalid_grant without a cookie', async () => {
    expectInvalidGrant(await refreshWith(t.app));
  });

  it('answers invalid_grant to an unknown or empty cookie', async () => {
    expectInvalidGrant(await refreshWith(t.app, 'not-a-refresh-token'));
    expectInvalidGrant(await refreshWith(t.app, ''));
  });

  it('never lets a refresh token stand in for an access token', async () => {
    const { refreshCookie } = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { authorization: `Bearer ${refreshCookie}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe('expiry', () => {
  const past = () => new Date(Date.now() - 60_000);

  it('answers invalid_grant once the idle limit has passed', async () => {
    const { refreshCookie } = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    await t.database.db.update(refreshTokens).set({ expiresAt: past() }).where(eq(refreshTokens.tokenHash, refreshTokenHash(refreshCookie)));

    expectInvalidGrant(await refreshWith(t.app, refreshCookie));
  });

  it('answers invalid_grant once the absolute limit of the session has passed, however recently it was used', async () => {
    const { refreshCookie } = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const latest = await rotate(refreshCookie);
    const { familyId, expiresAt } = await storedToken(latest);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now());
    await t.database.db.update(refreshTokens).set({ familyExpiresAt: past() }).where(eq(refreshTokens.familyId, familyId));

    expectInvalidGrant(await refreshWith(t.app, latest));
  });
});

describe('disabled client', () => {
  it('cannot refresh', async () => {
    const { refreshCookie } = await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret);
    await t.database.db.update(clients).set({ enabled: false }).where(eq(clients.clientId, DEMO.user2.clientId));
    try {
      const res = await refreshWith(t.app, refreshCookie);
      expectInvalidGrant(res);
      expect(refreshCookieOf(res)?.value ?? '').toBe('');
    } finally {
      await t.database.db.update(clients).set({ enabled: true }).where(eq(clients.clientId, DEMO.user2.clientId));
    }
  });
});

describe('revoke (logout)', () => {
  it('ends the session family and clears the cookie', async () => {
    const { refreshCookie } = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const latest = await rotate(refreshCookie);

    const res = await t.app.inject({ method: 'POST', url: '/oauth/revoke', cookies: { refresh_token: latest } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = refreshCookieOf(res);
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    expect(cleared!.path).toBe('/oauth');
    const expiredCookie = cleared!.maxAge === 0 || (cleared!.expires !== undefined && cleared!.expires.getTime() <= Date.now());
    expect(expiredCookie).toBe(true);

    const rows = await familyRows((await storedToken(latest)).familyId);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.revokedAt).not.toBeNull();

    expectInvalidGrant(await refreshWith(t.app, latest));
  });

  it('ends only the session it is given', async () => {
    const { refreshCookie: kept } = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const { refreshCookie: ended } = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    expect((await t.app.inject({ method: 'POST', url: '/oauth/revoke', cookies: { refresh_token: ended } })).statusCode).toBe(204);

    expectInvalidGrant(await refreshWith(t.app, ended));
    expect((await refreshWith(t.app, kept)).statusCode).toBe(200);
  });

  it('answers 204 without a cookie or with an unknown one', async () => {
    for (const cookies of [undefined, { refresh_token: 'unknown-token' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/oauth/revoke', ...(cookies ? { cookies } : {}) });
      expect(res.statusCode).toBe(204);
      expect(refreshCookieOf(res)?.value).toBe('');
    }
  });
});
