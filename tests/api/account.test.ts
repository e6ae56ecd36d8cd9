// The caller's own account (issue 16): POST /api/v1/profile changes name, email and phone and
// nothing of the company; POST /api/v1/users/change-secret checks the current password, refuses
// a weak or unchanged new one with field errors, ends every other session of the client and
// keeps this browser signed in, and counts wrong current passwords like failed sign-ins.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '#shared/contract/profile.ts';
import { accountMessages as acm } from '#shared/i18n/account-messages.ts';
import { clients, companies } from '#server/db/schema.ts';
import { hashSecret } from '#server/features/auth/passwords.ts';
import { createTestApp, DEMO, refreshCookieOf, refreshWith, requestToken, signIn, type TestApp } from '../setup/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ loginLimits: { perClient: 3, perAddress: 100, windowSeconds: 60, blockSeconds: 60 } });
});

afterAll(async () => {
  await t?.close();
});

const post = (url: string, token: string, payload: object, language = 'en') =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'accept-language': language }, payload });

type FieldErrors = { errors: Record<string, string[]> };

/** A client of its own for each test, so that changed passwords and limits do not leak between tests. */
async function newClient(login: string, secret = 'Initial-Secret-41') {
  const [demo] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  await t.database.db
    .insert(clients)
    .values({ companyId: demo!.companyId, clientId: login, secretHash: await hashSecret(secret), name: 'Jana Nováková', email: `${login}@example.com` });
  return signIn(t.app, login, secret);
}

describe('POST /api/v1/profile', () => {
  it("saves the caller's name, email and phone and leaves the company as it is", async () => {
    const { token } = await newClient('profile-user');
    const [companyBefore] = await t.database.db.select().from(companies).innerJoin(clients, eq(clients.companyId, companies.id)).where(eq(clients.clientId, 'profile-user'));
    const res = await post('/api/v1/profile', token, {
      name: ' Jana Nová ',
      email: 'jana.nova@example.com',
      phone: '+421 900 123 456',
      company: {
        name: 'Hijacked s.r.o.',
        street: 'x',
        city: 'x',
        zip: 'x',
        country: 'AT',
        company_identification_number: '1',
        tax_identification_number: '1',
        vat_identification_number: '',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json<Profile>();
    expect(profile).toMatchObject({ name: 'Jana Nová', email: 'jana.nova@example.com', phone: '+421 900 123 456' });
    expect(profile.company.name).toBe(companyBefore!.companies.name);
    const [companyAfter] = await t.database.db.select().from(companies).where(eq(companies.id, companyBefore!.companies.id));
    expect(companyAfter).toEqual(companyBefore!.companies);

    const read = await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { authorization: `Bearer ${token}` } });
    expect(read.json<Profile>().email).toBe('jana.nova@example.com');
  });

  it("refuses a blank name and a bad email field by field, in the caller's language, and saves nothing", async () => {
    const { token } = await newClient('profile-bad');
    const res = await post('/api/v1/profile', token, { name: ' ', email: 'not-an-email', phone: '' }, 'sk');
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<FieldErrors>();
    expect(Object.keys(errors).sort()).toEqual(['email', 'name']);
    expect(errors.email?.[0]).not.toBe('Enter a valid email address');
    const [row] = await t.database.db.select().from(clients).where(eq(clients.clientId, 'profile-bad'));
    expect(row).toMatchObject({ name: 'Jana Nováková', email: 'profile-bad@example.com' });
  });
});

describe('POST /api/v1/users/change-secret', () => {
  const change = (token: string, body: object) => post('/api/v1/users/change-secret', token, body);

  it('changes the password: the new one signs in, the old one no longer, other sessions end, this browser stays signed in', async () => {
    const first = await newClient('secret-user');
    const other = await signIn(t.app, 'secret-user', 'Initial-Secret-41');

    const res = await change(first.token, { oldSecret: 'Initial-Secret-41', newSecret: 'Tractor-Moon-Rice-Harbour', newSecretConfirm: 'Tractor-Moon-Rice-Harbour' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: acm.passwordChanged.message });
    const cookie = refreshCookieOf(res);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.path).toBe('/oauth');
    expect(res.headers['cache-control']).toBe('no-store');

    expect((await requestToken(t.app, 'secret-user', 'Initial-Secret-41')).statusCode).toBe(401);
    expect((await requestToken(t.app, 'secret-user', 'Tractor-Moon-Rice-Harbour')).statusCode).toBe(200);
    // Every session from before the change is over, the one the answer started goes on.
    expect((await refreshWith(t.app, first.refreshCookie)).statusCode).toBe(400);
    expect((await refreshWith(t.app, other.refreshCookie)).statusCode).toBe(400);
    expect((await refreshWith(t.app, cookie!.value)).statusCode).toBe(200);
  });

  it('maps a wrong current password onto oldSecret and a weak, short or unchanged new one onto newSecret', async () => {
    const { token } = await newClient('secret-weak');
    const fields = async (body: object) => {
      const res = await change(token, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<FieldErrors>().errors;
    };
    expect(await fields({ oldSecret: 'not-it-at-all', newSecret: 'Tractor-Moon-Rice-Harbour' })).toEqual({ oldSecret: [acm.passwordWrong.message] });
    expect(await fields({ oldSecret: 'Initial-Secret-41', newSecret: 'short' })).toEqual({ newSecret: [acm.passwordTooShort.message] });
    expect(await fields({ oldSecret: 'Initial-Secret-41', newSecret: 'Initial-Secret-41' })).toEqual({ newSecret: [acm.passwordUnchanged.message] });
    for (const weak of ['password1234', 'qwertyuiop123', 'Jana Nováková 2026', 'secret-weak-2026']) {
      expect(await fields({ oldSecret: 'Initial-Secret-41', newSecret: weak }), weak).toEqual({ newSecret: [acm.passwordWeak.message] });
    }
    expect(await fields({ oldSecret: '', newSecret: 'Tractor-Moon-Rice-Harbour', newSecretConfirm: 'Tractor-Moon-Rice-Harbor' })).toEqual({
      oldSecret: [acm.passwordRequired.message],
      newSecretConfirm: [acm.passwordsDontMatch.message],
    });
    // Nothing changed.
    expect((await requestToken(t.app, 'secret-weak', 'Initial-Secret-41')).statusCode).toBe(200);
  });

  it('counts wrong current passwords like failed sign-ins: past the limit it answers 429 and changes nothing', async () => {
    const { token } = await newClient('secret-guess');
    for (let i = 0; i < 3; i++) expect((await change(token, { oldSecret: `guess-${i}`, newSecret: 'Tractor-Moon-Rice-Harbour' })).statusCode).toBe(400);
    const blocked = await change(token, { oldSecret: 'guess-4', newSecret: 'Tractor-Moon-Rice-Harbour' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The right password is refused too while blocked, and sign-in is blocked for this login as well.
    expect((await change(token, { oldSecret: 'Initial-Secret-41', newSecret: 'Tractor-Moon-Rice-Harbour' })).statusCode).toBe(429);
    expect((await requestToken(t.app, 'secret-guess', 'Initial-Secret-41')).statusCode).toBe(429);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/change-secret', payload: { oldSecret: 'a', newSecret: 'b' } });
    expect(res.statusCode).toBe(401);
  });
});
