// POST /api/v1/shipments/store: creation per product and country for demo-user (numbers,
// partner routing, normalised postal codes and phones, the CREATED event), each rule's 422,
// schema 400s and the caller's language in error bodies.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import { isValidS10 } from '#shared/domain/s10.ts';
import { messages } from '#shared/i18n/messages.ts';
import { shipmentMessages } from '#shared/i18n/shipment-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { clients, companies, partnerServices, pickupAddresses, pickupAddressPartners, shipmentEvents, shipments } from '#server/db/schema.ts';
import { translator } from '#server/i18n.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment, pointId, postShipment, shipmentPayload, slovakLockerId } from './shipments-fixtures.ts';

const en = translator('en');

let t: TestApp;
let userToken: string;
let user2Token: string;
/** demo-user's pickup addresses: the Žilina warehouse (with preferred partners) and the Bratislava office. */
let warehouseId: string;
let officeId: string;
let bohemiaAddressId: string;

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  const addresses = await t.database.db.select({ id: pickupAddresses.id, city: pickupAddresses.city, street: pickupAddresses.street }).from(pickupAddresses);
  warehouseId = addresses.find((a) => a.street === 'Priemyselná 12')!.id;
  officeId = addresses.find((a) => a.street === 'Mlynské nivy 48')!.id;
  bohemiaAddressId = addresses.find((a) => a.city === 'Brno')!.id;
});

afterAll(async () => {
  await t?.close();
});

interface ErrorBody {
  message: string;
  error: string;
  errors?: Record<string, string[]>;
}

async function shipmentCount() {
  const [row] = await t.database.db.select({ value: count() }).from(shipments);
  return row!.value;
}

async function rowOf(itemNumber: string) {
  const [row] = await t.database.db.select().from(shipments).where(eq(shipments.itemNumber, itemNumber));
  return row;
}

const letter = { weight: 0.5, receiver_address_number: '12' };

// [label, payload overrides, expected postal code, expected phone, expected partner, S10 service letters]
const CASES: Array<[string, Record<string, unknown>, string, string, string, string]> = [
  ['SK PRM home delivery', { receiver_postal_code: '81101', receiver_phone: '0905 123 456' }, '811 01', '+421905123456', 'Slovak Parcel Service', 'CP'],
  ['SK TRC', { product: 'TRC', ...letter, receiver_postal_code: '811-01', receiver_phone: '00421 905 123 456' }, '811 01', '+421905123456', 'Slovak Parcel Service', 'LX'],
  ['SK RTN', { product: 'RTN', receiver_postal_code: '811 01', receiver_phone: '+421 905 123 456' }, '811 01', '+421905123456', 'Slovak Parcel Service', 'CR'],
  ['CZ PRM', { receiver_country: 'CZ', receiver_city: 'Praha', receiver_postal_code: '11000', receiver_phone: '602 345 678' }, '110 00', '+420602345678', 'One CZ', 'CP'],
  ['CZ TRC', { receiver_country: 'CZ', product: 'TRC', ...letter, receiver_postal_code: '602 00', receiver_phone: '+420 602 345 678' }, '602 00', '+420602345678', 'One CZ', 'LX'],
  ['PL PRM', { receiver_country: 'PL', receiver_city: 'Warszawa', receiver_postal_code: '00950', receiver_phone: '601 234 567' }, '00-950', '+48601234567', 'Polish Post', 'CP'],
  ['PL TRC', { receiver_country: 'PL', product: 'TRC', ...letter, receiver_postal_code: '00-950', receiver_phone: '+48 601 234 567' }, '00-950', '+48601234567', 'Polish Post', 'LX'],
  ['HU PRM', { receiver_country: 'HU', receiver_city: 'Budapest', receiver_postal_code: '1051', receiver_phone: '+36 1 234 5678' }, '1051', '+3612345678', 'Hungarian Post', 'CP'],
  ['HU TRC', { receiver_country: 'HU', product: 'TRC', ...letter, receiver_postal_code: '1051', receiver_phone: '+36 30 123 4567' }, '1051', '+36301234567', 'Hungarian Post', 'LX'],
  ['HU RTN', { receiver_country: 'HU', product: 'RTN', receiver_postal_code: '1051', receiver_phone: '0036 1 234 5678' }, '1051', '+3612345678', 'Hungarian Post', 'CR'],
  ['DE TRC', { receiver_country: 'DE', product: 'TRC', ...letter, receiver_city: 'Berlin', receiver_postal_code: '10115', receiver_phone: '030 1234567' }, '10115', '+49301234567', 'PostOne', 'LX'],
  ['DE UTR', { receiver_country: 'DE', product: 'UTR', ...letter, receiver_postal_code: '10115', receiver_phone: '030 1234567' }, '10115', '+49301234567', 'Untracked letter mail', 'UA'],
  ['AT TRC', { receiver_country: 'AT', product: 'TRC', ...letter, receiver_city: 'Wien', receiver_postal_code: '1010', receiver_phone: '01 5123456' }, '1010', '+4315123456', 'Austrian Post', 'LX'],
  ['AT UTR', { receiver_country: 'AT', product: 'UTR', ...letter, receiver_postal_code: '1010', receiver_phone: '01 5123456', insurance: 20 }, '1010', '+4315123456', 'Untracked letter mail', 'UA'],
  [
    'CH TRC with HS code and quantity',
    { receiver_country: 'CH', product: 'TRC', ...letter, receiver_city: 'Zürich', receiver_postal_code: '8001', receiver_phone: '044 123 45 67', hs_tariff_code: '490199', quantity: 2 },
    '8001',
    '+41441234567',
    'KAAB Customs Express',
    'LX',
  ],
  [
    'GB TRC with HS code and quantity',
    { receiver_country: 'GB', product: 'TRC', ...letter, receiver_city: 'London', receiver_postal_code: 'sw1a1aa', receiver_phone: '020 7946 0000', hs_tariff_code: '4901990000', quantity: 1 },
    'SW1A 1AA',
    '+442079460000',
    'KAAB Customs Express',
    'LX',
  ],
];

describe('creation per product and country', () => {
  const created: Shipment[] = [];

  it.each(CASES)('creates %s', async (_label, overrides, postal, phone, partner, service) => {
    const before = Date.now();
    const res = await postShipment(t.app, userToken, shipmentPayload(overrides));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ message: string; shipment: Shipment }>();
    expect(body.message).toMatch(/\S/);
    const s = body.shipment;
    created.push(s);

    expect(s.item_number).toMatch(/^PP\d{10}$/);
    expect(s.tracking_number).toMatch(new RegExp(`^${service}\\d{9}SK$`));
    expect(isValidS10(s.tracking_number!)).toBe(true);
    expect(s.status).toBe('CREATED');
    expect(s.partner_name).toBe(partner);
    expect(s.receiver_postal_code).toBe(postal);
    expect(s.receiver_phone).toBe(phone);
    expect(s.receiver_country).toBe(overrides.receiver_country ?? 'SK');
    expect(s.product).toBe(overrides.product ?? 'PRM');
    expect(s.delivery_method).toBe('home_delivery');
    expect(s.goods_type).toBe('GOODS');
    expect(s.pickup_point_id).toBeNull();
    expect(s.pickup_address_id).not.toBeNull();
    expect(Date.parse(s.created_at)).toBeGreaterThanOrEqual(before - 5000);
    // The USER's own answer carries no admin-only names.
    expect(s).not.toHaveProperty('company_name');
    expect(s).not.toHaveProperty('client_name');

    const row = await rowOf(s.item_number);
    expect(row).toMatchObject({ status: 'CREATED', trackingNumber: s.tracking_number, receiverPostalCode: postal, receiverPhone: phone, partnerName: partner });
    const [user] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
    expect(row!.clientId).toBe(user!.id);
    expect(row!.companyId).toBe(user!.companyId);

    const events = await t.database.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, row!.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 'CREATED', clientId: user!.id });
  });

  it('gives every shipment a unique item number and tracking number', () => {
    expect(created).toHaveLength(CASES.length);
    expect(new Set(created.map((s) => s.item_number)).size).toBe(created.length);
    expect(new Set(created.map((s) => s.tracking_number)).size).toBe(created.length);
  });

  it('answers the same shipment on the detail route', async () => {
    const first = created[0]!;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/${first.item_number}`, headers: bearer(userToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(first);
  });

  it('stores the payload fields as sent (trimmed), with the CH customs data', async () => {
    const ch = created.find((s) => s.receiver_country === 'CH')!;
    expect(ch).toMatchObject({ hs_tariff_code: '490199', quantity: 2, weight: 0.5, width: 30, height: 20, length: 10, content: 'Garden seeds', receiver_name: 'Ján Novák' });
    const s = await createShipment(t.app, userToken, {
      reference_number: '  ORDER-77 ',
      receiver_company_name: 'Novák s.r.o.',
      receiver_email: ' jan@example.com ',
      goods_type: 'GIFT',
      cod_amount: 12.34,
      insurance: 100,
      info: 'Call before delivery',
      receiver_country: 'sk',
      weight: 2.345,
      width: 10.5,
    });
    expect(s).toMatchObject({
      reference_number: 'ORDER-77',
      receiver_company_name: 'Novák s.r.o.',
      receiver_email: 'jan@example.com',
      receiver_country: 'SK',
      goods_type: 'GIFT',
      cod_amount: 12.34,
      insurance: 100,
      info: 'Call before delivery',
      weight: 2.345,
      width: 10.5,
      quantity: null,
      hs_tariff_code: null,
    });
  });

  it('stores empty optional texts as null', async () => {
    const s = await createShipment(t.app, userToken, { reference_number: '', receiver_company_name: '', info: '', receiver_address_number: '' });
    expect(s).toMatchObject({ reference_number: null, receiver_company_name: null, info: null, receiver_address_number: null });
  });

  it('answers 401 without a token and stores nothing', async () => {
    const before = await shipmentCount();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/shipments/store', payload: shipmentPayload() });
    expect(res.statusCode).toBe(401);
    expect(await shipmentCount()).toBe(before);
  });

  it("creates demo-user-2's shipment for its own company", async () => {
    const s = await createShipment(t.app, user2Token, { receiver_country: 'CZ', receiver_postal_code: '60200', receiver_phone: '602345678' });
    expect(s.partner_name).toBe('One CZ');
    expect(s.pickup_address_id).toBe(bohemiaAddressId);
    const row = await rowOf(s.item_number);
    const [bohemia] = await t.database.db.select().from(companies).where(eq(companies.name, 'Bohemia Books s.r.o.'));
    expect(row!.companyId).toBe(bohemia!.id);
  });
});

describe('partner routing', () => {
  it("takes the pickup address's preferred partner over the highest priority", async () => {
    // SPS (priority 9) is the best partner for SK RTN; the warehouse prefers PostONE (3) for it.
    await t.database.db.insert(pickupAddressPartners).values({ pickupAddressId: warehouseId, partnerId: 1, country: 'SK', product: 'RTN', deliveryMethod: null });
    const fromWarehouse = await createShipment(t.app, userToken, { product: 'RTN', pickup_address_id: warehouseId });
    expect(fromWarehouse.partner_name).toBe('PostOne');
    expect(fromWarehouse.pickup_address_id).toBe(warehouseId);
    const row = await rowOf(fromWarehouse.item_number);
    expect(row!.partnerId).toBe(1);

    const fromOffice = await createShipment(t.app, userToken, { product: 'RTN', pickup_address_id: officeId });
    expect(fromOffice.partner_name).toBe('Slovak Parcel Service');
    expect(fromOffice.pickup_address_id).toBe(officeId);
  });

  it('refuses a pickup address of another company with 422', async () => {
    const before = await shipmentCount();
    const res = await postShipment(t.app, userToken, shipmentPayload({ pickup_address_id: bohemiaAddressId }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<ErrorBody>().errors ?? {})).toEqual(['pickup_address_id']);
    expect(await shipmentCount()).toBe(before);
  });

  it('answers a clear 422 when no partner serves the combination', async () => {
    const untrackedAtUtr = and(eq(partnerServices.partnerId, 6), eq(partnerServices.country, 'AT'), eq(partnerServices.product, 'UTR'));
    const removed = await t.database.db.delete(partnerServices).where(untrackedAtUtr).returning();
    expect(removed).toHaveLength(1);
    try {
      const before = await shipmentCount();
      const res = await postShipment(t.app, userToken, shipmentPayload({ receiver_country: 'AT', product: 'UTR', ...letter, receiver_postal_code: '1010', receiver_phone: '01 5123456' }));
      expect(res.statusCode).toBe(422);
      expect(res.json<ErrorBody>()).toMatchObject({ error: 'validation_failed', errors: { delivery_method: [en(serverMessages.noPartner)] } });
      expect(await shipmentCount()).toBe(before);
    } finally {
      await t.database.db.insert(partnerServices).values(removed);
    }
  });
});

describe('parcel locker', () => {
  it('creates a PRM shipment to a Slovak parcel locker from the directory', async () => {
    const pointId = await slovakLockerId(t.database.db);
    const res = await postShipment(t.app, userToken, shipmentPayload({ delivery_method: 'parcel_locker', pickup_point_id: pointId, width: 40, height: 30, length: 50 }));
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json<{ shipment: Shipment }>().shipment;
    expect(s).toMatchObject({ delivery_method: 'parcel_locker', pickup_point_id: pointId, product: 'PRM', status: 'CREATED', partner_name: 'Slovak Parcel Service' });
    expect(isValidS10(s.tracking_number!)).toBe(true);
    expect((await rowOf(s.item_number))!.pickupPointId).toBe(pointId);
  });

  it('answers 422 on pickup_point_id when the point is missing', async () => {
    const res = await postShipment(t.app, userToken, shipmentPayload({ delivery_method: 'parcel_locker' }));
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>().errors).toEqual({ pickup_point_id: [en(shipmentMessages.pickupPointRequired)] });
  });

  it('answers 422 when the parcel is larger than a locker', async () => {
    const pointId = await slovakLockerId(t.database.db);
    const res = await postShipment(t.app, userToken, shipmentPayload({ delivery_method: 'parcel_locker', pickup_point_id: pointId, width: 62, height: 40 }));
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>().errors).toEqual({ width: [en(shipmentMessages.tooLarge)], height: [en(shipmentMessages.tooLarge)] });
  });

  it('creates a PRM shipment to a Slovak pickup point of the directory', async () => {
    const point = await pointId(t.database.db, 'SK', 'pickup_point');
    const s = await createShipment(t.app, userToken, { delivery_method: 'pickup_point', pickup_point_id: point });
    expect(s).toMatchObject({ delivery_method: 'pickup_point', pickup_point_id: point, partner_name: 'Slovak Parcel Service' });
  });

  it("takes the delivery method from the point's type (a locker chosen as pickup_point)", async () => {
    const locker = await slovakLockerId(t.database.db);
    const s = await createShipment(t.app, userToken, { delivery_method: 'pickup_point', pickup_point_id: locker });
    expect(s).toMatchObject({ delivery_method: 'parcel_locker', pickup_point_id: locker });
  });

  it.each([
    ['an id the directory does not know', async () => 'PT99999'],
    ['an inactive locker', async () => pointId(t.database.db, 'SK', 'parcel_locker', false)],
    ['a locker of another country (CZ)', async () => pointId(t.database.db, 'CZ', 'parcel_locker')],
  ])('answers 422 on pickup_point_id for %s', async (_label, id) => {
    const before = await shipmentCount();
    const res = await postShipment(t.app, userToken, shipmentPayload({ delivery_method: 'parcel_locker', pickup_point_id: await id() }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<ErrorBody>().errors).toEqual({ pickup_point_id: [en(serverMessages.pickupPointUnavailable)] });
    expect(await shipmentCount()).toBe(before);
  });

  it('ignores a pickup point for home delivery', async () => {
    const s = await createShipment(t.app, userToken, { pickup_point_id: 'SK-PT-IGNORED' });
    expect(s.pickup_point_id).toBeNull();
  });
});

describe('rule failures answer 422 with field errors', () => {
  const RULES: Array<[string, Record<string, unknown>, Record<string, string[]>]> = [
    [
      'CH without HS code and quantity',
      { receiver_country: 'CH', product: 'TRC', ...letter, receiver_postal_code: '8001', receiver_phone: '044 123 45 67' },
      { hs_tariff_code: [en(shipmentMessages.hsCodeRequired)], quantity: [en(shipmentMessages.quantityRequired)] },
    ],
    [
      'CH with a malformed HS code',
      { receiver_country: 'CH', product: 'TRC', ...letter, receiver_postal_code: '8001', receiver_phone: '044 123 45 67', hs_tariff_code: '49.01', quantity: 1 },
      { hs_tariff_code: [en(shipmentMessages.hsCodeInvalid)] },
    ],
    [
      'GB without HS code',
      { receiver_country: 'GB', product: 'TRC', ...letter, receiver_postal_code: 'SW1A 1AA', receiver_phone: '020 7946 0000', quantity: 1 },
      { hs_tariff_code: [en(shipmentMessages.hsCodeRequired)] },
    ],
    ['AT TRC with insurance', { receiver_country: 'AT', product: 'TRC', ...letter, receiver_postal_code: '1010', receiver_phone: '01 5123456', insurance: 50 }, { insurance: [en(shipmentMessages.insuranceNotAllowed)] }],
    ['TRC with a house number of 6 characters', { product: 'TRC', weight: 0.5, receiver_address_number: '12/34a' }, { receiver_address_number: [en(shipmentMessages.addressNumberTooLong)] }],
    [
      'a pickup point outside CZ SK PL HU',
      { receiver_country: 'DE', product: 'TRC', ...letter, receiver_postal_code: '10115', delivery_method: 'pickup_point', pickup_point_id: 'DE-1' },
      { delivery_method: [en(shipmentMessages.parcelPointNotAllowed)], pickup_point_id: [en(serverMessages.pickupPointUnavailable)] },
    ],
    ['a country outside the contract (FR)', { receiver_country: 'FR', receiver_postal_code: '75001', receiver_phone: '01 23 45 67 89' }, { receiver_country: [en(shipmentMessages.countryNotAllowed)] }],
    ['a product not in the contract (UTR to SK)', { product: 'UTR', ...letter }, { product: [en(shipmentMessages.productNotAllowed)] }],
    ['a postal code of the wrong format', { receiver_postal_code: '8110' }, { receiver_postal_code: [en(shipmentMessages.postalCodeInvalid)] }],
    ['a phone number that is too short', { receiver_phone: '0905' }, { receiver_phone: [en(shipmentMessages.phoneInvalid)] }],
    ['a letter heavier than 2 kg', { product: 'TRC', weight: 2.5, receiver_address_number: '1' }, { weight: [en(shipmentMessages.tooHeavy)] }],
    ['a parcel wider than 150 cm to SK', { width: 151 }, { width: [en(shipmentMessages.tooLarge)] }],
    ['a parcel wider than 100 cm to AT', { receiver_country: 'AT', product: 'UTR', ...letter, receiver_postal_code: '1010', width: 101 }, { width: [en(shipmentMessages.tooLarge)] }],
  ];

  it.each(RULES)('refuses %s', async (_label, overrides, errors) => {
    const before = await shipmentCount();
    const res = await postShipment(t.app, userToken, shipmentPayload(overrides));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<ErrorBody>();
    expect(body.error).toBe('validation_failed');
    expect(body.message).toBe(en(messages.invalidRequest));
    expect(body.errors).toEqual(errors);
    expect(await shipmentCount()).toBe(before);
  });

  it('refuses a parcel locker for TRC', async () => {
    const before = await shipmentCount();
    const locker = await slovakLockerId(t.database.db);
    const res = await postShipment(t.app, userToken, shipmentPayload({ product: 'TRC', ...letter, delivery_method: 'parcel_locker', pickup_point_id: locker }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<ErrorBody>()).toMatchObject({ error: 'validation_failed', errors: { delivery_method: [en(shipmentMessages.parcelPointNotAllowed)] } });
    expect(Object.keys(res.json<ErrorBody>().errors!)).toEqual(['delivery_method']);
    expect(await shipmentCount()).toBe(before);
  });

  it("applies demo-user-2's own contract (no HU)", async () => {
    const res = await postShipment(t.app, user2Token, shipmentPayload({ receiver_country: 'HU', receiver_postal_code: '1051', receiver_phone: '+3612345678' }));
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>().errors).toEqual({ receiver_country: [en(shipmentMessages.countryNotAllowed)] });
  });
});

describe('schema failures answer 400 with field messages', () => {
  it.each([
    ['an empty receiver_name', { receiver_name: '' }, { receiver_name: [en(shipmentMessages.nameRequired)] }],
    ['a blank receiver_city', { receiver_city: '   ' }, { receiver_city: [en(shipmentMessages.cityRequired)] }],
    ['an empty address', { receiver_address_line_1: '' }, { receiver_address_line_1: [en(shipmentMessages.addressRequired)] }],
    ['an empty postal code', { receiver_postal_code: '' }, { receiver_postal_code: [en(shipmentMessages.zipRequired)] }],
    ['an empty phone', { receiver_phone: '' }, { receiver_phone: [en(shipmentMessages.phoneRequired)] }],
    ['empty content', { content: '' }, { content: [en(shipmentMessages.contentRequired)] }],
    ['an unknown delivery method', { delivery_method: 'drone' }, { delivery_method: [en(shipmentMessages.deliveryMethodRequired)] }],
    ['a 3-letter country', { receiver_country: 'SVK' }, { receiver_country: [en(shipmentMessages.countryRequired)] }],
    ['a malformed email', { receiver_email: 'jan.novak' }, { receiver_email: [en(messages.invalidEmail)] }],
    ['a negative weight', { weight: -1 }, { weight: [en(messages.positiveNumber)] }],
    ['a weight with 4 decimals', { weight: 1.0005 }, { weight: [en(messages.weightStep)] }],
    ['a COD amount with 3 decimals', { cod_amount: 10.005 }, { cod_amount: [en(messages.moneyStep)] }],
    ['a zero width', { width: 0 }, { width: [en(messages.positiveNumber)] }],
    ['an HS code of 11 characters', { hs_tariff_code: '12345678901' }, { hs_tariff_code: [en(messages.tooLong)] }],
    ['a house number of 11 characters', { receiver_address_number: '12345678901' }, { receiver_address_number: [en(messages.tooLong)] }],
  ] as const)('refuses %s', async (_label, overrides, errors) => {
    const before = await shipmentCount();
    const res = await postShipment(t.app, userToken, shipmentPayload(overrides));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.error).toBe('validation_failed');
    expect(body.message).toBe(en(messages.invalidRequest));
    expect(body.errors).toEqual(errors);
    expect(await shipmentCount()).toBe(before);
  });

  it('names every missing field of an empty body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/shipments/store', headers: bearer(userToken), payload: {} });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.errors).toMatchObject({
      delivery_method: [en(shipmentMessages.deliveryMethodRequired)],
      receiver_name: [en(shipmentMessages.nameRequired)],
      receiver_email: [en(shipmentMessages.emailRequired)],
      content: [en(shipmentMessages.contentRequired)],
    });
    expect(Object.keys(body.errors ?? {})).toEqual(expect.arrayContaining(['receiver_country', 'receiver_city', 'receiver_postal_code', 'receiver_phone', 'weight', 'width', 'height', 'length']));
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/shipments/store', headers: { ...bearer(userToken), 'content-type': 'application/json' }, payload: '{"receiver_name":' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error).toBe('malformed_body');
  });
});

describe("error bodies in the caller's language", () => {
  it('answers a schema failure with a Slovak message for Accept-Language sk', async () => {
    const res = await postShipment(t.app, userToken, shipmentPayload({ receiver_name: '' }), { 'accept-language': 'sk' });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.message).toMatch(/\S/);
    expect(body.message).not.toBe(en(messages.invalidRequest));
    expect(body.errors?.receiver_name).toHaveLength(1);
    expect(body.errors!.receiver_name![0]).toMatch(/\S/);
    expect(body.errors!.receiver_name![0]).not.toBe(shipmentMessages.nameRequired.id);
  });

  it('answers a rule failure with a Slovak message for Accept-Language sk', async () => {
    const res = await postShipment(
      t.app,
      userToken,
      shipmentPayload({ receiver_country: 'CH', product: 'TRC', ...letter, receiver_postal_code: '8001', receiver_phone: '044 123 45 67' }),
      { 'accept-language': 'sk-SK,sk;q=0.9,en;q=0.5' },
    );
    expect(res.statusCode).toBe(422);
    const body = res.json<ErrorBody>();
    expect(body.message).toMatch(/\S/);
    expect(body.message).not.toBe(en(messages.invalidRequest));
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['hs_tariff_code', 'quantity']);
    for (const list of Object.values(body.errors!)) {
      expect(list).toHaveLength(1);
      expect(list[0]).toMatch(/\S/);
      expect(list[0]).not.toMatch(/^shipment\./);
    }
  });
});
