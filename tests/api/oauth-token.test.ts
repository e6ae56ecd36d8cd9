// POST /oauth/token with the client_credentials grant: the answer, the refresh cookie, what is
// stored, and the RFC 6749 error answers.
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '#shared/contract/auth.ts';
import { clients, refreshTokens } from '#server/db/schema.ts';
import { createTestApp, DEMO, refreshCookieOf, refreshWith, requestToken, type TestApp } from '../setup/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** The token answer as the contract defines it. */
type TokenBody = TokenResponse;

const sortedProducts = (products: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(products).map(([country, list]) => [country, [...list].sort()]));

async function clientRow(clientId: string) {
  const [row] = await t.database.db.select().from(clients).where(eq(clients.clientId, clientId));
  if (!row) throw new Error(`no client ${clientId}`);
  return row;
}

async function setEnabled(clientId: string, enabled: boolean) {
  await t.database.db.update(clients).set({ enabled }).where(eq(clients.clientId, clientId));
}

describe('client_credentials sign-in', () => {
  it.each([
    { account: DEMO.admin, name: 'Martina Kováčová' },
    { account: DEMO.user, name: 'Peter Horváth' },
    { account: DEMO.user2, name: 'Jana Nováková' },
  ])('signs in $account.clientId with its role and client info', async ({ account, name }) => {
    const res = await requestToken(t.app, account.clientId, account.secret);
    expect(res.statusCode).toBe(200);
    const body = res.json<TokenBody>();
    const row = await clientRow(account.clientId);

    expect(Object.keys(body).sort()).toEqual(['access_token', 'data', 'expires_in', 'token_type']);
    expect(body.token_type).toBe('Bearer');
    expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.expires_in).toBeGreaterThan(0);
    expect(body.expires_in).toBeLessThanOrEqual(900);
    expect(Object.keys(body.data).sort()).toEqual(['id', 'name', 'products', 'role']);
    expect(body.data).toMatchObject({ id: row.id, name, role: account.role });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('issues an access token carrying the client, its company and role, living at most 15 minutes', async () => {
    const res = await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret);
    const body = res.json<TokenBody>();
    const claims = decodeJwt(body.access_token);
    const row = await clientRow(DEMO.user.clientId);

    expect(claims.sub).toBe(row.id);
    expect(claims.cid).toBe(row.companyId);
    expect(claims.role).toBe('USER');
    expect(claims.iss).toBe('parcel-portal');
    expect(typeof claims.exp).toBe('number');
    expect(typeof claims.iat).toBe('number');
    expect(claims.exp! - claims.iat!).toBe(body.expires_in);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(900);
  });

  it("answers demo-user's products per destination country", async () => {
    const res = await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret);
    const { products } = res.json<TokenBody>().data;

    expect(products.SK).toEqual(expect.arrayContaining(['PRM', 'TRC', 'RTN']));
    expect([...(products.DE ?? [])].sort()).toEqual(['TRC', 'UTR']);
    expect(products.CH).toEqual(['TRC']);
    // The whole map, as the seed defines it for the first company.
    expect(sortedProducts(products)).toEqual({
      SK: ['PRM', 'RTN', 'TRC'],
      CZ: ['PRM', 'TRC'],
      PL: ['PRM', 'TRC'],
      HU: ['PRM', 'RTN', 'TRC'],
      DE: ['TRC', 'UTR'],
      AT: ['TRC', 'UTR'],
      CH: ['TRC'],
      GB: ['TRC'],
    });
  });

  it("answers each company's own products: the second company a smaller set, the carrier's admin none", async () => {
    const user2 = (await requestToken(t.app, DEMO.user2.clientId, DEMO.user2.secret)).json<TokenBody>();
    expect(sortedProducts(user2.data.products)).toEqual({ CZ: ['PRM', 'TRC'], SK: ['PRM', 'TRC'], DE: ['TRC'] });

    const admin = (await requestToken(t.app, DEMO.admin.clientId, DEMO.admin.secret)).json<TokenBody>();
    expect(admin.data.products).toEqual({});
  });

  it('trims client_id and matches it case-insensitively', async () => {
    const canonical = (await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret)).json<TokenBody>();
    for (const variant of ['  demo-user  ', 'DEMO-USER', '\tDemo-User\n']) {
      const res = await requestToken(t.app, variant, DEMO.user.secret);
      expect(res.statusCode, variant).toBe(200);
      expect(res.json<TokenBody>().data.id).toBe(canonical.data.id);
    }
  });

  it('keeps the secret case-sensitive', async () => {
    const res = await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret.toUpperCase());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('accepts a form-encoded body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: ' demo-user-2 ', client_secret: DEMO.user2.secret }).toString(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<TokenBody>();
    expect(body.token_type).toBe('Bearer');
    expect(body.data.id).toBe((await clientRow(DEMO.user2.clientId)).id);
    expect(refreshCookieOf(res)?.value).toBeTruthy();
  });

  it('answers Cache-Control: no-store', async () => {
    const res = await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
  });
});

describe('refresh cookie and stored secrets', () => {
  it('sets the refresh token in an HttpOnly, SameSite=Strict cookie limited to /oauth, not Secure over http', async () => {
    const res = await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret);
    const cookie = refreshCookieOf(res);
    expect(cookie).toBeDefined();
    expect(cookie!.value.length).toBeGreaterThanOrEqual(32);
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Strict');
    expect(cookie!.path).toBe('/oauth');
    expect(cookie!.secure).toBeFalsy();
    expect(cookie!.expires).toBeInstanceOf(Date);
    expect(cookie!.expires!.getTime()).toBeGreaterThan(Date.now());

    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/;\s*HttpOnly/i);
    expect(raw).not.toMatch(/;\s*Secure/i);
  });

  it('keeps only a hash of the refresh token in the database', async () => {
    const row = await clientRow(DEMO.user2.clientId);
    const before = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.clientId, row.id));

    const res = await requestToken(t.app, DEMO.user2.clientId, DEMO.user2.secret);
    const value = refreshCookieOf(res)!.value;
    expect(value).toBeTruthy();

    const after = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.clientId, row.id));
    expect(after).toHaveLength(before.length + 1);
    const added = after.find((r) => !before.some((b) => b.id === r.id))!;
    expect(added.tokenHash).toBeTruthy();
    expect(added.tokenHash).not.toBe(value);
    expect(added.usedAt).toBeNull();
    expect(added.revokedAt).toBeNull();

    const [found] = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, value));
    expect(found).toBeUndefined();
    const everything = JSON.stringify(await t.database.db.select().from(refreshTokens));
    expect(everything).not.toContain(value);

    // The stored hash still identifies the token: it refreshes.
    expect((await refreshWith(t.app, value)).statusCode).toBe(200);
  });

  it('stores client secrets only as scrypt hashes', async () => {
    const rows = await t.database.db.select().from(clients);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const account of Object.values(DEMO)) {
      const row = rows.find((r) => r.clientId === account.clientId)!;
      expect(row.secretHash.startsWith('scrypt$')).toBe(true);
      expect(row.secretHash).not.toContain(account.secret);
      // scheme, N, r, p, salt, hash
      expect(row.secretHash.split('$')).toHaveLength(6);
    }
    const salts = rows.map((r) => r.secretHash.split('$')[4]);
    expect(new Set(salts).size).toBe(salts.length);
  });
});

describe('refresh cookie over https', () => {
  let secure: TestApp;

  beforeAll(async () => {
    secure = await createTestApp({ trustProxy: 1 });
  });

  afterAll(async () => {
    await secure?.close();
  });

  it('marks the cookie Secure when served over https', async () => {
    const res = await requestToken(secure.app, DEMO.user.clientId, DEMO.user.secret, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(200);
    const cookie = refreshCookieOf(res);
    expect(cookie?.secure).toBe(true);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
  });
});

describe('sign-in errors', () => {
  it('answers a wrong secret, an unknown client and a disabled client identically', async () => {
    const countTokens = async () => (await t.database.db.select({ id: refreshTokens.id }).from(refreshTokens)).length;
    const tokensBefore = await countTokens();

    const wrongSecret = await requestToken(t.app, DEMO.user.clientId, 'not-the-secret');
    const unknown = await requestToken(t.app, 'no-such-client', 'whatever-secret');
    await setEnabled(DEMO.user2.clientId, false);
    let disabled;
    try {
      disabled = await requestToken(t.app, DEMO.user2.clientId, DEMO.user2.secret);
    } finally {
      await setEnabled(DEMO.user2.clientId, true);
    }

    for (const res of [wrongSecret, unknown, disabled]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(refreshCookieOf(res)).toBeUndefined();
    }
    const body = wrongSecret.json<{ error: string; message: string }>();
    expect(Object.keys(body).sort()).toEqual(['error', 'message']);
    expect(body.error).toBe('invalid_client');
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
    expect(unknown.body).toBe(wrongSecret.body);
    expect(disabled.body).toBe(wrongSecret.body);

    expect(await countTokens()).toBe(tokensBefore);
    // Re-enabled, the same account signs in again.
    expect((await requestToken(t.app, DEMO.user2.clientId, DEMO.user2.secret)).statusCode).toBe(200);
  });

  it('answers missing fields with 400 invalid_request and field errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials' } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; message: string; errors: Record<string, string[]> }>();
    expect(body.error).toBe('invalid_request');
    expect(body.message).toEqual(expect.any(String));
    expect(body.message.length).toBeGreaterThan(0);
    for (const field of ['client_id', 'client_secret']) {
      expect(body.errors[field], field).toBeDefined();
      expect(body.errors[field]!.length).toBeGreaterThan(0);
      for (const message of body.errors[field]!) expect(message).toMatch(/\S/);
    }
  });

  it('treats a client_id of only spaces as missing', async () => {
    const res = await requestToken(t.app, '    ', 'some-secret');
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; errors: Record<string, string[]> }>();
    expect(body.error).toBe('invalid_request');
    expect(body.errors.client_id?.length).toBeGreaterThan(0);
    expect(body.errors.client_secret).toBeUndefined();
  });

  it('answers a missing grant_type with 400 invalid_request naming grant_type', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { client_id: 'demo-user', client_secret: 'demo-user-secret' } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; errors: Record<string, string[]> }>();
    expect(body.error).toBe('invalid_request');
    expect(body.errors.grant_type?.length).toBeGreaterThan(0);
  });

  it.each(['password', 'authorization_code', 'CLIENT_CREDENTIALS'])('answers grant_type %s with 400 unsupported_grant_type', async (grantType) => {
    const res = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: grantType, client_id: 'demo-user', client_secret: 'demo-user-secret' } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; message: string }>();
    expect(body.error).toBe('unsupported_grant_type');
    expect(body.message).toMatch(/\S/);
    expect(refreshCookieOf(res)).toBeUndefined();
  });

  it('answers in the error shape whatever the Accept-Language', async () => {
    for (const language of ['sk', 'de', 'cs', 'en', 'xx']) {
      // A client_id of its own per language keeps these failures under the per-client limit.
      const res = await requestToken(t.app, `no-such-client-${language}`, 'whatever', { headers: { 'accept-language': language } });
      expect(res.statusCode, language).toBe(401);
      const body = res.json<{ error: string; message: string }>();
      expect(body.error).toBe('invalid_client');
      expect(typeof body.message).toBe('string');
      expect(body.message.trim().length).toBeGreaterThan(0);
    }
  });
});
