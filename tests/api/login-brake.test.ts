// The sign-in brake per client_id (issue 30): guessing spread over many addresses must slow the
// guesser's addresses down, never lock the owner out. With the default limits: after 100 wrong
// secrets from 21 addresses, the right secret from a brand-new address (a new depot tablet) still
// signs in, the guessers' addresses stay refused, and a new address of the guesser gets one guess
// per window instead of five.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_LIMITS } from '#server/features/auth/login-limiter.ts';
import { createTestApp, DEMO, requestToken, type TestApp } from '../setup/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const attacker = (i: number) => `10.66.0.${i + 1}`;

describe('the sign-in brake per client_id', () => {
  it('brakes the guessers’ addresses yet lets the right secret in from a brand-new address', { timeout: 120_000 }, async () => {
    const { perClient, perClientTotal = 100 } = DEFAULT_LOGIN_LIMITS;
    // Wrong secrets spread over addresses, each address up to its own limit per client_id.
    let failures = 0;
    for (let address = 0; failures <= perClientTotal; address++) {
      for (let i = 0; i < perClient && failures <= perClientTotal; i++, failures++) {
        const res = await requestToken(t.app, DEMO.user.clientId, `guess-${failures}`, { remoteAddress: attacker(address) });
        expect([401, 429], `guess ${failures + 1}`).toContain(res.statusCode);
      }
    }
    const used = Math.ceil(failures / perClient);

    // A new depot tablet, never used before, with the right secret: in.
    const tablet = await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: '10.77.0.1' });
    expect(tablet.statusCode, tablet.body).toBe(200);
    expect(tablet.json()).toHaveProperty('access_token');

    // The guessers' addresses stay braked, for every secret.
    for (const address of [0, used - 1]) {
      const res = await requestToken(t.app, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: attacker(address) });
      expect(res.statusCode, attacker(address)).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }

    // A new address of the guesser is slowed: its first wrong secret already brakes it.
    const fresh = attacker(200);
    expect((await requestToken(t.app, DEMO.user.clientId, 'guess-again', { remoteAddress: fresh })).statusCode).toBe(429);
    expect((await requestToken(t.app, DEMO.user.clientId, 'guess-more', { remoteAddress: fresh })).statusCode).toBe(429);
  });
});
