// POST /oauth/revoke with the session's access token in the body (issue 32): the way a sign-out
// that got no answer offline is sent later, without the cookie, which by then may be another
// person's sign-in. It ends exactly the session the token names, also once the token expired,
// and never the cookie's newer session; the cookie flow and the cross-site guard stay as they were.
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, refreshCookieOf, refreshWith, signIn, type TestApp } from '../setup/test-app.ts';

const SIGNING_KEY = 'revoke-by-token-test-signing-key-of-enough-length';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ signingKey: SIGNING_KEY });
});

afterAll(async () => {
  await t?.close();
});

const revoke = (body: unknown, options: { cookie?: string; headers?: Record<string, string>; form?: boolean } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/revoke',
    ...(options.form
      ? { payload: new URLSearchParams(body as Record<string, string>).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers } }
      : { payload: body as Record<string, unknown>, headers: options.headers ?? {} }),
    ...(options.cookie === undefined ? {} : { cookies: { refresh_token: options.cookie } }),
  });

const profileStatus = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { authorization: `Bearer ${token}` } })).statusCode;

/** The same claims as `token`, signed with `key`, issued and expired `hoursAgo`. */
async function resigned(token: string, hoursAgo: number, key = SIGNING_KEY): Promise<string> {
  const { sub, cid, role, sid, iss } = decodeJwt(token);
  const at = Math.floor(Date.now() / 1000) - hoursAgo * 3600;
  return new SignJWT({ cid, role, sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub!)
    .setIssuer(iss!)
    .setIssuedAt(at - 900)
    .setExpirationTime(at)
    .sign(new TextEncoder().encode(key));
}

describe('revoke by access token', () => {
  it('ends the session the token names, without a cookie: its refresh cookie and access token stop', async () => {
    const session = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const res = await revoke({ token: session.token });
    expect(res.statusCode).toBe(204);
    expect(res.headers['cache-control']).toContain('no-store');
    // No cookie was sent: none is cleared (the browser's cookie may be someone else's by now).
    expect(refreshCookieOf(res)).toBeUndefined();
    expect((await refreshWith(t.app, session.refreshCookie)).statusCode).toBe(400);
    expect(await profileStatus(session.token)).toBe(401);
  });

  it('accepts the token hours after it expired (a sign-out queued offline) and ends its session', async () => {
    const session = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const expired = await resigned(session.token, 5);
    expect(await profileStatus(expired)).toBe(401);
    expect((await revoke({ token: expired })).statusCode).toBe(204);
    expect((await refreshWith(t.app, session.refreshCookie)).statusCode).toBe(400);
  });

  it('ends the old session only: a newer sign-in on the same device lives on', async () => {
    const old = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const next = await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret);
    expect((await revoke({ token: await resigned(old.token, 1) })).statusCode).toBe(204);
    expect((await refreshWith(t.app, old.refreshCookie)).statusCode).toBe(400);
    const renewed = await refreshWith(t.app, next.refreshCookie);
    expect(renewed.statusCode).toBe(200);
    expect(await profileStatus(next.token)).toBe(200);
    // The same person signing in again is a new session too: the queued revoke does not end it.
    const again = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    expect((await revoke({ token: old.token })).statusCode).toBe(204);
    expect(await profileStatus(again.token)).toBe(200);
    expect((await refreshWith(t.app, again.refreshCookie)).statusCode).toBe(200);
  });

  it('takes RFC 7009 form fields (token, token_type_hint)', async () => {
    const session = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const res = await revoke({ token: session.token, token_type_hint: 'access_token' }, { form: true });
    expect(res.statusCode).toBe(204);
    expect((await refreshWith(t.app, session.refreshCookie)).statusCode).toBe(400);
  });

  it('with the cookie too, ends both sessions and clears the cookie (the online sign-out)', async () => {
    const session = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const res = await revoke({ token: session.token }, { cookie: session.refreshCookie });
    expect(res.statusCode).toBe(204);
    const cleared = refreshCookieOf(res);
    expect(cleared?.value).toBe('');
    expect((await refreshWith(t.app, session.refreshCookie)).statusCode).toBe(400);
  });

  it('changes nothing for a token that is not ours, garbage or too old, and answers the same 204', async () => {
    const session = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    for (const token of [await resigned(session.token, 0, 'another-servers-key-of-enough-length-xx'), 'not-a-jwt', await resigned(session.token, 31 * 24)]) {
      const res = await revoke({ token });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect(await profileStatus(session.token)).toBe(200);
    expect((await refreshWith(t.app, session.refreshCookie)).statusCode).toBe(200);
  });

  it('answers bad fields with a translated 400 invalid_request naming them', async () => {
    for (const body of [{ token: 42 }, { token: '' }, { token: 'x'.repeat(5000) }, { token_type_hint: ['a'] }]) {
      const res = await revoke(body, { headers: { 'accept-language': 'sk' } });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = res.json<{ error: string; message: string; errors: Record<string, string[]> }>();
      expect(answer.error).toBe('invalid_request');
      expect(Object.keys(answer.errors)).toEqual([Object.keys(body)[0]]);
      expect(answer.errors[Object.keys(body)[0]!]![0]).toMatch(/[a-zá-ž]/i);
      expect(answer.message).not.toMatch(/^validation\./);
    }
  });

  it('keeps the cross-site guard: a page of another site cannot end a session by its token', async () => {
    const session = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const res = await revoke({ token: session.token }, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
    expect(await profileStatus(session.token)).toBe(200);
  });

  it('still ends the cookie session with no body at all (clients of before)', async () => {
    const session = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const res = await t.app.inject({ method: 'POST', url: '/oauth/revoke', cookies: { refresh_token: session.refreshCookie } });
    expect(res.statusCode).toBe(204);
    expect((await refreshWith(t.app, session.refreshCookie)).statusCode).toBe(400);
  });
});
