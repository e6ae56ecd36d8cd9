// shipment_counts, property-based: random sequences of writes to shipments (single-row, batch,
// COPY, a writable CTE inserting twice in one statement, INSERT … ON CONFLICT DO UPDATE, the
// send form through the API; updates of every bucket column, mostly one at a time, sometimes also
// setting the others to themselves; soft deletes through the list's delete service; hard deletes;
// batch, COPY and upsert sometimes in the replica role the import writes in; any step sometimes
// rolled back), with created_at around Bratislava midnights, the hours of both DST changes and a
// year's end. After every step:
// - the buckets are exactly a GROUP BY of the rows, each row's day taken by Intl in
//   Europe/Bratislava (not by the database's time zone code), so no bucket is stale or at 0;
// - for every combination of the list's countable filters (ADMIN: company, status, country,
//   delivery method, partner, createdFrom, createdTo, 128 combinations; each USER: status,
//   country, createdFrom, createdTo, 16), the buckets it selects sum to the rows it selects;
// - the list itself (listShipments, which counts from the buckets) answers that count for a
//   sample of the combinations, and for all of them after the last step of each run.
//
// Seeded and reproducible: a failure names its seed and the path of the shrunk case; replay it with
//   COUNTS_PROPERTY_SEED=<seed> COUNTS_PROPERTY_PATH=<path> npx vitest run tests/api/shipment-counts-property.test.ts
// COUNTS_PROPERTY_RUNS changes the number of runs (12 by default: about 10 s on PGlite on a busy
// 2-core machine). Also runs on PostgreSQL with TEST_DATABASE_URL (tests/setup/test-app.ts);
// there COPY goes through COPY … FROM STDIN.
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteClientOf, queryRows, type Db } from '#server/db/client.ts';
import { companyScope } from '#server/company-scope.ts';
import type { Principal } from '#server/features/auth/access-tokens.ts';
import { deleteShipments, listShipments } from '#server/features/shipments/shipments.service.ts';
import { shipmentListQuerySchema, type ShipmentListFilters } from '#shared/contract/shipments.ts';
import { DELIVERY_METHODS, SHIPMENT_STATUSES, type DeliveryMethod, type ShipmentStatus } from '#shared/domain/enums.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, shipmentPayload } from './shipments-fixtures.ts';

const TIME_ZONE = 'Europe/Bratislava';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** The Bratislava calendar day of an instant, yyyy-MM-dd. */
const dayOf = (ms: number) => localDate.format(new Date(ms));
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The instant a Bratislava calendar day begins (UTC+1 in winter, UTC+2 in summer; midnight is never skipped or repeated there). */
function midnight(date: string): number {
  for (const hours of [1, 2]) {
    const at = Date.parse(`${date}T00:00:00Z`) - hours * HOUR;
    if (dayOf(at) === date && dayOf(at - 1) !== date) return at;
  }
  throw new Error(`no Bratislava midnight found for ${date}`);
}

// Days whose midnights the rows cluster around: winter and summer days, both days of each DST
// change (31 March 2024 has 23 hours, 27 October 2024 has 25) and the turn of the year.
const ANCHOR_DAYS = ['2024-01-15', '2024-03-31', '2024-04-01', '2024-07-14', '2024-10-27', '2024-10-28', '2025-01-01'];
const DST_SWITCHES = [Date.parse('2024-03-31T01:00:00Z'), Date.parse('2024-10-27T01:00:00Z')];
const ANCHORS = [...ANCHOR_DAYS.map(midnight), ...DST_SWITCHES];
const TODAY = dayOf(Date.now());
/** The days the date filters pick from: every anchor day, its neighbours, and today (rows made through the API). */
const FILTER_DAYS = [...new Set([...ANCHOR_DAYS.flatMap((d) => [addDays(d, -1), d, addDays(d, 1)]), addDays(TODAY, -1), TODAY])].sort();

const COUNTRIES = ['SK', 'CZ', 'DE'] as const;
/** Partners the rows carry (none is a bucket of its own) and those the partner filter asks for. */
const PARTNER_IDS = [null, 1, 3, 7] as const;
const FILTER_PARTNERS = [1, 3, 7];
const COMPANIES = 3;
/** Runs, steps per run at most, and list calls per step besides the full set at the end of a run. */
const RUNS = 12;
const MAX_STEPS = 16;
const LIST_SAMPLE = 6;

// ---------------------------------------------------------------------------------------------
// Steps

const instant = fc
  .tuple(
    fc.constantFrom(...ANCHORS),
    fc.oneof(fc.constantFrom(0, -1, 1, -1000, 999, -HOUR, HOUR, -2 * HOUR), fc.integer({ min: -3 * HOUR, max: 3 * HOUR })),
  )
  .map(([anchor, offset]) => anchor + offset);

const rowSpec = fc.record({
  company: fc.nat({ max: COMPANIES - 1 }),
  status: fc.constantFrom(...SHIPMENT_STATUSES),
  country: fc.constantFrom(...COUNTRIES),
  method: fc.constantFrom(...DELIVERY_METHODS),
  partner: fc.constantFrom(...PARTNER_IDS),
  at: instant,
});
type RowSpec = {
  company: number;
  status: ShipmentStatus;
  country: string;
  method: DeliveryMethod;
  partner: number | null;
  at: number;
};

/** Which existing rows a step changes: picks into the rows in id order, a company's rows, or all. */
type Selector = { rows: number[] } | { company: number } | { all: true };
const selector: fc.Arbitrary<Selector> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ rows: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ company: fc.nat({ max: COMPANIES - 1 }) }) },
  { weight: 1, arbitrary: fc.constant({ all: true as const }) },
);

/** New values for an update; `same` also sets every other bucket column to itself (UPDATE OF fires all the same). */
type Changes = Partial<Omit<RowSpec, 'at'>> & { at?: number; shift?: number; same?: true };
const column = {
  company: fc.nat({ max: COMPANIES - 1 }),
  status: fc.constantFrom(...SHIPMENT_STATUSES),
  country: fc.constantFrom(...COUNTRIES),
  method: fc.constantFrom(...DELIVERY_METHODS),
  partner: fc.constantFrom(...PARTNER_IDS),
  at: instant,
  shift: fc.oneof(fc.constantFrom(-DAY, DAY, -HOUR, HOUR, -1, 1), fc.integer({ min: -2 * DAY, max: 2 * DAY })),
};
// Mostly one column at a time (a trigger that missed one column would hide behind the others),
// sometimes several; now and then every other bucket column set to itself too.
const changes: fc.Arbitrary<Changes> = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.oneof(...Object.entries(column).map(([key, value]) => fc.record({ [key]: value } as Record<string, fc.Arbitrary<unknown>>))) },
      { weight: 1, arbitrary: fc.record(column, { requiredKeys: [] }) },
    ),
    fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  )
  .map(([set, same]) => ({ ...(set as Changes), ...(same ? { same: true as const } : {}) }));

type InsertVia = 'single' | 'batch' | 'copy' | 'cte';
type Step =
  | { op: 'insert'; via: InsertVia; rows: RowSpec[]; replica: boolean; rollback: boolean }
  | { op: 'upsert'; existing: number[]; rows: RowSpec[]; replica: boolean; rollback: boolean }
  | { op: 'api'; user: 0 | 1; country: 'SK' | 'CZ' }
  | { op: 'update'; which: Selector; set: Changes; rollback: boolean }
  | { op: 'soft-delete'; which: Selector; rollback: boolean }
  | { op: 'hard-delete'; which: Selector; rollback: boolean };

const rollback = fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });
const rows = (min: number, max: number) => fc.array(rowSpec, { minLength: min, maxLength: max });

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('insert' as const), via: fc.constant('single' as const), rows: rows(1, 1), replica: fc.constant(false), rollback }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('insert' as const), via: fc.constant('batch' as const), rows: rows(2, 8), replica: fc.boolean(), rollback }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('insert' as const), via: fc.constant('copy' as const), rows: rows(1, 8), replica: fc.boolean(), rollback }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('insert' as const), via: fc.constant('cte' as const), rows: rows(2, 6), replica: fc.constant(false), rollback }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('upsert' as const), existing: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), rows: rows(1, 4), replica: fc.boolean(), rollback }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('api' as const), user: fc.constantFrom(0 as const, 1 as const), country: fc.constantFrom('SK' as const, 'CZ' as const) }) },
  { weight: 8, arbitrary: fc.record({ op: fc.constant('update' as const), which: selector, set: changes, rollback }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('soft-delete' as const), which: selector, rollback }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('hard-delete' as const), which: selector, rollback }) },
);

// ---------------------------------------------------------------------------------------------
// The database side

let t: TestApp;
let db: Db;
/** The three demo companies (the carrier's, demo-user's, demo-user-2's), each with a client of its own. */
let companies: Array<{ id: string; clientId: string }>;
let admin: Principal;
let users: [Principal, Principal];
let userTokens: [string, string];
/** session_replication_role needs a superuser on PostgreSQL (PGlite's user is one). */
let canReplica = false;
let itemSerial = 0;

type Row = {
  id: number;
  item_number: string;
  company_id: string;
  status: ShipmentStatus;
  receiver_country: string;
  delivery_method: DeliveryMethod;
  partner_id: number | null;
  ms: number;
};

/** Every row's bucket columns, created_at as epoch milliseconds. */
const snapshot = () =>
  queryRows<Row>(
    db,
    sql`select id::float8 as id, item_number, company_id, status::text as status, receiver_country, delivery_method::text as delivery_method, partner_id,
               (extract(epoch from created_at) * 1000)::float8 as ms
          from shipments order by id`,
  );

const COLUMNS = [
  'item_number', 'status', 'company_id', 'client_id', 'partner_id', 'product', 'delivery_method', 'receiver_name', 'receiver_address_line_1',
  'receiver_city', 'receiver_postal_code', 'receiver_country', 'receiver_phone', 'receiver_email', 'weight', 'width', 'height', 'length', 'content', 'created_at',
] as const;

/** A row's values in COLUMNS order. */
function values(spec: RowSpec, itemNumber: string): Array<string | number | null> {
  const company = companies[spec.company]!;
  return [
    itemNumber, spec.status, company.id, company.clientId, spec.partner, 'PRM', spec.method, 'Receiver', 'Street 1',
    'City', '00000', spec.country, '+421900000000', 'r@example.com', 1, 10, 10, 10, 'Goods', new Date(spec.at).toISOString(),
  ];
}

const CASTS: Partial<Record<(typeof COLUMNS)[number], string>> = {
  status: 'shipment_status', company_id: 'uuid', client_id: 'uuid', partner_id: 'integer', product: 'product', delivery_method: 'delivery_method',
  receiver_country: 'char(2)', weight: 'numeric', width: 'integer', height: 'integer', length: 'integer', created_at: 'timestamptz',
};

const tuple = (row: Array<string | number | null>) =>
  sql`(${sql.join(row.map((v, i) => (CASTS[COLUMNS[i]!] ? sql`${v}::${sql.raw(CASTS[COLUMNS[i]!]!)}` : sql`${v}`)), sql`, `)})`;
const columnList = sql.raw(COLUMNS.map((c) => `"${c}"`).join(', '));
const nextItem = () => `PPX${String(++itemSerial).padStart(9, '0')}`;

const csvLine = (row: Array<string | number | null>) => row.map((v) => (v === null ? '' : String(v))).join(',');

/** COPY FROM STDIN for node-postgres, without a stream library: answers the CopyIn request with the whole text. */
class CopyFromText extends pg.Query {
  constructor(
    text: string,
    private readonly data: string,
    callback: (error: Error | null) => void,
  ) {
    super({ text, callback } as pg.QueryConfig);
  }
  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }) {
    connection.sendCopyFromChunk(Buffer.from(this.data));
    connection.endCopyFrom();
  }
}

/** COPY csv into shipments inside the transaction `tx`: PGlite reads a Blob (as the import does), PostgreSQL STDIN. */
async function copyRows(tx: Db, lines: string[]): Promise<void> {
  const statement = `copy shipments (${COLUMNS.map((c) => `"${c}"`).join(', ')}) from '/dev/blob' with (format csv)`;
  const pglite = pgliteClientOf(tx);
  if (pglite) {
    await pglite.query(statement, [], { blob: new Blob([lines.join('\n')]) });
    return;
  }
  const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
  await new Promise<void>((resolve, reject) => {
    client.query(new CopyFromText(statement.replace("'/dev/blob'", 'stdin'), `${lines.join('\n')}\n`, (error) => (error ? reject(error) : resolve())));
  });
}

function selectRows(which: Selector, current: Row[]): Row[] {
  if ('all' in which) return current;
  if ('company' in which) return current.filter((r) => r.company_id === companies[which.company]!.id);
  const picked = new Map<number, Row>();
  if (current.length === 0) return [];
  for (const i of which.rows) picked.set(i % current.length, current[i % current.length]!);
  return [...picked.values()];
}

const ids = (rows: Row[]) => sql.join(rows.map((r) => sql`${r.id}`), sql`, `);

const BUCKET_COLUMNS = ['company_id', 'created_at', 'status', 'receiver_country', 'delivery_method', 'partner_id'] as const;

function assignments(set: Changes): SQL[] {
  const byColumn = new Map<(typeof BUCKET_COLUMNS)[number], SQL>();
  if (set.company !== undefined) byColumn.set('company_id', sql`company_id = ${companies[set.company]!.id}::uuid, client_id = ${companies[set.company]!.clientId}::uuid`);
  if (set.status !== undefined) byColumn.set('status', sql`status = ${set.status}::shipment_status`);
  if (set.country !== undefined) byColumn.set('receiver_country', sql`receiver_country = ${set.country}`);
  if (set.method !== undefined) byColumn.set('delivery_method', sql`delivery_method = ${set.method}::delivery_method`);
  if (set.partner !== undefined) byColumn.set('partner_id', sql`partner_id = ${set.partner}::integer`);
  if (set.at !== undefined) byColumn.set('created_at', sql`created_at = ${new Date(set.at).toISOString()}::timestamptz`);
  else if (set.shift !== undefined) byColumn.set('created_at', sql`created_at = created_at + ${set.shift} * interval '1 millisecond'`);
  if (set.same) for (const c of BUCKET_COLUMNS) if (!byColumn.has(c)) byColumn.set(c, sql.raw(`"${c}" = "${c}"`));
  return [...byColumn.values(), sql`updated_at = now()`];
}

const ROLLBACK = new Error('roll back this step');

/** Runs a step's writes in one transaction, in the replica role when asked, rolled back when asked. */
async function inTransaction(options: { replica?: boolean; rollback?: boolean }, work: (tx: Db) => Promise<void>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if (options.replica && canReplica) await tx.execute(sql`set local session_replication_role = replica`);
      await work(tx);
      if (options.rollback) throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

async function apply(s: Step): Promise<void> {
  switch (s.op) {
    case 'insert': {
      const made = s.rows.map((r) => values(r, nextItem()));
      await inTransaction(s, async (tx) => {
        if (s.via === 'copy') return copyRows(tx, made.map(csvLine));
        if (s.via === 'cte') {
          const half = Math.ceil(made.length / 2);
          await tx.execute(sql`with first as (insert into shipments (${columnList}) values ${sql.join(made.slice(0, half).map(tuple), sql`, `)} returning id)
                               insert into shipments (${columnList}) values ${sql.join(made.slice(half).map(tuple), sql`, `)}`);
          return;
        }
        // single and batch: one INSERT … VALUES statement with one or several rows
        await tx.execute(sql`insert into shipments (${columnList}) values ${sql.join(made.map(tuple), sql`, `)}`);
      });
      // Not vacuous: the rows are there (or, rolled back, not).
      const [found] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from shipments where item_number in (${sql.join(made.map((v) => sql`${v[0]}`), sql`, `)})`);
      expect(found!.n, `${s.via} insert`).toBe(s.rollback ? 0 : made.length);
      return;
    }
    case 'upsert': {
      const current = await snapshot();
      const reused = [...new Set(current.length === 0 ? [] : s.existing.map((i) => current[i % current.length]!.item_number))];
      const made = s.rows.map((r, i) => values(r, reused[i] ?? nextItem()));
      return inTransaction(s, async (tx) => {
        await tx.execute(sql`insert into shipments (${columnList}) values ${sql.join(made.map(tuple), sql`, `)}
                             on conflict (item_number) do update set status = excluded.status, company_id = excluded.company_id, client_id = excluded.client_id,
                               partner_id = excluded.partner_id, delivery_method = excluded.delivery_method, receiver_country = excluded.receiver_country,
                               created_at = excluded.created_at, updated_at = now()`);
      });
    }
    case 'api': {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/shipments/store',
        headers: bearer(userTokens[s.user]),
        payload: shipmentPayload(s.country === 'CZ' ? { receiver_country: 'CZ', receiver_postal_code: '11000' } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      return;
    }
    case 'update': {
      const target = selectRows(s.which, await snapshot());
      if (target.length === 0) return;
      return inTransaction(s, async (tx) => {
        await tx.execute(sql`update shipments set ${sql.join(assignments(s.set), sql`, `)} where id in (${ids(target)})`);
      });
    }
    case 'soft-delete': {
      const target = selectRows(s.which, await snapshot()).filter((r) => r.status === 'CREATED');
      if (target.length === 0) return;
      return inTransaction(s, async (tx) => {
        // As the list's delete does it (service, per company, CREATED only).
        for (const [i, company] of companies.entries()) {
          const mine = target.filter((r) => r.company_id === company.id).map((r) => r.item_number);
          const principal: Principal = i === 0 ? admin : users[i - 1]!;
          if (mine.length > 0) await deleteShipments(tx, companyScope(principal), mine);
        }
      });
    }
    case 'hard-delete': {
      const target = selectRows(s.which, await snapshot());
      if (target.length === 0) return;
      return inTransaction(s, async (tx) => {
        await tx.execute(sql`delete from shipments where id in (${ids(target)})`);
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The checks

type Bucket = {
  company_id: string;
  day: string;
  status: string;
  receiver_country: string;
  delivery_method: string;
  partner_id: number | null;
  n: number;
};
const bucketKey = (b: Omit<Bucket, 'n'>) => `${b.company_id} ${b.day} ${b.status} ${b.receiver_country} ${b.delivery_method} ${b.partner_id ?? '-'}`;

/** Every bucket exactly as a GROUP BY of the rows says, the day by Intl (so no bucket at 0 either). */
async function expectBucketsExact(current: Row[], where: string): Promise<void> {
  const expected = new Map<string, number>();
  for (const r of current) {
    const key = bucketKey({ ...r, day: dayOf(r.ms) });
    expected.set(key, (expected.get(key) ?? 0) + 1);
  }
  const stored = await queryRows<Bucket>(
    db,
    sql`select company_id, day::text as day, status::text as status, receiver_country, delivery_method::text as delivery_method, partner_id, n::int as n
          from shipment_counts`,
  );
  const got = Object.fromEntries(stored.map((b) => [bucketKey(b), b.n]).sort());
  expect(got, `shipment_counts ${where}`).toEqual(Object.fromEntries([...expected].sort()));
  // shipment_totals: the same buckets without their day (migration 0019), kept by the same triggers.
  const expectedTotals = new Map<string, number>();
  for (const r of current) {
    const key = bucketKey({ ...r, day: '*' });
    expectedTotals.set(key, (expectedTotals.get(key) ?? 0) + 1);
  }
  const storedTotals = await queryRows<Bucket>(
    db,
    sql`select company_id, '*' as day, status::text as status, receiver_country, delivery_method::text as delivery_method, partner_id, n::int as n
          from shipment_totals`,
  );
  const gotTotals = Object.fromEntries(storedTotals.map((b) => [bucketKey(b), b.n]).sort());
  expect(gotTotals, `shipment_totals ${where}`).toEqual(Object.fromEntries([...expectedTotals].sort()));
}

/** A small seeded generator, so each step's filter values follow from the run's seed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Filters = Pick<ShipmentListFilters, 'company_id' | 'status' | 'country' | 'delivery_method' | 'partner_id' | 'createdFrom' | 'createdTo'>;
const ADMIN_DIMENSIONS = ['company_id', 'status', 'country', 'delivery_method', 'partner_id', 'createdFrom', 'createdTo'] as const;
const USER_DIMENSIONS = ['status', 'country', 'createdFrom', 'createdTo'] as const;

/** Every subset of `dimensions`, each with values drawn from the filters' domains. */
function combinations(dimensions: ReadonlyArray<keyof Filters>, random: () => number): Filters[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const out: Filters[] = [];
  for (let mask = 0; mask < 1 << dimensions.length; mask++) {
    const q: Filters = {};
    const has = (d: keyof Filters) => (mask & (1 << dimensions.indexOf(d))) !== 0;
    if (has('company_id')) q.company_id = pick(companies).id;
    if (has('status')) q.status = pick(SHIPMENT_STATUSES);
    if (has('country')) q.country = pick(COUNTRIES);
    if (has('delivery_method')) q.delivery_method = pick(DELIVERY_METHODS);
    if (has('partner_id')) q.partner_id = pick(FILTER_PARTNERS);
    if (has('createdFrom')) q.createdFrom = pick(FILTER_DAYS);
    // A range of one to three days when both ends are there, else any day.
    if (has('createdTo')) q.createdTo = q.createdFrom ? addDays(q.createdFrom, Math.floor(random() * 3)) : pick(FILTER_DAYS);
    out.push(q);
  }
  return out;
}

/** What the count must be: the rows the filters select, counted here. */
function referenceCount(current: Row[], companyId: string | undefined, q: Filters): number {
  return current.filter((r) => {
    const day = dayOf(r.ms);
    return (
      (!companyId || r.company_id === companyId) &&
      (!q.company_id || r.company_id === q.company_id) &&
      (!q.status || r.status === q.status) &&
      (!q.country || r.receiver_country === q.country) &&
      (!q.delivery_method || r.delivery_method === q.delivery_method) &&
      (!q.partner_id || r.partner_id === q.partner_id) &&
      (!q.createdFrom || day >= q.createdFrom) &&
      (!q.createdTo || day <= q.createdTo)
    );
  }).length;
}

/** One filter combination as a caller asks it: the caller, the company its scope keeps to (none: ADMIN), the filters. */
type Case = { principal: Principal; own: string | undefined; q: Filters };

/** Every combination of the list's countable filters: ADMIN's 128 and each USER's 16. */
function filterCases(random: () => number): Case[] {
  const callers: Array<[Principal, ReadonlyArray<keyof Filters>]> = [[admin, ADMIN_DIMENSIONS], [users[0], USER_DIMENSIONS], [users[1], USER_DIMENSIONS]];
  return callers.flatMap(([principal, dimensions]) =>
    combinations(dimensions, random).map((q) => ({ principal, own: principal.role === 'ADMIN' ? undefined : principal.companyId, q })),
  );
}

const describeCase = (c: Case) => `${c.principal.role}${c.own ? ` of ${c.own}` : ''} ${JSON.stringify(c.q)}`;

/**
 * shipment_counts against count(*) for every combination, in one statement: the sum of the
 * buckets each combination selects (whole Bratislava days from createdFrom to createdTo) next to
 * the number of rows it selects, counted here.
 */
async function expectBucketSumsExact(current: Row[], cases: Case[], where: string): Promise<void> {
  const list = cases.map((c, i) => {
    const company = c.own ?? c.q.company_id ?? null;
    return sql`(${i}::int, ${company}::uuid, ${c.q.status ?? null}::shipment_status, ${c.q.country ?? null}::char(2), ${c.q.delivery_method ?? null}::delivery_method,
                ${c.q.partner_id ?? null}::int, ${c.q.createdFrom ?? null}::date, ${c.q.createdTo ?? null}::date)`;
  });
  const sums = await queryRows<{ i: number; n: number }>(
    db,
    sql`select q.i, (select coalesce(sum(b.n), 0)::int from shipment_counts b
                      where (q.company is null or b.company_id = q.company) and (q.status is null or b.status = q.status)
                        and (q.country is null or b.receiver_country = q.country) and (q.method is null or b.delivery_method = q.method)
                        and (q.partner is null or b.partner_id = q.partner) and (q.day_from is null or b.day >= q.day_from)
                        and (q.day_to is null or b.day <= q.day_to)) as n
          from (values ${sql.join(list, sql`, `)}) as q(i, company, status, country, method, partner, day_from, day_to)
         order by q.i`,
  );
  expect(sums).toHaveLength(cases.length);
  for (const { i, n } of sums) {
    const c = cases[i]!;
    const want = referenceCount(current, c.own, c.q);
    if (n !== want) throw new Error(`${where}: the buckets of ${describeCase(c)} sum to ${n}, the rows say ${want}`);
  }
}

/**
 * The list's own count (listShipments, which sums the buckets) for the given combinations. skip
 * beyond the end makes it count every time (a short first page would tell the count without the
 * buckets).
 */
async function expectListCountsExact(current: Row[], cases: Case[], where: string): Promise<void> {
  for (const c of cases) {
    const got = await listShipments(db, companyScope(c.principal), shipmentListQuerySchema.parse({ ...c.q, take: 1, skip: 1_000_000 }));
    const want = referenceCount(current, c.own, c.q);
    if (got.count !== want) throw new Error(`${where}: the list counts ${got.count} for ${describeCase(c)}, the rows say ${want}`);
  }
}

/** `size` of the cases, drawn without repeats. */
function sample<T>(list: T[], size: number, random: () => number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < size && pool.length > 0) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

async function principalOf(clientId: string): Promise<Principal> {
  const [row] = await queryRows<{ id: string; company_id: string; role: Principal['role'] }>(
    db,
    sql`select id, company_id, role::text as role from clients where client_id = ${clientId}`,
  );
  if (!row) throw new Error(`no client ${clientId}`);
  return { clientId: row.id, companyId: row.company_id, role: row.role };
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  admin = await principalOf(DEMO.admin.clientId);
  users = [await principalOf(DEMO.user.clientId), await principalOf(DEMO.user2.clientId)];
  companies = [admin, ...users].map((p) => ({ id: p.companyId, clientId: p.clientId }));
  expect(new Set(companies.map((c) => c.id)).size).toBe(COMPANIES);
  userTokens = [(await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token, (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token];
  const [role] = await queryRows<{ superuser: boolean }>(db, sql`select rolsuper as superuser from pg_roles where rolname = current_user`);
  canReplica = role?.superuser === true;
});

afterAll(async () => {
  await t?.close();
});

describe('shipment_counts under random writes', () => {
  it('the reference days are right: midnights, a 23-hour and a 25-hour day', () => {
    for (const day of ANCHOR_DAYS) {
      expect(dayOf(midnight(day))).toBe(day);
      expect(dayOf(midnight(day) - 1)).toBe(addDays(day, -1));
    }
    expect(midnight('2024-04-01') - midnight('2024-03-31')).toBe(23 * HOUR);
    expect(midnight('2024-10-28') - midnight('2024-10-27')).toBe(25 * HOUR);
    expect(new Date(midnight('2024-07-14')).toISOString()).toBe('2024-07-13T22:00:00.000Z');
    expect(new Date(midnight('2024-01-15')).toISOString()).toBe('2024-01-14T23:00:00.000Z');
  });

  it('keeps every bucket and every filter combination of the list exact after every step', async () => {
    const seed = process.env.COUNTS_PROPERTY_SEED ? Number(process.env.COUNTS_PROPERTY_SEED) : Math.floor(Math.random() * 2 ** 31);
    const path = process.env.COUNTS_PROPERTY_PATH;
    const numRuns = Number(process.env.COUNTS_PROPERTY_RUNS ?? RUNS);
    let steps = 0;
    let listCalls = 0;
    // Each run begins with a batch of rows, so that its updates and deletes have rows to work on.
    const start = fc.record({ op: fc.constant('insert' as const), via: fc.constant('batch' as const), rows: rows(3, 10), replica: fc.constant(false), rollback: fc.constant(false) });
    const plans = fc.tuple(start, fc.array(step, { minLength: 1, maxLength: MAX_STEPS, size: 'max' })).map(([first, more]): Step[] => [first, ...more]);
    const property = fc.asyncProperty(plans, fc.integer(), async (plan, probe) => {
      // Each run starts from no shipments and buckets rebuilt, whatever the run before left.
      await db.execute(sql`delete from shipments`);
      await db.execute(sql`select shipment_counts_rebuild()`);
      const random = mulberry32(probe);
      let current: Row[] = [];
      let cases: Case[] = [];
      for (const [i, s] of plan.entries()) {
        await apply(s);
        current = await snapshot();
        const where = `after step ${i + 1} of ${plan.length} (${s.op}${'via' in s ? ` ${s.via}` : ''}), ${current.length} rows`;
        await expectBucketsExact(current, where);
        cases = filterCases(random);
        await expectBucketSumsExact(current, cases, where);
        // The list's own code for a sample after each step, for every combination at the end.
        const asked = sample(cases, LIST_SAMPLE, random);
        await expectListCountsExact(current, asked, where);
        listCalls += asked.length;
        steps++;
      }
      await expectListCountsExact(current, cases, `at the end, ${current.length} rows`);
      listCalls += cases.length;
    });
    try {
      await fc.assert(property, { seed, numRuns, ...(path ? { path } : {}), interruptAfterTimeLimit: 150_000 });
    } catch (error) {
      // fast-check's report (seed, path, the shrunk steps) and the failed check follow as causes.
      const failedPath = /path: "([^"]*)"/.exec(error instanceof Error ? error.message : '')?.[1] ?? '<path of the report below>';
      throw new Error(
        `shipment_counts property failed with seed ${seed}; replay the shrunk case: COUNTS_PROPERTY_SEED=${seed} COUNTS_PROPERTY_PATH='${failedPath}' npx vitest run tests/api/shipment-counts-property.test.ts`,
        { cause: error },
      );
    }
    // Not vacuous: the runs wrote, and checked through the list.
    expect(steps).toBeGreaterThan(0);
    expect(listCalls).toBeGreaterThanOrEqual(steps * LIST_SAMPLE);
  }, 240_000);
});
