// POST /oauth/token with the client_credentials grant: the answer, the refresh cookie, what is
// stored, and the RFC 6749 error answers.
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import { ClientCredentials } from 'simple-oauth2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '#shared/contract/auth.ts';
import { clients, refreshTokens } from '#server/db/schema.ts';
import { hashSecret } from '#server/features/auth/passwords.ts';
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
    // Said as missing, not as a value that is not allowed.
    expect(body.errors.grant_type).toEqual(['This field is required']);
    expect(res.json<{ codes: Record<string, string[]> }>().codes).toEqual({ grant_type: ['required'] });
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

/** `Authorization: Basic` as RFC 6749 section 2.3.1 builds it: each part form-urlencoded, then base64. */
const basicHeader = (clientId: string, secret: string) => {
  const encode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`, 'utf8').toString('base64')}`;
};

/** POST /oauth/token with `form` as a form-encoded body and any headers. */
function tokenForm(app: TestApp['app'], form: Record<string, string>, headers: Record<string, string> = {}, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

async function addClient(clientId: string, secret: string) {
  const demo = await clientRow(DEMO.user.clientId);
  await t.database.db.insert(clients).values({ companyId: demo.companyId, clientId, secretHash: await hashSecret(secret), name: 'Basic Tester', email: `${clientId}@example.com` });
}

describe('client authentication by HTTP Basic (client_secret_basic)', () => {
  it('signs in with the client_id and secret in an Authorization: Basic header, answering as with body credentials', async () => {
    const res = await tokenForm(t.app, { grant_type: 'client_credentials' }, { authorization: basicHeader(DEMO.user.clientId, DEMO.user.secret) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TokenBody>();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'data', 'expires_in', 'token_type']);
    expect(body.data.id).toBe((await clientRow(DEMO.user.clientId)).id);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(refreshCookieOf(res)?.value).toBeTruthy();
    // JSON bodies too.
    const json = await t.app.inject({ method: 'POST', url: '/oauth/token', headers: { authorization: basicHeader(' DEMO-USER ', DEMO.user.secret) }, payload: { grant_type: 'client_credentials' } });
    expect(json.statusCode).toBe(200);
  });

  it('form-urlencoded decodes the client_id and secret (RFC 6749 section 2.3.1)', async () => {
    const secret = 'Straße +50%:ok&=é';
    await addClient('basic.tester@acme', secret);
    const res = await tokenForm(t.app, { grant_type: 'client_credentials' }, { authorization: basicHeader('basic.tester@acme', secret) });
    expect(res.statusCode, res.body).toBe(200);
    // Unencoded, its "+" and "%" mean something else: not this secret.
    const raw = await tokenForm(t.app, { grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from(`basic.tester@acme:${secret.replace('%', '%25')}`).toString('base64')}` });
    expect(raw.statusCode).toBe(401);
  });

  it('answers a wrong secret 401 invalid_client with WWW-Authenticate: Basic realm="portal", the body as for body credentials', async () => {
    const byBasic = await tokenForm(t.app, { grant_type: 'client_credentials' }, { authorization: basicHeader(DEMO.user2.clientId, 'not-the-secret') });
    const byBody = await tokenForm(t.app, { grant_type: 'client_credentials', client_id: DEMO.user2.clientId, client_secret: 'not-the-secret' });
    expect(byBasic.statusCode).toBe(401);
    expect(byBasic.headers['www-authenticate']).toBe('Basic realm="portal"');
    expect(byBasic.json()).toMatchObject({ error: 'invalid_client' });
    expect(byBasic.body).toBe(byBody.body);
    expect(refreshCookieOf(byBasic)).toBeUndefined();
    // Body credentials are not HTTP authentication: no challenge (a browser would show its own dialog).
    expect(byBody.statusCode).toBe(401);
    expect(byBody.headers['www-authenticate']).toBeUndefined();
  });

  it('refuses two ways at once with 400 invalid_request: a secret in the body too, or another client_id', async () => {
    const authorization = basicHeader(DEMO.user.clientId, DEMO.user.secret);
    const twice = await tokenForm(t.app, { grant_type: 'client_credentials', client_id: DEMO.user.clientId, client_secret: DEMO.user.secret }, { authorization });
    const otherId = await tokenForm(t.app, { grant_type: 'client_credentials', client_id: DEMO.user2.clientId }, { authorization });
    for (const res of [twice, otherId]) {
      expect(res.statusCode).toBe(400);
      const body = res.json<{ error: string; message: string }>();
      expect(body.error).toBe('invalid_request');
      expect(body.message).toMatch(/Authorization header or in the body/);
      expect(refreshCookieOf(res)).toBeUndefined();
    }
    // The same client_id in the body as well is no second authentication.
    const sameId = await tokenForm(t.app, { grant_type: 'client_credentials', client_id: 'demo-user' }, { authorization });
    expect(sameId.statusCode).toBe(200);
  });

  it.each([
    ['no credentials', 'Basic'],
    ['not base64', 'Basic ###'],
    ['no colon', `Basic ${Buffer.from('demo-user').toString('base64')}`],
    ['two tokens', `${basicHeader('a', 'b')} extra`],
    ['bytes that are not UTF-8', `Basic ${Buffer.from([0x61, 0x3a, 0xc3]).toString('base64')}`],
    ['a broken %-escape', `Basic ${Buffer.from('demo-user:%E0%A4%A').toString('base64')}`],
    ['an escaped NUL', `Basic ${Buffer.from('demo-user%00:secret').toString('base64')}`],
  ])('answers a Basic header with %s 401 invalid_client with the challenge', async (_name, authorization) => {
    const res = await tokenForm(t.app, { grant_type: 'client_credentials' }, { authorization });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['www-authenticate']).toBe('Basic realm="portal"');
    expect(res.json()).toMatchObject({ error: 'invalid_client', message: expect.stringMatching(/\S/) });
  });

  it('answers an empty client_id or secret in Basic as in the body: 400 invalid_request naming the field', async () => {
    const noId = await tokenForm(t.app, { grant_type: 'client_credentials' }, { authorization: basicHeader('  ', 'some-secret') });
    expect(noId.statusCode).toBe(400);
    expect(noId.json<{ error: string; errors: Record<string, string[]> }>()).toMatchObject({ error: 'invalid_request', errors: { client_id: [expect.any(String)] } });
    const noSecret = await tokenForm(t.app, { grant_type: 'client_credentials' }, { authorization: basicHeader('demo-user', '') });
    expect(noSecret.statusCode).toBe(400);
    expect(Object.keys(noSecret.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['client_secret']);
  });

  it('reads no client from a bearer token: body credentials still decide', async () => {
    const res = await tokenForm(
      t.app,
      { grant_type: 'client_credentials', client_id: DEMO.user2.clientId, client_secret: DEMO.user2.secret },
      { authorization: 'Bearer abc.def.ghi' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<TokenBody>().data.id).toBe((await clientRow(DEMO.user2.clientId)).id);
  });
});

describe('sign-in limits with HTTP Basic', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await createTestApp({ loginLimits: { perClient: 3, perClientTotal: 100, perAddress: 100, windowSeconds: 60, blockSeconds: 60 } });
  });

  afterAll(async () => {
    await limited?.close();
  });

  it('counts failures by Basic and by the body together, per client_id and address', async () => {
    const address = '10.29.1.1';
    const wrongBasic = { authorization: basicHeader(DEMO.user.clientId, 'wrong') };
    expect((await tokenForm(limited.app, { grant_type: 'client_credentials' }, wrongBasic, address)).statusCode).toBe(401);
    expect((await tokenForm(limited.app, { grant_type: 'client_credentials', client_id: DEMO.user.clientId, client_secret: 'wrong' }, {}, address)).statusCode).toBe(401);
    expect((await tokenForm(limited.app, { grant_type: 'client_credentials' }, wrongBasic, address)).statusCode).toBe(401);
    // The fourth failure blocks the pair.
    const fourth = await tokenForm(limited.app, { grant_type: 'client_credentials' }, wrongBasic, address);
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);

    // Blocked, the right secret waits too, whichever way it comes; another address signs in.
    const right = { authorization: basicHeader(DEMO.user.clientId, DEMO.user.secret) };
    const blocked = await tokenForm(limited.app, { grant_type: 'client_credentials' }, right, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: 'too_many_requests' });
    expect((await tokenForm(limited.app, { grant_type: 'client_credentials', client_id: DEMO.user.clientId, client_secret: DEMO.user.secret }, {}, address)).statusCode).toBe(429);
    expect((await tokenForm(limited.app, { grant_type: 'client_credentials' }, right, '10.29.1.2')).statusCode).toBe(200);
  });
});

describe('OAuth client libraries on their defaults (real HTTP on a loopback port)', () => {
  let origin: string;

  beforeAll(async () => {
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  async function profileWith(accessToken: string) {
    const res = await fetch(`${origin}/api/v1/profile`, { headers: { authorization: `Bearer ${accessToken}` } });
    return { status: res.status, body: (await res.json()) as { name: string } };
  }

  it('simple-oauth2 signs in with client_credentials (HTTP Basic by default) and calls the API with the token', async () => {
    const client = new ClientCredentials({ client: { id: DEMO.user.clientId, secret: DEMO.user.secret }, auth: { tokenHost: origin } });
    const accessToken = await client.getToken({});
    expect(accessToken.token.token_type).toBe('Bearer');
    expect(accessToken.expired()).toBe(false);
    const profile = await profileWith(String(accessToken.token.access_token));
    expect(profile.status).toBe(200);
    expect(profile.body.name).toBe('Peter Horváth');
  });

  it('simple-oauth2 with a secret that needs encoding, and with authorizationMethod "body" (client_secret_post)', async () => {
    // simple-oauth2 takes printable ASCII only.
    const secret = 'Lib+Secret %:&=x';
    await addClient('lib-client', secret);
    for (const authorizationMethod of ['header', 'body'] as const) {
      const client = new ClientCredentials({ client: { id: 'lib-client', secret }, auth: { tokenHost: origin }, options: { authorizationMethod } });
      const accessToken = await client.getToken({});
      expect((await profileWith(String(accessToken.token.access_token))).body.name, authorizationMethod).toBe('Basic Tester');
    }
  });

  it('simple-oauth2 sees a wrong secret as 401 invalid_client with the Basic challenge', async () => {
    const client = new ClientCredentials({ client: { id: DEMO.user2.clientId, secret: 'wrong-secret' }, auth: { tokenHost: origin } });
    const failure = await client.getToken({}).then(
      () => null,
      (error: unknown) => error as { output: { statusCode: number; headers: Record<string, string> }; data: { payload: { error: string } } },
    );
    expect(failure?.output.statusCode).toBe(401);
    expect(failure?.data.payload.error).toBe('invalid_client');
  });

  it('oauth4webapi signs in with ClientSecretBasic and with ClientSecretPost and calls the API with the token', async () => {
    const as: oauth.AuthorizationServer = { issuer: origin, token_endpoint: `${origin}/oauth/token` };
    const client: oauth.Client = { client_id: DEMO.user2.clientId };
    // Plain http is refused unless allowed: the loopback test server has no TLS.
    const insecure = { [oauth.allowInsecureRequests]: true };
    for (const auth of [oauth.ClientSecretBasic(DEMO.user2.secret), oauth.ClientSecretPost(DEMO.user2.secret)]) {
      const response = await oauth.clientCredentialsGrantRequest(as, client, auth, new URLSearchParams(), insecure);
      const result = await oauth.processClientCredentialsResponse(as, client, response);
      expect(result.token_type).toBe('bearer');
      expect(result.expires_in).toBeGreaterThan(0);
      const api = await oauth.protectedResourceRequest(result.access_token, 'GET', new URL(`${origin}/api/v1/profile`), undefined, undefined, insecure);
      expect(api.status).toBe(200);
      expect(((await api.json()) as { name: string }).name).toBe('Jana Nováková');
    }
  });

  it('oauth4webapi reads a wrong secret as the Basic challenge of a 401 invalid_client', async () => {
    const as: oauth.AuthorizationServer = { issuer: origin, token_endpoint: `${origin}/oauth/token` };
    const client: oauth.Client = { client_id: 'no-such-lib-client' };
    const response = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic('nope'), new URLSearchParams(), { [oauth.allowInsecureRequests]: true });
    const failure = await oauth.processClientCredentialsResponse(as, client, response).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const challenge = failure as oauth.WWWAuthenticateChallengeError;
    expect(challenge.status).toBe(401);
    expect(challenge.cause).toEqual([expect.objectContaining({ scheme: 'basic', parameters: expect.objectContaining({ realm: 'portal' }) })]);
    expect(((await challenge.response.json()) as { error: string }).error).toBe('invalid_client');
  });
});
