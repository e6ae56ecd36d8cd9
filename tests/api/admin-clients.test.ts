// Admin clients (POST /api/v1/admin/client/register, PUT /api/v1/admin/client/{id}, POST
// /api/v1/admin/client/{id}/reset-secret): a registered client signs in with the secret answered
// once and never stored or audited in clear; client ids are unique in any case; disabling ends the
// client's sessions at once; a new secret replaces the old one; ADMIN clients are not managed here.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWithSecretSchema, type ClientWithSecret } from '#shared/contract/admin-clients.ts';
import { adminClientSchema, type AdminClient } from '#shared/contract/admin-companies.ts';
import type { TokenResponse } from '#shared/contract/auth.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import { auditLog, clients, pickupAddressClients, pickupAddresses, refreshTokens } from '#server/db/schema.ts';
import { accessTokens } from '#server/features/auth/access-tokens.ts';
import { ACTIVE_CACHE_MS, activeClients } from '#server/features/auth/active-clients.ts';
import { hashSecret, verifySecret } from '#server/features/auth/passwords.ts';
import { resolveSigningKey } from '#server/features/auth/signing-key.ts';
import { createTestApp, DEMO, refreshWith, requestToken, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, postShipment, shipmentPayload } from './shipments-fixtures.ts';

let t: TestApp;
let app: FastifyInstance;
let adminToken: string;
const roleTokens: Record<'USER' | 'OFFICER' | 'REPORTER', string> = { USER: '', OFFICER: '', REPORTER: '' };
let greenGardenId: string;
let carrierId: string;
let adminId: string;
let demoUserId: string;
let warehouseId: string;
let officeId: string;
let brnoId: string;

const ABSENT = '00000000-0000-4000-8000-000000000000';
const REGISTER = '/api/v1/admin/client/register';

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const db = t.database.db;
  adminToken = (await signIn(app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  roleTokens.USER = (await signIn(app, DEMO.user.clientId, DEMO.user.secret)).token;
  const rows = await db.select().from(clients);
  const byLogin = (login: string) => rows.find((c) => c.clientId === login)!;
  greenGardenId = byLogin(DEMO.user.clientId).companyId;
  carrierId = byLogin(DEMO.admin.clientId).companyId;
  adminId = byLogin(DEMO.admin.clientId).id;
  demoUserId = byLogin(DEMO.user.clientId).id;
  const secretHash = await hashSecret('role-test-secret');
  for (const role of ['OFFICER', 'REPORTER'] as const) {
    await db.insert(clients).values({ companyId: greenGardenId, clientId: `ac-${role.toLowerCase()}`, secretHash, name: role, email: `${role.toLowerCase()}@example.com`, role });
    roleTokens[role] = (await signIn(app, `ac-${role.toLowerCase()}`, 'role-test-secret')).token;
  }
  const addresses = await db.select().from(pickupAddresses);
  warehouseId = addresses.find((a) => a.street === 'Priemyselná 12')!.id;
  officeId = addresses.find((a) => a.street === 'Mlynské nivy 48')!.id;
  brnoId = addresses.find((a) => a.city === 'Brno')!.id;
});

afterAll(async () => {
  await t?.close();
});

interface ErrorBody {
  message: string;
  error: string;
  errors?: Record<string, string[]>;
}

function call(method: 'POST' | 'PUT', url: string, payload?: Record<string, unknown>, token: string | null = adminToken) {
  return app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });
}

function registration(clientId: string, overrides: { client?: Record<string, unknown>; pickup_address?: string[]; company?: string } = {}): Record<string, unknown> {
  return {
    client: { clientId, name: `Client ${clientId}`, email: `${clientId}@example.com`, phone: '+421905000222', ...overrides.client },
    pickup_address: overrides.pickup_address ?? [],
    company: overrides.company ?? greenGardenId,
  };
}

/** Registers through the API; fails unless 201 and the contract parses the answer. */
async function register(clientId: string, overrides: Parameters<typeof registration>[1] = {}): Promise<ClientWithSecret> {
  const res = await call('POST', REGISTER, registration(clientId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  expect(clientWithSecretSchema.safeParse(res.json()).success).toBe(true);
  return res.json<ClientWithSecret>();
}

const updateUrl = (id: string) => `/api/v1/admin/client/${id}`;
const resetUrl = (id: string) => `/api/v1/admin/client/${id}/reset-secret`;

function update(id: string, body: Record<string, unknown>) {
  return call('PUT', updateUrl(id), { enabled: true, email: 'x@example.com', phone: '', name: 'X', role: 'USER', ...body });
}

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(clients).where(eq(clients.id, id));
  return row!;
}

async function auditOf(entityId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id);
}

describe('who may call the admin client routes', () => {
  const routes = (): Array<[string, 'POST' | 'PUT', string, Record<string, unknown> | undefined]> => [
    ['register', 'POST', REGISTER, registration('role-probe')],
    ['update', 'PUT', updateUrl(demoUserId), { enabled: false, email: 'x@example.com', phone: '', name: 'X', role: 'USER' }],
    ['reset', 'POST', resetUrl(demoUserId), undefined],
  ];

  it('answers 401 without a bearer token', async () => {
    for (const [name, method, url, payload] of routes()) {
      const res = await call(method, url, payload, null);
      expect(res.statusCode, name).toBe(401);
    }
  });

  it.each(['USER', 'OFFICER', 'REPORTER'] as const)('answers 403 to a %s and changes nothing', async (role) => {
    for (const [name, method, url, payload] of routes()) {
      const res = await call(method, url, payload, roleTokens[role]);
      expect(res.statusCode, `${role} ${name}`).toBe(403);
      expect(res.json<ErrorBody>().error).toBe('forbidden');
    }
    expect((await rowOf(demoUserId)).enabled).toBe(true);
    expect(await t.database.db.select().from(clients).where(eq(clients.clientId, 'role-probe'))).toEqual([]);
    await signIn(app, DEMO.user.clientId, DEMO.user.secret);
  });
});

describe('POST /api/v1/admin/client/register', () => {
  it("registers a USER who signs in with the secret answered once and gets its company's products", async () => {
    const res = await call('POST', REGISTER, registration('Shop.Nitra', { pickup_address: [warehouseId] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { client, secret, message } = res.json<ClientWithSecret>();
    expect(message).toBe(am.clientCreated.message);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(client).toEqual({
      id: expect.any(String),
      clientId: 'Shop.Nitra',
      name: 'Client Shop.Nitra',
      email: 'Shop.Nitra@example.com',
      phone: '+421905000222',
      role: 'USER',
      enabled: true,
      pickupAddressIds: [warehouseId],
    });

    const row = await rowOf(client.id);
    expect(row).toMatchObject({ companyId: greenGardenId, clientId: 'Shop.Nitra', role: 'USER', enabled: true });
    expect(row.secretHash).toMatch(/^scrypt\$/);
    expect(row.secretHash).not.toContain(secret);
    expect(await verifySecret(secret, row.secretHash)).toBe(true);
    expect(await t.database.db.select().from(pickupAddressClients).where(eq(pickupAddressClients.clientId, client.id))).toEqual([
      { pickupAddressId: warehouseId, clientId: client.id },
    ]);

    const [entry, ...more] = await auditOf(client.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ companyId: greenGardenId, entity: 'client', action: 'create', before: null });
    expect(entry!.after).toEqual({
      clientId: 'Shop.Nitra',
      name: 'Client Shop.Nitra',
      email: 'Shop.Nitra@example.com',
      phone: '+421905000222',
      role: 'USER',
      enabled: true,
      pickupAddressIds: [warehouseId],
    });
    // Neither the secret nor its hash is anywhere in the audit log, nor the secret in the clients table.
    const everything = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(row.secretHash);
    expect(JSON.stringify(await t.database.db.select().from(clients))).not.toContain(secret);

    // Sign-in is case-insensitive on the client id; the token's data has the company's products.
    const signedIn = await requestToken(app, 'shop.nitra', secret);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const data = signedIn.json<TokenResponse>().data;
    const demoUser = (await requestToken(app, DEMO.user.clientId, DEMO.user.secret)).json<TokenResponse>().data;
    expect(data).toMatchObject({ id: client.id, name: 'Client Shop.Nitra', role: 'USER' });
    expect(data.products).toEqual(demoUser.products);
    expect(Object.keys(data.products).length).toBeGreaterThan(0);
  });

  it('registers an OFFICER or a REPORTER; with no address named the client has none assigned', async () => {
    const officer = await register('green-officer', { client: { role: 'OFFICER' } });
    expect(officer.client).toMatchObject({ role: 'OFFICER', pickupAddressIds: [] });
    const reporter = await register('green-reporter', { client: { role: 'REPORTER', phone: undefined }, pickup_address: [warehouseId, officeId, warehouseId] });
    expect(reporter.client).toMatchObject({ role: 'REPORTER', phone: '' });
    expect([...reporter.client.pickupAddressIds].sort()).toEqual([warehouseId, officeId].sort());
    expect(officer.secret).not.toBe(reporter.secret);
    const token = await requestToken(app, 'green-reporter', reporter.secret);
    expect(token.json<TokenResponse>().data.role).toBe('REPORTER');
  });

  it('answers 409 when the client id is taken in any case, with a field error; a race ends the same way', async () => {
    for (const clientId of ['DEMO-USER', 'demo-admin', 'shop.NITRA']) {
      const res = await call('POST', REGISTER, registration(clientId));
      expect(res.statusCode, clientId).toBe(409);
      expect(res.json<ErrorBody>()).toEqual({ error: 'conflict', message: am.clientIdTaken.message, errors: { 'client.clientId': [am.clientIdTaken.message] }, codes: { 'client.clientId': ['client_id.taken'] } });
    }
    const [a, b] = await Promise.all([call('POST', REGISTER, registration('race-id')), call('POST', REGISTER, registration('RACE-ID'))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(
      await t.database.db
        .select()
        .from(clients)
        .where(sql`lower(${clients.clientId}) = 'race-id'`),
    ).toHaveLength(1);
  });

  it('answers 400 with field errors: client id format, role ADMIN, email, company', async () => {
    const res = await call('POST', REGISTER, { client: { clientId: 'a b', name: ' ', email: 'nope', role: 'ADMIN' }, company: 'x' });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.error).toBe('validation_failed');
    expect(body.errors?.['client.clientId']).toEqual([am.clientIdFormat.message]);
    expect(body.errors?.['client.role']).toEqual([am.roleInvalid.message]);
    expect(body.errors?.['client.email']).toEqual([am.emailInvalid.message]);
    expect(body.errors?.['client.name']).toBeDefined();
    expect(body.errors?.company).toBeDefined();
  });

  it("answers 400 on a pickup address that is unknown, another company's or deleted", async () => {
    const [deleted] = await t.database.db
      .insert(pickupAddresses)
      .values({ companyId: greenGardenId, contactPerson: 'X', street: 'Gone 1', zip: '1', city: 'Gone', country: 'SK', email: 'x@example.com', phone: '1', deletedAt: new Date() })
      .returning({ id: pickupAddresses.id });
    for (const id of [ABSENT, brnoId, deleted!.id]) {
      const res = await call('POST', REGISTER, registration('address-probe', { pickup_address: [warehouseId, id] }));
      expect(res.statusCode, id).toBe(400);
      expect(res.json<ErrorBody>()).toMatchObject({ error: 'validation_failed', errors: { pickup_address: [am.pickupAddressNotFound.message] } });
    }
    expect(await t.database.db.select().from(clients).where(eq(clients.clientId, 'address-probe'))).toEqual([]);
  });

  it("answers 404 for an unknown company and for the carrier's own", async () => {
    for (const company of [ABSENT, carrierId]) {
      const res = await call('POST', REGISTER, registration('company-probe', { company }));
      expect(res.statusCode, company).toBe(404);
      expect(res.json<ErrorBody>()).toMatchObject({ error: 'not_found', message: am.companyNotFound.message });
    }
  });
});

describe('PUT /api/v1/admin/client/{id}', () => {
  it('edits name, email, phone and role; the audit names only what changed', async () => {
    const { client } = await register('edit-me');
    const res = await update(client.id, { name: 'Edited Name', email: 'edited@example.com', phone: '+421900000000', role: 'OFFICER' });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminClientSchema.safeParse(res.json()).success).toBe(true);
    expect(res.json<AdminClient>()).toMatchObject({
      id: client.id,
      clientId: 'edit-me',
      name: 'Edited Name',
      email: 'edited@example.com',
      phone: '+421900000000',
      role: 'OFFICER',
      enabled: true,
    });
    expect(await rowOf(client.id)).toMatchObject({ name: 'Edited Name', email: 'edited@example.com', role: 'OFFICER' });
    const entries = await auditOf(client.id);
    expect(entries.at(-1)).toMatchObject({
      companyId: greenGardenId,
      action: 'update',
      before: { name: 'Client edit-me', email: 'edit-me@example.com', phone: '+421905000222', role: 'USER' },
      after: { name: 'Edited Name', email: 'edited@example.com', phone: '+421900000000', role: 'OFFICER' },
    });
  });

  it('disabling ends the signed-in client’s refresh at once and its sign-in; enabling lets it back', async () => {
    const { client, secret } = await register('disable-me');
    const session = await signIn(app, 'disable-me', secret);
    const other = await signIn(app, 'disable-me', secret);
    const res = await update(client.id, { enabled: false, name: client.name, email: client.email, phone: client.phone });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminClient>().enabled).toBe(false);
    expect((await rowOf(client.id)).enabled).toBe(false);
    const tokens = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.clientId, client.id));
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    expect(tokens.every((row) => row.revokedAt !== null)).toBe(true);

    for (const cookie of [session.refreshCookie, other.refreshCookie]) {
      const refreshed = await refreshWith(app, cookie);
      expect(refreshed.statusCode).toBe(400);
      expect(refreshed.json<ErrorBody>().error).toBe('invalid_grant');
    }
    const refused = await requestToken(app, 'disable-me', secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<ErrorBody>().error).toBe('invalid_client');
    expect((await auditOf(client.id)).at(-1)).toMatchObject({ action: 'update', before: { enabled: true }, after: { enabled: false } });

    expect((await update(client.id, { enabled: true, name: client.name, email: client.email, phone: client.phone })).statusCode).toBe(200);
    expect((await requestToken(app, 'disable-me', secret)).statusCode).toBe(200);
  });

  it('a role change ends the client’s sessions at once: the old token and refresh stop, a new sign-in carries the new role', async () => {
    const { client, secret } = await register('demote-me', { client: { role: 'OFFICER' } });
    const session = await signIn(app, 'demote-me', secret);
    expect((await postShipment(app, session.token, shipmentPayload())).statusCode).toBe(201);

    const res = await update(client.id, { role: 'REPORTER', name: client.name, email: client.email, phone: client.phone });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminClient>().role).toBe('REPORTER');

    // The OFFICER token may no longer create, on this instance at once.
    const stale = await postShipment(app, session.token, shipmentPayload());
    expect(stale.statusCode, stale.body).toBe(401);
    const tokens = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.clientId, client.id));
    expect(tokens.every((row) => row.revokedAt !== null)).toBe(true);
    const refreshed = await refreshWith(app, session.refreshCookie);
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json<ErrorBody>().error).toBe('invalid_grant');

    // Another instance (its own cache of ended sessions) refuses the token within the same bound as a disable.
    let now = Date.now();
    const elsewhere = activeClients(t.database.db, ACTIVE_CACHE_MS, () => now);
    const principal = await accessTokens(await resolveSigningKey(t.database.db, undefined)).verify(session.token);
    expect(principal).not.toBeNull();
    now += ACTIVE_CACHE_MS + 1;
    expect(await elsewhere.allows(principal!)).toBe(false);

    // Signing in again gives a REPORTER token, which may not create.
    const again = await signIn(app, 'demote-me', secret);
    expect((await postShipment(app, again.token, shipmentPayload())).statusCode).toBe(403);
  });

  it('an edit that keeps the role and the client enabled keeps its sessions', async () => {
    const { client, secret } = await register('rename-me', { client: { role: 'OFFICER' } });
    const session = await signIn(app, 'rename-me', secret);
    const res = await update(client.id, { role: 'OFFICER', name: 'Renamed', email: client.email, phone: client.phone });
    expect(res.statusCode, res.body).toBe(200);
    expect((await postShipment(app, session.token, shipmentPayload())).statusCode).toBe(201);
    expect((await refreshWith(app, session.refreshCookie)).statusCode).toBe(200);
  });

  it('answers 403 for an ADMIN client and changes nothing', async () => {
    const res = await update(adminId, { enabled: false });
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>()).toMatchObject({ error: 'forbidden', message: am.adminNotManaged.message });
    expect((await rowOf(adminId)).enabled).toBe(true);
    expect(await auditOf(adminId)).toEqual([]);
  });

  it('answers 404 for an unknown client and 400 with field errors on a bad body', async () => {
    const missing = await update(ABSENT, {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorBody>().message).toBe(am.clientNotFound.message);
    const bad = await call('PUT', updateUrl(demoUserId), { email: 'nope', name: 'X', role: 'ADMIN' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ErrorBody>().errors ?? {}).sort()).toEqual(['email', 'enabled', 'role']);
    expect((await call('PUT', updateUrl('not-a-uuid'), { enabled: true, email: 'x@example.com', name: 'X', role: 'USER' })).statusCode).toBe(400);
    expect((await rowOf(demoUserId)).role).toBe('USER');
  });
});

describe('POST /api/v1/admin/client/{id}/reset-secret', () => {
  it('answers a new secret once: the old one is refused, the new one works, sessions end', async () => {
    const { client, secret: old } = await register('reset-me');
    const session = await signIn(app, 'reset-me', old);
    const before = (await rowOf(client.id)).secretHash;

    const res = await call('POST', resetUrl(client.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<ClientWithSecret>();
    expect(clientWithSecretSchema.safeParse(body).success).toBe(true);
    expect(body.message).toBe(am.secretReset.message);
    expect(body.client).toMatchObject({ id: client.id, clientId: 'reset-me', enabled: true });
    expect(body.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body.secret).not.toBe(old);

    const after = (await rowOf(client.id)).secretHash;
    expect(after).not.toBe(before);
    expect(after).not.toContain(body.secret);
    expect((await requestToken(app, 'reset-me', old)).statusCode).toBe(401);
    expect((await requestToken(app, 'reset-me', body.secret)).statusCode).toBe(200);
    expect((await refreshWith(app, session.refreshCookie)).json<ErrorBody>().error).toBe('invalid_grant');

    const entry = (await auditOf(client.id)).at(-1)!;
    expect(entry).toMatchObject({ companyId: greenGardenId, entity: 'client', action: 'update', after: { secretReset: true } });
    const log = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(log).not.toContain(body.secret);
    expect(log).not.toContain(after);
  });

  it('answers 403 for an ADMIN client and 404 for an unknown one', async () => {
    const before = (await rowOf(adminId)).secretHash;
    const admin = await call('POST', resetUrl(adminId));
    expect(admin.statusCode).toBe(403);
    expect(admin.json<ErrorBody>().message).toBe(am.adminNotManaged.message);
    expect((await rowOf(adminId)).secretHash).toBe(before);
    await signIn(app, DEMO.admin.clientId, DEMO.admin.secret);
    const missing = await call('POST', resetUrl(ABSENT));
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorBody>()).toMatchObject({ error: 'not_found', message: am.clientNotFound.message });
  });
});
