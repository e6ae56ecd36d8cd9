// Admin pickup addresses (POST /api/v1/admin/company/{companyId}/pickup-address, DELETE
// /api/v1/admin/pickup-address/{id}), partner assignments (POST/DELETE …/{id}/partner), partner
// candidates and priorities (GET/PUT /api/v1/admin/partner): what each change stores and audits,
// its 400/404/409 answers, ADMIN only; a deleted address leaves the client's list and new
// shipments while its shipments' labels still print it; an assignment routes the next shipment.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPickupAddressSchema, partnerCandidateListSchema, type AdminPickupAddress, type PartnerCandidate } from '#shared/contract/admin-pickup-addresses.ts';
import type { PickupAddress } from '#shared/contract/pickup-addresses.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import {
  auditLog,
  clients,
  companies,
  partners,
  pickupAddressClients,
  pickupAddressCredentials,
  pickupAddresses,
  pickupAddressPartners,
  shipments,
} from '#server/db/schema.ts';
import { hashSecret } from '#server/features/auth/passwords.ts';
import { pdfText } from '../setup/pdf-tools.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment, postShipment, shipmentPayload } from './shipments-fixtures.ts';

let t: TestApp;
let app: FastifyInstance;
let adminToken: string;
let userToken: string;
const roleTokens: Record<'USER' | 'OFFICER' | 'REPORTER', string> = { USER: '', OFFICER: '', REPORTER: '' };
/** Zelená Záhrada (demo-user's), Bohemia Books (demo-user-2's) and the carrier's own company. */
let greenGardenId: string;
let bohemiaId: string;
let carrierId: string;
let demoUserId: string;
let demoUser2Id: string;
/** Zelená Záhrada's Žilina warehouse (SPS preferred for SK PRM) and Bohemia Books' Brno address. */
let warehouseId: string;
let brnoId: string;

const ABSENT = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const db = t.database.db;
  adminToken = (await signIn(app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  userToken = (await signIn(app, DEMO.user.clientId, DEMO.user.secret)).token;
  roleTokens.USER = userToken;
  const rows = await db.select().from(clients);
  const byLogin = (login: string) => rows.find((c) => c.clientId === login)!;
  demoUserId = byLogin(DEMO.user.clientId).id;
  demoUser2Id = byLogin(DEMO.user2.clientId).id;
  greenGardenId = byLogin(DEMO.user.clientId).companyId;
  bohemiaId = byLogin(DEMO.user2.clientId).companyId;
  carrierId = byLogin(DEMO.admin.clientId).companyId;
  const secretHash = await hashSecret('role-test-secret');
  for (const role of ['OFFICER', 'REPORTER'] as const) {
    await db.insert(clients).values({ companyId: greenGardenId, clientId: `pa-${role.toLowerCase()}`, secretHash, name: role, email: `${role.toLowerCase()}@example.com`, role });
    roleTokens[role] = (await signIn(app, `pa-${role.toLowerCase()}`, 'role-test-secret')).token;
  }
  const addresses = await db.select().from(pickupAddresses);
  warehouseId = addresses.find((a) => a.street === 'Priemyselná 12')!.id;
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

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, token: string | null = adminToken) {
  return app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });
}

const saveUrl = (companyId: string) => `/api/v1/admin/company/${companyId}/pickup-address`;
const partnerUrl = (addressId: string, query: Record<string, string | number>) =>
  `/api/v1/admin/pickup-address/${addressId}/partner?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

function addressInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    contactPerson: 'Eva Malá',
    street: 'Nábrežná 7',
    zip: '949 01',
    city: 'Nitra',
    country: 'sk',
    email: 'eva.mala@example.com',
    phone: '+421905000111',
    regularPickup: true,
    pickupDays: 1 | 8,
    ...overrides,
  };
}

/** Saves through the API and answers the saved address; fails unless 200 and the contract parses it. */
async function save(companyId: string, pickupAddress: Record<string, unknown>, clientIds: string[] = []): Promise<AdminPickupAddress> {
  const res = await call('POST', saveUrl(companyId), { pickupAddress, clientIds });
  expect(res.statusCode, res.body).toBe(200);
  const parsed = adminPickupAddressSchema.safeParse(res.json());
  expect(parsed.success, JSON.stringify(parsed.error)).toBe(true);
  return res.json<AdminPickupAddress>();
}

async function auditOf(entityId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id);
}

/** A signed-in USER of the company; answers its row id and token. */
async function newClient(companyId: string, clientId: string): Promise<{ id: string; token: string }> {
  const [row] = await t.database.db
    .insert(clients)
    .values({ companyId, clientId, secretHash: await hashSecret(`${clientId}-secret`), name: clientId, email: `${clientId}@example.com` })
    .returning({ id: clients.id });
  return { id: row!.id, token: (await signIn(app, clientId, `${clientId}-secret`)).token };
}

async function profileAddresses(token: string): Promise<PickupAddress[]> {
  const res = await call('GET', '/api/v1/profile/pickup-addresses', undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PickupAddress[]>();
}

describe('who may call the admin pickup-address routes', () => {
  const routes = (): Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, Record<string, unknown> | undefined]> => [
    ['save', 'POST', saveUrl(greenGardenId), { pickupAddress: addressInput(), clientIds: [] }],
    ['delete', 'DELETE', `/api/v1/admin/pickup-address/${warehouseId}`, undefined],
    ['assign', 'POST', partnerUrl(warehouseId, { country: 'SK', product: 'TRC', partner_id: PARTNERS.POSTONE }), undefined],
    ['unassign', 'DELETE', partnerUrl(warehouseId, { country: 'SK', product: 'PRM' }), undefined],
    ['candidates', 'GET', '/api/v1/admin/partner', undefined],
    ['priority', 'PUT', '/api/v1/admin/partner', { partnerId: PARTNERS.POSTONE, priority: 4 }],
  ];

  it('answers 401 without a bearer token', async () => {
    for (const [name, method, url, payload] of routes()) {
      const res = await call(method, url, payload, null);
      expect(res.statusCode, name).toBe(401);
      expect(res.json<ErrorBody>().error).toBe('unauthorized');
    }
  });

  it.each(['USER', 'OFFICER', 'REPORTER'] as const)('answers 403 to a %s and changes nothing', async (role) => {
    for (const [name, method, url, payload] of routes()) {
      const res = await call(method, url, payload, roleTokens[role]);
      expect(res.statusCode, `${role} ${name}`).toBe(403);
      expect(res.json<ErrorBody>().error).toBe('forbidden');
    }
    const [warehouse] = await t.database.db.select().from(pickupAddresses).where(eq(pickupAddresses.id, warehouseId));
    expect(warehouse!.deletedAt).toBeNull();
    const [postOne] = await t.database.db.select().from(partners).where(eq(partners.id, PARTNERS.POSTONE));
    expect(postOne!.priority).toBe(3);
    expect(await t.database.db.select().from(auditLog)).toEqual([]);
  });
});

describe('POST /api/v1/admin/company/{companyId}/pickup-address', () => {
  it('creates an address with its clients and partner credentials, and audits it', async () => {
    const saved = await save(
      greenGardenId,
      addressInput({
        credentials: [
          { partnerId: PARTNERS.SPS, credentials: 'SPS-CUST-4711' },
          { partnerId: PARTNERS.ONE_CZ, credentials: 'ONE-88' },
        ],
      }),
      [demoUserId],
    );
    expect(saved).toMatchObject({
      contactPerson: 'Eva Malá',
      street: 'Nábrežná 7',
      city: 'Nitra',
      country: 'SK',
      regularPickup: true,
      pickupDays: { pondelok: true, utorok: false, streda: false, stvrtok: true, piatok: false },
      clients: [{ id: demoUserId, name: 'Peter Horváth', email: 'peter.horvath@demo.invalid', enabled: true }],
      preferredPartners: [],
      credentials: [
        { partnerId: PARTNERS.ONE_CZ, partnerName: 'One CZ', credentials: 'ONE-88' },
        { partnerId: PARTNERS.SPS, partnerName: 'Slovak Parcel Service', credentials: 'SPS-CUST-4711' },
      ],
    });
    const db = t.database.db;
    const [row] = await db.select().from(pickupAddresses).where(eq(pickupAddresses.id, saved.id));
    expect(row).toMatchObject({ companyId: greenGardenId, pickupDays: 9, country: 'SK', deletedAt: null });
    expect(await db.select().from(pickupAddressClients).where(eq(pickupAddressClients.pickupAddressId, saved.id))).toEqual([{ pickupAddressId: saved.id, clientId: demoUserId }]);
    expect(await db.select().from(pickupAddressCredentials).where(eq(pickupAddressCredentials.pickupAddressId, saved.id))).toHaveLength(2);
    const [entry] = await auditOf(saved.id);
    expect(entry).toMatchObject({ companyId: greenGardenId, entity: 'pickup_address', action: 'create', before: null });
    expect(entry!.after).toMatchObject({ street: 'Nábrežná 7', pickupDays: 9, clientIds: [demoUserId] });
  });

  it('updates an address: clientIds and credentials replace what it had; the audit names only what changed', async () => {
    const colleague = await newClient(greenGardenId, 'pa-colleague');
    const created = await save(greenGardenId, addressInput({ city: 'Trnava', credentials: [{ partnerId: PARTNERS.SPS, credentials: 'OLD' }] }), [demoUserId]);
    const updated = await save(
      greenGardenId,
      addressInput({ id: created.id, city: 'Trnava', street: 'Hlavná 99', pickupDays: 31, credentials: [{ partnerId: PARTNERS.POSTONE, credentials: 'P1-NEW' }] }),
      [colleague.id],
    );
    expect(updated.id).toBe(created.id);
    expect(updated.street).toBe('Hlavná 99');
    expect(updated.pickupDays).toEqual({ pondelok: true, utorok: true, streda: true, stvrtok: true, piatok: true });
    expect(updated.clients.map((c) => c.id)).toEqual([colleague.id]);
    expect(updated.credentials).toEqual([{ partnerId: PARTNERS.POSTONE, partnerName: 'PostOne', credentials: 'P1-NEW' }]);
    const db = t.database.db;
    expect(await db.select().from(pickupAddressClients).where(eq(pickupAddressClients.pickupAddressId, created.id))).toEqual([
      { pickupAddressId: created.id, clientId: colleague.id },
    ]);
    expect(await db.select().from(pickupAddressCredentials).where(eq(pickupAddressCredentials.pickupAddressId, created.id))).toEqual([
      { pickupAddressId: created.id, partnerId: PARTNERS.POSTONE, credentials: 'P1-NEW' },
    ]);
    const entries = await auditOf(created.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1]!.before).toEqual({
      street: 'Nábrežná 7',
      pickupDays: 9,
      clientIds: [demoUserId],
      credentials: [{ partnerId: PARTNERS.SPS, credentials: 'OLD' }],
    });
    expect(entries[1]!.after).toEqual({ street: 'Hlavná 99', pickupDays: 31, clientIds: [colleague.id], credentials: [{ partnerId: PARTNERS.POSTONE, credentials: 'P1-NEW' }] });
    expect(entries[1]!.companyId).toBe(greenGardenId);
  });

  it('answers 400 with field errors: pickup days outside 0..31, a missing street, a bad country', async () => {
    const res = await call('POST', saveUrl(greenGardenId), { pickupAddress: addressInput({ pickupDays: 32, street: ' ', country: 'XX' }), clientIds: [] });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.error).toBe('validation_failed');
    expect(body.errors?.['pickupAddress.pickupDays']).toEqual(['Pickup days must be a weekday mask from 0 to 31']);
    expect(body.errors?.['pickupAddress.street']).toBeDefined();
    expect(body.errors?.['pickupAddress.country']).toBeDefined();
  });

  it("answers 400 on clientIds for another company's client, and saves nothing", async () => {
    const before = await t.database.db.select().from(pickupAddresses);
    const res = await call('POST', saveUrl(greenGardenId), { pickupAddress: addressInput({ city: 'Senica' }), clientIds: [demoUserId, demoUser2Id] });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toMatchObject({ error: 'validation_failed', errors: { clientIds: [am.clientNotOfCompany.message] } });
    expect(await t.database.db.select().from(pickupAddresses)).toHaveLength(before.length);
  });

  it('answers 400 on credentials for an unknown partner', async () => {
    const res = await call('POST', saveUrl(greenGardenId), { pickupAddress: addressInput({ credentials: [{ partnerId: 999, credentials: 'X' }] }), clientIds: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().errors).toEqual({ 'pickupAddress.credentials': [am.partnerNotFound.message] });
  });

  it("answers 404 for an unknown or the carrier's company and for an address not this company's", async () => {
    for (const companyId of [ABSENT, carrierId]) {
      const res = await call('POST', saveUrl(companyId), { pickupAddress: addressInput(), clientIds: [] });
      expect(res.statusCode, companyId).toBe(404);
      expect(res.json<ErrorBody>()).toMatchObject({ error: 'not_found', message: am.companyNotFound.message });
    }
    for (const id of [ABSENT, brnoId]) {
      const res = await call('POST', saveUrl(greenGardenId), { pickupAddress: addressInput({ id }), clientIds: [] });
      expect(res.statusCode, id).toBe(404);
      expect(res.json<ErrorBody>().message).toBe(am.pickupAddressNotFound.message);
    }
    const [brno] = await t.database.db.select().from(pickupAddresses).where(eq(pickupAddresses.id, brnoId));
    expect(brno!.companyId).toBe(bohemiaId);
    expect(brno!.street).toBe('Vídeňská 105');
  });
});

describe('DELETE /api/v1/admin/pickup-address/{id}', () => {
  it("soft-deletes: gone from the client's list and new shipments, its shipment's label still prints it", async () => {
    const sender = await newClient(greenGardenId, 'pa-sender');
    const address = await save(greenGardenId, addressInput({ street: 'Skladová 3', city: 'Levice', credentials: [{ partnerId: PARTNERS.SPS, credentials: 'SPS-9' }] }), [
      sender.id,
    ]);
    expect((await call('POST', partnerUrl(address.id, { country: 'SK', product: 'PRM', partner_id: PARTNERS.POSTONE }))).statusCode).toBe(201);
    expect((await profileAddresses(sender.token)).map((a) => a.id)).toEqual([address.id]);
    const shipment = await createShipment(app, sender.token);
    const db = t.database.db;
    const [before] = await db.select().from(shipments).where(eq(shipments.itemNumber, shipment.item_number));
    expect(before!.pickupAddressId).toBe(address.id);

    const res = await call('DELETE', `/api/v1/admin/pickup-address/${address.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Pickup address deleted.' });

    const [row] = await db.select().from(pickupAddresses).where(eq(pickupAddresses.id, address.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await db.select().from(pickupAddressClients).where(eq(pickupAddressClients.pickupAddressId, address.id))).toEqual([]);
    expect(await db.select().from(pickupAddressPartners).where(eq(pickupAddressPartners.pickupAddressId, address.id))).toEqual([]);
    expect(await db.select().from(pickupAddressCredentials).where(eq(pickupAddressCredentials.pickupAddressId, address.id))).toEqual([]);
    const entries = await auditOf(address.id);
    expect(entries.at(-1)).toMatchObject({ companyId: greenGardenId, entity: 'pickup_address', action: 'delete', after: null });
    expect(entries.at(-1)!.before).toMatchObject({ street: 'Skladová 3', clientIds: [sender.id] });

    // The client now ships from the company's live addresses; the deleted one is gone.
    const list = await profileAddresses(sender.token);
    expect(list.map((a) => a.id)).not.toContain(address.id);
    const live = await db
      .select({ id: pickupAddresses.id })
      .from(pickupAddresses)
      .where(and(eq(pickupAddresses.companyId, greenGardenId), isNull(pickupAddresses.deletedAt)));
    expect(list.map((a) => a.id).sort()).toEqual(live.map((a) => a.id).sort());
    expect(list.map((a) => a.city)).toContain('Žilina');
    const named = await postShipment(app, sender.token, shipmentPayload({ pickup_address_id: address.id }));
    expect(named.statusCode).toBe(422);
    expect(Object.keys(named.json<ErrorBody>().errors ?? {})).toEqual(['pickup_address_id']);
    const next = await createShipment(app, sender.token);
    const [nextRow] = await db.select().from(shipments).where(eq(shipments.itemNumber, next.item_number));
    expect(live.map((a) => a.id)).toContain(nextRow!.pickupAddressId);

    // The existing shipment keeps the address and its label prints it as the sender.
    const [after] = await db.select().from(shipments).where(eq(shipments.itemNumber, shipment.item_number));
    expect(after!.pickupAddressId).toBe(address.id);
    const label = await call('GET', `/api/v1/shipments/getLabel/${shipment.item_number}`, undefined, sender.token);
    expect(label.statusCode, label.body).toBe(200);
    const text = pdfText(Buffer.from(label.json<{ shipment: { label: string } }>().shipment.label, 'base64'));
    expect(text).toContain('Skladová 3');
    expect(text).toContain('Levice');

    // The admin's company view leaves it out, and it cannot be deleted or edited again.
    const again = await call('DELETE', `/api/v1/admin/pickup-address/${address.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json<ErrorBody>().message).toBe(am.pickupAddressNotFound.message);
    expect((await call('POST', saveUrl(greenGardenId), { pickupAddress: addressInput({ id: address.id }), clientIds: [] })).statusCode).toBe(404);
    expect((await call('POST', partnerUrl(address.id, { country: 'SK', product: 'TRC', partner_id: PARTNERS.SPS }))).statusCode).toBe(404);
  });

  it('answers 404 for an unknown address and 400 for an id that is no uuid', async () => {
    const res = await call('DELETE', `/api/v1/admin/pickup-address/${ABSENT}`);
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>()).toMatchObject({ error: 'not_found', message: am.pickupAddressNotFound.message });
    expect((await call('DELETE', '/api/v1/admin/pickup-address/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('POST and DELETE /api/v1/admin/pickup-address/{id}/partner', () => {
  it("assigns a preferred partner: the address's next shipment goes with it, and back after unassigning", async () => {
    const sender = await newClient(greenGardenId, 'pa-router');
    const address = await save(greenGardenId, addressInput({ street: 'Routing 1', city: 'Martin' }), [sender.id]);
    const partnerOfNext = async () => (await createShipment(app, sender.token)).partner_name;
    // SK PRM home delivery: SPS has the highest priority of the partners serving it.
    expect(await partnerOfNext()).toBe('Slovak Parcel Service');

    const res = await call('POST', partnerUrl(address.id, { country: 'SK', product: 'PRM', partner_id: PARTNERS.POSTONE, delivery_method: 'home_delivery' }));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<AdminPickupAddress>();
    expect(adminPickupAddressSchema.safeParse(answer).success).toBe(true);
    expect(answer.preferredPartners).toEqual([
      { assignmentId: expect.any(String), id: PARTNERS.POSTONE, partnerName: 'PostOne', product: 'PRM', country: 'SK', deliverMethod: 'home_delivery' },
    ]);
    const [row] = await t.database.db.select().from(pickupAddressPartners).where(eq(pickupAddressPartners.pickupAddressId, address.id));
    expect(row).toMatchObject({ id: answer.preferredPartners[0]!.assignmentId, partnerId: PARTNERS.POSTONE, country: 'SK', product: 'PRM', deliveryMethod: 'home_delivery' });
    const [created] = await auditOf(row!.id);
    expect(created).toMatchObject({ companyId: greenGardenId, entity: 'partner_assignment', action: 'create' });
    expect(created!.after).toMatchObject({ pickupAddressId: address.id, partnerId: PARTNERS.POSTONE, deliveryMethod: 'home_delivery' });

    expect(await partnerOfNext()).toBe('PostOne');

    const removed = await call('DELETE', partnerUrl(address.id, { country: 'SK', product: 'PRM', delivery_method: 'home_delivery' }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<AdminPickupAddress>().preferredPartners).toEqual([]);
    expect(await t.database.db.select().from(pickupAddressPartners).where(eq(pickupAddressPartners.pickupAddressId, address.id))).toEqual([]);
    expect((await auditOf(row!.id)).map((e) => [e.action, e.companyId])).toEqual([
      ['create', greenGardenId],
      ['delete', greenGardenId],
    ]);
    expect(await partnerOfNext()).toBe('Slovak Parcel Service');
  });

  it('assigns without a method when the partner serves the country and product by some method; one assignment per combination (409)', async () => {
    const address = await save(greenGardenId, addressInput({ city: 'Zvolen' }));
    const url = partnerUrl(address.id, { country: 'cz', product: 'PRM', partner_id: PARTNERS.ONE_CZ });
    expect((await call('POST', url)).statusCode).toBe(201);
    const again = await call('POST', url);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>()).toMatchObject({ error: 'conflict', message: am.partnerAssignmentExists.message });
    // The same country + product for one method is another assignment.
    const locker = await call('POST', partnerUrl(address.id, { country: 'CZ', product: 'PRM', partner_id: PARTNERS.ONE_CZ, delivery_method: 'parcel_locker' }));
    expect(locker.statusCode, locker.body).toBe(201);
    expect(locker.json<AdminPickupAddress>().preferredPartners.map((p) => p.deliverMethod)).toEqual(['parcel_locker', null]);
    // Unassigning without a method removes only the one for every method.
    const res = await call('DELETE', partnerUrl(address.id, { country: 'CZ', product: 'PRM' }));
    expect(res.json<AdminPickupAddress>().preferredPartners.map((p) => p.deliverMethod)).toEqual(['parcel_locker']);
  });

  it('answers 400 when the partner does not serve the combination, with a field error on partner_id', async () => {
    const refused: Array<Record<string, string | number>> = [
      { country: 'CZ', product: 'PRM', partner_id: PARTNERS.SPS },
      { country: 'SK', product: 'PRM', partner_id: PARTNERS.POSTONE, delivery_method: 'parcel_locker' },
    ];
    for (const query of refused) {
      const res = await call('POST', partnerUrl(warehouseId, query));
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json<ErrorBody>()).toMatchObject({ error: 'validation_failed', errors: { partner_id: [am.partnerDoesNotServe.message] } });
    }
  });

  it('answers 400 with field errors on a bad country, product or method', async () => {
    const res = await call('POST', partnerUrl(warehouseId, { country: 'XX', product: 'ABC', partner_id: PARTNERS.SPS, delivery_method: 'drone' }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ErrorBody>().errors ?? {}).sort()).toEqual(['country', 'delivery_method', 'product']);
    const missing = await call('DELETE', `/api/v1/admin/pickup-address/${warehouseId}/partner`);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<ErrorBody>().errors ?? {}).sort()).toEqual(['country', 'product']);
  });

  it('answers 404 for an unknown partner, address or assignment', async () => {
    const noPartner = await call('POST', partnerUrl(warehouseId, { country: 'SK', product: 'TRC', partner_id: 999 }));
    expect(noPartner.statusCode).toBe(404);
    expect(noPartner.json<ErrorBody>().message).toBe(am.partnerNotFound.message);
    const noAddress = await call('POST', partnerUrl(ABSENT, { country: 'SK', product: 'TRC', partner_id: PARTNERS.SPS }));
    expect(noAddress.statusCode).toBe(404);
    expect(noAddress.json<ErrorBody>().message).toBe(am.pickupAddressNotFound.message);
    expect((await call('DELETE', partnerUrl(ABSENT, { country: 'SK', product: 'PRM' }))).statusCode).toBe(404);
    // The warehouse has SPS for SK PRM (every method), none for SK PRM by home delivery alone.
    const noAssignment = await call('DELETE', partnerUrl(warehouseId, { country: 'SK', product: 'PRM', delivery_method: 'home_delivery' }));
    expect(noAssignment.statusCode).toBe(404);
    expect(noAssignment.json<ErrorBody>().message).toBe(am.partnerAssignmentNotFound.message);
    expect(await t.database.db.select().from(pickupAddressPartners).where(eq(pickupAddressPartners.pickupAddressId, warehouseId))).toHaveLength(3);
  });
});

describe('GET /api/v1/admin/partner', () => {
  async function candidates(query: Record<string, string> = {}): Promise<PartnerCandidate[]> {
    const res = await call('GET', `/api/v1/admin/partner?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(partnerCandidateListSchema.safeParse(res.json()).success).toBe(true);
    return res.json<PartnerCandidate[]>();
  }

  it('answers every partner without filters, by priority then name', async () => {
    const list = await candidates();
    expect(list).toHaveLength((await t.database.db.select().from(partners)).length);
    expect(list.map((p) => p.name)).toEqual([
      'One CZ',
      'Slovak Parcel Service',
      'Austrian Post',
      'Hungarian Post',
      'Polish Post',
      'KAAB Customs Express',
      'PostOne',
      'Untracked letter mail',
    ]);
    expect(list[0]).toEqual({ id: PARTNERS.ONE_CZ, name: 'One CZ', priority: 9 });
  });

  it('answers the partners serving the country, product and method', async () => {
    expect((await candidates({ country: 'SK', product: 'PRM', delivery_method: 'home_delivery' })).map((p) => p.id)).toEqual([PARTNERS.SPS, PARTNERS.POSTONE]);
    expect((await candidates({ country: 'SK', product: 'PRM', delivery_method: 'parcel_locker' })).map((p) => p.id)).toEqual([PARTNERS.SPS]);
    expect((await candidates({ country: 'CH', product: 'TRC' })).map((p) => p.id)).toEqual([PARTNERS.KAAB, PARTNERS.POSTONE]);
    expect((await candidates({ product: 'UTR' })).map((p) => p.id)).toEqual([PARTNERS.UNTRACKED]);
  });

  it('leaves out the partner the address already has for exactly that combination', async () => {
    // The warehouse prefers SPS for SK PRM by any method: not a candidate for that again.
    expect((await candidates({ country: 'SK', product: 'PRM', pickup_address_id: warehouseId })).map((p) => p.id)).toEqual([PARTNERS.POSTONE]);
    expect((await candidates({ country: 'SK', product: 'PRM', delivery_method: 'home_delivery', pickup_address_id: warehouseId })).map((p) => p.id)).toEqual([
      PARTNERS.SPS,
      PARTNERS.POSTONE,
    ]);
  });

  it('answers 400 with field errors on bad filters', async () => {
    const res = await call('GET', '/api/v1/admin/partner?country=XX&product=ABC&pickup_address_id=nope');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ErrorBody>().errors ?? {}).sort()).toEqual(['country', 'pickup_address_id', 'product']);
  });
});

describe('PUT /api/v1/admin/partner', () => {
  it("sets a partner's priority, audited under no company; it decides the default partner", async () => {
    const res = await call('PUT', '/api/v1/admin/partner', { partnerId: PARTNERS.POSTONE, priority: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: PARTNERS.POSTONE, name: 'PostOne', priority: 10 });
    const db = t.database.db;
    const [row] = await db.select().from(partners).where(eq(partners.id, PARTNERS.POSTONE));
    expect(row!.priority).toBe(10);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'partner'), isNull(auditLog.companyId)));
    expect(entry).toMatchObject({ entityId: String(PARTNERS.POSTONE), action: 'update', before: { priority: 3 }, after: { priority: 10 } });
    // Bohemia Books' client has no preference for SK PRM: the highest priority wins.
    const user2Token = (await signIn(app, DEMO.user2.clientId, DEMO.user2.secret)).token;
    expect((await createShipment(app, user2Token)).partner_name).toBe('PostOne');
    expect((await call('PUT', '/api/v1/admin/partner', { partnerId: PARTNERS.POSTONE, priority: 3 })).statusCode).toBe(200);
    expect((await createShipment(app, user2Token)).partner_name).toBe('Slovak Parcel Service');
  });

  it('answers 400 on a priority outside 1..10 and 404 on an unknown partner', async () => {
    for (const priority of [0, 11, 2.5]) {
      const res = await call('PUT', '/api/v1/admin/partner', { partnerId: PARTNERS.SPS, priority });
      expect(res.statusCode, String(priority)).toBe(400);
      expect(res.json<ErrorBody>().errors).toEqual({ priority: [am.priorityInvalid.message] });
    }
    const res = await call('PUT', '/api/v1/admin/partner', { partnerId: 999, priority: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().message).toBe(am.partnerNotFound.message);
    const [sps] = await t.database.db.select().from(partners).where(eq(partners.id, PARTNERS.SPS));
    expect(sps!.priority).toBe(9);
  });
});

it('keeps demo companies apart: the carrier company row is untouched', async () => {
  const [carrier] = await t.database.db.select().from(companies).where(eq(companies.id, carrierId));
  expect(carrier!.isCarrier).toBe(true);
  expect(await t.database.db.select().from(pickupAddresses).where(eq(pickupAddresses.companyId, carrierId))).toEqual([]);
});
