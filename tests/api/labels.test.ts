// Labels (GET /api/v1/shipments/getLabel/{item_number}, POST /api/v1/shipments/labels): PDFs a
// real PDF tool accepts, barcodes a real reader decodes back to the tracking number, four labels
// per A4 sheet in the order asked, and refusals that print nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import { decodeBarcodes, pdfInfo, pdfText, qpdfCheck } from '../setup/pdf-tools.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;
let user2Token: string;
let adminToken: string;
let shipments: Shipment[];

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  shipments = [];
  for (let i = 1; i <= 5; i++) shipments.push(await createShipment(t.app, userToken, { receiver_name: `Ľubomír Šťastný ${i}`, reference_number: `LBL-${i}`, cod_amount: i === 1 ? 49.9 : undefined }));
});

afterAll(async () => {
  await t?.close();
});

const getLabel = (item: string, token = userToken) => t.app.inject({ method: 'GET', url: `/api/v1/shipments/getLabel/${item}`, headers: bearer(token) });
const postLabels = (payload: Record<string, unknown>, token = userToken) => t.app.inject({ method: 'POST', url: '/api/v1/shipments/labels', headers: bearer(token), payload });

describe('GET /api/v1/shipments/getLabel/{item_number}', () => {
  it('answers one A6 label whose barcodes decode to the tracking number', async () => {
    const [first] = shipments;
    const res = await getLabel(first!.item_number);
    expect(res.statusCode, res.body).toBe(200);
    const pdf = Buffer.from(res.json<{ shipment: { label: string } }>().shipment.label, 'base64');
    qpdfCheck(pdf);
    const info = pdfInfo(pdf);
    expect(info.pages).toBe(1);
    expect(info.pageSize.width).toBeCloseTo(297.64, 0);
    expect(info.pageSize.height).toBeCloseTo(419.53, 0);
    const codes = decodeBarcodes(pdf);
    expect(codes).toContain(`CODE-128:${first!.tracking_number}`);
    expect(codes.some((c) => c.startsWith('QR-Code:') && c.includes(first!.tracking_number!))).toBe(true);
    const text = pdfText(pdf);
    expect(text).toContain('Ľubomír Šťastný 1');
    expect(text).toContain('Bratislava');
    expect(text).toContain(first!.item_number);
    expect(text).toMatch(/49[.,]90/);
    expect(text).toContain('EUR');
  });

  it('lets an admin print any company’s label, and answers 404 for another company’s or an unknown one', async () => {
    expect((await getLabel(shipments[1]!.item_number, adminToken)).statusCode).toBe(200);
    const foreign = await getLabel(shipments[1]!.item_number, user2Token);
    expect(foreign.statusCode).toBe(404);
    expect((await getLabel('PP9999999999')).statusCode).toBe(404);
  });

  it('refuses the label of a deleted shipment', async () => {
    const doomed = await createShipment(t.app, userToken);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/shipments/${doomed.item_number}`, headers: bearer(userToken) })).statusCode).toBe(200);
    const res = await getLabel(doomed.item_number);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('A deleted shipment has no label.');
  });
});

describe('GET /api/v1/shipments/getLabel/{item_number} with Accept: application/pdf', () => {
  const getAs = (item: string, accept: string | undefined, token = userToken) =>
    t.app.inject({ method: 'GET', url: `/api/v1/shipments/getLabel/${item}`, headers: { ...bearer(token), ...(accept === undefined ? {} : { accept }) } });

  it('answers the PDF itself, named label_{item_number}.pdf, varying by Accept', async () => {
    const [first] = shipments;
    const res = await getAs(first!.item_number, 'application/pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename=label_${first!.item_number}.pdf`);
    expect(String(res.headers.vary)).toMatch(/accept(,|$)/i);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    qpdfCheck(res.rawPayload);
    expect(decodeBarcodes(res.rawPayload)).toContain(`CODE-128:${first!.tracking_number}`);
    // A preference among others counts; the JSON is still there for who prefers it.
    expect((await getAs(first!.item_number, 'application/json;q=0.5, application/pdf')).headers['content-type']).toBe('application/pdf');
  });

  it.each([undefined, 'application/json', '*/*', 'application/pdf, application/json', 'text/html'])('keeps the JSON answer for Accept %s', async (accept) => {
    const res = await getAs(shipments[2]!.item_number, accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const pdf = Buffer.from(res.json<{ shipment: { label: string } }>().shipment.label, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses as the JSON route does, in the error shape: another company’s label, a deleted shipment', async () => {
    const foreign = await getAs(shipments[1]!.item_number, 'application/pdf', user2Token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/^application\/json/);
    expect(foreign.json()).toMatchObject({ error: 'not_found' });
    expect((await getAs('PP9999999999', 'application/pdf')).statusCode).toBe(404);
  });
});

describe('POST /api/v1/shipments/labels', () => {
  it('prints four labels per A4 sheet in the order asked, as labels.pdf', async () => {
    const order = [...shipments].reverse().map((s) => s.item_number);
    const res = await postLabels({ layout: 'A4', item_numbers: order });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename=labels.pdf');
    const pdf = res.rawPayload;
    qpdfCheck(pdf);
    const info = pdfInfo(pdf);
    expect(info.pages).toBe(2);
    expect(info.pageSize.width).toBeCloseTo(595.28, 0);
    expect(info.pageSize.height).toBeCloseTo(841.89, 0);
    const text = pdfText(pdf);
    const positions = order.map((item) => text.indexOf(item));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const codes = decodeBarcodes(pdf, 1);
    for (const s of [...shipments].reverse().slice(0, 4)) expect(codes).toContain(`CODE-128:${s.tracking_number}`);
  });

  it('starts at the first free quarter of a half-used sheet', async () => {
    const res = await postLabels({ layout: 'A4', item_numbers: shipments.slice(0, 3).map((s) => s.item_number), start: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(pdfInfo(res.rawPayload).pages).toBe(2);
  });

  it('prints nothing when any item is unknown, deleted or another company’s, and names them', async () => {
    const foreign = await createShipment(t.app, user2Token);
    const res = await postLabels({ layout: 'A4', item_numbers: [shipments[0]!.item_number, foreign.item_number, 'PP0000000000'] });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    const body = res.json<{ message: string; errors: { item_numbers: string[] } }>();
    expect(body.errors.item_numbers).toEqual([foreign.item_number, 'PP0000000000']);
    expect(body.message).toContain(foreign.item_number);
  });

  it('checks the request: layout, an empty selection, a start outside 1-4', async () => {
    expect((await postLabels({ layout: 'A5', item_numbers: [shipments[0]!.item_number] })).statusCode).toBe(400);
    const empty = await postLabels({ layout: 'A4', item_numbers: [] }, userToken);
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Select at least one shipment.');
    expect((await postLabels({ layout: 'A4', item_numbers: [shipments[0]!.item_number], start: 5 })).statusCode).toBe(400);
  });

  it('requires a signed-in user', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/shipments/labels', payload: { layout: 'A4', item_numbers: ['x'] } })).statusCode).toBe(401);
  });
});
