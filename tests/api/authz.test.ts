// Bearer authentication on /api, the ADMIN role on /api/v1/admin/*, 404s in the error shape and
// the health check. The app is built with a known signing key so that tokens can be forged here.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, companies } from '#server/db/schema.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';

const SIGNING_KEY = 'x'.repeat(40);
const ISSUER = 'parcel-portal';

let t: TestApp;
let userToken: string;
let user2Token: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ signingKey: SIGNING_KEY, clientStatusCacheMs: 0 });
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
});

afterAll(async () => {
  await t?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function demoUserClaims() {
  const [row] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  if (!row) throw new Error('demo-user missing');
  // The session of demo-user's live sign-in: a token must name one that has not ended.
  return { sub: row.id, cid: row.companyId, role: row.role, sid: decodeJwt(userToken).sid };
}

/** A token like the server's, with the given key, issuer and expiry (seconds since the epoch). */
async function forge(options: { key?: Uint8Array; issuer?: string; exp?: number; iat?: number; role?: string } = {}) {
  const claims = await demoUserClaims();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ cid: claims.cid, role: options.role ?? claims.role, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(options.issuer ?? ISSUER)
    .setIssuedAt(options.iat ?? now)
    .setExpirationTime(options.exp ?? now + 600)
    .sign(options.key ?? new TextEncoder().encode(SIGNING_KEY));
}

function expectUnauthorized(res: Awaited<ReturnType<typeof t.app.inject>>) {
  expect(res.statusCode).toBe(401);
  expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ error: string; message: string }>();
  expect(body.error).toBe('unauthorized');
  expect(body.message).toMatch(/\S/);
  expect(body).not.toHaveProperty('company');
}

describe('bearer authentication', () => {
  it('answers 401 without a bearer token', async () => {
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/v1/profile' }));
  });

  it.each([
    ['an empty bearer', 'Bearer '],
    ['a bearer that is not a JWT', 'Bearer not-a-token'],
    ['a truncated JWT', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0'],
    ['another scheme', 'Basic ZGVtby11c2VyOmRlbW8tdXNlci1zZWNyZXQ='],
    ['a scheme without a token', 'Bearer'],
  ])('answers 401 to %s', async (_label, header) => {
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { authorization: header } }));
  });

  it('accepts a token signed with the app key (control for the forged tokens below)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: bearer(await forge()) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Peter Horváth' });
  });

  it('answers 401 to a token signed with another key', async () => {
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: bearer(await forge({ key: randomBytes(32) })) }));
  });

  it('answers 401 to an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await forge({ iat: now - 1200, exp: now - 300 });
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: bearer(expired) }));
  });

  it('answers 401 to a token of another issuer', async () => {
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: bearer(await forge({ issuer: 'someone-else' })) }));
  });

  it('answers 401 to an unsigned token (alg none)', async () => {
    const claims = await demoUserClaims();
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims, role: 'ADMIN', iss: ISSUER, iat: now, exp: now + 600 })}.`;
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/v1/admin/company/list', headers: bearer(unsigned) }));
  });

  it('answers 401 to a token with a role that does not exist', async () => {
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: bearer(await forge({ role: 'SUPERUSER' })) }));
  });
});

describe('GET /api/v1/profile', () => {
  it("answers demo-user's profile with its company", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: bearer(userToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Peter Horváth',
      email: 'peter.horvath@demo.invalid',
      phone: '+421905123456',
      company: {
        name: 'Zelená Záhrada s.r.o.',
        street: 'Hlinská 25',
        city: 'Žilina',
        zip: '010 01',
        country: 'SK',
        company_identification_number: '47258365',
        tax_identification_number: '2023456787',
        vat_identification_number: 'SK2023456787',
        label_printer: null,
      },
    });
  });

  it("answers each client's own profile", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: bearer(user2Token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Jana Nováková', company: { name: 'Bohemia Books s.r.o.', country: 'CZ' } });
  });
});

describe('GET /api/v1/admin/company/list', () => {
  const list = (token: string | undefined, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/admin/company/list${query}`, headers: token ? bearer(token) : {} });

  it('answers 401 without a token', async () => {
    expectUnauthorized(await list(undefined));
  });

  it('answers 403 to a USER', async () => {
    for (const token of [userToken, user2Token]) {
      const res = await list(token);
      expect(res.statusCode).toBe(403);
      const body = res.json<{ error: string; message: string }>();
      expect(body.error).toBe('forbidden');
      expect(body.message).toMatch(/\S/);
      expect(Array.isArray(body)).toBe(false);
    }
    // A trailing slash or a filter changes nothing.
    expect((await list(userToken, '/')).statusCode).toBe(403);
    expect((await list(userToken, '?name=bohemia')).statusCode).toBe(403);
  });

  it('cannot be reached through a percent-encoded path', async () => {
    // The router decodes %61 to "a": the role and token checks must see the route, not the raw URL.
    const asUser = await t.app.inject({ method: 'GET', url: '/api/v1/%61dmin/company/list', headers: bearer(userToken) });
    expect(asUser.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/%61pi/v1/admin/company/list' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers the client companies to an ADMIN, not the carrier's own company", async () => {
    const res = await list(adminToken);
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.select().from(companies);
    const byName = (name: string) => rows.find((r) => r.name === name)!.id;
    expect(res.json<Array<{ id: string; name: string }>>().map(({ id, name }) => ({ id, name }))).toEqual([
      { id: byName('Bohemia Books s.r.o.'), name: 'Bohemia Books s.r.o.' },
      { id: byName('Zelená Záhrada s.r.o.'), name: 'Zelená Záhrada s.r.o.' },
    ]);
    const carrier = rows.find((r) => r.isCarrier)!;
    expect(res.body).not.toContain(carrier.id);
  });

  it('filters by name case-insensitively', async () => {
    for (const name of ['BOHEMIA', 'bohemia books', 'Books']) {
      const res = await list(adminToken, `?name=${encodeURIComponent(name)}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.json<Array<{ name: string }>>().map((c) => c.name), name).toEqual(['Bohemia Books s.r.o.']);
    }
    const zelena = await list(adminToken, `?name=${encodeURIComponent('zELEN')}`);
    expect(zelena.json<Array<{ name: string }>>().map((c) => c.name)).toEqual(['Zelená Záhrada s.r.o.']);

    const both = await list(adminToken, '?name=S.R.O.');
    expect(both.json<unknown[]>()).toHaveLength(2);
  });

  it('never lists the carrier, even when its name matches, and treats LIKE wildcards literally', async () => {
    const carrier = await list(adminToken, `?name=${encodeURIComponent('Parcel Portal Operations')}`);
    expect(carrier.statusCode).toBe(200);
    expect(carrier.json()).toEqual([]);

    for (const wildcard of ['%', '_', '\\']) {
      const res = await list(adminToken, `?name=${encodeURIComponent(wildcard)}`);
      expect(res.statusCode, wildcard).toBe(200);
      expect(res.json(), wildcard).toEqual([]);
    }
  });
});

describe('unknown routes and health', () => {
  it.each([
    ['GET', '/api/v1/whatever'],
    ['POST', '/api/v1/whatever'],
    ['GET', '/api/v1/admin/whatever'],
    ['GET', '/api'],
    ['GET', '/oauth/whatever'],
    ['POST', '/oauth/whatever'],
    ['GET', '/oauth/token'],
  ] as const)('answers %s %s with 404 JSON in the error shape, with or without a token', async (method, url) => {
    for (const headers of [{}, bearer(userToken)]) {
      const res = await t.app.inject({ method, url, headers: { accept: 'text/html,application/json', ...headers } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json<{ error: string; message: string }>();
      expect(Object.keys(body).sort()).toEqual(['error', 'message']);
      expect(body.error).toBe('not_found');
      expect(body.message).toMatch(/\S/);
    }
  });

  it('answers GET /healthz with 200 {status: ok} without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('a disabled client', () => {
  it('is refused at once with a still-valid access token, and works again once enabled', async () => {
    const token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
    const profile = () => t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: bearer(token) });
    expect((await profile()).statusCode).toBe(200);
    await t.database.db.update(clients).set({ enabled: false }).where(eq(clients.clientId, DEMO.user2.clientId));
    try {
      expectUnauthorized(await profile());
    } finally {
      await t.database.db.update(clients).set({ enabled: true }).where(eq(clients.clientId, DEMO.user2.clientId));
    }
    expect((await profile()).statusCode).toBe(200);
  });
});
