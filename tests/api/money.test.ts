// Amounts in the destination country's currency (issue 17, "Money"): cash on delivery and
// insurance are refused on their field, in the caller's language, when their currency does not
// allow them (whole crowns in CZK, multiples of 5 forints in HUF, 0.05 in CHF), by the single form
// (v1), the wizard (v2) and every import row; cents stay allowed in EUR.
import { asc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRecord } from '#shared/contract/imports.ts';
import type { Shipment } from '#shared/contract/shipments.ts';
import type { WizardShipmentCreated } from '#shared/contract/shipments-wizard.ts';
import { messages } from '#shared/i18n/messages.ts';
import { moneyMessages } from '#shared/i18n/money-messages.ts';
import { clients, pickupAddresses, shipments } from '#server/db/schema.ts';
import { translator } from '#server/i18n.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, postShipment, postWizard, shipmentPayload, wizardPayload } from './shipments-fixtures.ts';

const en = translator('en');
const de = translator('de');

let t: TestApp;
let userToken: string;
let addressId: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  const db = t.database.db;
  const [client] = await db.select({ companyId: clients.companyId }).from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  const [address] = await db.select({ id: pickupAddresses.id }).from(pickupAddresses).where(eq(pickupAddresses.companyId, client!.companyId)).orderBy(asc(pickupAddresses.createdAt));
  addressId = address!.id;
});

afterAll(async () => {
  await t?.close();
});

interface ErrorBody {
  error: string;
  errors?: Record<string, string[]>;
}

const czechia = { receiver_country: 'CZ', receiver_city: 'Praha', receiver_postal_code: '11000', receiver_phone: '602 345 678' };
const hungary = { receiver_country: 'HU', receiver_city: 'Budapest', receiver_postal_code: '1051', receiver_phone: '+36 1 234 5678' };
const switzerland = { receiver_country: 'CH', product: 'TRC', receiver_city: 'Zürich', receiver_postal_code: '8001', receiver_phone: '044 123 45 67', weight: 0.5, hs_tariff_code: '490199', quantity: 1 };

async function rowsOf(reference: string) {
  return t.database.db.select({ codAmount: shipments.codAmount, insurance: shipments.insurance }).from(shipments).where(eq(shipments.referenceNumber, reference));
}

describe('POST /api/v1/shipments/store', () => {
  it.each([
    ['COD in CZK with hellers', { ...czechia, cod_amount: 1290.5 }, { cod_amount: [en(moneyMessages.czk)] }],
    ['COD and insurance in CZK with hellers', { ...czechia, cod_amount: 99.9, insurance: 5000.5 }, { cod_amount: [en(moneyMessages.czk)], insurance: [en(moneyMessages.czk)] }],
    ['COD in HUF that is not a multiple of 5', { ...hungary, cod_amount: 12993 }, { cod_amount: [en(moneyMessages.huf)] }],
    ['insurance in HUF with fillérs', { ...hungary, insurance: 50000.5 }, { insurance: [en(moneyMessages.huf)] }],
    ['COD in CHF that is not a multiple of 0.05', { ...switzerland, cod_amount: 19.99 }, { cod_amount: [en(moneyMessages.chf)] }],
  ])('answers 422 on the field for %s and creates nothing', async (label, overrides, errors) => {
    const reference = `MONEY-V1-${label}`.slice(0, 50);
    const res = await postShipment(t.app, userToken, shipmentPayload({ ...overrides, reference_number: reference }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<ErrorBody>()).toMatchObject({ error: 'validation_failed', errors });
    expect(await rowsOf(reference)).toEqual([]);
  });

  it('names the currency in the English message', () => {
    expect(en(moneyMessages.czk)).toContain('CZK');
    expect(en(moneyMessages.huf)).toContain('HUF');
  });

  it("answers in the caller's language", async () => {
    const res = await postShipment(t.app, userToken, shipmentPayload({ ...czechia, cod_amount: 10.5 }), { 'accept-language': 'de' });
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>().errors).toEqual({ cod_amount: [de(moneyMessages.czk)] });
  });

  it.each([
    ['whole crowns in CZK', { ...czechia, cod_amount: 1290, insurance: 5000 }, 1290, 5000],
    ['multiples of 5 forints in HUF', { ...hungary, cod_amount: 12995, insurance: 80000 }, 12995, 80000],
    ['0.05 steps in CHF', { ...switzerland, cod_amount: 19.95, insurance: 100.1 }, 19.95, 100.1],
    ['cents in EUR', { cod_amount: 49.99, insurance: 200.01 }, 49.99, 200.01],
  ])('creates a shipment with %s', async (label, overrides, cod, insurance) => {
    const res = await postShipment(t.app, userToken, shipmentPayload({ ...overrides, reference_number: `MONEY-OK-${label}`.slice(0, 50) }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ shipment: Shipment }>().shipment).toMatchObject({ cod_amount: cod, insurance });
  });

  it('keeps three decimals the schema’s message (400), not the currency’s', async () => {
    const res = await postShipment(t.app, userToken, shipmentPayload({ ...czechia, cod_amount: 10.005 }));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().errors).toEqual({ cod_amount: [en(messages.moneyStep)] });
  });
});

describe('POST /api/v2/shipments/store (wizard)', () => {
  it('answers 422 on cod_amount and insurance once for the consignment, not per parcel', async () => {
    const reference = 'MONEY-V2-CZ-BAD';
    const res = await postWizard(t.app, userToken, wizardPayload(addressId, { ...czechia, reference_number: reference, cod_amount: 49.9, insurance: 200.5 }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<ErrorBody>()).toMatchObject({ error: 'validation_failed', errors: { cod_amount: [en(moneyMessages.czk)], insurance: [en(moneyMessages.czk)] } });
    expect(Object.keys(res.json<ErrorBody>().errors!)).toEqual(['cod_amount', 'insurance']);
    expect(await rowsOf(reference)).toEqual([]);
  });

  it('answers 422 for forints that are not a multiple of 5', async () => {
    const res = await postWizard(t.app, userToken, wizardPayload(addressId, { ...hungary, cod_amount: 12990, insurance: 80001 }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<ErrorBody>().errors).toEqual({ insurance: [en(moneyMessages.huf)] });
  });

  it('creates the consignment with whole crowns, COD and insurance on the first parcel', async () => {
    const res = await postWizard(t.app, userToken, wizardPayload(addressId, { ...czechia, reference_number: 'MONEY-V2-CZ-OK', cod_amount: 1290, insurance: 5000 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<WizardShipmentCreated>().shipments.map((s) => [s.cod_amount, s.insurance])).toEqual([
      [1290, 5000],
      [null, null],
    ]);
  });
});

describe('import rows', () => {
  const HEADERS = ['receiver_name', 'receiver_address_line_1', 'receiver_city', 'receiver_postal_code', 'receiver_country', 'receiver_phone', 'receiver_email', 'content', 'weight', 'width', 'height', 'length', 'reference_number', 'Dobírka', 'Pojištění'];
  const row = (reference: string, place: string[], cod: string, insurance = '') => ['Petr Svoboda', 'Vinohradská 48', ...place, 'petr@example.cz', 'Knihy', '1,2', '30', '25', '10', reference, cod, insurance];
  const praha = ['Praha', '120 00', 'CZ', '+420 602 345 678'];
  const budapest = ['Budapest', '1051', 'HU', '+36 1 234 5678'];
  const bratislava = ['Bratislava', '811 01', 'SK', '0905 123 456'];
  let record: ImportRecord;
  let id: string;

  beforeAll(async () => {
    const file = Papa.unparse(
      [
        HEADERS,
        row('MONEY-IMP-1', praha, '1290,5'),
        row('MONEY-IMP-2', praha, '1 290'),
        row('MONEY-IMP-3', budapest, '12993', '50000'),
        row('MONEY-IMP-4', budapest, '12995', '50001'),
        row('MONEY-IMP-5', bratislava, '34,90', '150,55'),
      ],
      { delimiter: ';', newline: '\r\n' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shipments/import',
      headers: { ...bearer(userToken), 'accept-language': 'en' },
      payload: { type: 'csv', filename: 'money.csv', file: Buffer.from(file).toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json<{ id: string }>().id;
    for (let i = 0; i < 200; i += 1) {
      const listed = await t.app.inject({ method: 'GET', url: '/api/v1/shipments/import', headers: { ...bearer(userToken), 'accept-language': 'en' } });
      const found = listed.json<ImportRecord[]>().find((r) => r.id === id);
      if (found && found.status !== 'PROCESSING') {
        record = found;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the import did not finish');
  });

  it("refuses each row whose amount its currency does not allow, under the file's column", () => {
    expect(record).toMatchObject({ status: 'COMPLETED', total_shipments: 5, successful_shipments: 2, failed_shipments: 3 });
    expect(record.row_errors).toEqual([
      { row: 2, column: 'Dobírka', message: en(moneyMessages.czk) },
      { row: 4, column: 'Dobírka', message: en(moneyMessages.huf) },
      { row: 5, column: 'Pojištění', message: en(moneyMessages.huf) },
    ]);
  });

  it('creates the rows with allowed amounts', async () => {
    expect(await rowsOf('MONEY-IMP-2')).toEqual([{ codAmount: 1290, insurance: null }]);
    expect(await rowsOf('MONEY-IMP-5')).toEqual([{ codAmount: 34.9, insurance: 150.55 }]);
    expect(await rowsOf('MONEY-IMP-1')).toEqual([]);
    expect(await rowsOf('MONEY-IMP-3')).toEqual([]);
  });
});
