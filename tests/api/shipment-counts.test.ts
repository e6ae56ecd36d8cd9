// shipment_counts: the buckets behind the list's exact `count` (migrations 0003 and 0004) and
// shipment_totals (0019, the same without the day), kept by statement triggers on shipments (0020);
// concurrent batch changes neither deadlock nor drift. Checks that the buckets stay exactly a GROUP BY of shipments through
// creation, deletion (CREATED → DELETED), direct SQL updates, hard deletes and rollbacks; that a
// shipment near midnight lands in its Bratislava calendar day (winter, summer and both DST change
// days); that the list answers the same count as a plain count(*) for the filters the buckets
// serve; that a change of any one bucket column moves the row; that the triggers also count in
// the replica role the import writes in; and that the migration fills the buckets from shipments
// that existed before it. shipment-counts-property.test.ts applies random sequences of writes.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, queryRows, type Database, type Db, type Schema } from '#server/db/client.ts';
import { companyScope } from '#server/company-scope.ts';
import { listShipments } from '#server/features/shipments/shipments.service.ts';
import { shipmentListQuerySchema, type Shipment } from '#shared/contract/shipments.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment, slovakLockerId } from './shipments-fixtures.ts';

let t: TestApp;
let db: Db;
let userToken: string;
let user2Token: string;
let adminToken: string;
let userCompany: string;
let user2Company: string;

interface ListBody {
  shipments: Shipment[];
  count: number;
}

type Token = () => string;
const asUser: Token = () => userToken;
const asUser2: Token = () => user2Token;
const asAdmin: Token = () => adminToken;

async function listOk(token: string, query: Record<string, string | number>): Promise<ListBody> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments?${qs}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListBody>();
}

/** The list's count where it cannot come from a short page: take=1 (a full page whenever a row matches). */
async function listCount(token: string, query: Record<string, string | number> = {}): Promise<number> {
  return (await listOk(token, { ...query, take: 1 })).count;
}

/** Today's date in the carrier's time zone, yyyy-MM-dd. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bratislava', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

type Bucket = {
  company_id: string;
  day: string;
  status: string;
  receiver_country: string;
  delivery_method: string;
  partner_id: number | null;
  n: number;
};

const byKey = (a: Bucket, b: Bucket) => JSON.stringify(a).localeCompare(JSON.stringify(b));

/** What the buckets must be: a plain GROUP BY over shipments. */
async function expectedBuckets(on: Db = db): Promise<Bucket[]> {
  const rows = await queryRows<Bucket>(
    on,
    sql`select company_id, ((created_at at time zone 'Europe/Bratislava')::date)::text as day, status::text as status,
               receiver_country, delivery_method::text as delivery_method, partner_id, count(*)::int as n
          from shipments group by 1, 2, 3, 4, 5, 6`,
  );
  return rows.sort(byKey);
}

async function storedBuckets(on: Db = db): Promise<Bucket[]> {
  const rows = await queryRows<Bucket>(
    on,
    sql`select company_id, day::text as day, status::text as status, receiver_country, delivery_method::text as delivery_method, partner_id, n::int as n
          from shipment_counts`,
  );
  return rows.sort(byKey);
}

/** Every bucket exactly as the GROUP BY says (so no bucket at 0 or below either), and sum(n) = count(*). */
async function expectExact(on: Db = db) {
  expect(await storedBuckets(on)).toEqual(await expectedBuckets(on));
  const [totals] = await queryRows<{ summed: string | null; counted: string }>(
    on,
    sql`select (select sum(n) from shipment_counts)::text as summed, (select count(*) from shipments)::text as counted`,
  );
  expect(totals!.summed ?? '0').toBe(totals!.counted);
  // shipment_totals (migration 0019): the same buckets without their day.
  const withoutDay = await queryRows<Bucket>(
    on,
    sql`select company_id, '*' as day, status::text as status, receiver_country, delivery_method::text as delivery_method, partner_id, n::int as n
          from shipment_totals`,
  );
  const expected = new Map<string, Bucket>();
  for (const b of await expectedBuckets(on)) {
    const key = JSON.stringify({ ...b, day: '*', n: 0 });
    const had = expected.get(key);
    expected.set(key, { ...b, day: '*', n: (had?.n ?? 0) + b.n });
  }
  expect(withoutDay.sort(byKey)).toEqual([...expected.values()].sort(byKey));
}

/** Bucket sizes of the caller's filter, straight from the table: {"<day> <status> <country>": n}. */
async function bucketMap(where: SQL): Promise<Record<string, number>> {
  const rows = await queryRows<{ day: string; status: string; receiver_country: string; n: number }>(
    db,
    sql`select day::text as day, status::text as status, receiver_country, sum(n)::int as n from shipment_counts where ${where} group by 1, 2, 3`,
  );
  return Object.fromEntries(rows.map((r) => [`${r.day} ${r.status} ${r.receiver_country}`, r.n]));
}

/** The count a plain count(*) gives for the list's filters (the reference the list must match). */
async function referenceCount(companyId: string | null, q: Record<string, string | number>): Promise<number> {
  const c: SQL[] = [];
  if (companyId) c.push(sql`company_id = ${companyId}`);
  else if (q.company_id) c.push(sql`company_id = ${q.company_id}`);
  if (q.country) c.push(sql`receiver_country = ${String(q.country).toUpperCase()}`);
  if (q.status) c.push(sql`status = ${q.status}`);
  if (q.delivery_method) c.push(sql`delivery_method = ${q.delivery_method}`);
  if (q.partner_id) c.push(sql`partner_id = ${q.partner_id}`);
  if (q.createdFrom) c.push(sql`created_at >= (${q.createdFrom}::date::timestamp at time zone 'Europe/Bratislava')`);
  if (q.createdTo) c.push(sql`created_at < ((${q.createdTo}::date + 1)::timestamp at time zone 'Europe/Bratislava')`);
  const where = c.length > 0 ? sql`where ${sql.join(c, sql` and `)}` : sql``;
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from shipments ${where}`);
  return row!.n;
}

/** A copy of shipment `from` inserted by SQL with its own numbers and the given values. */
async function insertCopy(from: Shipment, itemNumber: string, set: { createdAt: string; country?: string; status?: string }) {
  await db.execute(sql`
    insert into shipments (item_number, reference_number, status, company_id, client_id, pickup_address_id, partner_id, partner_name,
      product, delivery_method, goods_type, receiver_name, receiver_address_line_1, receiver_city, receiver_postal_code,
      receiver_country, receiver_phone, receiver_email, weight, width, height, length, content, created_at)
    select ${itemNumber}, 'COPY', coalesce(${set.status ?? null}::shipment_status, status), company_id, client_id, pickup_address_id, partner_id, partner_name,
      product, delivery_method, goods_type, receiver_name, receiver_address_line_1, receiver_city, receiver_postal_code,
      coalesce(${set.country ?? null}::char(2), receiver_country), receiver_phone, receiver_email, weight, width, height, length, content,
      ${set.createdAt}::timestamptz
    from shipments where item_number = ${from.item_number}`);
}

const deleteOne = (token: string, itemNumber: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/shipments/${encodeURIComponent(itemNumber)}`, headers: bearer(token) });

const sk: Shipment[] = [];
let cz: Shipment;
let de: Shipment;
let locker: Shipment;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  const ids = await queryRows<{ client_id: string; company_id: string }>(
    db,
    sql`select client_id, company_id from clients where client_id in ('demo-user', 'demo-user-2')`,
  );
  userCompany = ids.find((r) => r.client_id === 'demo-user')!.company_id;
  user2Company = ids.find((r) => r.client_id === 'demo-user-2')!.company_id;
});

afterAll(async () => {
  await t?.close();
});

describe('shipment_counts through the API', () => {
  it('starts empty and exact on a fresh database', async () => {
    expect(await storedBuckets()).toEqual([]);
    await expectExact();
    expect(await listOk(userToken, {})).toEqual({ shipments: [], count: 0 });
  });

  it('counts every created shipment in its bucket', async () => {
    for (let i = 0; i < 3; i++) sk.push(await createShipment(t.app, userToken, { reference_number: `SK-${i}` }));
    cz = await createShipment(t.app, userToken, { receiver_country: 'CZ', receiver_postal_code: '11000' });
    de = await createShipment(t.app, userToken, { receiver_country: 'DE', product: 'TRC', weight: 0.5, receiver_postal_code: '10115' });
    locker = await createShipment(t.app, userToken, { delivery_method: 'parcel_locker', pickup_point_id: await slovakLockerId(db) });
    await createShipment(t.app, user2Token, { receiver_country: 'CZ', receiver_postal_code: '60200' });
    await createShipment(t.app, user2Token, {});
    await expectExact();

    const day = today();
    // Home and locker deliveries to SK are separate buckets (delivery method), both CREATED today.
    expect(await bucketMap(sql`company_id = ${userCompany}`)).toEqual({ [`${day} CREATED SK`]: 4, [`${day} CREATED CZ`]: 1, [`${day} CREATED DE`]: 1 });
    expect(await bucketMap(sql`company_id = ${user2Company}`)).toEqual({ [`${day} CREATED CZ`]: 1, [`${day} CREATED SK`]: 1 });
    const [home] = await queryRows<{ n: number }>(
      db,
      sql`select n::int as n from shipment_counts where company_id = ${userCompany} and receiver_country = 'SK' and delivery_method = 'home_delivery'`,
    );
    expect(home!.n).toBe(3);

    expect(await listCount(userToken)).toBe(6);
    expect(await listCount(user2Token)).toBe(2);
    expect(await listCount(adminToken)).toBe(8);
    expect(await listCount(adminToken, { company_id: user2Company })).toBe(2);
    expect(await listCount(userToken, { country: 'SK' })).toBe(4);
    expect(await listCount(adminToken, { delivery_method: 'parcel_locker' })).toBe(1);
    expect(await listCount(adminToken, { delivery_method: 'home_delivery' })).toBe(7);
  });

  it('moves a deleted shipment from its CREATED bucket to a DELETED one, and drops buckets that reach 0', async () => {
    const day = today();
    expect((await deleteOne(userToken, sk[0]!.item_number)).statusCode).toBe(200);
    expect((await deleteOne(userToken, de.item_number)).statusCode).toBe(200);
    await expectExact();
    // DE had one shipment: its CREATED bucket is gone rather than left at 0.
    expect(await bucketMap(sql`company_id = ${userCompany}`)).toEqual({
      [`${day} CREATED SK`]: 3,
      [`${day} DELETED SK`]: 1,
      [`${day} CREATED CZ`]: 1,
      [`${day} DELETED DE`]: 1,
    });
    const [zeros] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from shipment_counts where n <= 0`);
    expect(zeros!.n).toBe(0);

    expect(await listCount(userToken)).toBe(6);
    expect(await listCount(userToken, { status: 'CREATED' })).toBe(4);
    expect(await listCount(userToken, { status: 'DELETED' })).toBe(2);
    expect(await listCount(userToken, { status: 'DELETED', country: 'DE' })).toBe(1);
    expect(await listCount(userToken, { status: 'CREATED', country: 'DE' })).toBe(0);

    // The bulk delete: one statement moving several rows between buckets.
    const bulk = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/shipments',
      headers: bearer(userToken),
      payload: { item_numbers: [sk[1]!.item_number, cz.item_number, locker.item_number] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await expectExact();
    expect(await listCount(userToken, { status: 'CREATED' })).toBe(1);
    expect(await listCount(userToken, { status: 'DELETED' })).toBe(5);
    expect(await listCount(adminToken, { status: 'DELETED' })).toBe(5);
    expect(await listCount(adminToken, { status: 'CREATED' })).toBe(3);

    // A refused bulk delete (one item no longer CREATED) changes nothing, buckets included.
    const before = await storedBuckets();
    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/shipments',
      headers: bearer(userToken),
      payload: { item_numbers: [sk[2]!.item_number, sk[0]!.item_number] },
    });
    expect(refused.statusCode).toBe(400);
    expect(await storedBuckets()).toEqual(before);
  });

  it('puts a shipment near midnight into its Bratislava calendar day, on insert and when created_at moves', async () => {
    // Inserted directly with these instants (UTC): the day each must count for in Bratislava.
    const instants: Array<[string, string]> = [
      ['2024-03-09T22:59:59.999Z', '2024-03-09'], // 23:59:59.999 CET
      ['2024-03-09T23:00:00Z', '2024-03-10'], // 00:00 CET: already the next day (a UTC day would say 03-09)
      ['2024-03-10T22:59:59Z', '2024-03-10'], // 23:59:59 CET
      ['2024-03-10T23:00:00Z', '2024-03-11'], // 00:00 CET
      ['2024-03-30T23:00:00Z', '2024-03-31'], // 00:00 CET on the day clocks go forward (02:00 → 03:00)
      ['2024-03-31T21:59:59Z', '2024-03-31'], // 23:59:59 CEST
      ['2024-03-31T22:00:00Z', '2024-04-01'], // 00:00 CEST
      ['2024-07-14T21:59:59Z', '2024-07-14'], // 23:59:59 CEST
      ['2024-07-14T22:00:00Z', '2024-07-15'], // 00:00 CEST
      ['2024-10-26T22:00:00Z', '2024-10-27'], // 00:00 CEST on the day clocks go back (03:00 → 02:00)
      ['2024-10-27T22:59:59Z', '2024-10-27'], // 23:59:59 CET: a 25-hour day
      ['2024-10-27T23:00:00Z', '2024-10-28'], // 00:00 CET
    ];
    for (const [i, [instant]] of instants.entries()) {
      await insertCopy(sk[2]!, `PPMID${String(i).padStart(7, '0')}`, { createdAt: instant, country: 'AT' });
    }
    await expectExact();
    const want: Record<string, number> = {};
    for (const [, day] of instants) want[`${day} CREATED AT`] = (want[`${day} CREATED AT`] ?? 0) + 1;
    expect(await bucketMap(sql`company_id = ${userCompany} and receiver_country = 'AT'`)).toEqual(want);

    // The list agrees day by day, for single days and for ranges.
    for (const day of Object.keys(want).map((k) => k.slice(0, 10))) {
      expect(await listCount(userToken, { country: 'AT', createdFrom: day, createdTo: day })).toBe(want[`${day} CREATED AT`]);
    }
    expect(await listCount(userToken, { country: 'AT', createdFrom: '2024-03-10', createdTo: '2024-03-31' })).toBe(5);
    expect(await listCount(userToken, { country: 'AT', createdTo: '2024-03-09' })).toBe(1);
    expect(await listCount(userToken, { country: 'AT', createdFrom: '2024-10-27' })).toBe(3);

    // An UPDATE of created_at moves the row from today's bucket to the day of its new instant.
    const moved = await createShipment(t.app, userToken, { receiver_country: 'AT', product: 'TRC', weight: 0.5, receiver_postal_code: '1070' });
    expect(await listCount(userToken, { country: 'AT', createdFrom: today(), createdTo: today() })).toBe(1);
    await db.execute(sql`update shipments set created_at = '2024-03-10T23:30:00Z' where item_number = ${moved.item_number}`);
    await expectExact();
    expect(await listCount(userToken, { country: 'AT', createdFrom: today(), createdTo: today() })).toBe(0);
    expect(await listCount(userToken, { country: 'AT', createdFrom: '2024-03-11', createdTo: '2024-03-11' })).toBe(2);
    expect(await listCount(userToken, { country: 'AT', createdFrom: '2024-03-10', createdTo: '2024-03-10' })).toBe(2);
  });

  it('answers the same count as count(*) for every combination of the bucket filters', async () => {
    // Spread the rows over statuses and days first.
    await db.execute(sql`update shipments set status = 'SENT' where reference_number = 'COPY' and created_at < '2024-07-01'`);
    await db.execute(sql`update shipments set status = 'MANIFESTED', partner_id = null where reference_number = 'COPY' and created_at >= '2024-10-01'`);
    await expectExact();

    const statuses = [undefined, 'CREATED', 'DELETED', 'SENT', 'MANIFESTED', 'ARRIVED'];
    const countries = [undefined, 'SK', 'cz', 'AT', 'FR'];
    const ranges: Array<Record<string, string>> = [
      {},
      { createdFrom: today(), createdTo: today() },
      { createdFrom: '2024-03-10', createdTo: '2024-03-11' },
      { createdFrom: '2024-03-31' },
      { createdTo: '2024-07-14' },
      { createdFrom: '2024-10-28', createdTo: '2024-10-26' },
    ];
    const checked: string[] = [];
    for (const status of statuses) {
      for (const country of countries) {
        for (const range of ranges) {
          const q: Record<string, string> = { ...range, ...(status ? { status } : {}), ...(country ? { country } : {}) };
          for (const [who, token, companyId] of [
            ['user', asUser, userCompany],
            ['user2', asUser2, user2Company],
            ['admin', asAdmin, null],
          ] as const) {
            const want = await referenceCount(companyId, q);
            const got = await listCount(token(), q);
            expect(got, `${who} ${JSON.stringify(q)}`).toBe(want);
            checked.push(who);
          }
        }
      }
    }
    expect(checked.length).toBe(statuses.length * countries.length * ranges.length * 3);

    // The ADMIN-only bucket filters, alone and together.
    const adminQueries: Array<Record<string, string | number>> = [
      { company_id: userCompany },
      { company_id: user2Company, country: 'CZ' },
      { delivery_method: 'home_delivery' },
      { delivery_method: 'parcel_locker', status: 'DELETED' },
      { partner_id: 3 },
      { partner_id: 7, country: 'CZ' },
      { company_id: userCompany, delivery_method: 'home_delivery', partner_id: 3, status: 'CREATED', createdFrom: today() },
      { company_id: userCompany, status: 'SENT', createdFrom: '2024-01-01', createdTo: '2024-12-31' },
    ];
    for (const q of adminQueries) expect(await listCount(adminToken, q), JSON.stringify(q)).toBe(await referenceCount(null, q));

    // Deeper pages still answer the full count; a page past the end counts too.
    const all = await referenceCount(userCompany, {});
    expect(await listOk(userToken, { skip: 2, take: 2 })).toMatchObject({ count: all });
    expect(await listOk(userToken, { skip: 1000, take: 5 })).toEqual({ shipments: [], count: all });
  });

  it('keeps sum(n) equal to count(*) through a mix of operations', async () => {
    const more: Shipment[] = [];
    for (let i = 0; i < 4; i++) more.push(await createShipment(t.app, userToken, { reference_number: `MIX-${i}` }));
    more.push(await createShipment(t.app, user2Token, { reference_number: 'MIX-B' }));
    await expectExact();

    // One statement moving rows in both directions between the same buckets.
    await db.execute(sql`update shipments set status = case status when 'CREATED' then 'SENT'::shipment_status else 'CREATED'::shipment_status end
                          where reference_number in ('MIX-0', 'MIX-1', 'COPY') and status in ('CREATED', 'SENT')`);
    await expectExact();
    // Two rows into the same bucket with no partner (NULL partner_id is one bucket, not two).
    await db.execute(sql`update shipments set partner_id = null where reference_number in ('MIX-2', 'MIX-3')`);
    await expectExact();
    const [nullBucket] = await queryRows<{ n: number }>(
      db,
      sql`select n::int as n from shipment_counts where partner_id is null and company_id = ${userCompany} and receiver_country = 'SK' and status = 'CREATED'`,
    );
    expect(nullBucket!.n).toBe(2);
    // Country, delivery method and even company changes.
    await db.execute(sql`update shipments set receiver_country = 'PL', delivery_method = 'pickup_point' where reference_number = 'MIX-2'`);
    await db.execute(sql`update shipments set company_id = ${user2Company} where reference_number = 'MIX-3'`);
    await expectExact();
    // Updates that leave every bucket column as it was change nothing.
    const before = await storedBuckets();
    await db.execute(sql`update shipments set status = status, created_at = created_at, info = 'touched', updated_at = now()`);
    expect(await storedBuckets()).toEqual(before);
    // A rolled-back transaction leaves no trace.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update shipments set status = 'ARRIVED'`);
        await tx.execute(sql`delete from shipments where reference_number = 'MIX-B'`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await storedBuckets()).toEqual(before);
    // Hard deletes (the events go with them, ON DELETE CASCADE).
    await db.execute(sql`delete from shipments where reference_number in ('MIX-B', 'MIX-1') or item_number = 'PPMID0000003'`);
    await expectExact();
    // Then creation and deletion through the API again.
    const last = await createShipment(t.app, user2Token, { reference_number: 'MIX-LAST' });
    expect((await deleteOne(user2Token, last.item_number)).statusCode).toBe(200);
    await expectExact();

    const [totals] = await queryRows<{ summed: number; counted: number; zeros: number }>(
      db,
      sql`select (select sum(n) from shipment_counts)::int as summed, (select count(*) from shipments)::int as counted,
                 (select count(*) from shipment_counts where n <= 0)::int as zeros`,
    );
    expect(totals!.summed).toBe(totals!.counted);
    expect(totals!.zeros).toBe(0);
    expect(await listCount(adminToken)).toBe(totals!.counted);
  });

  it('moves a row when any one bucket column changes alone (the statement triggers sum every one of them)', async () => {
    const [row] = await queryRows<{ id: number }>(db, sql`select id::int as id from shipments where company_id = ${userCompany} order by id limit 1`);
    const id = row!.id;
    const changes: Array<[column: string, set: SQL]> = [
      ['company_id', sql`company_id = ${user2Company}::uuid`],
      ['created_at', sql`created_at = created_at - interval '1 day'`],
      ['status', sql`status = case when status = 'ARRIVED' then 'SENT'::shipment_status else 'ARRIVED'::shipment_status end`],
      ['receiver_country', sql`receiver_country = case when receiver_country = 'HU' then 'SI' else 'HU' end`],
      ['delivery_method', sql`delivery_method = case when delivery_method = 'other_pudo' then 'pickup_point'::delivery_method else 'other_pudo'::delivery_method end`],
      ['partner_id', sql`partner_id = case when partner_id is distinct from 4 then 4 else 2 end`],
      ['partner_id (to none)', sql`partner_id = null`],
    ];
    for (const [column, set] of changes) {
      const before = await storedBuckets();
      await db.execute(sql`update shipments set ${set} where id = ${id}`);
      await expectExact();
      expect(await storedBuckets(), column).not.toEqual(before);
    }
  });

  it('keeps the count triggers firing in every replication role (migration 0010), and counts rows written in the replica role', async () => {
    const modes = await queryRows<{ name: string; mode: string }>(
      db,
      sql`select t.tgname as name, t.tgenabled::text as mode from pg_trigger t join pg_proc p on p.oid = t.tgfoid
           where t.tgrelid = 'shipments'::regclass and not t.tgisinternal and starts_with(p.proname, 'shipment_counts_') order by 1`,
    );
    expect(modes).toEqual([
      { name: 'shipment_counts_delete', mode: 'A' },
      { name: 'shipment_counts_insert', mode: 'A' },
      { name: 'shipment_counts_truncate', mode: 'A' },
      { name: 'shipment_counts_update', mode: 'A' },
    ]);
    const [role] = await queryRows<{ superuser: boolean }>(db, sql`select rolsuper as superuser from pg_roles where rolname = current_user`);
    if (!role?.superuser) return; // session_replication_role needs a superuser on PostgreSQL; PGlite's user is one
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into shipments (item_number, status, company_id, client_id, partner_id, product, delivery_method, receiver_name, receiver_address_line_1,
          receiver_city, receiver_postal_code, receiver_country, receiver_phone, receiver_email, weight, width, height, length, content, created_at)
        select 'PPREPLICA' || g, 'CREATED', company_id, client_id, partner_id, product, delivery_method, receiver_name, receiver_address_line_1,
          receiver_city, receiver_postal_code, receiver_country, receiver_phone, receiver_email, weight, width, height, length, content, '2024-10-27T01:30:00Z'
          from shipments, generate_series(1, 2) g where reference_number = 'MIX-0'`);
      await tx.execute(sql`update shipments set status = 'SENT' where item_number = 'PPREPLICA1'`);
      await tx.execute(sql`delete from shipments where item_number = 'PPREPLICA2'`);
    });
    await expectExact();
    const q = { status: 'SENT', createdFrom: '2024-10-27', createdTo: '2024-10-27' };
    expect(await listCount(userToken, q)).toBe(await referenceCount(userCompany, q));
  });

  it('changes many parcels of several companies and days at once without deadlocks and stays exact (migration 0020)', async () => {
    // Statements that move parcels of two companies, created on different days, between statuses,
    // run in parallel transactions on disjoint parcels. The buckets they share are taken in key
    // order per statement (on PostgreSQL the row trigger before 0020 took them in row order and
    // deadlocked); PGlite runs them one after the other, the buckets must be exact either way.
    const base = sk[1]!;
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) {
      const itemNumber = `PPRACE${String(i).padStart(6, '0')}`;
      await insertCopy(base, itemNumber, { createdAt: `2026-0${1 + (i % 3)}-1${i % 7}T10:00:00Z` });
      if (i % 2 === 1) await db.execute(sql`update shipments set company_id = ${user2Company} where item_number = ${itemNumber}`);
      ids.push(itemNumber);
    }
    await expectExact();
    const statuses = ['MANIFESTED', 'ARRIVED', 'SENT', 'DELETED'] as const;
    for (let round = 0; round < 8; round++) {
      const groups = Array.from({ length: 6 }, (_, g) => ids.filter((_, i) => (i + round) % 6 === g));
      const results = await Promise.allSettled(
        groups.map((group, g) =>
          db.transaction(async (tx) => {
            const status = statuses[(g + round) % statuses.length]!;
            await tx.execute(sql`update shipments set status = ${status}, created_at = created_at + ${`${(g % 2) * 2 - 1} day`}::interval
                                  where item_number in (${sql.join(g % 2 ? [...group].reverse() : group, sql`, `)})`);
            await tx.execute(sql`update shipments set status = 'CREATED' where item_number = ${group[0]!}`);
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason?.cause ?? ''))).toEqual([]);
      await expectExact();
    }
  });

  it('rebuilds to the very same buckets with shipment_counts_rebuild()', async () => {
    const before = await storedBuckets();
    const [rebuilt] = await queryRows<{ n: string }>(db, sql`select shipment_counts_rebuild()::text as n`);
    const [counted] = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from shipments`);
    expect(rebuilt!.n).toBe(counted!.n);
    expect(await storedBuckets()).toEqual(before);
    await expectExact();
  });
});

describe('migration 0004_shipment_counts', () => {
  const migrationsFolder = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));
  let database: Database | undefined;
  let drop: () => Promise<void> = async () => {};
  let partial: string | undefined;

  afterAll(async () => {
    await database?.close();
    await drop();
    if (partial) rmSync(partial, { recursive: true, force: true });
  });

  /** A fresh database like tests/setup/test-app.ts makes: PGlite in memory, or a throw-away PostgreSQL database. */
  async function fresh(): Promise<Database> {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return openPglite();
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return openPostgres(url.toString());
  }

  /** The migrations up to and including `lastTag`, in a folder of their own. */
  function migrationsUpTo(lastTag: string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
    cpSync(migrationsFolder, dir, { recursive: true });
    const journalPath = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
    const last = journal.entries.findIndex((e) => e.tag === lastTag);
    expect(last).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalPath, JSON.stringify(journal));
    return dir;
  }

  it('fills the buckets from the shipments that existed before it', async () => {
    database = await fresh();
    partial = migrationsUpTo('0003_shipment_counts_table');
    if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: partial });
    else await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder: partial });
    const old = database.db;

    // Rows as they stood before 0004, in plain SQL with the columns of that time only (today's
    // application code writes the columns of later migrations): partners, two companies, a client each,
    // and shipments over countries, statuses, a Bratislava midnight and a missing partner.
    await old.execute(sql`insert into partners (id, code, name) values (3, 'P3', 'Partner 3'), (7, 'P7', 'Partner 7')`);
    const [a, b] = await queryRows<{ id: string }>(
      old,
      sql`insert into companies (name, street, city, zip, country, company_identification_number, tax_identification_number)
          values ('A s.r.o.', 'Ulica 1', 'Bratislava', '811 01', 'SK', '1', '1'), ('B s.r.o.', 'Ulice 2', 'Praha', '110 00', 'CZ', '2', '2')
          returning id`,
    );
    const [ca, cb] = await queryRows<{ id: string }>(
      old,
      sql`insert into clients (company_id, client_id, secret_hash, name, email)
          values (${a!.id}, 'old-a', 'x', 'A', 'a@example.com'), (${b!.id}, 'old-b', 'x', 'B', 'b@example.com') returning id`,
    );
    const rows: Array<[company: string, client: string, country: string, status: string, createdAt: string, partner: number | null]> = [
      [a!.id, ca!.id, 'SK', 'CREATED', '2024-03-09T22:59:59Z', 3],
      [a!.id, ca!.id, 'SK', 'CREATED', '2024-03-09T23:00:00Z', 3],
      [a!.id, ca!.id, 'SK', 'SENT', '2024-03-09T23:30:00Z', 3],
      [a!.id, ca!.id, 'SK', 'SENT', '2024-03-10T10:00:00Z', 3],
      [a!.id, ca!.id, 'CZ', 'DELETED', '2024-03-10T10:00:00Z', 7],
      [a!.id, ca!.id, 'SK', 'CREATED', '2024-03-10T10:00:00Z', null],
      [a!.id, ca!.id, 'SK', 'CREATED', '2024-03-10T11:00:00Z', null],
      [b!.id, cb!.id, 'CZ', 'CREATED', '2024-07-14T22:00:00Z', 7],
    ];
    for (const [i, [company, client, country, status, createdAt, partner]] of rows.entries()) {
      await old.execute(sql`
        insert into shipments (item_number, status, company_id, client_id, partner_id, product, delivery_method, receiver_name,
          receiver_address_line_1, receiver_city, receiver_postal_code, receiver_country, receiver_phone, receiver_email,
          weight, width, height, length, content, created_at)
        values (${`PPOLD${String(i).padStart(7, '0')}`}, ${status}::shipment_status, ${company}, ${client}, ${partner}, 'PRM', 'home_delivery', 'R',
          'Street', 'City', '00000', ${country}, '+421900000000', 'r@example.com', 1, 10, 10, 10, 'Goods', ${createdAt}::timestamptz)`);
    }
    expect(await storedBuckets(old)).toEqual([]);

    // The rest of the migrations: 0004 creates the trigger and fills the buckets.
    await database.migrate();
    await expectExact(old);
    expect(await storedBuckets(old)).toHaveLength(6);
    const days = await queryRows<{ day: string; status: string; n: number }>(
      old,
      sql`select day::text as day, status::text as status, sum(n)::int as n from shipment_counts where company_id = ${a!.id} group by 1, 2 order by 1, 2`,
    );
    expect(days).toEqual([
      { day: '2024-03-09', status: 'CREATED', n: 1 },
      { day: '2024-03-10', status: 'CREATED', n: 3 },
      { day: '2024-03-10', status: 'DELETED', n: 1 },
      { day: '2024-03-10', status: 'SENT', n: 2 },
    ]);
    const [nullPartner] = await queryRows<{ n: number }>(old, sql`select n::int as n from shipment_counts where partner_id is null`);
    expect(nullPartner!.n).toBe(2);

    // From then on the trigger keeps them, and the list counts from them.
    await old.execute(sql`update shipments set status = 'DELETED' where item_number = 'PPOLD0000000'`);
    await expectExact(old);
    const userA = { clientId: ca!.id, companyId: a!.id, role: 'USER' } as const;
    const parse = (q: Record<string, unknown>) => shipmentListQuerySchema.parse({ take: 1, ...q });
    expect((await listShipments(old, companyScope(userA), parse({}))).count).toBe(7);
    expect((await listShipments(old, companyScope(userA), parse({ status: 'DELETED' }))).count).toBe(2);
    expect((await listShipments(old, companyScope(userA), parse({ createdFrom: '2024-03-10', createdTo: '2024-03-10' }))).count).toBe(6);
  });
});
