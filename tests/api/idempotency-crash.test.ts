// Exactly once across a crash (found by `npm run chaos`: a server killed after a create committed
// and before its answer was recorded created the shipment again when the resend took over the
// key 60 s later). The kill is simulated in the database: while `crash_switch.killed` is set, a
// write to idempotency_keys outside the transaction that made the change fails, as the dead
// server's onSend never wrote; the key is then aged past the 60 s takeover and the request resent.
// The resend must answer the first answer byte for byte and change nothing again: shipments (v1
// and v2), imports and depot scans. Also: a kill before anything committed lets the resend do the
// work; a create failing at its commit frees its key; an import that could not be queued frees
// its key with it; and (PostgreSQL) a create still running when its key is taken over rolls back.
import { and, count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ParcelStatusAnswer } from '#shared/contract/parcel-status.ts';
import type { Shipment } from '#shared/contract/shipments.ts';
import type { WizardShipmentCreated } from '#shared/contract/shipments-wizard.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { clients, idempotencyKeys, imports, pickupAddresses, shipmentEvents, shipments } from '#server/db/schema.ts';
import { IMPORT_QUEUE } from '#server/features/imports/import-job.ts';
import { translator } from '#server/i18n.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment, postShipment, postWizard, shipmentPayload, wizardPayload } from './shipments-fixtures.ts';

const en = translator('en');

let t: TestApp;
let userToken: string;
let adminToken: string;
let companyId: string;
let addressId: string;

/** The simulated failures, each armed by a column of `crash_switch`. */
const CRASH_SQL = [
  `create table crash_switch (killed boolean not null, fail_commit boolean not null, fail_queue boolean not null, hold boolean not null)`,
  `insert into crash_switch values (false, false, false, false)`,
  // The transaction that creates shipments (their events), scans parcels (events) or stores an import marks itself.
  `create function crash_mark_change() returns trigger language plpgsql as $$
   begin perform set_config('crash.changed', 'yes', true); return null; end $$`,
  `create trigger crash_mark_events after insert on shipment_events for each statement execute function crash_mark_change()`,
  `create trigger crash_mark_imports after insert on imports for each statement execute function crash_mark_change()`,
  // Killed: the answer can no longer be written anywhere but in the changing transaction.
  `create function crash_kill() returns trigger language plpgsql as $$
   begin
     if (select killed from crash_switch) and coalesce(current_setting('crash.changed', true), '') <> 'yes' then
       raise exception 'simulated kill: the answer was never recorded';
     end if;
     return coalesce(new, old);
   end $$`,
  `create trigger crash_kill before update or delete on idempotency_keys for each row execute function crash_kill()`,
  // The shipments' transaction fails at its COMMIT (after everything in it, the key's answer included, ran).
  `create function crash_fail_commit() returns trigger language plpgsql as $$
   begin if (select fail_commit from crash_switch) then raise exception 'simulated failure at commit'; end if; return null; end $$`,
  `create constraint trigger crash_fail_commit after insert on shipment_events deferrable initially deferred for each row execute function crash_fail_commit()`,
  // The job queue refuses the import's job.
  `create function crash_fail_queue() returns trigger language plpgsql as $$
   begin if (select fail_queue from crash_switch) and new.name = '${IMPORT_QUEUE}' then raise exception 'simulated queue failure'; end if; return new; end $$`,
  `create trigger crash_fail_queue before insert on pgboss.job for each row execute function crash_fail_queue()`,
  // A create of a CRASH-HOLD shipment holds in its transaction until the test lets advisory lock 4242 go.
  `create function crash_hold() returns trigger language plpgsql as $$
   begin if (select hold from crash_switch) then perform pg_advisory_xact_lock(4242); end if; return null; end $$`,
  `create trigger crash_hold after insert on shipments for each row when (new.reference_number like 'CRASH-HOLD-%') execute function crash_hold()`,
];

type Switch = 'killed' | 'fail_commit' | 'fail_queue' | 'hold';
const arm = (name: Switch, on = true) => t.database.db.execute(sql`update crash_switch set ${sql.identifier(name)} = ${on}`);

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  for (const statement of CRASH_SQL) await t.database.db.execute(sql.raw(statement));
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  const db = t.database.db;
  companyId = (await db.select({ companyId: clients.companyId }).from(clients).where(eq(clients.clientId, DEMO.user.clientId)))[0]!.companyId;
  addressId = (await db.select({ id: pickupAddresses.id }).from(pickupAddresses).where(eq(pickupAddresses.companyId, companyId)).limit(1))[0]!.id;
});

beforeEach(async () => {
  await t.database.db.execute(sql`update crash_switch set killed = false, fail_commit = false, fail_queue = false, hold = false`);
});

afterAll(async () => {
  await t?.close();
});

const withKey = (key: string) => ({ 'idempotency-key': key, 'accept-language': 'en' });

/** The key's row of demo-user's company (or of the admin's, for scans). */
async function keyRow(key: string) {
  const [row] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  return row;
}

/** What the killed server leaves, 60 s on: its key's row older than the takeover (disarmed first). */
async function afterTheTakeoverDelay(key: string) {
  await arm('killed', false);
  await t.database.db
    .update(idempotencyKeys)
    .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '2 minutes'` })
    .where(eq(idempotencyKeys.key, key));
}

async function shipmentsWith(reference: string) {
  const [row] = await t.database.db.select({ value: count() }).from(shipments).where(eq(shipments.referenceNumber, reference));
  return row!.value;
}

describe('a kill after the create committed and before its answer was recorded', () => {
  it('v1: the resend answers the first answer and creates no second shipment', async () => {
    const key = `crash-v1-${randomUUID()}`;
    const reference = `CRASH-V1-${key.slice(-8)}`;
    await arm('killed');
    const first = await postShipment(t.app, userToken, shipmentPayload({ reference_number: reference }), withKey(key));
    await afterTheTakeoverDelay(key);

    const resend = await postShipment(t.app, userToken, shipmentPayload({ reference_number: reference }), withKey(key));
    expect(await shipmentsWith(reference)).toBe(1);
    expect(resend.statusCode, resend.body).toBe(201);
    expect(resend.headers['idempotent-replayed']).toBe('true');
    expect(first.statusCode, first.body).toBe(201);
    expect(resend.body).toBe(first.body);
    expect(await keyRow(key)).toMatchObject({ responseStatus: 201, responseBody: first.body });
    const [row] = await t.database.db.select({ itemNumber: shipments.itemNumber }).from(shipments).where(eq(shipments.referenceNumber, reference));
    expect(resend.json<{ shipment: Shipment }>().shipment.item_number).toBe(row!.itemNumber);
  });

  it('v2: the resend answers the first answer and creates no second consignment', async () => {
    const key = `crash-v2-${randomUUID()}`;
    const reference = `CRASH-V2-${key.slice(-8)}`;
    const body = wizardPayload(addressId, { reference_number: reference });
    await arm('killed');
    const first = await postWizard(t.app, userToken, body, withKey(key));
    await afterTheTakeoverDelay(key);

    const resend = await postWizard(t.app, userToken, body, withKey(key));
    expect(await shipmentsWith(reference)).toBe(2);
    expect(resend.statusCode, resend.body).toBe(201);
    expect(resend.headers['idempotent-replayed']).toBe('true');
    expect(first.statusCode, first.body).toBe(201);
    expect(resend.body).toBe(first.body);
    expect(resend.json<WizardShipmentCreated>().shipments).toHaveLength(2);
  });

  it('import: the resend answers the first answer and stores no second import', async () => {
    const key = `crash-import-${randomUUID()}`;
    const filename = `${key}.csv`;
    const rows = [
      ['Meno', 'Ulica', 'Číslo domu', 'Mesto', 'PSČ', 'Krajina', 'Telefón', 'E-mail', 'Obsah', 'Hmotnosť', 'Šírka', 'Výška', 'Dĺžka', 'Referencia'],
      ['Ján Novák', 'Hlavná', '1', 'Žilina', '010 01', 'SK', '0905 123 456', 'jan@example.com', 'Semená', '2,5', '30', '20', '40', `CRASH-IMP-${key.slice(-8)}`],
    ];
    const payload = { type: 'csv', filename, file: Buffer.from(Papa.unparse(rows, { delimiter: ';', newline: '\r\n' })).toString('base64') };
    const upload = () => t.app.inject({ method: 'POST', url: '/api/v1/shipments/import', headers: { ...bearer(userToken), ...withKey(key) }, payload });
    await arm('killed');
    const first = await upload();
    await afterTheTakeoverDelay(key);

    const resend = await upload();
    const stored = await t.database.db.select({ id: imports.id }).from(imports).where(eq(imports.filename, filename));
    expect(stored).toHaveLength(1);
    expect(resend.statusCode, resend.body).toBe(201);
    expect(resend.headers['idempotent-replayed']).toBe('true');
    expect(first.statusCode, first.body).toBe(201);
    expect(resend.body).toBe(first.body);
    expect(resend.json<{ id: string }>().id).toBe(stored[0]!.id);
  });

  it('scan: the resend answers what the first scan did (updated), not "unchanged"', async () => {
    const parcel = await createShipment(t.app, userToken);
    const key = `crash-scan-${randomUUID()}`;
    const payload = { status: 'ARRIVED', parcels_id: [parcel.tracking_number] };
    const scan = () => t.app.inject({ method: 'POST', url: '/api/v1/admin/shipments/parcel-status', headers: { ...bearer(adminToken), ...withKey(key) }, payload });
    await arm('killed');
    const first = await scan();
    await afterTheTakeoverDelay(key);

    const resend = await scan();
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json<ParcelStatusAnswer>()).toMatchObject({ updated: 1, results: [{ result: 'updated' }] });
    expect(resend.headers['idempotent-replayed']).toBe('true');
    expect(first.statusCode, first.body).toBe(200);
    expect(resend.body).toBe(first.body);
    const [shipment] = await t.database.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.itemNumber, parcel.item_number));
    const events = await t.database.db.select({ status: shipmentEvents.status }).from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment!.id)).orderBy(shipmentEvents.id);
    expect(events.map((e) => e.status)).toEqual(['CREATED', 'ARRIVED']);
  });
});

describe('a kill before anything committed', () => {
  it('leaves the key running, and the resend after 60 s takes it over and answers afresh', async () => {
    const key = `crash-422-${randomUUID()}`;
    const body = shipmentPayload({ reference_number: `CRASH-422-${key.slice(-8)}`, width: 151 });
    await arm('killed');
    // The rule failure changes nothing: its answer is recorded when sent, which the kill prevents
    // (the answer itself still goes out: a failed recording is logged, not answered).
    const first = await postShipment(t.app, userToken, body, withKey(key));
    expect(first.statusCode).toBe(422);
    expect(first.body).not.toMatch(/idempotency_keys|simulated/);
    expect(await keyRow(key)).toMatchObject({ responseStatus: null, responseBody: null });
    await afterTheTakeoverDelay(key);

    const resend = await postShipment(t.app, userToken, body, withKey(key));
    expect(resend.statusCode).toBe(422);
    expect(resend.headers['idempotent-replayed']).toBeUndefined();
    expect(resend.body).toBe(first.body);
    expect(await keyRow(key)).toMatchObject({ responseStatus: 422, responseBody: resend.body });
  });
});

describe('a create whose transaction fails at its commit', () => {
  it('creates nothing and frees its key (5xx), so the retry creates the shipment once', async () => {
    const key = `crash-commit-${randomUUID()}`;
    const reference = `CRASH-COMMIT-${key.slice(-8)}`;
    await arm('fail_commit');
    const failed = await postShipment(t.app, userToken, shipmentPayload({ reference_number: reference }), withKey(key));
    expect(failed.statusCode).toBe(500);
    expect(await shipmentsWith(reference)).toBe(0);
    expect(await keyRow(key)).toBeUndefined();

    await arm('fail_commit', false);
    const retry = await postShipment(t.app, userToken, shipmentPayload({ reference_number: reference }), withKey(key));
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await shipmentsWith(reference)).toBe(1);
    expect(await keyRow(key)).toMatchObject({ responseStatus: 201, responseBody: retry.body });
  });
});

describe('an import that could not be queued', () => {
  it('ends FAILED and frees its key in the same transaction, so the retry uploads anew', async () => {
    const key = `crash-queue-${randomUUID()}`;
    const filename = `${key}.csv`;
    const file = Buffer.from('Meno;Ulica\r\nJán;Hlavná').toString('base64');
    const upload = () => t.app.inject({ method: 'POST', url: '/api/v1/shipments/import', headers: { ...bearer(userToken), ...withKey(key) }, payload: { type: 'csv', filename, file } });
    await arm('fail_queue');
    const failed = await upload();
    expect(failed.statusCode).toBe(500);
    expect(await keyRow(key)).toBeUndefined();
    const [record] = await t.database.db.select({ status: imports.status, errorMessage: imports.errorMessage }).from(imports).where(eq(imports.filename, filename));
    expect(record).toEqual({ status: 'FAILED', errorMessage: serverMessages.importInterrupted.id });

    await arm('fail_queue', false);
    const retry = await upload();
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json<{ message: string }>().message).toBe(en(serverMessages.importStarted));
    expect(await t.database.db.select({ id: imports.id }).from(imports).where(eq(imports.filename, filename))).toHaveLength(2);
    expect(await keyRow(key)).toMatchObject({ responseStatus: 201, responseBody: retry.body });
  });
});

// PGlite runs one statement at a time, so a create cannot be held open while another request runs.
describe.runIf(!!process.env.TEST_DATABASE_URL)('a create still running when a resend takes its key over (PostgreSQL)', () => {
  it('rolls back with 409 while the resend creates the shipment once', async () => {
    const key = `crash-hold-${randomUUID()}`;
    const reference = `CRASH-HOLD-${key.slice(-8)}`;
    const body = shipmentPayload({ reference_number: reference });
    const locker = new pg.Client({ connectionString: t.database.jobQueue.connectionString });
    await locker.connect();
    try {
      await locker.query('select pg_advisory_lock(4242)');
      await arm('hold');
      // Inserts of shipments into this database waiting for a lock (the advisory lock, or the
      // other create's row of shipment_counts).
      const waiting = async (n: number) => {
        const { rows } = await locker.query<{ n: number }>(
          `select count(distinct l.pid)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
           where not l.granted and a.datname = current_database() and a.query ilike 'insert into "shipments"%'`,
        );
        expect(rows[0]!.n).toBe(n);
      };
      const slow = postShipment(t.app, userToken, body, withKey(key));
      await vi.waitFor(() => waiting(1), { timeout: 10_000, interval: 50 });
      // The slow create's key looks abandoned: a resend takes it over and holds as well.
      await t.database.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '2 minutes'` })
        .where(and(eq(idempotencyKeys.companyId, companyId), eq(idempotencyKeys.key, key)));
      const resend = postShipment(t.app, userToken, body, withKey(key));
      await vi.waitFor(() => waiting(2), { timeout: 10_000, interval: 50 });
      await locker.query('select pg_advisory_unlock(4242)');

      const [slowAnswer, resendAnswer] = await Promise.all([slow, resend]);
      expect(slowAnswer.statusCode, slowAnswer.body).toBe(409);
      expect(slowAnswer.headers['retry-after']).toBe('1');
      expect(resendAnswer.statusCode, resendAnswer.body).toBe(201);
      expect(await shipmentsWith(reference)).toBe(1);
      const again = await postShipment(t.app, userToken, body, withKey(key));
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(resendAnswer.body);
    } finally {
      await arm('hold', false);
      await locker.end();
    }
  });
});
