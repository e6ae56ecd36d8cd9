// One owner for a new shipment's target (shipment-target.ts): the same input gives the same
// delivery point, delivery method, product, pickup address and partner — or the same field
// errors — whether it comes from the send form (POST /api/v1/shipments/store), from a row of an
// import, or from the wizard (POST /api/v2/shipments/store).
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import { queryRows } from '#server/db/client.ts';
import { clients, importRowErrors, pickupAddresses, shipments } from '#server/db/schema.ts';
import { processImport } from '#server/features/imports/import-job.ts';
import { createImport } from '#server/features/imports/imports.service.ts';
import { translator } from '#server/i18n.ts';
import { sql } from 'drizzle-orm';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { pointId, postShipment, postWizard, shipmentPayload, wizardParcel, wizardPayload } from './shipments-fixtures.ts';

const en = translator('en');

let t: TestApp;
let userToken: string;
let principal: { clientId: string; companyId: string; role: 'USER' };
let warehouse: string;
let office: string;
let brno: string;
let skLocker: string;
let skCounter: string;
let czCounter: string;

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  const db = t.database.db;
  const [user] = await db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  principal = { clientId: user!.id, companyId: user!.companyId, role: 'USER' };
  const addresses = await db.select({ id: pickupAddresses.id, street: pickupAddresses.street }).from(pickupAddresses);
  const byStreet = (street: string) => addresses.find((a) => a.street === street)!.id;
  warehouse = byStreet('Priemyselná 12');
  office = byStreet('Mlynské nivy 48');
  brno = byStreet('Vídeňská 105');
  skLocker = await pointId(db, 'SK', 'parcel_locker');
  skCounter = await pointId(db, 'SK', 'pickup_point');
  czCounter = await pointId(db, 'CZ', 'pickup_point');
});

afterAll(async () => {
  await t?.close();
});

/** What decides a target; an import row carries the same fields as text. */
type Fields = Record<string, string | number>;

/** A target, or the field errors (translated), as the caller learns it. */
type Outcome = { target: Pick<Shipment, 'delivery_method' | 'pickup_point_id' | 'product' | 'pickup_address_id' | 'partner_name'> } | { errors: Record<string, string[]> };

const targetOf = (s: Pick<Shipment, 'delivery_method' | 'pickup_point_id' | 'product' | 'pickup_address_id' | 'partner_name'>): Outcome => ({
  target: { delivery_method: s.delivery_method, pickup_point_id: s.pickup_point_id, product: s.product, pickup_address_id: s.pickup_address_id, partner_name: s.partner_name },
});

/** The send form's payload without a product unless the case names one. */
function formPayload(fields: Fields) {
  const { product: _product, ...base } = shipmentPayload();
  return { ...base, ...fields };
}

async function viaForm(fields: Fields): Promise<Outcome> {
  const res = await postShipment(t.app, userToken, formPayload(fields));
  if (res.statusCode === 201) return targetOf(res.json<{ shipment: Shipment }>().shipment);
  expect(res.statusCode, res.body).toBe(422);
  return { errors: res.json<{ errors: Record<string, string[]> }>().errors };
}

async function viaWizard(fields: Fields): Promise<Outcome> {
  const { weight, width, height, length, receiver_name: _name, ...rest } = fields;
  const parcel = wizardParcel({
    ...(weight ? { weight } : { weight: 1.25 }),
    ...(width ? { width } : { width: 30 }),
    ...(height ? { height } : { height: 20 }),
    ...(length ? { length } : { length: 10 }),
  });
  const res = await postWizard(t.app, userToken, wizardPayload(String(fields.pickup_address_id), { cod_amount: undefined, insurance: undefined, ...rest, parcels: [parcel] }));
  if (res.statusCode === 201) return targetOf(res.json<{ shipments: Shipment[] }>().shipments[0]!);
  expect(res.statusCode, res.body).toBe(422);
  return { errors: res.json<{ errors: Record<string, string[]> }>().errors };
}

/** Every case as one row of one import file (the portal's field names as headers), read back in order. */
async function viaImport(cases: Fields[]): Promise<Outcome[]> {
  const payloads = cases.map(formPayload);
  const headers = [...new Set(payloads.flatMap((p) => Object.keys(p)))];
  // Numbers as an office's spreadsheet writes them (decimal comma); an empty cell is "not given".
  const cell = (value: unknown) => (value === undefined ? '' : typeof value === 'number' ? String(value).replace('.', ',') : String(value));
  const rows = payloads.map((p) => headers.map((h) => cell((p as Record<string, unknown>)[h])));
  const file = Buffer.from(Papa.unparse([headers, ...rows], { delimiter: ';' })).toString('base64');
  const importId = await createImport(t.database.db, principal, { type: 'csv', filename: 'targets.csv', file });
  await processImport(t.database.db, importId);
  const created = await queryRows<{ import_row: number; item_number: string }>(t.database.db, sql`select import_row, item_number from shipments where import_id = ${importId}`);
  const failed = await t.database.db.select().from(importRowErrors).where(eq(importRowErrors.importId, importId));
  const outcomes = new Map<number, Promise<Outcome> | Outcome>();
  for (const row of created) {
    outcomes.set(
      row.import_row,
      t.database.db
        .select()
        .from(shipments)
        .where(eq(shipments.itemNumber, row.item_number))
        .then(([s]) =>
          targetOf({
            delivery_method: s!.deliveryMethod,
            pickup_point_id: s!.pickupPointId,
            product: s!.product,
            pickup_address_id: s!.pickupAddressId,
            partner_name: s!.partnerName,
          }),
        ),
    );
  }
  for (const row of failed) {
    const errors: Record<string, string[]> = {};
    for (const e of row.errors) (errors[e.column] ??= []).push(en(e.message));
    outcomes.set(row.rowNumber, { errors });
  }
  const numbers = [...outcomes.keys()].sort((a, b) => a - b);
  expect(numbers).toHaveLength(cases.length);
  return Promise.all(numbers.map((n) => outcomes.get(n)!));
}

const DE = { receiver_country: 'DE', receiver_city: 'Berlin', receiver_postal_code: '10115', receiver_phone: '030 1234567', receiver_address_number: '1' };

describe('the send form, the wizard and an import give one input the same target', () => {
  // label, fields, whether the wizard can send it too (it always names a product and an address), the expected target or errors.
  const CASES: Array<[string, () => Fields, boolean, () => Outcome]> = [
    [
      'a locker id in lower case with spaces, chosen as a pickup point: the locker, as a parcel',
      () => ({ delivery_method: 'pickup_point', pickup_point_id: `  ${skLocker.toLowerCase()} ` }),
      false,
      () => ({
        target: { delivery_method: 'parcel_locker', pickup_point_id: skLocker, product: 'PRM', pickup_address_id: expect.any(String), partner_name: 'Slovak Parcel Service' },
      }),
    ],
    [
      'the same with the product and an address named',
      () => ({ delivery_method: 'pickup_point', pickup_point_id: ` ${skLocker.toLowerCase()}`, product: 'PRM', pickup_address_id: warehouse }),
      true,
      () => ({ target: { delivery_method: 'parcel_locker', pickup_point_id: skLocker, product: 'PRM', pickup_address_id: warehouse, partner_name: 'Slovak Parcel Service' } }),
    ],
    [
      'a pickup counter',
      () => ({ delivery_method: 'pickup_point', pickup_point_id: skCounter, product: 'PRM', pickup_address_id: office }),
      true,
      () => ({ target: { delivery_method: 'pickup_point', pickup_point_id: skCounter, product: 'PRM', pickup_address_id: office, partner_name: expect.any(String) } }),
    ],
    [
      'no product named, home delivery: a parcel (PRM) where the contract has it',
      () => ({ delivery_method: 'home_delivery' }),
      false,
      () => ({ target: { delivery_method: 'home_delivery', pickup_point_id: null, product: 'PRM', pickup_address_id: expect.any(String), partner_name: 'Slovak Parcel Service' } }),
    ],
    [
      'no product named to a country without PRM in the contract: the form’s default (TRC)',
      () => ({ delivery_method: 'home_delivery', ...DE, weight: 0.5 }),
      false,
      () => ({ target: { delivery_method: 'home_delivery', pickup_point_id: null, product: 'TRC', pickup_address_id: expect.any(String), partner_name: 'PostOne' } }),
    ],
    [
      'a pickup point id with home delivery: delivered home, the point ignored',
      () => ({ delivery_method: 'home_delivery', pickup_point_id: skLocker, product: 'PRM', pickup_address_id: warehouse }),
      true,
      () => ({ target: { delivery_method: 'home_delivery', pickup_point_id: null, product: 'PRM', pickup_address_id: warehouse, partner_name: 'Slovak Parcel Service' } }),
    ],
    [
      'a parcel locker without a point',
      () => ({ delivery_method: 'parcel_locker', product: 'PRM', pickup_address_id: warehouse }),
      true,
      () => ({ errors: { pickup_point_id: [expect.any(String)] } }),
    ],
    [
      'a point that does not exist',
      () => ({ delivery_method: 'parcel_locker', pickup_point_id: 'sk-nowhere-1', product: 'PRM', pickup_address_id: warehouse }),
      true,
      () => ({ errors: { pickup_point_id: [expect.any(String)] } }),
    ],
    [
      'a point of another country',
      () => ({ delivery_method: 'pickup_point', pickup_point_id: czCounter.toLowerCase(), product: 'PRM', pickup_address_id: warehouse }),
      true,
      () => ({ errors: { pickup_point_id: [expect.any(String)] } }),
    ],
    [
      'a tracked letter to a locker',
      () => ({ delivery_method: 'parcel_locker', pickup_point_id: skLocker, product: 'TRC', weight: 0.5, receiver_address_number: '1', pickup_address_id: warehouse }),
      true,
      () => ({ errors: { delivery_method: [expect.any(String)] } }),
    ],
    [
      'the pickup address of another company',
      () => ({ delivery_method: 'home_delivery', product: 'PRM', pickup_address_id: brno }),
      true,
      () => ({ errors: { pickup_address_id: [expect.any(String)] } }),
    ],
  ];

  let imported: Outcome[] = [];
  beforeAll(async () => {
    imported = await viaImport(CASES.map(([, fields]) => fields()));
  });

  it.each(CASES.map((c, index) => [...c, index] as const))('%s', async (_label, fields, wizard, expected, index) => {
    const form = await viaForm(fields());
    expect(form).toEqual(expected());
    expect(imported[index], 'the import').toEqual(form);
    if (wizard) expect(await viaWizard(fields()), 'the wizard').toEqual(form);
  });

  it('an import row that names a point but no delivery method goes to that point (its type decides)', async () => {
    const [outcome] = await viaImport([{ delivery_method: '', pickup_point_id: skLocker.toLowerCase() }]);
    expect(outcome).toEqual({
      target: { delivery_method: 'parcel_locker', pickup_point_id: skLocker, product: 'PRM', pickup_address_id: expect.any(String), partner_name: 'Slovak Parcel Service' },
    });
  });
});
