// POST /api/v2/shipments/store: the wizard's submission for demo-user. Every parcel becomes a
// shipment of its own (item number, S10 tracking number) under one consignment number, the first
// parcel's item number; the package reference and label sender name go on every parcel, COD and
// insurance on the first only. Rules that hold per parcel answer 422 on `parcels.N.field`, the
// pickup address must be the caller's company's, schema failures answer 400 with field messages,
// and the company always comes from the token.
import { asc, count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import type { WizardShipmentCreated } from '#shared/contract/shipments-wizard.ts';
import { isValidS10 } from '#shared/domain/s10.ts';
import { messages } from '#shared/i18n/messages.ts';
import { shipmentMessages } from '#shared/i18n/shipment-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { clients, pickupAddresses, shipmentEvents, shipments } from '#server/db/schema.ts';
import { translator } from '#server/i18n.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, pointId, postWizard, slovakLockerId, wizardParcel, wizardPayload } from './shipments-fixtures.ts';

const en = translator('en');

let t: TestApp;
let userToken: string;
let user2Token: string;
/** demo-user (Zelená Záhrada) and demo-user-2 (Bohemia Books): client row id and company id. */
let user: { id: string; companyId: string };
let user2: { id: string; companyId: string };
/** demo-user's first pickup address (the Žilina warehouse) and demo-user-2's Brno address. */
let ownAddressId: string;
let otherCompanyAddressId: string;

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  const db = t.database.db;
  const clientRow = async (clientId: string) => (await db.select({ id: clients.id, companyId: clients.companyId }).from(clients).where(eq(clients.clientId, clientId)))[0]!;
  user = await clientRow(DEMO.user.clientId);
  user2 = await clientRow(DEMO.user2.clientId);
  const addressOf = async (companyId: string) =>
    (await db.select({ id: pickupAddresses.id }).from(pickupAddresses).where(eq(pickupAddresses.companyId, companyId)).orderBy(asc(pickupAddresses.createdAt), asc(pickupAddresses.street)))[0]!.id;
  ownAddressId = await addressOf(user.companyId);
  otherCompanyAddressId = await addressOf(user2.companyId);
});

afterAll(async () => {
  await t?.close();
});

interface ErrorBody {
  message: string;
  error: string;
  errors?: Record<string, string[]>;
}

const payload = (overrides: Record<string, unknown> = {}) => wizardPayload(ownAddressId, overrides);
const submit = (body: Record<string, unknown>, token = userToken) => postWizard(t.app, token, body);

async function shipmentCount() {
  const [row] = await t.database.db.select({ value: count() }).from(shipments);
  return row!.value;
}

async function consignmentRows(consignmentNumber: string) {
  return t.database.db.select().from(shipments).where(eq(shipments.consignmentNumber, consignmentNumber)).orderBy(asc(shipments.id));
}

/** Submits and answers the created consignment; fails the test unless the server answers 201. */
async function created(body: Record<string, unknown>, token = userToken): Promise<WizardShipmentCreated> {
  const res = await submit(body, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WizardShipmentCreated>();
}

/** Submits, expects 422 `validation_failed` with exactly `errors`, and checks nothing was created. */
async function expectRuleFailure(body: Record<string, unknown>, errors: Record<string, string[]>, token = userToken) {
  const before = await shipmentCount();
  const res = await submit(body, token);
  expect(res.statusCode, res.body).toBe(422);
  const answer = res.json<ErrorBody>();
  expect(answer.error).toBe('validation_failed');
  expect(answer.message).toBe(en(messages.invalidRequest));
  expect(answer.errors).toEqual(errors);
  expect(await shipmentCount()).toBe(before);
}

// Amounts in the destination's currency: multiples of 5 forints in HUF, whole crowns in CZK.
const hungary = { receiver_country: 'HU', receiver_city: 'Budapest', receiver_postal_code: '1051', receiver_phone: '+36 1 234 5678', cod_amount: 12990, insurance: 80000 };
const czechia = { receiver_country: 'CZ', receiver_city: 'Praha', receiver_postal_code: '11000', receiver_phone: '602 345 678', cod_amount: 1290, insurance: 5000 };
const switzerland = { receiver_country: 'CH', product: 'TRC', receiver_city: 'Zürich', receiver_postal_code: '8001', receiver_phone: '044 123 45 67', cod_amount: null, insurance: null };
const letterParcel = (overrides: Record<string, unknown> = {}) => wizardParcel({ weight: 0.5, width: 25, height: 2, length: 35, reference_number: 'LETTER-1', ...overrides });

describe('a submission with two parcels to SK (PRM, home delivery)', () => {
  let answer: WizardShipmentCreated;
  const before = Date.now();

  beforeAll(async () => {
    answer = await created(payload());
  });

  it('answers one shipment per parcel under the first item number as consignment number', () => {
    expect(answer.message).toBe(en(serverMessages.shipmentCreated));
    expect(answer.shipments).toHaveLength(2);
    const [first, second] = answer.shipments as [Shipment, Shipment];
    expect(answer.consignment_number).toBe(first.item_number);
    for (const s of answer.shipments) {
      expect(s.item_number).toMatch(/^PP\d{10}$/);
      expect(s.consignment_number).toBe(answer.consignment_number);
    }
    expect(second.item_number).not.toBe(first.item_number);
  });

  it('gives each parcel its own valid S10 tracking number (CP…SK)', () => {
    const numbers = answer.shipments.map((s) => s.tracking_number!);
    expect(new Set(numbers).size).toBe(2);
    for (const n of numbers) {
      expect(n).toMatch(/^CP\d{9}SK$/);
      expect(isValidS10(n)).toBe(true);
    }
  });

  it('puts the package reference, label sender name, content and receiver on every parcel and the parcel reference per parcel', () => {
    expect(answer.shipments.map((s) => s.parcel_reference)).toEqual(['BOX-1', 'BOX-2']);
    for (const s of answer.shipments) {
      expect(s).toMatchObject({
        reference_number: 'ORDER-2024-001',
        label_sender_name: 'Zelená Záhrada',
        content: 'Garden tools',
        status: 'CREATED',
        product: 'PRM',
        delivery_method: 'home_delivery',
        goods_type: 'GOODS',
        pickup_address_id: ownAddressId,
        pickup_point_id: null,
        partner_name: 'Slovak Parcel Service',
        receiver_name: 'Ján Novák',
        receiver_postal_code: '811 01',
        receiver_phone: '+421905123456',
        receiver_country: 'SK',
        quantity: 1,
        fragile: false,
      });
      expect(Date.parse(s.created_at)).toBeGreaterThanOrEqual(before - 5000);
      expect(s).not.toHaveProperty('company_name');
    }
    expect(answer.shipments.map((s) => [s.weight, s.width, s.height, s.length])).toEqual([
      [2.5, 40, 30, 20],
      [1.2, 30, 20, 15],
    ]);
  });

  it('carries COD and insurance on the first parcel only, so the consignment counts them once', () => {
    const [first, second] = answer.shipments as [Shipment, Shipment];
    expect(first).toMatchObject({ cod_amount: 49.9, insurance: 200 });
    expect(second).toMatchObject({ cod_amount: null, insurance: null });
    expect(answer.shipments.reduce((sum, s) => sum + (s.cod_amount ?? 0), 0)).toBeCloseTo(49.9, 2);
  });

  it('stores both rows for the caller and records a CREATED event for each', async () => {
    const rows = await consignmentRows(answer.consignment_number);
    expect(rows.map((r) => r.itemNumber)).toEqual(answer.shipments.map((s) => s.item_number));
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'CREATED',
        companyId: user.companyId,
        clientId: user.id,
        referenceNumber: 'ORDER-2024-001',
        labelSenderName: 'Zelená Záhrada',
        consignmentNumber: answer.consignment_number,
        pickupAddressId: ownAddressId,
      });
      const events = await t.database.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, row.id));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ status: 'CREATED', clientId: user.id });
    }
    expect(rows.map((r) => [r.parcelReference, r.codAmount, r.insurance])).toEqual([
      ['BOX-1', 49.9, 200],
      ['BOX-2', null, null],
    ]);
  });

  it('answers every parcel on the detail route with its consignment number', async () => {
    const second = answer.shipments[1]!;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/${second.item_number}`, headers: bearer(userToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json<Shipment>()).toMatchObject({ item_number: second.item_number, consignment_number: answer.consignment_number, parcel_reference: 'BOX-2', cod_amount: null });
  });

  it('numbers the next submission anew', async () => {
    const next = await created(payload({ parcels: [wizardParcel()] }));
    expect(next.shipments).toHaveLength(1);
    expect(next.consignment_number).toBe(next.shipments[0]!.item_number);
    const earlier = new Set(answer.shipments.flatMap((s) => [s.item_number, s.tracking_number]));
    expect(earlier.has(next.shipments[0]!.item_number)).toBe(false);
    expect(earlier.has(next.shipments[0]!.tracking_number)).toBe(false);
  });
});

describe('delivery to a parcel locker or pickup point', () => {
  it('creates every parcel for a real Slovak locker with delivery_method parcel_locker', async () => {
    const locker = await slovakLockerId(t.database.db);
    const answer = await created(payload({ delivery_method: 'parcel_locker', pickup_point_id: locker }));
    expect(answer.shipments).toHaveLength(2);
    for (const s of answer.shipments) expect(s).toMatchObject({ delivery_method: 'parcel_locker', pickup_point_id: locker, partner_name: 'Slovak Parcel Service' });
    const rows = await consignmentRows(answer.consignment_number);
    expect(rows.map((r) => r.deliveryMethod)).toEqual(['parcel_locker', 'parcel_locker']);
  });

  it("takes the delivery method from the point's type (a locker chosen as pickup_point)", async () => {
    const locker = await slovakLockerId(t.database.db);
    const answer = await created(payload({ delivery_method: 'pickup_point', pickup_point_id: locker }));
    for (const s of answer.shipments) expect(s).toMatchObject({ delivery_method: 'parcel_locker', pickup_point_id: locker });
  });

  it('creates a pickup-point delivery for a Slovak pickup point', async () => {
    const point = await pointId(t.database.db, 'SK', 'pickup_point');
    const answer = await created(payload({ delivery_method: 'pickup_point', pickup_point_id: point }));
    for (const s of answer.shipments) expect(s).toMatchObject({ delivery_method: 'pickup_point', pickup_point_id: point });
  });

  it("applies the locker's compartment size to each parcel", async () => {
    const locker = await slovakLockerId(t.database.db);
    await expectRuleFailure(payload({ delivery_method: 'parcel_locker', pickup_point_id: locker, parcels: [wizardParcel(), wizardParcel({ width: 62, height: 40 })] }), {
      'parcels.1.width': [en(shipmentMessages.tooLarge)],
      'parcels.1.height': [en(shipmentMessages.tooLarge)],
    });
  });

  it('answers 422 on pickup_point_id for a locker without a point, an unknown point and a point of another country', async () => {
    await expectRuleFailure(payload({ delivery_method: 'parcel_locker' }), { pickup_point_id: [en(shipmentMessages.pickupPointRequired)] });
    await expectRuleFailure(payload({ delivery_method: 'parcel_locker', pickup_point_id: 'PT99999' }), { pickup_point_id: [en(serverMessages.pickupPointUnavailable)] });
    const czLocker = await pointId(t.database.db, 'CZ', 'parcel_locker');
    await expectRuleFailure(payload({ delivery_method: 'parcel_locker', pickup_point_id: czLocker }), { pickup_point_id: [en(serverMessages.pickupPointUnavailable)] });
  });

  it('refuses a locker for a tracked letter (TRC)', async () => {
    const locker = await slovakLockerId(t.database.db);
    await expectRuleFailure(payload({ product: 'TRC', delivery_method: 'parcel_locker', pickup_point_id: locker, parcels: [letterParcel()] }), {
      delivery_method: [en(shipmentMessages.parcelPointNotAllowed)],
    });
  });
});

describe('fragile parcels (Hungary only)', () => {
  it('accepts fragile for HU and keeps it per parcel', async () => {
    const answer = await created(payload({ ...hungary, parcels: [wizardParcel({ fragile: true }), wizardParcel({ reference_number: 'BOX-2' })] }));
    expect(answer.shipments.map((s) => s.fragile)).toEqual([true, false]);
    expect(answer.shipments[0]).toMatchObject({ receiver_country: 'HU', receiver_phone: '+3612345678', partner_name: 'Hungarian Post' });
    const rows = await consignmentRows(answer.consignment_number);
    expect(rows.map((r) => r.fragile)).toEqual([true, false]);
  });

  it('answers 422 on parcels.N.fragile for SK', async () => {
    await expectRuleFailure(payload({ parcels: [wizardParcel({ fragile: true })] }), { 'parcels.0.fragile': [en(shipmentMessages.fragileNotAllowed)] });
    await expectRuleFailure(payload({ parcels: [wizardParcel(), wizardParcel({ fragile: true })] }), { 'parcels.1.fragile': [en(shipmentMessages.fragileNotAllowed)] });
  });
});

describe('returns from Hungary (RTN)', () => {
  it('creates a return of one parcel', async () => {
    const answer = await created(payload({ ...hungary, product: 'RTN', parcels: [wizardParcel()] }));
    expect(answer.shipments).toHaveLength(1);
    expect(answer.shipments[0]).toMatchObject({ product: 'RTN', receiver_country: 'HU' });
  });

  it('answers 422 on parcels for a return of two parcels (the wizard offers no second one)', async () => {
    await expectRuleFailure(payload({ ...hungary, product: 'RTN', parcels: [wizardParcel(), wizardParcel({ reference_number: 'BOX-2' })] }), { parcels: [en(shipmentMessages.singleParcelOnly)] });
  });
});

describe('customs data for CH (TRC)', () => {
  it('answers 422 on parcels.0.hs_tariff_code without an HS code, and not on the quantity the schema defaults to 1', async () => {
    await expectRuleFailure(payload({ ...switzerland, parcels: [letterParcel()] }), { 'parcels.0.hs_tariff_code': [en(shipmentMessages.hsCodeRequired)] });
  });

  it('reports each parcel without an HS code on its own index', async () => {
    await expectRuleFailure(payload({ ...switzerland, parcels: [letterParcel({ hs_tariff_code: '490199' }), letterParcel({ reference_number: 'LETTER-2' })] }), {
      'parcels.1.hs_tariff_code': [en(shipmentMessages.hsCodeRequired)],
    });
  });

  it('answers 422 on a malformed HS code', async () => {
    await expectRuleFailure(payload({ ...switzerland, parcels: [letterParcel({ hs_tariff_code: '49.01' })] }), { 'parcels.0.hs_tariff_code': [en(shipmentMessages.hsCodeInvalid)] });
  });

  it('creates with an HS code, storing the default quantity 1 when none is given', async () => {
    const answer = await created(payload({ ...switzerland, parcels: [letterParcel({ hs_tariff_code: '490199' })] }));
    expect(answer.shipments[0]).toMatchObject({ receiver_country: 'CH', product: 'TRC', hs_tariff_code: '490199', quantity: 1, partner_name: 'KAAB Customs Express' });
    expect(answer.shipments[0]!.tracking_number).toMatch(/^LX\d{9}SK$/);
    expect((await consignmentRows(answer.consignment_number))[0]!.quantity).toBe(1);
  });

  it('keeps quantity, unit value and country of origin per parcel', async () => {
    const answer = await created(
      payload({
        ...switzerland,
        parcels: [
          letterParcel({ hs_tariff_code: '490199', quantity: 3, unit_value: 12.5, country_origin: 'SK' }),
          letterParcel({ reference_number: 'LETTER-2', hs_tariff_code: '4901990000', quantity: 1, unit_value: 4, country_origin: 'CZ' }),
        ],
      }),
    );
    expect(answer.shipments.map((s) => [s.hs_tariff_code, s.quantity, s.unit_value, s.country_origin])).toEqual([
      ['490199', 3, 12.5, 'SK'],
      ['4901990000', 1, 4, 'CZ'],
    ]);
  });
});

describe('size and weight per parcel', () => {
  it('answers 422 on parcels.1.width, height and length for an oversize second parcel to SK', async () => {
    await expectRuleFailure(payload({ parcels: [wizardParcel(), wizardParcel({ width: 151, height: 61, length: 61, reference_number: 'BOX-2' })] }), {
      'parcels.1.width': [en(shipmentMessages.tooLarge)],
      'parcels.1.height': [en(shipmentMessages.tooLarge)],
      'parcels.1.length': [en(shipmentMessages.tooLarge)],
    });
  });

  it('accepts a parcel exactly at the SK limits (150 × 60 × 60 cm, 31.5 kg)', async () => {
    const answer = await created(payload({ parcels: [wizardParcel({ width: 150, height: 60, length: 60, weight: 31.5 })] }));
    expect(answer.shipments[0]).toMatchObject({ width: 150, height: 60, length: 60, weight: 31.5 });
  });

  it('answers 422 on parcels.N.weight for a parcel over 31.5 kg and a letter over 2 kg', async () => {
    await expectRuleFailure(payload({ parcels: [wizardParcel(), wizardParcel({ weight: 31.6 })] }), { 'parcels.1.weight': [en(shipmentMessages.tooHeavy)] });
    await expectRuleFailure(payload({ product: 'TRC', cod_amount: null, insurance: null, parcels: [letterParcel({ weight: 2.5 }), letterParcel()] }), {
      'parcels.0.weight': [en(shipmentMessages.tooHeavy)],
    });
  });

  it('reports every failing parcel at once', async () => {
    await expectRuleFailure(payload({ parcels: [wizardParcel({ width: 151 }), wizardParcel(), wizardParcel({ length: 61, fragile: true })] }), {
      'parcels.0.width': [en(shipmentMessages.tooLarge)],
      'parcels.2.length': [en(shipmentMessages.tooLarge)],
      'parcels.2.fragile': [en(shipmentMessages.fragileNotAllowed)],
    });
  });
});

describe('the pickup address must be one of the caller company', () => {
  it("answers 422 on pickup_address_id for another company's address", async () => {
    await expectRuleFailure(wizardPayload(otherCompanyAddressId), { pickup_address_id: [en(shipmentMessages.pickupAddressInvalid)] });
  });

  it('answers 422 on pickup_address_id for an address that does not exist', async () => {
    await expectRuleFailure(wizardPayload(randomUUID()), { pickup_address_id: [en(shipmentMessages.pickupAddressInvalid)] });
  });

  it("answers 422 to demo-user-2 naming demo-user's address", async () => {
    await expectRuleFailure(wizardPayload(ownAddressId, czechia), { pickup_address_id: [en(shipmentMessages.pickupAddressInvalid)] }, user2Token);
  });

  it('reports the address together with the other rule failures', async () => {
    await expectRuleFailure(wizardPayload(otherCompanyAddressId, { parcels: [wizardParcel({ fragile: true })] }), {
      pickup_address_id: [en(shipmentMessages.pickupAddressInvalid)],
      'parcels.0.fragile': [en(shipmentMessages.fragileNotAllowed)],
    });
  });
});

describe('the recipient: a name or a company', () => {
  it('answers 422 on receiver_name when neither a name nor a company is given', async () => {
    await expectRuleFailure(payload({ receiver_name: undefined }), { receiver_name: [en(shipmentMessages.nameRequired)] });
    await expectRuleFailure(payload({ receiver_name: '', receiver_company_name: '  ' }), { receiver_name: [en(shipmentMessages.nameRequired)] });
    await expectRuleFailure(payload({ receiver_name: null, receiver_company_name: null }), { receiver_name: [en(shipmentMessages.nameRequired)] });
  });

  it('addresses the company when only the company is given', async () => {
    const answer = await created(payload({ receiver_name: undefined, receiver_company_name: 'Záhradníctvo Kvet s.r.o.', receiver_vat_number: 'SK2020123456' }));
    for (const s of answer.shipments) {
      expect(s).toMatchObject({ receiver_name: 'Záhradníctvo Kvet s.r.o.', receiver_company_name: 'Záhradníctvo Kvet s.r.o.', receiver_vat_number: 'SK2020123456' });
    }
    const rows = await consignmentRows(answer.consignment_number);
    expect(rows.map((r) => r.receiverName)).toEqual(['Záhradníctvo Kvet s.r.o.', 'Záhradníctvo Kvet s.r.o.']);
  });

  it('keeps both when both are given', async () => {
    const answer = await created(payload({ receiver_company_name: 'Kvet s.r.o.' }));
    expect(answer.shipments[0]).toMatchObject({ receiver_name: 'Ján Novák', receiver_company_name: 'Kvet s.r.o.' });
  });
});

describe('consignment-wide rules answer 422 once, on the submission field', () => {
  const RULES: Array<[string, Record<string, unknown>, Record<string, string[]>]> = [
    ['a country outside the contract (FR)', { receiver_country: 'FR', receiver_city: 'Paris', receiver_postal_code: '75001', receiver_phone: '01 23 45 67 89' }, { receiver_country: [en(shipmentMessages.countryNotAllowed)] }],
    ['a product not in the contract (UTR to SK)', { product: 'UTR', cod_amount: null, insurance: null, parcels: [letterParcel()] }, { product: [en(shipmentMessages.productNotAllowed)] }],
    ['a postal code of the wrong format', { receiver_postal_code: '8110' }, { receiver_postal_code: [en(shipmentMessages.postalCodeInvalid)] }],
    ['a phone number that is too short', { receiver_phone: '0905' }, { receiver_phone: [en(shipmentMessages.phoneInvalid)] }],
    ['a house number of 6 characters for TRC', { product: 'TRC', cod_amount: null, insurance: null, receiver_address_number: '12/34a', parcels: [letterParcel()] }, { receiver_address_number: [en(shipmentMessages.addressNumberTooLong)] }],
    [
      'insurance on a tracked letter to AT',
      { product: 'TRC', receiver_country: 'AT', receiver_city: 'Wien', receiver_postal_code: '1010', receiver_phone: '01 5123456', cod_amount: null, insurance: 50, parcels: [letterParcel(), letterParcel()] },
      { insurance: [en(shipmentMessages.insuranceNotAllowed)] },
    ],
    ['a pickup point outside CZ SK PL HU', { product: 'TRC', receiver_country: 'DE', receiver_city: 'Berlin', receiver_postal_code: '10115', receiver_phone: '030 1234567', cod_amount: null, insurance: null, delivery_method: 'pickup_point', pickup_point_id: 'DE-1', parcels: [letterParcel()] }, {
      delivery_method: [en(shipmentMessages.parcelPointNotAllowed)],
      pickup_point_id: [en(serverMessages.pickupPointUnavailable)],
    }],
  ];

  it.each(RULES)('refuses %s', async (_label, overrides, errors) => {
    await expectRuleFailure(payload(overrides), errors);
  });

  it("applies demo-user-2's own contract (no HU)", async () => {
    await expectRuleFailure(wizardPayload(otherCompanyAddressId, hungary), { receiver_country: [en(shipmentMessages.countryNotAllowed)] }, user2Token);
  });
});

describe('schema failures answer 400 with field messages (spec section 5, wizard)', () => {
  const longText = (n: number) => 'x'.repeat(n);
  const CASES: Array<[string, Record<string, unknown>, Record<string, string[]>]> = [
    // package
    ['a package reference number of 51 characters', { reference_number: longText(51) }, { reference_number: [en(messages.tooLong)] }],
    ['a blank label sender name', { label_sender_name: '   ' }, { label_sender_name: [en(shipmentMessages.labelSenderRequired)] }],
    ['a missing label sender name', { label_sender_name: undefined }, { label_sender_name: [en(shipmentMessages.labelSenderRequired)] }],
    ['empty content', { content: '' }, { content: [en(shipmentMessages.contentRequired)] }],
    ['a missing content', { content: undefined }, { content: [en(shipmentMessages.contentRequired)] }],
    ['an empty parcel list', { parcels: [] }, { parcels: [en(shipmentMessages.parcelsRequired)] }],
    ['51 parcels', { parcels: Array.from({ length: 51 }, () => wizardParcel()) }, { parcels: [en(messages.tooLong)] }],
    ['an unknown goods type', { goods_type: 'WEAPONS' }, { goods_type: [en(shipmentMessages.goodsTypeRequired)] }],
    ['a missing product', { product: undefined }, { product: [en(shipmentMessages.productNotAllowed)] }],
    ['an unknown delivery method', { delivery_method: 'drone' }, { delivery_method: [en(shipmentMessages.deliveryMethodRequired)] }],
    ['a pickup address that is not a uuid', { pickup_address_id: 'warehouse-1' }, { pickup_address_id: [en(shipmentMessages.pickupAddressInvalid)] }],
    ['a missing pickup address', { pickup_address_id: undefined }, { pickup_address_id: [en(shipmentMessages.pickupAddressInvalid)] }],
    // parcels
    ['quantity 0', { parcels: [wizardParcel({ quantity: 0 })] }, { 'parcels.0.quantity': [en(messages.positiveNumber)] }],
    ['a fractional quantity', { parcels: [wizardParcel(), wizardParcel({ quantity: 1.5 })] }, { 'parcels.1.quantity': [en(messages.positiveNumber)] }],
    ['a quantity over 9999', { parcels: [wizardParcel({ quantity: 10000 })] }, { 'parcels.0.quantity': [en(shipmentMessages.tooLarge)] }],
    ['a parcel without a weight', { parcels: [wizardParcel({ weight: undefined })] }, { 'parcels.0.weight': [en(messages.positiveNumber)] }],
    ['a weight with 4 decimals', { parcels: [wizardParcel({ weight: 1.0005 })] }, { 'parcels.0.weight': [en(messages.weightStep)] }],
    ['a zero height', { parcels: [wizardParcel(), wizardParcel({ height: 0 })] }, { 'parcels.1.height': [en(messages.positiveNumber)] }],
    ['a missing length', { parcels: [wizardParcel({ length: undefined })] }, { 'parcels.0.length': [en(messages.positiveNumber)] }],
    ['a width over 1000 cm', { parcels: [wizardParcel({ width: 1001 })] }, { 'parcels.0.width': [en(shipmentMessages.tooLarge)] }],
    ['an HS code of 11 characters', { parcels: [wizardParcel({ hs_tariff_code: '12345678901' })] }, { 'parcels.0.hs_tariff_code': [en(messages.tooLong)] }],
    ['a unit value with 3 decimals', { parcels: [wizardParcel({ unit_value: 1.005 })] }, { 'parcels.0.unit_value': [en(messages.moneyStep)] }],
    ['an unknown country of origin', { parcels: [wizardParcel({ country_origin: 'XX' })] }, { 'parcels.0.country_origin': [en(messages.invalidValue)] }],
    // recipient
    ['an empty address', { receiver_address_line_1: '' }, { receiver_address_line_1: [en(shipmentMessages.addressRequired)] }],
    ['a blank city', { receiver_city: '  ' }, { receiver_city: [en(shipmentMessages.cityRequired)] }],
    ['an empty postal code', { receiver_postal_code: '' }, { receiver_postal_code: [en(shipmentMessages.zipRequired)] }],
    ['a house number of 11 characters', { receiver_address_number: longText(11) }, { receiver_address_number: [en(messages.tooLong)] }],
    ['a malformed email', { receiver_email: 'jan.novak' }, { receiver_email: [en(messages.invalidEmail)] }],
    ['an empty phone', { receiver_phone: '' }, { receiver_phone: [en(shipmentMessages.phoneRequired)] }],
    ['a 3-letter country', { receiver_country: 'SVK' }, { receiver_country: [en(shipmentMessages.countryRequired)] }],
    ['a receiver name of 101 characters', { receiver_name: longText(101) }, { receiver_name: [en(messages.tooLong)] }],
    // services
    ['a negative COD amount', { cod_amount: -5 }, { cod_amount: [en(messages.positiveNumber)] }],
    ['a COD amount with 3 decimals', { cod_amount: 10.005 }, { cod_amount: [en(messages.moneyStep)] }],
    ['zero insurance', { insurance: 0 }, { insurance: [en(messages.positiveNumber)] }],
  ];

  it.each(CASES)('refuses %s', async (_label, overrides, errors) => {
    const before = await shipmentCount();
    const res = await submit(payload(overrides));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.error).toBe('validation_failed');
    expect(body.message).toBe(en(messages.invalidRequest));
    expect(body.errors).toEqual(errors);
    expect(await shipmentCount()).toBe(before);
  });

  it('answers an empty email with "Email is required" first', async () => {
    const res = await submit(payload({ receiver_email: '' }));
    expect(res.statusCode).toBe(400);
    const errors = res.json<ErrorBody>().errors!;
    expect(Object.keys(errors)).toEqual(['receiver_email']);
    // The form shows the first message; the format check also fires on "" (see the report).
    expect(errors.receiver_email![0]).toBe(en(shipmentMessages.emailRequired));
  });

  it('names every required field of an empty body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/shipments/store', headers: bearer(userToken), payload: {} });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.errors).toMatchObject({
      delivery_method: [en(shipmentMessages.deliveryMethodRequired)],
      pickup_address_id: [en(shipmentMessages.pickupAddressInvalid)],
      label_sender_name: [en(shipmentMessages.labelSenderRequired)],
      content: [en(shipmentMessages.contentRequired)],
      receiver_email: [en(shipmentMessages.emailRequired)],
    });
    // The references are the client's own, optional as on the single form; the label's sender name is required.
    expect(body.errors).not.toHaveProperty('reference_number');
    expect(Object.keys(body.errors ?? {})).toEqual(expect.arrayContaining(['product', 'receiver_address_line_1', 'receiver_city', 'receiver_postal_code', 'receiver_country', 'receiver_phone', 'parcels']));
    // The wizard's recipient name is optional at the schema level (a company may stand in).
    expect(body.errors).not.toHaveProperty('receiver_name');
  });

  it('accepts a consignment and parcels without reference numbers, as the single form does (README note 120)', async () => {
    const answer = await created(payload({ reference_number: '', parcels: [wizardParcel({ reference_number: '' }), wizardParcel({ reference_number: undefined })] }));
    expect(answer.shipments.map((s) => [s.reference_number, s.parcel_reference])).toEqual([
      [null, null],
      [null, null],
    ]);
    const without = await created(payload({ reference_number: undefined }));
    expect(without.shipments[0]?.reference_number).toBeNull();
  });

  it('accepts empty COD and insurance (positive or empty)', async () => {
    const answer = await created(payload({ cod_amount: null, insurance: null }));
    expect(answer.shipments.map((s) => [s.cod_amount, s.insurance])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('stores the goods type given, GOODS by default', async () => {
    const answer = await created(payload({ goods_type: 'DOCUMENTS', parcels: [wizardParcel()] }));
    expect(answer.shipments[0]!.goods_type).toBe('DOCUMENTS');
  });
});

describe('the company always comes from the token', () => {
  it("ignores a company or client named in the body and creates for the caller's company", async () => {
    const answer = await created(payload({ company_id: user2.companyId, client_id: user2.id, parcels: [wizardParcel()] }));
    const [row] = await consignmentRows(answer.consignment_number);
    expect(row).toMatchObject({ companyId: user.companyId, clientId: user.id });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/${answer.consignment_number}`, headers: bearer(user2Token) });
    expect(res.statusCode).toBe(404);
  });

  it("creates demo-user-2's submission for demo-user-2's company from its own address", async () => {
    const answer = await created(wizardPayload(otherCompanyAddressId, czechia), user2Token);
    const rows = await consignmentRows(answer.consignment_number);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ companyId: user2.companyId, clientId: user2.id, pickupAddressId: otherCompanyAddressId, partnerName: 'One CZ' });
  });

  it('answers 401 without a token and creates nothing', async () => {
    const before = await shipmentCount();
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/shipments/store', payload: payload() });
    expect(res.statusCode).toBe(401);
    expect(await shipmentCount()).toBe(before);
  });
});
