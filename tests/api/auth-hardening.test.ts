// The security review's findings about sign-in, sessions and headers (issue 18): sign-ins from
// other sites' pages (login CSRF), access tokens after sign-out, a disabled client or a new
// secret, malformed Authorization headers, the frame and permissions headers, and no cache
// keeping an answer with personal data.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EndpointDefinition } from '#shared/contract/endpoint.ts';
import { ENDPOINTS } from '#shared/contract/endpoints.ts';
import { reportDayLimits } from '#shared/contract/reports.ts';
import { createApp } from '#server/app.ts';
import { clients } from '#server/db/schema.ts';
import { hashSecret } from '#server/features/auth/passwords.ts';
import { createTestApp, DEMO, refreshCookieOf, refreshWith, rotatedLongAgo, signIn, type TestApp } from '../setup/test-app.ts';
import { createShipment, shipmentPayload } from './shipments-fixtures.ts';

const SIGNING_KEY = 'k'.repeat(40);

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ signingKey: SIGNING_KEY });
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
});

afterAll(async () => {
  await t?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const profile = (token: string, app: FastifyInstance = t.app) => app.inject({ method: 'GET', url: '/api/v1/profile', headers: bearer(token) });

function expectUnauthorized(res: Awaited<ReturnType<typeof t.app.inject>>) {
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toMatchObject({ error: 'unauthorized', message: expect.stringMatching(/\S/) });
}

/** A USER of demo-user's company of its own, so that what a test does to it stays in that test. */
async function newClient(login: string, secret = 'Own-Secret-Of-The-Test-7') {
  const [demo] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  const [row] = await t.database.db
    .insert(clients)
    .values({ companyId: demo!.companyId, clientId: login, secretHash: await hashSecret(secret), name: 'Jana Nováková', email: `${login}@example.com` })
    .returning();
  return { id: row!.id, login, secret };
}

const formSignIn = (headers: Record<string, string>, client: { clientId: string; secret: string } = DEMO.user) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret }).toString(),
  });

describe('login CSRF: the session cookie is set only for our own pages', () => {
  // inject's Host is localhost:80, so this is the portal's own origin here.
  const OWN = 'http://localhost';

  it.each([
    ['an auto-submitted form of another site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['a page of a sibling subdomain', { 'sec-fetch-site': 'same-site', origin: 'https://other.localhost' }],
    ['another origin, told by Origin alone (no Sec-Fetch-Site)', { origin: 'https://evil.example' }],
    ['an opaque origin (sandboxed frame)', { origin: 'null' }],
    ['an unreadable Origin', { origin: 'not a url' }],
    ['another site saying it is us in Origin (the browser says cross-site)', { 'sec-fetch-site': 'cross-site', origin: OWN }],
  ])('refuses a sign-in from %s, with no cookie and nothing counted', async (_case, headers) => {
    const res = await formSignIn(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'forbidden', message: 'For your security, please sign in on the portal’s own sign-in page.' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).not.toContain('access_token');
  });

  it('answers the refusal in the caller’s language', async () => {
    const res = await formSignIn({ 'sec-fetch-site': 'cross-site', 'accept-language': 'de' });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toMatch(/\S/);
  });

  it.each([
    ['the web app (fetch from our page)', { 'sec-fetch-site': 'same-origin', origin: OWN }],
    ['a browser that sends Origin only', { origin: OWN }],
    ['our page behind a proxy that rewrote Host (the browser says same-origin)', { 'sec-fetch-site': 'same-origin', origin: 'https://portal.example' }],
    ['a request the user made directly', { 'sec-fetch-site': 'none' }],
    ['a machine client (curl: neither header)', {}],
  ])('signs in %s and sets the cookie', async (_case, headers) => {
    const res = await formSignIn(headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveProperty('access_token');
    expect(refreshCookieOf(res)?.value).toBeTruthy();
  });

  it('refuses a cross-site refresh and a cross-site logout, leaving the session alone', async () => {
    const session = await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret);
    const crossSite = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
    const refresh = await t.app.inject({ method: 'POST', url: '/oauth/token', headers: crossSite, payload: { grant_type: 'refresh_token' }, cookies: { refresh_token: session.refreshCookie } });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.headers['set-cookie']).toBeUndefined();
    const logout = await t.app.inject({ method: 'POST', url: '/oauth/revoke', headers: crossSite, cookies: { refresh_token: session.refreshCookie } });
    expect(logout.statusCode).toBe(403);
    expect(logout.headers['set-cookie']).toBeUndefined();
    // The session is untouched: its token works and its cookie still refreshes.
    expect((await profile(session.token)).statusCode).toBe(200);
    expect((await refreshWith(t.app, session.refreshCookie)).statusCode).toBe(200);
  });
});

describe('access tokens end with their session', () => {
  it('refuses an access token once its session is logged out, while another session of the client goes on', async () => {
    const other = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const session = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    expect((await profile(session.token)).statusCode).toBe(200);

    const logout = await t.app.inject({ method: 'POST', url: '/oauth/revoke', cookies: { refresh_token: session.refreshCookie } });
    expect(logout.statusCode).toBe(204);

    expectUnauthorized(await profile(session.token));
    expect((await profile(other.token)).statusCode).toBe(200);
  });

  it('refuses every access token of the session: those issued at sign-in and at each refresh', async () => {
    const session = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const refreshed = await refreshWith(t.app, session.refreshCookie);
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json<{ access_token: string }>().access_token;
    const cookie = refreshCookieOf(refreshed)!.value;
    // One session: both tokens name the same one.
    expect(decodeJwt(second).sid).toBe(decodeJwt(session.token).sid);

    await t.app.inject({ method: 'POST', url: '/oauth/revoke', cookies: { refresh_token: cookie } });
    expectUnauthorized(await profile(session.token));
    expectUnauthorized(await profile(second));
  });

  it('refuses the access tokens of a session ended because a rotated refresh token came back', async () => {
    const session = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const first = await refreshWith(t.app, session.refreshCookie);
    const token = first.json<{ access_token: string }>().access_token;
    expect((await profile(token)).statusCode).toBe(200);
    // The old cookie again, after the grace for a lost answer: someone holds a copy, the family ends.
    await rotatedLongAgo(t, session.refreshCookie);
    expect((await refreshWith(t.app, session.refreshCookie)).statusCode).toBe(400);
    expectUnauthorized(await profile(token));
  });

  it("refuses the client's other sessions after it changed its password; the new sign-in works", async () => {
    const client = await newClient('hardening-password');
    const elsewhere = await signIn(t.app, client.login, client.secret);
    const here = await signIn(t.app, client.login, client.secret);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/change-secret',
      headers: bearer(here.token),
      payload: { oldSecret: client.secret, newSecret: 'Tractor-Moon-Rice-Harbour' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expectUnauthorized(await profile(elsewhere.token));
    // This browser goes on through the refresh cookie the answer set.
    const renewed = await refreshWith(t.app, refreshCookieOf(res)!.value);
    expect(renewed.statusCode).toBe(200);
    expect((await profile(renewed.json<{ access_token: string }>().access_token)).statusCode).toBe(200);
  });

  it('refuses a disabled client’s still-valid token at once, and a reset secret’s old sessions', async () => {
    const disabled = await newClient('hardening-disabled');
    const reset = await newClient('hardening-reset');
    const disabledSession = await signIn(t.app, disabled.login, disabled.secret);
    const resetSession = await signIn(t.app, reset.login, reset.secret);
    // Read once, so this instance holds both as enabled and live.
    expect((await profile(disabledSession.token)).statusCode).toBe(200);
    expect((await profile(resetSession.token)).statusCode).toBe(200);

    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/client/${disabled.id}`,
      headers: bearer(adminToken),
      payload: { enabled: false, email: `${disabled.login}@example.com`, name: 'Jana Nováková', role: 'USER' },
    });
    expect(update.statusCode, update.body).toBe(200);
    expectUnauthorized(await profile(disabledSession.token));

    const newSecret = await t.app.inject({ method: 'POST', url: `/api/v1/admin/client/${reset.id}/reset-secret`, headers: bearer(adminToken) });
    expect(newSecret.statusCode, newSecret.body).toBe(200);
    expectUnauthorized(await profile(resetSession.token));
  });

  it('applies a logout made on another instance within that instance’s cache time', async () => {
    const other = await createApp({ db: t.database.db, webRoot: null, signingKey: SIGNING_KEY, clientStatusCacheMs: 200 });
    await other.ready();
    try {
      const session = await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret);
      expect((await profile(session.token, other)).statusCode).toBe(200);
      await t.app.inject({ method: 'POST', url: '/oauth/revoke', cookies: { refresh_token: session.refreshCookie } });
      await vi.waitFor(async () => expect((await profile(session.token, other)).statusCode).toBe(401), { timeout: 2_000, interval: 50 });
    } finally {
      await other.close();
    }
  });

  it('refuses a token that names no session (signed with our key, as tokens were before sessions were named)', async () => {
    const claims = decodeJwt((await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token);
    const now = Math.floor(Date.now() / 1000);
    const withoutSession = await new SignJWT({ cid: claims.cid, role: claims.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub!)
      .setIssuer('parcel-portal')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(SIGNING_KEY));
    expectUnauthorized(await profile(withoutSession));
  });
});

describe('the Authorization header is read exactly', () => {
  let token: string;

  beforeAll(async () => {
    token = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  });

  const withHeader = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { authorization } });

  it.each([
    ['trailing junk', (jwt: string) => `Bearer ${jwt} trailing-junk`],
    ['a second credential after a comma', (jwt: string) => `Bearer ${jwt}, Basic Zm9vOmJhcg==`],
    ['two spaces', (jwt: string) => `Bearer  ${jwt}`],
    ['a tab', (jwt: string) => `Bearer\t${jwt}`],
    ['a leading space', (jwt: string) => ` Bearer ${jwt}`],
    ['a trailing space', (jwt: string) => `Bearer ${jwt} `],
    ['no scheme', (jwt: string) => jwt],
    ['another scheme', (jwt: string) => `Token ${jwt}`],
    ['the scheme alone', () => 'Bearer'],
    ['junk glued to the token', (jwt: string) => `Bearer ${jwt}"`],
  ])('answers 401 to %s', async (_case, header) => {
    expectUnauthorized(await withHeader(header(token)));
  });

  it.each(['Bearer', 'bearer', 'BEARER'])('accepts the scheme written %s (schemes are case-insensitive)', async (scheme) => {
    expect((await withHeader(`${scheme} ${token}`)).statusCode).toBe(200);
  });
});

describe('frame and permissions headers', () => {
  it('forbids framing alike in CSP and X-Frame-Options, on API answers and pages', async () => {
    for (const url of ['/api/v1/profile', '/healthz', '/no-such-page']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('allows the camera to the portal only (the scan page), the location to the portal, and refuses the rest', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    const policy = String(res.headers['permissions-policy']);
    const features = Object.fromEntries(policy.split(', ').map((entry) => entry.split('=') as [string, string]));
    expect(features.camera).toBe('(self)');
    expect(features.geolocation).toBe('(self)');
    for (const feature of ['microphone', 'payment', 'usb', 'serial', 'display-capture', 'browsing-topics']) expect(features[feature], feature).toBe('()');
  });

  it('lets the configured pickup-point map widgets ask for the location, as their frame does', async () => {
    const withWidget = await createTestApp({ seed: false, pickupWidgets: { SK: 'https://widget.example/map?country=sk' } });
    try {
      const policy = String((await withWidget.app.inject({ url: '/healthz' })).headers['permissions-policy']);
      expect(policy).toContain('geolocation=(self "https://widget.example")');
      expect(policy).toContain('camera=(self)');
    } finally {
      await withWidget.close();
    }
  });
});

describe('no cache keeps an API answer', () => {
  let user: string;
  let shipment: { item_number: string; tracking_number: string | null };
  let companyId: string;

  beforeAll(async () => {
    user = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
    shipment = await createShipment(t.app, user);
    const [row] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
    companyId = row!.companyId;
  });

  /** A real value for each path parameter where the test has one; a well-formed unknown one otherwise. */
  const paramValue = (name: string, path: string): string => {
    if (name === 'item_number') return shipment.item_number;
    if (name === 'tracking_number') return shipment.tracking_number ?? 'RR000000000SK';
    if (path.startsWith('/api/v1/admin/company/')) return companyId;
    if (name === 'id' && path.startsWith('/api/v1/admin/partners/')) return '1';
    return '00000000-0000-4000-8000-000000000000';
  };

  it('marks every signed-in GET of the endpoint table no-store, its file answers included', async () => {
    const gets = Object.entries(ENDPOINTS as Record<string, EndpointDefinition>).filter(([, e]) => e.method === 'GET' && e.access !== 'public' && e.access !== 'partner');
    expect(gets.length).toBeGreaterThanOrEqual(20);
    const answered: string[] = [];
    for (const [name, endpoint] of gets) {
      const url = endpoint.path.replace(/:([A-Za-z_]+)/g, (_m, param: string) => paramValue(param, endpoint.path));
      const token = endpoint.access === 'admin' ? adminToken : user;
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, `${name} ${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(res.headers['cache-control'], `${name} ${url} (${res.statusCode})`).toBe('no-store');
      if (res.statusCode === 200) answered.push(name);
    }
    // Real answers, not only refusals: lists, details and a label PDF among them.
    expect(answered).toEqual(expect.arrayContaining(['profile', 'myPickupAddresses', 'shipmentList', 'shipmentDetail', 'singleLabel', 'manifestList', 'importList', 'companyDetail']));
  });

  it('marks POST answers with personal data no-store: a created shipment, bulk labels, a manifest, a report', async () => {
    const other = await createShipment(t.app, user);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/shipments/store', headers: bearer(user), payload: shipmentPayload() });
    const labels = await t.app.inject({ method: 'POST', url: '/api/v1/shipments/labels', headers: bearer(user), payload: { layout: 'A4', item_numbers: [shipment.item_number] } });
    const manifest = await t.app.inject({ method: 'POST', url: '/api/v1/manifests/generate', headers: bearer(user), payload: { item_numbers: [other.item_number] } });
    const report = await t.app.inject({ method: 'POST', url: '/api/v1/admin/shipments/report', headers: bearer(user), payload: { type: 'DAILY', from_date: reportDayLimits().maxFrom, to_date: reportDayLimits().maxTo } });
    for (const [name, res] of Object.entries({ created, labels, manifest, report })) {
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('marks public tracking no-store, with a postcode or without, and refusals too', async () => {
    const number = shipment.tracking_number!;
    for (const url of [`/api/v1/tracking/${number}?zip=81101`, `/api/v1/tracking/${number}`, `/api/v1/shipments/track?tracking_number=${number}`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    for (const res of [await t.app.inject({ url: '/api/v1/profile' }), await t.app.inject({ url: '/api/v1/no-such-route' })]) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves the web app’s static files their own caching', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    try {
      mkdirSync(path.join(root, 'assets'));
      writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Parcel Portal</title>');
      writeFileSync(path.join(root, 'assets', 'app-AbC123xy.js'), 'console.log(1);');
      const web = await createTestApp({ seed: false, webRoot: root });
      try {
        expect((await web.app.inject({ url: '/assets/app-AbC123xy.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect((await web.app.inject({ url: '/', headers: { accept: 'text/html' } })).headers['cache-control']).toBe('no-cache');
        expect((await web.app.inject({ url: '/api/v1/profile' })).headers['cache-control']).toBe('no-store');
      } finally {
        await web.close();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
