// The shipment report's limits (issue 16): an account asks for at most REPORTS per minute, and an
// instance writes at most two at once; a third answers 429 with Retry-After and a message the
// form shows, and nothing of the first two is lost.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, bratislavaDay } from '#shared/contract/reports.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { reportFieldMessages } from '#shared/i18n/report-messages.ts';
import { DEFAULT_REPORT_LIMITS } from '#server/features/reports/reports.routes.ts';
import { translator } from '#server/i18n.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

const PATH = '/api/v1/admin/shipments/report';
const en = translator('en');
const TODAY = bratislavaDay(new Date());

let t: TestApp;

beforeAll(async () => {
  // The default limits; the clients' enabled state cached as in production, so that a signed-in
  // request reaches the handler while the test holds the shipments table.
  t = await createTestApp({ clientStatusCacheMs: 60_000 });
  const { token } = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
  await createShipment(t.app, token, {});
});

afterAll(async () => {
  await t?.close();
});

const report = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: PATH, headers: { 'accept-language': 'en', ...bearer(token) }, payload });

/** The period of the shipment made above. */
const recent = { type: 'DAILY', from_date: TODAY, to_date: addDays(TODAY, 1), countries: [] };

describe('report limits', () => {
  it(`gives an account ${DEFAULT_REPORT_LIMITS.perMinute} reports a minute, then 429 with Retry-After; other accounts are not affected`, async () => {
    const { token } = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    // Empty periods answer fast and count the same.
    const empty = { type: 'DAILY', from_date: addDays(TODAY, -400), to_date: addDays(TODAY, -400), countries: [] };
    for (let i = 0; i < DEFAULT_REPORT_LIMITS.perMinute; i++) expect((await report(token, empty)).statusCode).toBe(404);
    const refused = await report(token, recent);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_requests', message: en(serverMessages.tooManyRequests) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const other = await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret);
    const otherRes = await report(other.token, recent);
    expect(otherRes.statusCode, otherRes.body.slice(0, 300)).toBe(200);
  });

  it(`writes ${DEFAULT_REPORT_LIMITS.atOnce} reports at once and asks the next to come back in a moment`, async () => {
    const { token } = await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret);
    expect((await report(token, { ...recent, from_date: addDays(TODAY, -400), to_date: addDays(TODAY, -400) })).statusCode).toBe(404);
    // Holds the shipments table (PGlite: the whole database) so that the first reports stay in
    // progress until released; the clients' cached state lets their sign-ins through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table shipments in access exclusive mode`);
      locked();
      await held;
    });
    await isLocked;

    // Over a real connection: inject's answers to concurrent requests wait for each other here.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const post = () =>
      fetch(`${address}${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en', ...bearer(token) }, body: JSON.stringify(recent) });
    const running = Array.from({ length: DEFAULT_REPORT_LIMITS.atOnce }, post);
    await vi.waitFor(() => expect(t.app.reportsInProgress()).toBe(DEFAULT_REPORT_LIMITS.atOnce), { timeout: 10_000 });
    // The next one is refused at once, while the others wait for the table.
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'too_many_requests', message: en(reportFieldMessages.busy) });
    expect(refused.headers.get('retry-after')).toBe('5');

    release();
    await holder;
    for (const res of await Promise.all(running)) {
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    // Their slots are free again.
    await vi.waitFor(() => expect(t.app.reportsInProgress()).toBe(0), { timeout: 10_000 });
    expect((await report(token, recent)).statusCode).toBe(200);
  });
});
