// Idempotency-Key on the create routes (POST /api/v2/shipments/store and /api/v1/shipments/store):
// the same key and body answer the first answer again (`idempotent-replayed: true`) without
// creating anything; another body answers 422; a key whose first request still runs answers 409
// with Retry-After; a running key older than 60 s and an expired key are taken over; keys are per
// company and kept 7 days; concurrent duplicates create exactly one set of shipments. A created
// answer is stored in the transaction that creates the shipments, as the text sent (the stored
// body equals the answer's body byte for byte); idempotency-crash.test.ts kills the server.
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import type { WizardShipmentCreated } from '#shared/contract/shipments-wizard.ts';
import { messages } from '#shared/i18n/messages.ts';
import { shipmentMessages } from '#shared/i18n/shipment-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { clients, idempotencyKeys, pickupAddresses, shipments } from '#server/db/schema.ts';
import { translator } from '#server/i18n.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, postShipment, postWizard, shipmentPayload, wizardParcel, wizardPayload } from './shipments-fixtures.ts';

const en = translator('en');
const DAY_MS = 24 * 3600 * 1000;

let t: TestApp;
let userToken: string;
let user2Token: string;
let companyId: string;
let company2Id: string;
let addressId: string;
let address2Id: string;

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  const db = t.database.db;
  const companyOf = async (clientId: string) => (await db.select({ companyId: clients.companyId }).from(clients).where(eq(clients.clientId, clientId)))[0]!.companyId;
  companyId = await companyOf(DEMO.user.clientId);
  company2Id = await companyOf(DEMO.user2.clientId);
  const addressOf = async (id: string) => (await db.select({ id: pickupAddresses.id }).from(pickupAddresses).where(eq(pickupAddresses.companyId, id)).limit(1))[0]!.id;
  addressId = await addressOf(companyId);
  address2Id = await addressOf(company2Id);
});

afterAll(async () => {
  await t?.close();
});

interface ErrorBody {
  message: string;
  error: string;
  errors?: Record<string, string[]>;
}

/** A wizard submission (two parcels) whose package reference marks its shipments. */
const wizard = (reference: string, overrides: Record<string, unknown> = {}) => wizardPayload(addressId, { reference_number: reference, ...overrides });
const withKey = (key: string) => ({ 'idempotency-key': key });
const v2 = (body: Record<string, unknown>, key?: string, token = userToken) => postWizard(t.app, token, body, key === undefined ? {} : withKey(key));
const v2Headers = (body: Record<string, unknown>, headers: Record<string, string>) => postWizard(t.app, userToken, body, headers);
const v1 = (body: Record<string, unknown>, key?: string, token = userToken) => postShipment(t.app, token, body, key === undefined ? {} : withKey(key));

/** How many shipments carry this reference number. */
async function shipmentsWith(reference: string) {
  const [row] = await t.database.db.select({ value: count() }).from(shipments).where(eq(shipments.referenceNumber, reference));
  return row!.value;
}

async function shipmentCount() {
  const [row] = await t.database.db.select({ value: count() }).from(shipments);
  return row!.value;
}

async function keyRow(key: string, company = companyId) {
  const [row] = await t.database.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.companyId, company), eq(idempotencyKeys.key, key)));
  return row;
}

/** The request hash the server stores for `body` on v2: learnt from a real request under a throw-away key. */
async function hashOf(body: Record<string, unknown>, send = v2): Promise<string> {
  const key = `learn-${randomUUID()}`;
  const res = await send(body, key);
  expect(res.statusCode, res.body).toBeLessThan(500);
  return (await keyRow(key))!.requestHash;
}

/** Inserts a key row of demo-user's company as a request still running (no answer yet). */
async function insertRunning(key: string, requestHash: string, createdAt: Date | SQL) {
  await t.database.db.insert(idempotencyKeys).values({ companyId, key, requestHash, responseStatus: null, responseBody: null, createdAt, expiresAt: new Date(Date.now() + 7 * DAY_MS) });
}

describe('v2: the same key and the same body', () => {
  const key = randomUUID();
  const reference = `IDEM-REPLAY-${key.slice(0, 8)}`;
  let first: Awaited<ReturnType<typeof v2>>;
  let second: Awaited<ReturnType<typeof v2>>;

  beforeAll(async () => {
    first = await v2(wizard(reference), key);
    second = await v2(wizard(reference), key);
  });

  it('answers the first answer again, marked as replayed', () => {
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.body).toBe(first.body);
    expect(second.json<WizardShipmentCreated>().shipments).toHaveLength(2);
  });

  it('creates one set of shipments only', async () => {
    expect(await shipmentsWith(reference)).toBe(2);
    const consignment = first.json<WizardShipmentCreated>().consignment_number;
    const rows = await t.database.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.consignmentNumber, consignment));
    expect(rows).toHaveLength(2);
  });

  it('keeps the key for the company about 7 days with the first answer', async () => {
    const row = await keyRow(key);
    expect(row).toBeDefined();
    expect(row!.responseStatus).toBe(201);
    expect(row!.responseBody).toBe(first.body);
    expect(row!.requestHash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(7 * DAY_MS - 5 * 60_000);
    expect(ttl).toBeLessThanOrEqual(7 * DAY_MS);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(7 * DAY_MS - 60_000);
  });

  it('replays again and again, and for the same body written with its keys in another order', async () => {
    const reordered = Object.fromEntries(Object.entries(wizard(reference)).reverse());
    for (const body of [wizard(reference), reordered]) {
      const res = await v2(body, key);
      expect(res.statusCode).toBe(201);
      expect(res.headers['idempotent-replayed']).toBe('true');
      expect(res.body).toBe(first.body);
    }
    expect(await shipmentsWith(reference)).toBe(2);
  });

  it('treats a default written out (goods_type GOODS, quantity 1) as the same body', async () => {
    const explicit = wizard(reference, { goods_type: 'GOODS', parcels: (wizard(reference).parcels as Array<Record<string, unknown>>).map((p) => ({ ...p, quantity: 1, fragile: false })) });
    const res = await v2(explicit, key);
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect(await shipmentsWith(reference)).toBe(2);
  });

  it('stores the JSON answer, not the compressed stream, when the first request accepted gzip', async () => {
    const gzKey = randomUUID();
    const ref = `IDEM-GZIP-${gzKey.slice(0, 8)}`;
    const zipped = await v2Headers(wizard(ref), { ...withKey(gzKey), 'accept-encoding': 'gzip' });
    expect(zipped.statusCode).toBe(201);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const text = gunzipSync(zipped.rawPayload).toString('utf8');
    expect((await keyRow(gzKey))!.responseBody).toBe(text);
    const replay = await v2(wizard(ref), gzKey);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(text);
    const zippedReplay = await v2Headers(wizard(ref), { ...withKey(gzKey), 'accept-encoding': 'gzip' });
    expect(gunzipSync(zippedReplay.rawPayload).toString('utf8')).toBe(text);
    expect(await shipmentsWith(ref)).toBe(2);
  });

  it('creates every time without a key', async () => {
    const ref = `IDEM-NOKEY-${randomUUID().slice(0, 8)}`;
    expect((await v2(wizard(ref))).statusCode).toBe(201);
    expect((await v2(wizard(ref))).statusCode).toBe(201);
    expect(await shipmentsWith(ref)).toBe(4);
  });
});

describe('v2: the same key with another body', () => {
  it("answers 422 validation_failed and creates nothing; the key keeps the first request's answer", async () => {
    const key = randomUUID();
    const reference = `IDEM-DIFF-${key.slice(0, 8)}`;
    const first = await v2(wizard(reference), key);
    expect(first.statusCode, first.body).toBe(201);
    const before = await shipmentCount();

    const other = await v2(wizard(`${reference}-B`), key);
    expect(other.statusCode).toBe(422);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    const body = other.json<ErrorBody>();
    expect(body.error).toBe('validation_failed');
    expect(body.message).toBe(en(serverMessages.idempotencyMismatch));
    expect(await shipmentCount()).toBe(before);
    expect(await shipmentsWith(`${reference}-B`)).toBe(0);

    const row = await keyRow(key);
    expect(row).toMatchObject({ responseStatus: 201, responseBody: first.body });
    // The original body still replays.
    const again = await v2(wizard(reference), key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
  });

  it('answers 422 for a key first used on v1 and then on v2 (the route is part of the request)', async () => {
    const key = randomUUID();
    const ref = `IDEM-ROUTE-${key.slice(0, 8)}`;
    expect((await v1(shipmentPayload({ reference_number: ref }), key)).statusCode).toBe(201);
    const res = await v2(wizard(ref), key);
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>().error).toBe('validation_failed');
    expect(await shipmentsWith(ref)).toBe(1);
  });
});

describe('v2: a key whose first request is still running', () => {
  it('answers 409 with Retry-After and creates nothing', async () => {
    const reference = `IDEM-RUNNING-${randomUUID().slice(0, 8)}`;
    const hash = await hashOf(wizard(reference));
    const before = await shipmentsWith(reference);
    const key = randomUUID();
    await insertRunning(key, hash, new Date());

    const res = await v2(wizard(reference), key);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(res.json<ErrorBody>().message).toBe(en(serverMessages.idempotencyInProgress));
    expect(await shipmentsWith(reference)).toBe(before);
    // The running request's row is left alone.
    expect(await keyRow(key)).toMatchObject({ responseStatus: null, requestHash: hash });
  });

  it('answers 422 when the running request had another body', async () => {
    const key = randomUUID();
    await insertRunning(key, 'f'.repeat(64), new Date());
    const reference = `IDEM-RUNNING-DIFF-${key.slice(0, 8)}`;
    const res = await v2(wizard(reference), key);
    expect(res.statusCode).toBe(422);
    expect(await shipmentsWith(reference)).toBe(0);
  });

  it('takes over a running key older than 60 s (inserted with a JavaScript date 2 minutes ago)', async () => {
    const reference = `IDEM-ABANDONED-${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    await insertRunning(key, 'dead'.repeat(16), new Date(Date.now() - 2 * 60_000));
    const res = await v2(wizard(reference), key);
    expect(res.statusCode, res.body).toBe(201);
    expect(await shipmentsWith(reference)).toBe(2);
    const row = await keyRow(key);
    expect(row).toMatchObject({ responseStatus: 201, responseBody: res.body });
    expect(Date.now() - row!.createdAt.getTime()).toBeLessThan(60_000);
  });

  it("takes over a running key older than 60 s written by the database's clock (microsecond created_at)", async () => {
    const reference = `IDEM-ABANDONED-DB-${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    // A row as the server itself writes it: created_at from now(), with microseconds.
    await insertRunning(key, 'dead'.repeat(16), sql`now() - interval '2 minutes'`);
    const res = await v2(wizard(reference), key);
    expect(res.statusCode, res.body).toBe(201);
    expect(await shipmentsWith(reference)).toBe(2);
  });

  it('does not take over a running key of 30 s', async () => {
    const reference = `IDEM-RECENT-${randomUUID().slice(0, 8)}`;
    const hash = await hashOf(wizard(reference));
    const before = await shipmentsWith(reference);
    const key = randomUUID();
    await insertRunning(key, hash, new Date(Date.now() - 30_000));
    const res = await v2(wizard(reference), key);
    expect(res.statusCode).toBe(409);
    expect(await shipmentsWith(reference)).toBe(before);
  });
});

describe('v2: expired keys', () => {
  it('reuses a key inserted with expires_at in the past as new', async () => {
    const key = randomUUID();
    const reference = `IDEM-EXPIRED-${key.slice(0, 8)}`;
    await t.database.db.insert(idempotencyKeys).values({
      companyId,
      key,
      requestHash: 'e'.repeat(64),
      responseStatus: 201,
      responseBody: '{"old":true}',
      createdAt: new Date(Date.now() - 8 * DAY_MS),
      expiresAt: new Date(Date.now() - DAY_MS),
    });
    const res = await v2(wizard(reference), key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await shipmentsWith(reference)).toBe(2);
    const row = await keyRow(key);
    expect(row!.responseBody).toBe(res.body);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
  });

  // The row is the server's own, so created_at carries the database clock's precision
  // (microseconds on PostgreSQL), as in production.
  it('reuses a key the server stored once it has expired (same body creates again)', async () => {
    const key = randomUUID();
    const reference = `IDEM-EXPIRED-REAL-${key.slice(0, 8)}`;
    expect((await v2(wizard(reference), key)).statusCode).toBe(201);
    await t.database.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(idempotencyKeys.companyId, companyId), eq(idempotencyKeys.key, key)));
    const res = await v2(wizard(reference), key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await shipmentsWith(reference)).toBe(4);
  });
});

describe('v2: keys are per company', () => {
  it("lets demo-user-2 use demo-user's key for its own shipments", async () => {
    const key = randomUUID();
    const reference = `IDEM-COMPANY-${key.slice(0, 8)}`;
    const mine = await v2(wizard(reference), key);
    expect(mine.statusCode, mine.body).toBe(201);

    const body2 = wizardPayload(address2Id, { reference_number: reference, receiver_country: 'CZ', receiver_city: 'Praha', receiver_postal_code: '11000', receiver_phone: '602 345 678', cod_amount: 1290, insurance: 5000 });
    const theirs = await v2(body2, key, user2Token);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<WizardShipmentCreated>().consignment_number).not.toBe(mine.json<WizardShipmentCreated>().consignment_number);

    const rows = await t.database.db.select({ companyId: shipments.companyId }).from(shipments).where(eq(shipments.referenceNumber, reference));
    expect(rows.filter((r) => r.companyId === companyId)).toHaveLength(2);
    expect(rows.filter((r) => r.companyId === company2Id)).toHaveLength(2);
    expect(await keyRow(key, companyId)).toMatchObject({ responseStatus: 201, responseBody: mine.body });
    expect(await keyRow(key, company2Id)).toMatchObject({ responseStatus: 201, responseBody: theirs.body });

    // Each company replays its own answer.
    const replay2 = await v2(body2, key, user2Token);
    expect(replay2.headers['idempotent-replayed']).toBe('true');
    expect(replay2.body).toBe(theirs.body);
  });
});

describe('v2: malformed keys', () => {
  it.each([
    ['300 characters', 'k'.repeat(300)],
    ['256 characters', 'k'.repeat(256)],
    ['a space', 'my key'],
    ['an empty value', ''],
    ['a non-ASCII letter', 'kľúč-1'],
  ])('answers 400 on Idempotency-Key for a key with %s and creates nothing', async (_label, key) => {
    const reference = `IDEM-BADKEY-${randomUUID().slice(0, 8)}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/shipments/store', headers: { ...bearer(userToken), 'idempotency-key': Buffer.from(key, 'utf8').toString('latin1') }, payload: wizard(reference) });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.error).toBe('invalid_request');
    expect(body.errors).toEqual({ 'Idempotency-Key': [en(messages.invalidValue)] });
    expect(await shipmentsWith(reference)).toBe(0);
  });

  it('accepts a key of 255 visible ASCII characters', async () => {
    const key = `${'k'.repeat(250)}-!~#$`;
    expect(key).toHaveLength(255);
    const reference = `IDEM-LONGKEY-${randomUUID().slice(0, 8)}`;
    const first = await v2(wizard(reference), key);
    expect(first.statusCode, first.body).toBe(201);
    const second = await v2(wizard(reference), key);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await shipmentsWith(reference)).toBe(2);
  });
});

describe('v2: answers that are not 201', () => {
  it('replays a 422 rule failure for the same body, and refuses a corrected body under that key', async () => {
    const key = randomUUID();
    const reference = `IDEM-422-${key.slice(0, 8)}`;
    const failing = wizard(reference, { parcels: [wizardParcel({ fragile: true })] });
    const first = await v2(failing, key);
    expect(first.statusCode).toBe(422);
    expect(first.json<ErrorBody>().errors).toEqual({ 'parcels.0.fragile': [en(shipmentMessages.fragileNotAllowed)] });

    const second = await v2(failing, key);
    expect(second.statusCode).toBe(422);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect(await keyRow(key)).toMatchObject({ responseStatus: 422, responseBody: first.body });

    // The key is bound to the failed request: a corrected body needs a new key.
    const corrected = await v2(wizard(reference), key);
    expect(corrected.statusCode).toBe(422);
    expect(corrected.json<ErrorBody>().message).toBe(en(serverMessages.idempotencyMismatch));
    expect(await shipmentsWith(reference)).toBe(0);
  });

  it('keeps no key for a 400 schema failure, so the corrected body succeeds under the same key', async () => {
    const key = randomUUID();
    const reference = `IDEM-400-${key.slice(0, 8)}`;
    const bad = await v2(wizard(reference, { content: '' }), key);
    expect(bad.statusCode).toBe(400);
    expect(await keyRow(key)).toBeUndefined();
    const good = await v2(wizard(reference), key);
    expect(good.statusCode, good.body).toBe(201);
    expect(await shipmentsWith(reference)).toBe(2);
  });

  it('keeps no key for a request without a token (401)', async () => {
    const key = randomUUID();
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/shipments/store', headers: withKey(key), payload: wizard('IDEM-401') });
    expect(res.statusCode).toBe(401);
    const [row] = await t.database.db.select({ value: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row!.value).toBe(0);
  });
});

describe('v2: concurrent duplicates', () => {
  it('creates exactly one set of shipments for 5 identical requests sent at once', async () => {
    const key = randomUUID();
    const reference = `IDEM-CONCURRENT-${key.slice(0, 8)}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => v2(wizard(reference), key)));
    const statuses = answers.map((r) => r.statusCode);
    for (const status of statuses) expect([201, 409]).toContain(status);
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    // Every 201 is the same answer (the first, or its replay).
    expect(new Set(created.map((r) => r.body)).size).toBe(1);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.headers['retry-after']).toBe('1');
    expect(await shipmentsWith(reference)).toBe(2);

    // A retry afterwards gets the answer.
    const retry = await v2(wizard(reference), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(created[0]!.body);
  });
});

describe('v1: the single send form', () => {
  it('replays the same key and body without creating a second shipment', async () => {
    const key = randomUUID();
    const reference = `V1-REPLAY-${key.slice(0, 8)}`;
    const first = await v1(shipmentPayload({ reference_number: reference }), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await v1(shipmentPayload({ reference_number: reference }), key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect(second.json<{ shipment: Shipment }>().shipment.item_number).toBe(first.json<{ shipment: Shipment }>().shipment.item_number);
    expect(await shipmentsWith(reference)).toBe(1);
    const row = await keyRow(key);
    expect(row).toMatchObject({ responseStatus: 201, responseBody: first.body });
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(7 * DAY_MS - 5 * 60_000);
  });

  it('answers 422 to the same key with another body and creates nothing', async () => {
    const key = randomUUID();
    const reference = `V1-DIFF-${key.slice(0, 8)}`;
    expect((await v1(shipmentPayload({ reference_number: reference }), key)).statusCode).toBe(201);
    const before = await shipmentCount();
    const res = await v1(shipmentPayload({ reference_number: reference, weight: 2 }), key);
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>()).toMatchObject({ error: 'validation_failed', message: en(serverMessages.idempotencyMismatch) });
    expect(await shipmentCount()).toBe(before);
  });

  it('answers 409 with Retry-After while the first request runs, and takes over after 60 s', async () => {
    const reference = `V1-RUNNING-${randomUUID().slice(0, 8)}`;
    const body = shipmentPayload({ reference_number: reference });
    const hash = await hashOf(body, v1);
    const before = await shipmentsWith(reference);

    const running = randomUUID();
    await insertRunning(running, hash, new Date());
    const res = await v1(body, running);
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBe('1');
    expect(await shipmentsWith(reference)).toBe(before);

    const abandoned = randomUUID();
    await insertRunning(abandoned, hash, new Date(Date.now() - 2 * 60_000));
    const taken = await v1(body, abandoned);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(await shipmentsWith(reference)).toBe(before + 1);
  });

  it('replays a 422 rule failure for the same body', async () => {
    const key = randomUUID();
    const body = shipmentPayload({ reference_number: 'V1-422', width: 151 });
    const first = await v1(body, key);
    expect(first.statusCode).toBe(422);
    const second = await v1(body, key);
    expect(second.statusCode).toBe(422);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
  });

  it('answers 400 to a malformed key', async () => {
    const reference = `V1-BADKEY-${randomUUID().slice(0, 8)}`;
    const res = await v1(shipmentPayload({ reference_number: reference }), 'x'.repeat(300));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().errors).toEqual({ 'Idempotency-Key': [en(messages.invalidValue)] });
    expect(await shipmentsWith(reference)).toBe(0);
  });

  it('creates exactly one shipment for 5 identical requests sent at once', async () => {
    const key = randomUUID();
    const reference = `V1-CONCURRENT-${key.slice(0, 8)}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => v1(shipmentPayload({ reference_number: reference }), key)));
    for (const r of answers) expect([201, 409]).toContain(r.statusCode);
    expect(answers.some((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(answers.filter((r) => r.statusCode === 201).map((r) => r.body)).size).toBe(1);
    expect(await shipmentsWith(reference)).toBe(1);
  });

  it('lets another company use the same key independently', async () => {
    const key = randomUUID();
    const reference = `V1-COMPANY-${key.slice(0, 8)}`;
    expect((await v1(shipmentPayload({ reference_number: reference }), key)).statusCode).toBe(201);
    const theirs = await v1(shipmentPayload({ reference_number: reference }), key, user2Token);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await shipmentsWith(reference)).toBe(2);
  });
});
