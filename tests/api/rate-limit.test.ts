// Brute-force protection of the sign-in: failures are counted per (client_id, address), per
// address, and per client_id from everywhere (a slower brake that spares addresses the client
// signed in from, and past which an unknown address gets one failure per window, never a refusal
// of the right secret it sends first); past a limit the answer is 429 with Retry-After.
// Successes are never counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, requestToken, type TestApp } from '../setup/test-app.ts';

const BLOCK_SECONDS = 60;

function expectTooMany(res: Awaited<ReturnType<typeof requestToken>>) {
  expect(res.statusCode).toBe(429);
  const retryAfter = res.headers['retry-after'];
  expect(retryAfter).toMatch(/^\d+$/);
  const seconds = Number(retryAfter);
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(BLOCK_SECONDS);
  const body = res.json<{ error: string; message: string }>();
  expect(body.error).toBe('too_many_requests');
  expect(body.message).toMatch(/\S/);
  expect(body).not.toHaveProperty('access_token');
  expect(res.cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();
}

describe('per client_id and address', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ loginLimits: { perClient: 3, perClientTotal: 100, perAddress: 100, windowSeconds: 60, blockSeconds: BLOCK_SECONDS } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After once a client_id has failed too often from one address, then even to the right secret', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await requestToken(t.app, DEMO.user.clientId, `wrong-${i}`, { remoteAddress: '10.1.0.1' });
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
      expect(res.json()).toMatchObject({ error: 'invalid_client' });
    }
    expectTooMany(await requestToken(t.app, DEMO.user.clientId, 'wrong-again', { remoteAddress: '10.1.0.1' }));

    // Blocked from this address: the right secret does not get through...
    expectTooMany(await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: '10.1.0.1' }));
    // ...nor by writing the client_id differently.
    expectTooMany(await requestToken(t.app, '  DEMO-User ', DEMO.user.secret, { remoteAddress: '10.1.0.1' }));
  });

  it("does not lock the owner out: a stranger's failures leave the owner's own address alone", async () => {
    // demo-user is blocked from 10.1.0.1 by now (previous test)...
    expectTooMany(await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: '10.1.0.1' }));
    // ...while its owner signs in from their own address with the right secret.
    const owner = await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: '10.1.0.2' });
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toHaveProperty('access_token');
    // A wrong secret from there starts its own count.
    expect((await requestToken(t.app, DEMO.user.clientId, 'typo', { remoteAddress: '10.1.0.2' })).statusCode).toBe(401);
  });

  it('does not block another client_id from the same address', async () => {
    expectTooMany(await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: '10.1.0.1' }));

    const ok = await requestToken(t.app, DEMO.user2.clientId, DEMO.user2.secret, { remoteAddress: '10.1.0.1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveProperty('access_token');

    const wrong = await requestToken(t.app, DEMO.user2.clientId, 'wrong', { remoteAddress: '10.1.0.1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('counts failures for unknown client ids too', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await requestToken(t.app, 'nobody-here', 'guess', { remoteAddress: '10.1.0.3' })).statusCode).toBe(401);
    }
    expectTooMany(await requestToken(t.app, 'nobody-here', 'guess', { remoteAddress: '10.1.0.3' }));
  });

  it('never counts successful sign-ins', async () => {
    for (let i = 0; i < 8; i++) {
      const res = await requestToken(t.app, DEMO.admin.clientId, DEMO.admin.secret, { remoteAddress: '10.1.0.4' });
      expect(res.statusCode, `sign-in ${i + 1}`).toBe(200);
    }
    // Failures still start from zero.
    expect((await requestToken(t.app, DEMO.admin.clientId, 'wrong', { remoteAddress: '10.1.0.4' })).statusCode).toBe(401);
  });

  it('starts a pair again from zero after a successful sign-in', async () => {
    for (let i = 0; i < 2; i++) expect((await requestToken(t.app, DEMO.admin.clientId, `typo-${i}`, { remoteAddress: '10.1.0.6' })).statusCode).toBe(401);
    expect((await requestToken(t.app, DEMO.admin.clientId, DEMO.admin.secret, { remoteAddress: '10.1.0.6' })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await requestToken(t.app, DEMO.admin.clientId, `typo-again-${i}`, { remoteAddress: '10.1.0.6' })).statusCode).toBe(401);
    expectTooMany(await requestToken(t.app, DEMO.admin.clientId, 'typo-once-more', { remoteAddress: '10.1.0.6' }));
  });

  it('does not count requests rejected as invalid before the credentials are checked', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/oauth/token', remoteAddress: '10.1.0.5', payload: { grant_type: 'client_credentials', client_id: DEMO.admin.clientId } });
      expect(res.statusCode).toBe(400);
    }
    expect((await requestToken(t.app, DEMO.admin.clientId, DEMO.admin.secret, { remoteAddress: '10.1.0.5' })).statusCode).toBe(200);
  });
});

describe('the brake per client_id, across addresses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ loginLimits: { perClient: 2, perClientTotal: 6, perAddress: 100, windowSeconds: 60, blockSeconds: BLOCK_SECONDS } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('throttles guessing spread over many addresses, yet lets the owner in from where they signed in before and with the right secret from anywhere', async () => {
    // The owner signed in from their office once.
    expect((await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: '10.3.0.100' })).statusCode).toBe(200);

    // A guesser spreads 7 wrong secrets over addresses, under the limit of each pair.
    const guesses = ['10.3.0.1', '10.3.0.1', '10.3.0.2', '10.3.0.2', '10.3.0.3', '10.3.0.3', '10.3.0.4'];
    const answers = [];
    for (const [i, address] of guesses.entries()) answers.push((await requestToken(t.app, DEMO.user.clientId, `guess-${i}`, { remoteAddress: address })).statusCode);
    expect(answers.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(answers[6]).toBe(429);

    // Past the brake, a new address gets one guess (not two) before it is refused, the right
    // secret included; the guessers' addresses stay refused (issue 30)...
    expectTooMany(await requestToken(t.app, DEMO.user.clientId, 'guess-more', { remoteAddress: '10.3.0.6' }));
    expectTooMany(await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: '10.3.0.6' }));
    expectTooMany(await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: '10.3.0.1' }));
    // ...a new address with the right secret gets in (a new depot tablet)...
    expect((await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: '10.3.0.5' })).statusCode).toBe(200);
    // ...and the owner still gets in from their office.
    const owner = await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: '10.3.0.100' });
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toHaveProperty('access_token');
    // Another client_id is not braked at all.
    expect((await requestToken(t.app, DEMO.user2.clientId, DEMO.user2.secret, { remoteAddress: '10.3.0.5' })).statusCode).toBe(200);
  });
});

describe('per address', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ loginLimits: { perClient: 100, perAddress: 3, windowSeconds: 60, blockSeconds: BLOCK_SECONDS } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('never counts successful sign-ins', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: '10.2.0.9' });
      expect(res.statusCode, `sign-in ${i + 1}`).toBe(200);
    }
    expect((await requestToken(t.app, DEMO.user.clientId, 'wrong', { remoteAddress: '10.2.0.9' })).statusCode).toBe(401);
  });

  it('blocks an address that fails too often, across different client ids', async () => {
    const address = '10.2.0.1';
    for (const clientId of ['guess-1', 'guess-2', 'guess-3']) {
      expect((await requestToken(t.app, clientId, 'secret', { remoteAddress: address })).statusCode, clientId).toBe(401);
    }
    expectTooMany(await requestToken(t.app, 'guess-4', 'secret', { remoteAddress: address }));

    // The address is blocked for every client, even with the right secret...
    expectTooMany(await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: address }));
    // ...while the same client signs in from another address.
    expect((await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: '10.2.0.2' })).statusCode).toBe(200);
  });
});
