// The server's log never holds a secret (issue 18): a sign-in, a failed sign-in (JSON and
// form-encoded), a refresh through the cookie, authenticated calls (one with a spoiled token), a
// sign-out, a partner's signed request and a request failing inside a query whose parameter is a
// secret all go through the app with its logger at `trace`, captured; then no client secret,
// access token, refresh cookie, partner secret or signature, nor the failed query's value, may
// appear anywhere in what was written (src/server/logging.ts).
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { openPglite, type Database } from '#server/db/client.ts';
import { DEMO_PARTNER_KEY, seedDemo } from '#server/db/seed-demo.ts';
import { signPartnerRequest } from '#server/features/tracking/partner-signature.ts';
import { DEMO, refreshCookieOf } from '../setup/test-app.ts';

let database: Database;
let app: FastifyInstance;
const lines: string[] = [];
/** Every value that must never be logged, with what it is. */
const secrets = new Map<string, string>();
const QUERY_SECRET = `query-secret-${randomBytes(8).toString('hex')}`;

beforeAll(async () => {
  database = await openPglite();
  await database.migrate();
  await seedDemo(database.db);
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  app = await createApp({ db: database.db, webRoot: null, logger: { level: 'trace', stream } });
  // A fault of ours inside a query: the value bound to it must not reach the log with the error.
  app.get('/test/failing-query', { config: { public: true } }, async () => {
    await database.db.execute(sql`select ${QUERY_SECRET}::int as n`);
    return { ok: true };
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const browser = { 'sec-fetch-site': 'same-origin' };

describe('the log', () => {
  it('holds requests, responses and errors, but none of the secrets, tokens, cookies or signatures they carried', async () => {
    secrets.set(DEMO.user.secret, 'client secret');
    const signIn = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: browser,
      payload: { grant_type: 'client_credentials', client_id: DEMO.user.clientId, client_secret: DEMO.user.secret },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const token = signIn.json<{ access_token: string }>().access_token;
    const cookie = refreshCookieOf(signIn)!.value;
    secrets.set(token, 'access token');
    secrets.set(token.split('.')[2]!, "access token's signature");
    secrets.set(cookie, 'refresh cookie');

    const wrong = `wrong-secret-${randomBytes(8).toString('hex')}`;
    secrets.set(wrong, 'mistyped client secret');
    const failedJson = await app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: DEMO.user.clientId, client_secret: wrong } });
    expect(failedJson.statusCode).toBe(401);
    const failedForm = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: DEMO.admin.clientId, client_secret: `${wrong}-form` }).toString(),
    });
    expect(failedForm.statusCode).toBe(401);

    const refreshed = await app.inject({ method: 'POST', url: '/oauth/token', headers: browser, payload: { grant_type: 'refresh_token' }, cookies: { refresh_token: cookie } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const newToken = refreshed.json<{ access_token: string }>().access_token;
    const newCookie = refreshCookieOf(refreshed)!.value;
    secrets.set(newToken, 'renewed access token');
    secrets.set(newCookie, 'renewed refresh cookie');

    expect((await app.inject({ method: 'GET', url: '/api/v1/profile', headers: { authorization: `Bearer ${newToken}` } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/profile', headers: { authorization: `Bearer ${newToken}x` } })).statusCode).toBe(401);
    const revoked = await app.inject({ method: 'POST', url: '/oauth/revoke', headers: { ...browser, authorization: `Bearer ${newToken}` }, cookies: { refresh_token: newCookie } });
    expect(revoked.statusCode).toBeLessThan(300);

    const raw = JSON.stringify({ events: [{ event_id: `log-${randomBytes(4).toString('hex')}`, tracking_number: 'CP000000000SK', code: 'IN_TRANSIT', occurred_at: new Date().toISOString(), location: 'Bratislava' }] });
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = signPartnerRequest(DEMO_PARTNER_KEY.secret, timestamp, raw);
    secrets.set(DEMO_PARTNER_KEY.secret, 'partner secret');
    secrets.set(signature.replace(/^sha256=/, ''), "partner request's signature");
    const partner = await app.inject({
      method: 'POST',
      url: '/api/v1/partner/events',
      headers: { 'content-type': 'application/json', 'x-partner-key': DEMO_PARTNER_KEY.id, 'x-partner-timestamp': String(timestamp), 'x-partner-signature': signature },
      payload: raw,
    });
    expect(partner.statusCode, partner.body).toBe(200);

    secrets.set(QUERY_SECRET, "a failed query's parameter");
    expect((await app.inject({ method: 'GET', url: '/test/failing-query' })).statusCode).toBe(500);

    const log = lines.join('');
    // The capture works: the requests and the failure are there.
    expect(log).toContain('"path":"/oauth/token"');
    expect(log).toContain('"path":"/api/v1/partner/events"');
    expect(log).toContain('params: [redacted]');
    const leaked = [...secrets].filter(([value]) => log.includes(value)).map(([, what]) => what);
    expect(leaked).toEqual([]);
    expect(log.toLowerCase()).not.toContain('bearer ');
    expect(log).not.toContain('refresh_token=');
  });
});
