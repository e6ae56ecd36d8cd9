// The security review's findings about sign-in, sessions and headers (issue 18): sign-ins from
// other sites' pages (login CSRF), access tokens after sign-out, a disabled client or a new
// secret, malformed Authorization headers, the frame and permissions headers, and no cache
// keeping an answer with personal data.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, refreshCookieOf, refreshWith, signIn, type TestApp } from '../setup/test-app.ts';

const SIGNING_KEY = 'k'.repeat(40);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ signingKey: SIGNING_KEY });
});

afterAll(async () => {
  await t?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const profile = (token: string, app: FastifyInstance = t.app) => app.inject({ method: 'GET', url: '/api/v1/profile', headers: bearer(token) });

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
