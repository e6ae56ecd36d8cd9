// Partners' published pickup-point lists fetched by the server (issue 15): an admin sets the
// address, format and interval (PUT …/partners/{id}/point-feed), the job queue holds one cron
// entry per partner, "fetch now" queues a run, and a run imports the list as an upload is
// imported (diff, history) or keeps why it could not. The partner's server is a local http
// stand-in (the test policy allows plain http and loopback; the default refuses both).
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PointFeed } from '#shared/contract/admin-point-feeds.ts';
import type { PickupPointList } from '#shared/contract/pickup-points.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import { queryRows } from '#server/db/client.ts';
import { auditLog, pickupPoints, pointDirectoryFeeds } from '#server/db/schema.ts';
import { fetchFeed, FeedFetchError } from '#server/features/pickup-points/point-feed-fetch.ts';
import { isForbiddenAddress as isPrivateAddress } from '#server/http/outbound-guard.ts';
import { feedCron, POINT_FEED_QUEUE } from '#server/features/pickup-points/point-feeds.service.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';

let t: TestApp;
const tokens: Record<'ADMIN' | 'USER', string> = { ADMIN: '', USER: '' };

/** What the stand-in partner server answers per path. */
const routes = new Map<string, { status: number; body: string; type?: string; location?: string }>();
const partnerServer = http.createServer((req, res) => {
  const answer = routes.get(req.url ?? '') ?? { status: 404, body: 'not here' };
  res.writeHead(answer.status, { 'content-type': answer.type ?? 'text/csv; charset=utf-8', ...(answer.location ? { location: answer.location } : {}) });
  res.end(answer.body);
});
let base = '';

beforeAll(async () => {
  partnerServer.listen(0, '127.0.0.1');
  await once(partnerServer, 'listening');
  base = `http://127.0.0.1:${(partnerServer.address() as AddressInfo).port}`;
  t = await createTestApp({ jobs: true, pointFeedPolicy: { allowLocal: true, timeoutMs: 5_000 } });
  tokens.ADMIN = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  tokens.USER = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
});

afterAll(async () => {
  await t?.close();
  partnerServer.close();
});

const feedUrl = (partnerId: number) => `/api/v1/admin/partners/${partnerId}/point-feed`;
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, token = tokens.ADMIN) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, ...(payload === undefined ? {} : { payload }) });

async function feeds(): Promise<PointFeed[]> {
  const res = await call('GET', '/api/v1/admin/pickup-points/feeds');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PointFeed[]>();
}

const SK_HEADER = 'Kód;Názov;Typ;Ulica;Mesto;PSČ;Krajina;GPS lat;GPS lng;Otváracie hodiny';
const spsCsv = (rows: string[]) => [SK_HEADER, ...rows].join('\r\n') + '\r\n';
const locker = (id: string, name: string) => `${id};${name};PT;Hlavná 1;Žilina;010 01;SK;49,2231;18,7394;mon=00:00-24:00`;

/** Asks for a run now and waits until the feed shows its outcome. */
async function runNow(partnerId: number): Promise<PointFeed> {
  const res = await call('POST', `${feedUrl(partnerId)}/run`);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json<PointFeed>().requested_at).not.toBeNull();
  let feed: PointFeed | undefined;
  await expect
    .poll(
      async () => {
        feed = (await feeds()).find((f) => f.partner_id === partnerId);
        return feed?.requested_at;
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBeNull();
  return feed!;
}

describe('access and validation', () => {
  it('is for admins only', async () => {
    expect((await call('GET', '/api/v1/admin/pickup-points/feeds', undefined, tokens.USER)).statusCode).toBe(403);
    expect((await call('PUT', feedUrl(PARTNERS.SPS), { url: 'https://x.example/a.csv', format: 'csv', every_hours: 24, enabled: true }, tokens.USER)).statusCode).toBe(403);
    expect((await call('POST', `${feedUrl(PARTNERS.SPS)}/run`, undefined, tokens.USER)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: feedUrl(PARTNERS.SPS) })).statusCode).toBe(401);
  });

  it('refuses a non-https address, credentials in it, an odd interval and an unknown format, field by field', async () => {
    const res = await call('PUT', feedUrl(PARTNERS.SPS), { url: 'http://partner.example/points.csv', format: 'xml', every_hours: 5, enabled: 'yes' });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors).sort()).toEqual(['enabled', 'every_hours', 'format', 'url']);
    expect(errors.url?.[0]).toBe(am.feedUrlInvalid.message);
    expect(errors.every_hours?.[0]).toBe(am.feedIntervalInvalid.message);
    const withUser = await call('PUT', feedUrl(PARTNERS.SPS), { url: 'https://me:pw@partner.example/points.csv', format: 'csv', every_hours: 24, enabled: true });
    expect(withUser.json<{ errors: Record<string, string[]> }>().errors.url).toEqual([am.feedUrlInvalid.message]);
    expect(await feeds()).toEqual([]);
  });

  it('answers 404 for an unknown partner and 400 for a partner without a list format', async () => {
    const body = { url: 'https://partner.example/points.csv', format: 'csv', every_hours: 24, enabled: true };
    expect((await call('PUT', feedUrl(99), body)).statusCode).toBe(404);
    expect((await call('PUT', feedUrl(PARTNERS.UNTRACKED), body)).statusCode).toBe(400);
    expect((await call('POST', `${feedUrl(PARTNERS.SPS)}/run`)).statusCode).toBe(404);
    expect((await call('DELETE', feedUrl(PARTNERS.SPS))).statusCode).toBe(404);
  });
});

describe('a feed', () => {
  it('is saved with its schedule in the job queue and logged', async () => {
    const res = await call('PUT', feedUrl(PARTNERS.SPS), { url: `${base}/sps/points.csv`, format: 'csv', every_hours: 6, enabled: true });
    // Plain http passes only because this app's policy allows a local stand-in: the contract wants https.
    expect(res.statusCode, res.body).toBe(400);

    const saved = await call('PUT', feedUrl(PARTNERS.SPS), { url: 'https://partner.example/sps/points.csv', format: 'csv', every_hours: 6, enabled: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const feed = saved.json<PointFeed>();
    expect(feed).toMatchObject({ partner_id: PARTNERS.SPS, partner_name: 'Slovak Parcel Service', format: 'csv', every_hours: 6, enabled: true, last_run_at: null });
    const next = new Date(feed.next_run_at!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(6 * 3600_000);
    expect(next.getUTCMinutes()).toBe((PARTNERS.SPS * 7) % 60);

    const schedules = await queryRows(t.database.db, sql`select name, key, cron from pgboss.schedule where name = ${POINT_FEED_QUEUE}`);
    expect(schedules).toEqual([{ name: POINT_FEED_QUEUE, key: String(PARTNERS.SPS), cron: feedCron(PARTNERS.SPS, 6) }]);

    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(PARTNERS.SPS)));
    expect(logged.at(-1)?.after).toEqual({ pointFeed: { url: 'https://partner.example/sps/points.csv', format: 'csv', everyHours: 6, enabled: true } });
  });

  it('leaves the queue when disabled or removed', async () => {
    const disabled = await call('PUT', feedUrl(PARTNERS.SPS), { url: 'https://partner.example/sps/points.csv', format: 'csv', every_hours: 6, enabled: false });
    expect(disabled.json<PointFeed>()).toMatchObject({ enabled: false, next_run_at: null });
    const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from pgboss.schedule where name = ${POINT_FEED_QUEUE}`))[0]?.n;
    expect(await count()).toBe(0);

    await call('PUT', feedUrl(PARTNERS.SPS), { url: 'https://partner.example/sps/points.csv', format: 'csv', every_hours: 24, enabled: true });
    expect(await count()).toBe(1);
    const removed = await call('DELETE', feedUrl(PARTNERS.SPS));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: am.feedDeleted.message });
    expect(await count()).toBe(0);
    expect(await feeds()).toEqual([]);
  });
});

describe('a run', () => {
  /** Points the feed's URL at the stand-in (through the database: the API takes https only). */
  async function pointFeedAt(partnerId: number, path: string, format: 'csv' | 'json' = 'csv') {
    const res = await call('PUT', feedUrl(partnerId), { url: `https://partner.example${path}`, format, every_hours: 24, enabled: true });
    expect(res.statusCode, res.body).toBe(200);
    await t.database.db
      .update(pointDirectoryFeeds)
      .set({ url: `${base}${path}` })
      .where(eq(pointDirectoryFeeds.partnerId, partnerId));
  }

  it("imports the partner's list: new lockers reach the picker, missing ones are deactivated, the import is in the history", async () => {
    routes.set('/sps/points.csv', {
      status: 200,
      body: spsCsv([locker('PT50001', 'ParcelBox Feed Žilina OC'), locker('PT50002', 'ParcelBox Feed Žilina Stanica'), 'PT50003;;PT;;;;;;;']),
    });
    await pointFeedAt(PARTNERS.SPS, '/sps/points.csv');
    const feed = await runNow(PARTNERS.SPS);
    expect(feed.last_error).toBeNull();
    expect(feed.last_import).toMatchObject({ partner_id: PARTNERS.SPS, filename: 'points.csv', actor: null, total: 3, added: 2, rejected: 1 });
    expect(feed.last_import!.deactivated).toBeGreaterThan(0);
    expect(feed.last_run_at).not.toBeNull();

    const history = await call('GET', '/api/v1/admin/pickup-points/imports');
    expect(history.json<Array<{ id: string }>>()[0]?.id).toBe(feed.last_import!.id);
    const found = await t.app.inject({ method: 'GET', url: '/api/v1/pickup-points?country=SK&q=feed%20zilina', headers: { authorization: `Bearer ${tokens.USER}` } });
    expect(found.json<PickupPointList>().points.map((p) => p.id)).toEqual(['PT50001', 'PT50002']);
  });

  it("keeps why a run imported nothing, in the reader's language, and changes no point", async () => {
    const before = await t.database.db.select().from(pickupPoints).where(eq(pickupPoints.partnerId, PARTNERS.SPS));
    routes.set('/sps/gone.csv', { status: 503, body: 'maintenance' });
    await pointFeedAt(PARTNERS.SPS, '/sps/gone.csv');
    const failed = await runNow(PARTNERS.SPS);
    expect(failed.last_error?.message).toBe("The partner's server answered 503 instead of the list.");
    // The last successful import is no longer the last run's outcome.
    expect(failed.last_import).toBeNull();

    const german = await t.app.inject({ method: 'GET', url: '/api/v1/admin/pickup-points/feeds', headers: { authorization: `Bearer ${tokens.ADMIN}`, 'accept-language': 'de' } });
    expect(german.json<PointFeed[]>()[0]?.last_error?.message).not.toBe(failed.last_error?.message);

    routes.set('/sps/other.csv', { status: 200, body: 'id,name\n1,2\n' });
    await pointFeedAt(PARTNERS.SPS, '/sps/other.csv');
    expect((await runNow(PARTNERS.SPS)).last_error?.message).toMatch(/^The file lacks the columns: /);

    await pointFeedAt(PARTNERS.SPS, '/sps/nowhere.csv');
    routes.set('/sps/moved.csv', { status: 302, body: '', location: '/sps/points.csv' });
    await pointFeedAt(PARTNERS.SPS, '/sps/moved.csv');
    const redirected = await runNow(PARTNERS.SPS);
    expect(redirected.last_error).toBeNull();
    expect(redirected.last_import).toMatchObject({ added: 0, changed: 0, deactivated: 0 });

    const after = await t.database.db.select().from(pickupPoints).where(eq(pickupPoints.partnerId, PARTNERS.SPS));
    expect(after.length).toBe(before.length);
  });

  it('reads a JSON feed of another partner', async () => {
    routes.set('/cz/points.json', {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({
        points: [
          {
            code: 'ONEBOX9001',
            nazev: 'OneBox Feed Brno',
            typ: 'ONEBOX',
            ulice: 'Česká 1',
            obec: 'Brno',
            psc: '602 00',
            zeme: 'CZ',
            lat: 49.195,
            lng: 16.608,
            hours: 'mon=00:00-24:00',
          },
        ],
      }),
    });
    await pointFeedAt(PARTNERS.ONE_CZ, '/cz/points.json', 'json');
    const feed = await runNow(PARTNERS.ONE_CZ);
    expect(feed.last_error).toBeNull();
    expect(feed.last_import).toMatchObject({ partner_id: PARTNERS.ONE_CZ, added: 1, rejected: 0 });
  });
});

describe('the fetch on its own (default policy)', () => {
  it('refuses plain http and private or loopback addresses before connecting', async () => {
    await expect(fetchFeed(`${base}/sps/points.csv`)).rejects.toMatchObject({ descriptor: am.feedUrlInvalid });
    await expect(fetchFeed('https://127.0.0.1/points.csv')).rejects.toMatchObject({ descriptor: am.feedPrivateHost });
    await expect(fetchFeed('https://[::1]/points.csv')).rejects.toBeInstanceOf(FeedFetchError);
    await expect(fetchFeed('https://localhost/points.csv')).rejects.toMatchObject({ descriptor: am.feedPrivateHost });
    for (const address of ['10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '::ffff:127.0.0.1', 'fd00::1', 'fe80::1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['1.1.1.1', '147.175.1.1', '2a00:1450:4001:80b::200e']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses the IPv6 forms of private IPv4 addresses and the documentation ranges (were let through)', async () => {
    const gaps = ['64:ff9b::a9fe:a9fe', '2002:7f00:1::1', '::7f00:1', '::ffff:0:7f00:1', '192.0.2.1', '198.51.100.7', '203.0.113.9'];
    for (const address of gaps) {
      expect(isPrivateAddress(address), address).toBe(true);
      const host = address.includes(':') ? `[${address}]` : address;
      await expect(fetchFeed(`https://${host}/points.csv`), address).rejects.toMatchObject({ descriptor: am.feedPrivateHost });
    }
  });

  it('stops at the size limit and the time limit', async () => {
    const slow = http.createServer((_req, res) => {
      res.writeHead(200);
      res.write('id;name\n');
      // Never ends: the time limit must.
    });
    slow.listen(0, '127.0.0.1');
    await once(slow, 'listening');
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
    await expect(fetchFeed(url, { allowLocal: true, timeoutMs: 300 })).rejects.toMatchObject({ descriptor: am.feedTimeout, values: { seconds: 0 } });
    slow.closeAllConnections();
    slow.close();

    routes.set('/huge.csv', { status: 200, body: 'x'.repeat(31 * 1024 * 1024) });
    await expect(fetchFeed(`${base}/huge.csv`, { allowLocal: true, timeoutMs: 10_000 })).rejects.toMatchObject({ descriptor: am.directoryTooLarge });
  });
});
