// Label formats (issue 33): `format` on getLabel and on the bulk call picks the file: A6, A4 or
// 100×150 mm PDFs, ZPL for 203 or 300 dpi thermal printers. The spec's default answers stay as
// they were; each file is named and typed for what it is; a label in any format counts as printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import { pdfInfo, pdfText } from '../setup/pdf-tools.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;
let shipments: Shipment[];

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  shipments = [];
  for (let i = 1; i <= 3; i++) shipments.push(await createShipment(t.app, userToken, { receiver_name: `Ľubomír Šťastný ${i}`, reference_number: `FMT-${i}` }));
});

afterAll(async () => {
  await t?.close();
});

const getLabel = (item: string, query: string, accept?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/shipments/getLabel/${item}${query}`, headers: { ...bearer(userToken), ...(accept ? { accept } : {}) } });
const postLabels = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/v1/shipments/labels', headers: bearer(userToken), payload });
const prints = async (item: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments?item_number=${item}`, headers: bearer(userToken) });
  return res.json<{ shipments: Shipment[] }>().shipments[0]!.label_prints;
};
const THERMAL = { width: 283.46, height: 425.2 };

describe('GET /api/v1/shipments/getLabel/{item_number}?format=…', () => {
  it('answers ZPL in the spec’s JSON (base64): the font download, then one label, with the names whole', async () => {
    const [shipment] = shipments;
    const before = await prints(shipment!.item_number);
    const res = await getLabel(shipment!.item_number, '?format=zpl-203');
    expect(res.statusCode, res.body).toBe(200);
    const zpl = Buffer.from(res.json<{ shipment: { label: string } }>().shipment.label, 'base64').toString('utf8');
    expect(zpl).toMatch(/^~DUR:PPSANS\.TTF,/);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl).toContain('^PW800^LL1200');
    expect(zpl).toContain(`^FD${shipment!.tracking_number}^FS`);
    expect(zpl).toContain('Ľubomír Šťastný 1');
    expect(await prints(shipment!.item_number)).toBe(before + 1);
  });

  it('answers the ZPL file itself for Accept: text/plain, at 300 dpi, named label_{item}.zpl', async () => {
    const [, shipment] = shipments;
    const res = await getLabel(shipment!.item_number, '?format=zpl-300', 'text/plain');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`label_${shipment!.item_number}.zpl`);
    expect(res.body).toContain('^PW1200^LL1800');
  });

  it('answers a 100×150 mm PDF for Accept: application/pdf, and the spec’s A6 PDF without a format', async () => {
    const [, , shipment] = shipments;
    const thermal = await getLabel(shipment!.item_number, '?format=pdf-100x150', 'application/pdf');
    expect(thermal.statusCode).toBe(200);
    expect(thermal.headers['content-type']).toBe('application/pdf');
    const size = pdfInfo(thermal.rawPayload).pageSize;
    expect(size.width).toBeCloseTo(THERMAL.width, 1);
    expect(size.height).toBeCloseTo(THERMAL.height, 1);
    const a6 = await getLabel(shipment!.item_number, '', 'application/pdf');
    expect(pdfInfo(a6.rawPayload).pageSize.width).toBeCloseTo(297.64, 1);
  });

  it('refuses an unknown format as a field error, in the caller’s language', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/getLabel/${shipments[0]!.item_number}?format=zpl-600`, headers: { ...bearer(userToken), 'accept-language': 'sk' } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ errors?: Record<string, string[]>; codes?: Record<string, string[]> }>();
    expect(Object.keys(body.errors ?? {})).toEqual(['format']);
    expect(body.errors!.format![0]).not.toBe('This value is not allowed');
  });
});

describe('POST /api/v1/shipments/labels with format', () => {
  it('prints ZPL, one label after another in the order asked, as labels.zpl; `format` wins over the spec’s layout', async () => {
    const items = [shipments[2]!, shipments[0]!].map((s) => s.item_number);
    const res = await postLabels({ layout: 'A4', format: 'zpl-203', item_numbers: items });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('labels.zpl');
    const tracking = [...res.body.matchAll(/\^BCN,[^^]+\^FH\^FD([^^]+)\^FS/g)].map((m) => m[1]);
    expect(tracking).toEqual([shipments[2]!.tracking_number, shipments[0]!.tracking_number]);
  });

  it('prints one 100×150 mm page per label, and four per A4 sheet without a format or a layout', async () => {
    const items = shipments.map((s) => s.item_number);
    const thermal = await postLabels({ format: 'pdf-100x150', item_numbers: items });
    expect(thermal.statusCode, thermal.body).toBe(200);
    expect(pdfInfo(thermal.rawPayload).pages).toBe(3);
    const sheet = await postLabels({ item_numbers: items });
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-disposition']).toContain('labels.pdf');
    expect(pdfInfo(sheet.rawPayload)).toMatchObject({ pages: 1, pageSize: { width: expect.closeTo(595.28, 1) } });
    expect(pdfText(sheet.rawPayload)).toContain('FMT-3');
  });

  it('prints the labels not yet printed as ZPL', async () => {
    const fresh = await createShipment(t.app, userToken, { receiver_name: 'Jürgen Weiß' });
    const res = await postLabels({ format: 'zpl-300', not_printed: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Jürgen Weiß');
    expect(await prints(fresh.item_number)).toBe(1);
  });

  it('refuses an unknown format on its field', async () => {
    const res = await postLabels({ format: 'png', item_numbers: [shipments[0]!.item_number] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors?: Record<string, string[]> }>().errors ?? {})).toContain('format');
  });

  it('prints a manifest’s labels in its order, counted as prints; another company’s manifest is not found', async () => {
    const handedOver = [await createShipment(t.app, userToken, { receiver_name: 'Ödön Manifest 1' }), await createShipment(t.app, userToken, { receiver_name: 'Ödön Manifest 2' })];
    const generated = await t.app.inject({ method: 'POST', url: '/api/v1/manifests/generate', headers: bearer(userToken), payload: { item_numbers: handedOver.map((s) => s.item_number) } });
    expect(generated.statusCode, generated.body).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/manifests', headers: bearer(userToken) });
    const manifestId = list.json<{ manifests: Array<{ id: string; shipment_count: number }> }>().manifests[0]!.id;
    const before = await prints(handedOver[0]!.item_number);

    const res = await postLabels({ format: 'zpl-203', manifest_id: manifestId.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('labels.zpl');
    const tracking = [...res.body.matchAll(/\^BCN,[^^]+\^FH\^FD([^^]+)\^FS/g)].map((m) => m[1]);
    expect(tracking).toEqual(handedOver.map((s) => s.tracking_number));
    expect(await prints(handedOver[0]!.item_number)).toBe(before + 1);

    const other = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
    const foreign = await t.app.inject({ method: 'POST', url: '/api/v1/shipments/labels', headers: bearer(other), payload: { manifest_id: manifestId } });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect((await postLabels({ manifest_id: 'MF9999999999' })).statusCode).toBe(404);
    const both = await postLabels({ manifest_id: manifestId, item_numbers: [handedOver[0]!.item_number] });
    expect(both.statusCode).toBe(400);
  });
});
