// GET /api/v1/shipments (paging, every filter, admin-only filters and column, company scoping)
// and GET /api/v1/shipments/{item_number} (own, admin, another company's answers 404).
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import { companies, shipments } from '#server/db/schema.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment, slovakLockerId } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;
let user2Token: string;
let adminToken: string;
let greenGardenId: string;
let bohemiaId: string;

/** demo-user's shipments in creation order. */
const mine: Shipment[] = [];
/** demo-user-2's shipments in creation order. */
const theirs: Shipment[] = [];
let cz: Shipment;
let de: Shipment;
let locker: Shipment;
let deleted: Shipment;
/** Shipments moved back to 2024-03-09T23:30Z, 2024-03-10T22:30Z and 2024-03-10T23:30Z. */
let early: Shipment;
let lateSameDay: Shipment;
let nextDay: Shipment;

const BULK = 24;
const MINE_TOTAL = BULK + 3;

interface ListBody {
  shipments: Shipment[];
  count: number;
}

function list(token: string, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/v1/shipments${query}`, headers: bearer(token) });
}

async function listOk(token: string, query = ''): Promise<ListBody> {
  const res = await list(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListBody>();
}

const items = (body: ListBody) => body.shipments.map((s) => s.item_number);

/** Today's date in the carrier's time zone, yyyy-MM-dd. */
function today(offsetDays = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bratislava', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
}

async function moveCreatedAt(s: Shipment, iso: string) {
  await t.database.db.update(shipments).set({ createdAt: new Date(iso) }).where(eq(shipments.itemNumber, s.item_number));
}

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  const rows = await t.database.db.select().from(companies);
  greenGardenId = rows.find((c) => c.name === 'Zelená Záhrada s.r.o.')!.id;
  bohemiaId = rows.find((c) => c.name === 'Bohemia Books s.r.o.')!.id;

  // demo-user-2 first, so that its rows are the oldest of today.
  theirs.push(await createShipment(t.app, user2Token, { receiver_country: 'CZ', receiver_postal_code: '11000', reference_number: 'REF-SHARED' }));
  theirs.push(await createShipment(t.app, user2Token, { receiver_country: 'CZ', receiver_postal_code: '60200', reference_number: 'B-2' }));
  theirs.push(await createShipment(t.app, user2Token, { reference_number: 'B-3' }));

  for (let i = 0; i < BULK; i++) mine.push(await createShipment(t.app, userToken, { reference_number: `BULK-${i}` }));
  cz = await createShipment(t.app, userToken, { receiver_country: 'CZ', receiver_postal_code: '11000', reference_number: 'REF-SHARED' });
  de = await createShipment(t.app, userToken, { receiver_country: 'DE', product: 'TRC', weight: 0.5, receiver_postal_code: '10115', reference_number: 'REF-DE' });
  locker = await createShipment(t.app, userToken, { delivery_method: 'parcel_locker', pickup_point_id: await slovakLockerId(t.database.db), reference_number: 'REF-LOCKER' });
  mine.push(cz, de, locker);
  expect(mine).toHaveLength(MINE_TOTAL);

  // Three of the bulk rows move into March 2024, around midnight in Bratislava (CET, UTC+1).
  [early, lateSameDay, nextDay] = [mine[0]!, mine[1]!, mine[2]!];
  await moveCreatedAt(early, '2024-03-09T23:30:00Z'); // 2024-03-10 00:30 in Bratislava
  await moveCreatedAt(lateSameDay, '2024-03-10T22:30:00Z'); // 2024-03-10 23:30 in Bratislava
  await moveCreatedAt(nextDay, '2024-03-10T23:30:00Z'); // 2024-03-11 00:30 in Bratislava

  deleted = mine[10]!;
  const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/shipments/${deleted.item_number}`, headers: bearer(userToken) });
  expect(res.statusCode, res.body).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/shipments paging', () => {
  it('answers 25 rows by default with the full count', async () => {
    const body = await listOk(userToken);
    expect(body.count).toBe(MINE_TOTAL);
    expect(body.shipments).toHaveLength(25);
  });

  it('answers newest first', async () => {
    const body = await listOk(userToken, '?take=100');
    expect(body.shipments).toHaveLength(MINE_TOTAL);
    // The last created first; the rows moved to 2024 last, oldest at the very end.
    expect(body.shipments[0]!.item_number).toBe(locker.item_number);
    expect(items(body).slice(0, 3)).toEqual([locker.item_number, de.item_number, cz.item_number]);
    expect(items(body).slice(-3)).toEqual([nextDay.item_number, lateSameDay.item_number, early.item_number]);
    const times = body.shipments.map((s) => Date.parse(s.created_at));
    for (let i = 1; i < times.length; i++) expect(times[i - 1]!).toBeGreaterThanOrEqual(times[i]!);
  });

  it('answers oldest first on request, paging the same way, and refuses an unknown order', async () => {
    const newest = items(await listOk(userToken, '?take=100'));
    const oldest = await listOk(userToken, '?take=100&order=oldest');
    expect(items(oldest)).toEqual([...newest].reverse());
    expect(oldest.count).toBe(MINE_TOTAL);
    const pages = [await listOk(userToken, '?order=oldest&take=10'), await listOk(userToken, '?order=oldest&skip=10&take=10'), await listOk(userToken, '?order=oldest&skip=20&take=10')];
    expect(pages.flatMap(items)).toEqual(items(oldest));
    expect(items(await listOk(userToken, '?order=newest&take=100'))).toEqual(newest);
    const bad = await list(userToken, '?order=sideways');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('order');
  });

  it('pages with skip and take without gaps or overlaps', async () => {
    const all = items(await listOk(userToken, '?take=100'));
    const first = await listOk(userToken, '?skip=0&take=10');
    const second = await listOk(userToken, '?skip=10&take=10');
    const third = await listOk(userToken, '?skip=20&take=10');
    expect([first, second, third].map((b) => b.count)).toEqual([MINE_TOTAL, MINE_TOTAL, MINE_TOTAL]);
    expect([first, second, third].map((b) => b.shipments.length)).toEqual([10, 10, MINE_TOTAL - 20]);
    expect([...items(first), ...items(second), ...items(third)]).toEqual(all);
    expect(items(await listOk(userToken, '?skip=25'))).toEqual(all.slice(25));
    expect(items(await listOk(userToken, '?skip=5&take=3'))).toEqual(all.slice(5, 8));
  });

  it('answers an empty page past the end with the count', async () => {
    expect(await listOk(userToken, '?skip=1000')).toEqual({ shipments: [], count: MINE_TOTAL });
  });

  it.each(['?take=0', '?take=101', '?skip=-1', '?take=abc', '?skip=1.5'])('answers 400 to %s', async (query) => {
    const res = await list(userToken, query);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('validation_failed');
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/shipments' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/shipments filters for a USER', () => {
  it('filters by country (any case)', async () => {
    for (const country of ['CZ', 'cz']) {
      const body = await listOk(userToken, `?country=${country}`);
      expect(items(body)).toEqual([cz.item_number]);
      expect(body.count).toBe(1);
    }
    const sk = await listOk(userToken, '?country=SK&take=100');
    expect(sk.count).toBe(MINE_TOTAL - 2);
    expect(sk.shipments.every((s) => s.receiver_country === 'SK')).toBe(true);
    expect((await listOk(userToken, '?country=FR')).count).toBe(0);
  });

  it('filters by creation date in the carrier time zone (yyyy-MM-dd, both days included)', async () => {
    const day = await listOk(userToken, '?createdFrom=2024-03-10&createdTo=2024-03-10');
    expect(items(day)).toEqual([lateSameDay.item_number, early.item_number]);
    expect(day.count).toBe(2);

    const next = await listOk(userToken, '?createdFrom=2024-03-11&createdTo=2024-03-11');
    expect(items(next)).toEqual([nextDay.item_number]);

    const upTo = await listOk(userToken, '?createdTo=2024-03-31');
    expect(upTo.count).toBe(3);

    const since = await listOk(userToken, `?createdFrom=${today()}&take=100`);
    expect(since.count).toBe(MINE_TOTAL - 3);
    expect(items(since)).not.toContain(early.item_number);

    expect((await listOk(userToken, `?createdFrom=${today(1)}`)).count).toBe(0);
    expect((await listOk(userToken, `?createdFrom=${today()}&createdTo=${today()}`)).count).toBe(MINE_TOTAL - 3);
    expect((await listOk(userToken, '?createdFrom=2024-03-12&createdTo=2024-03-09')).count).toBe(0);
  });

  it.each(['10.03.2024', '2024-3-10', '2024-03-10T00:00:00Z', 'yesterday'])('answers 400 to the date %j', async (date) => {
    const res = await list(userToken, `?createdFrom=${encodeURIComponent(date)}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['createdFrom']);
  });

  it('filters by reference number, only within the caller company', async () => {
    const body = await listOk(userToken, '?reference_number=REF-SHARED');
    expect(items(body)).toEqual([cz.item_number]);
    const other = await listOk(user2Token, '?reference_number=REF-SHARED');
    expect(items(other)).toEqual([theirs[0]!.item_number]);
    expect((await listOk(userToken, '?reference_number=REF')).count).toBe(0);
  });

  it('filters by item number (exact, any case)', async () => {
    expect(items(await listOk(userToken, `?item_number=${de.item_number}`))).toEqual([de.item_number]);
    expect(items(await listOk(userToken, `?item_number=${de.item_number.toLowerCase()}`))).toEqual([de.item_number]);
    expect((await listOk(userToken, `?item_number=${de.item_number.slice(0, 8)}`)).count).toBe(0);
  });

  it('filters by tracking number (exact, any case)', async () => {
    expect(items(await listOk(userToken, `?tracking_number=${de.tracking_number}`))).toEqual([de.item_number]);
    expect(items(await listOk(userToken, `?tracking_number=${de.tracking_number!.toLowerCase()}`))).toEqual([de.item_number]);
  });

  it('filters by status', async () => {
    const gone = await listOk(userToken, '?status=DELETED');
    expect(items(gone)).toEqual([deleted.item_number]);
    expect(gone.shipments[0]!.status).toBe('DELETED');
    const live = await listOk(userToken, '?status=CREATED&take=100');
    expect(live.count).toBe(MINE_TOTAL - 1);
    expect(live.shipments.every((s) => s.status === 'CREATED')).toBe(true);
    expect((await listOk(userToken, '?status=SENT')).count).toBe(0);
    expect((await list(userToken, '?status=LOST')).statusCode).toBe(400);
  });

  it('combines filters', async () => {
    const body = await listOk(userToken, `?country=SK&status=CREATED&createdFrom=${today()}&take=100`);
    // All Slovak rows of today except the deleted one.
    expect(body.count).toBe(MINE_TOTAL - 2 - 3 - 1);
    expect(items(await listOk(userToken, `?country=DE&reference_number=REF-DE&tracking_number=${de.tracking_number}`))).toEqual([de.item_number]);
    expect((await listOk(userToken, '?country=CZ&reference_number=REF-DE')).count).toBe(0);
  });

  it('answers USER rows without the company column', async () => {
    const body = await listOk(userToken, '?take=100');
    for (const s of body.shipments) {
      expect(s).not.toHaveProperty('company_name');
      expect(s).not.toHaveProperty('client_name');
    }
  });
});

describe('admin-only filters', () => {
  it.each([
    ['company_id', () => `?company_id=${greenGardenId}`],
    ['company_id', () => `?company_id=${bohemiaId}`],
    ['delivery_method', () => '?delivery_method=parcel_locker'],
    ['partner_id', () => '?partner_id=3'],
  ])('refuses %s to a USER with 403', async (field, query) => {
    for (const token of [userToken, user2Token]) {
      const res = await list(token, query());
      expect(res.statusCode).toBe(403);
      const body = res.json<{ error: string; message: string; errors?: Record<string, string[]> }>();
      expect(body.error).toBe('forbidden');
      expect(body.message).toMatch(/\S/);
      expect(Object.keys(body.errors ?? {})).toEqual([field]);
      expect(body).not.toHaveProperty('shipments');
    }
  });

  it('lists every company for an ADMIN with company_name on each row', async () => {
    const body = await listOk(adminToken, '?take=100');
    expect(body.count).toBe(MINE_TOTAL + theirs.length);
    const names = new Map(body.shipments.map((s) => [s.item_number, s.company_name]));
    for (const s of mine) expect(names.get(s.item_number)).toBe('Zelená Záhrada s.r.o.');
    for (const s of theirs) expect(names.get(s.item_number)).toBe('Bohemia Books s.r.o.');
  });

  it('filters by company_id for an ADMIN', async () => {
    const bohemia = await listOk(adminToken, `?company_id=${bohemiaId}`);
    expect(items(bohemia)).toEqual(theirs.map((s) => s.item_number).reverse());
    expect(bohemia.count).toBe(theirs.length);
    expect((await listOk(adminToken, `?company_id=${greenGardenId}`)).count).toBe(MINE_TOTAL);
    expect((await list(adminToken, '?company_id=not-a-uuid')).statusCode).toBe(400);
  });

  it('filters by delivery_method for an ADMIN', async () => {
    expect(items(await listOk(adminToken, '?delivery_method=parcel_locker'))).toEqual([locker.item_number]);
    expect((await listOk(adminToken, '?delivery_method=home_delivery')).count).toBe(MINE_TOTAL + theirs.length - 1);
    expect((await listOk(adminToken, '?delivery_method=other_pudo')).count).toBe(0);
  });

  it('filters by partner_id for an ADMIN', async () => {
    // ONE_CZ (7) carries the Czech parcels of both companies; POSTONE (1) the German letter.
    const oneCz = await listOk(adminToken, '?partner_id=7');
    expect(new Set(items(oneCz))).toEqual(new Set([cz.item_number, theirs[0]!.item_number, theirs[1]!.item_number]));
    expect(oneCz.shipments.every((s) => s.partner_name === 'One CZ')).toBe(true);
    expect(items(await listOk(adminToken, '?partner_id=1'))).toEqual([de.item_number]);
    expect((await list(adminToken, '?partner_id=5')).statusCode).toBe(400);
  });

  it('combines admin filters with the others', async () => {
    const body = await listOk(adminToken, `?company_id=${bohemiaId}&country=CZ&partner_id=7&delivery_method=home_delivery`);
    expect(body.count).toBe(2);
  });
});

describe('company scoping of the list', () => {
  it('never shows demo-user-2 the rows of demo-user', async () => {
    const body = await listOk(user2Token, '?take=100');
    expect(body.count).toBe(theirs.length);
    expect(items(body)).toEqual(theirs.map((s) => s.item_number).reverse());
    const mineSet = new Set(mine.map((s) => s.item_number));
    expect(items(body).some((n) => mineSet.has(n))).toBe(false);
  });

  it("answers nothing when a USER looks up another company's item or tracking number", async () => {
    expect(await listOk(user2Token, `?item_number=${de.item_number}`)).toEqual({ shipments: [], count: 0 });
    expect(await listOk(user2Token, `?tracking_number=${de.tracking_number}`)).toEqual({ shipments: [], count: 0 });
    expect(await listOk(userToken, `?item_number=${theirs[0]!.item_number}`)).toEqual({ shipments: [], count: 0 });
    expect((await listOk(user2Token, '?country=DE')).count).toBe(0);
  });
});

describe('GET /api/v1/shipments/{item_number}', () => {
  const detail = (token: string, itemNumber: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/shipments/${encodeURIComponent(itemNumber)}`, headers: bearer(token) });

  it("answers the caller's own shipment", async () => {
    const res = await detail(userToken, de.item_number);
    expect(res.statusCode).toBe(200);
    const body = res.json<Shipment>();
    const fromList = (await listOk(userToken, `?item_number=${de.item_number}`)).shipments[0];
    expect(body).toEqual(fromList);
    expect(body).toMatchObject({ item_number: de.item_number, tracking_number: de.tracking_number, receiver_country: 'DE', product: 'TRC', partner_name: 'PostOne' });
    expect(body).not.toHaveProperty('client_name');
    expect(body).not.toHaveProperty('company_name');
  });

  it('finds it by a lower-case item number', async () => {
    const res = await detail(userToken, de.item_number.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json<Shipment>().item_number).toBe(de.item_number);
  });

  it('answers a deleted shipment with its status', async () => {
    const res = await detail(userToken, deleted.item_number);
    expect(res.statusCode).toBe(200);
    expect(res.json<Shipment>().status).toBe('DELETED');
  });

  it('gives an ADMIN the client name', async () => {
    const res = await detail(adminToken, de.item_number);
    expect(res.statusCode).toBe(200);
    expect(res.json<Shipment>()).toMatchObject({ item_number: de.item_number, client_name: 'Peter Horváth' });
    const other = await detail(adminToken, theirs[0]!.item_number);
    expect(other.json<Shipment>().client_name).toBe('Jana Nováková');
  });

  it("answers demo-user-2 404 for demo-user's shipment, exactly like a missing one", async () => {
    const foreign = await detail(user2Token, de.item_number);
    const missing = await detail(user2Token, 'PP9999999999');
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(foreign.headers['content-type']).toBe(missing.headers['content-type']);
    expect(foreign.json()).toEqual({ error: 'not_found', message: expect.stringMatching(/\S/) });
    expect(foreign.body).not.toContain(de.item_number);
  });

  it("answers demo-user 404 for demo-user-2's shipment", async () => {
    expect((await detail(userToken, theirs[0]!.item_number)).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/shipments/${de.item_number}` })).statusCode).toBe(401);
  });

  it('answers 400 to an item number that is too long', async () => {
    expect((await detail(userToken, 'P'.repeat(41))).statusCode).toBe(400);
  });
});

describe('stored rows behind the list', () => {
  it('keep each company on its own rows', async () => {
    const rows = await t.database.db
      .select({ itemNumber: shipments.itemNumber, companyId: shipments.companyId })
      .from(shipments)
      .where(inArray(shipments.itemNumber, [...mine, ...theirs].map((s) => s.item_number)));
    const byItem = new Map(rows.map((r) => [r.itemNumber, r.companyId]));
    for (const s of mine) expect(byItem.get(s.item_number)).toBe(greenGardenId);
    for (const s of theirs) expect(byItem.get(s.item_number)).toBe(bohemiaId);
  });
});
