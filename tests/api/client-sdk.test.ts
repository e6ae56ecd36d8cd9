// A shop's integration through the typed client (src/client-sdk) against the real server on a
// loopback port: sign in by client credentials, create a shipment with an Idempotency-Key and
// send the same create again (one shipment), list, fetch its label (PDF) and track it; the client
// signs in again when its token is about to expire or a call answers 401.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalClient, PortalAuthError, type ShipmentCreate } from '#client-sdk';
import { isValidS10 } from '#shared/domain/s10.ts';
import { SHIPMENT_CREATE_EXAMPLE, SHIPMENT_CREATED_EXAMPLE } from '#server/features/api-reference/operations.ts';
import { createTestApp, DEMO, type TestApp } from '../setup/test-app.ts';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // A new database and app: slow on a busy 2-core machine.
}, 180_000);

afterAll(async () => {
  await t?.close();
}, 60_000);

/** A fetch that records what the client sends and may change it on the way. */
function recordingFetch(change: (request: Request) => Request = (request) => request) {
  const requests: Array<{ method: string; path: string; authorization: string | null; idempotencyKey: string | null }> = [];
  const send = async (request: Request) => {
    const changed = change(request);
    requests.push({ method: changed.method, path: new URL(changed.url).pathname, authorization: changed.headers.get('authorization'), idempotencyKey: changed.headers.get('idempotency-key') });
    return fetch(changed);
  };
  return { requests, send };
}

const REFERENCE = 'SHOP-ORDER-7781';
const order: ShipmentCreate = {
  delivery_method: 'home_delivery',
  product: 'PRM',
  reference_number: REFERENCE,
  receiver_name: 'Eva Horváthová',
  receiver_address_line_1: 'Hlavná',
  receiver_address_number: '5',
  receiver_city: 'Košice',
  receiver_postal_code: '04001',
  receiver_country: 'SK',
  receiver_phone: '+421 905 000 111',
  receiver_email: 'eva@example.com',
  weight: 0.8,
  width: 25,
  height: 10,
  length: 15,
  content: 'Books',
};

describe('the typed client, used as a shop would', () => {
  it('signs in, creates once however often the create is sent, lists, fetches the label and tracks', async () => {
    const { requests, send } = recordingFetch();
    const portal = createPortalClient({ baseUrl, clientId: DEMO.user.clientId, clientSecret: DEMO.user.secret, fetch: send });

    // Sign in (client credentials) on the first call.
    const profile = await portal.GET('/api/v1/profile');
    expect(profile.response.status).toBe(200);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /oauth/token', 'GET /api/v1/profile']);
    expect(requests[0]!.authorization, 'client_secret_basic').toBe(`Basic ${Buffer.from(`${DEMO.user.clientId}:${DEMO.user.secret}`).toString('base64')}`);
    expect(requests[1]!.authorization).toMatch(/^Bearer /);

    // Create with the shop's own key, then the same create again (the answer was lost, say).
    const key = `shop-order-7781-${Date.now()}`;
    const created = await portal.POST('/api/v1/shipments/store', { params: { header: { 'Idempotency-Key': key } }, body: order });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const shipment = created.data!.shipment;
    expect(shipment).toMatchObject({ status: 'CREATED', reference_number: REFERENCE, receiver_city: 'Košice' });
    const again = await portal.POST('/api/v1/shipments/store', { params: { header: { 'Idempotency-Key': key } }, body: order });
    expect(again.response.status).toBe(201);
    expect(again.data!.shipment.item_number).toBe(shipment.item_number);
    expect(requests.filter((r) => r.path === '/api/v1/shipments/store').map((r) => r.idempotencyKey)).toEqual([key, key]);

    // One shipment in the list.
    const list = await portal.GET('/api/v1/shipments', { params: { query: { reference_number: REFERENCE } } });
    expect(list.data!.count).toBe(1);
    expect(list.data!.shipments.map((s) => s.item_number)).toEqual([shipment.item_number]);
    const detail = await portal.GET('/api/v1/shipments/{item_number}', { params: { path: { item_number: shipment.item_number } } });
    expect(detail.data!.item_number).toBe(shipment.item_number);

    // The label: a PDF, base64 in JSON; and the A4 sheet as a PDF file.
    const label = await portal.GET('/api/v1/shipments/getLabel/{item_number}', { params: { path: { item_number: shipment.item_number } } });
    // JSON by default; the document also offers the PDF itself for Accept: application/pdf.
    const labelJson = label.data as Exclude<typeof label.data, string>;
    expect(Buffer.from(labelJson!.shipment.label, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const sheet = await portal.POST('/api/v1/shipments/labels', { body: { layout: 'A4', item_numbers: [shipment.item_number] }, parseAs: 'arrayBuffer' });
    expect(sheet.response.headers.get('content-type')).toBe('application/pdf');
    // openapi-fetch types the data by the document (a binary string); parseAs made it the bytes.
    expect(Buffer.from(sheet.data as unknown as ArrayBuffer).subarray(0, 5).toString()).toBe('%PDF-');

    // Tracking: the owner sees the events.
    const tracking = await portal.GET('/api/v1/shipments/track', { params: { query: { tracking_number: shipment.tracking_number! } } });
    expect(tracking.response.status).toBe(200);
    expect(tracking.data).toMatchObject({ tracking_link: expect.stringContaining(shipment.tracking_number!), events: expect.any(Array) });

    // A typed error answer: field errors of a create that does not fit.
    const refused = await portal.POST('/api/v1/shipments/store', { body: { ...order, receiver_postal_code: '' } });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ error: 'validation_failed', errors: { receiver_postal_code: [expect.any(String)] } });
    // Every POST carried an Idempotency-Key; the client signed in once.
    expect(requests.filter((r) => r.method === 'POST' && r.path !== '/oauth/token').every((r) => r.idempotencyKey)).toBe(true);
    expect(requests.filter((r) => r.path === '/oauth/token')).toHaveLength(1);
  });

  it('signs in again and sends the call once more when the API answers 401', async () => {
    let spoil = false;
    const { requests, send } = recordingFetch((request) => {
      if (!spoil || request.url.endsWith('/oauth/token')) return request;
      spoil = false;
      const headers = new Headers(request.headers);
      headers.set('authorization', 'Bearer revoked.token.value');
      return new Request(request, { headers });
    });
    const portal = createPortalClient({ baseUrl, clientId: DEMO.user.clientId, clientSecret: DEMO.user.secret, fetch: send });
    await portal.accessToken();

    spoil = true;
    const created = await portal.POST('/api/v1/shipments/store', { body: { ...order, reference_number: 'SHOP-ORDER-401' } });
    expect(created.response.status).toBe(201);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /oauth/token', 'POST /api/v1/shipments/store', 'POST /oauth/token', 'POST /api/v1/shipments/store']);
    // The resend is the same request: same Idempotency-Key, so it could never create twice.
    expect(requests[3]!.idempotencyKey).toBe(requests[1]!.idempotencyKey);
    const list = await portal.GET('/api/v1/shipments', { params: { query: { reference_number: 'SHOP-ORDER-401' } } });
    expect(list.data!.count).toBe(1);
  });

  it('renews the token before it expires', async () => {
    // The server's tokens live long; this one is said to live 10 s, inside the client's 30 s margin.
    const { requests, send } = recordingFetch();
    const shortLived = async (request: Request) => {
      const response = await send(request);
      if (!request.url.endsWith('/oauth/token')) return response;
      const body = (await response.json()) as { expires_in: number };
      return Response.json({ ...body, expires_in: 10 }, { status: response.status });
    };
    const portal = createPortalClient({ baseUrl, clientId: DEMO.user.clientId, clientSecret: DEMO.user.secret, fetch: shortLived });
    await portal.GET('/api/v1/profile');
    await portal.GET('/api/v1/profile');
    expect(requests.map((r) => r.path)).toEqual(['/oauth/token', '/api/v1/profile', '/oauth/token', '/api/v1/profile']);
  });

  it("waits for a 429's Retry-After and sends the create again: created once", async () => {
    const stores: Array<string | null> = [];
    const tooMany = () => new Response(JSON.stringify({ message: 'Too many requests.', error: 'too_many_requests' }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1' } });
    const send = async (request: Request) => {
      if (new URL(request.url).pathname === '/api/v1/shipments/store') {
        stores.push(request.headers.get('idempotency-key'));
        // The company's budget is spent for the first try (the portal's own 429 waits up to a minute).
        if (stores.length === 1) return tooMany();
      }
      return fetch(request);
    };
    const portal = createPortalClient({ baseUrl, clientId: DEMO.user.clientId, clientSecret: DEMO.user.secret, fetch: send });
    const started = Date.now();
    const created = await portal.POST('/api/v1/shipments/store', { body: { ...order, reference_number: 'SHOP-429-1' } });
    expect(created.error).toBeUndefined();
    expect(created.data?.shipment.reference_number).toBe('SHOP-429-1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(stores).toHaveLength(2);
    expect(stores[1]).toBe(stores[0]);
  });

  it('hands back a 429 whose Retry-After is longer than it waits', async () => {
    let stores = 0;
    const send = async (request: Request) => {
      if (new URL(request.url).pathname === '/api/v1/shipments/store') {
        stores += 1;
        return new Response(JSON.stringify({ message: 'Too many requests.', error: 'too_many_requests' }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '120' } });
      }
      return fetch(request);
    };
    const portal = createPortalClient({ baseUrl, clientId: DEMO.user.clientId, clientSecret: DEMO.user.secret, fetch: send });
    const answer = await portal.POST('/api/v1/shipments/store', { body: { ...order, reference_number: 'SHOP-429-2' } });
    expect(answer.response.status).toBe(429);
    expect(answer.error).toMatchObject({ error: 'too_many_requests' });
    expect(stores).toBe(1);
  });

  it('says so when the credentials are wrong', async () => {
    const portal = createPortalClient({ baseUrl, clientId: DEMO.user.clientId, clientSecret: 'not-the-secret' });
    const failure = await portal.GET('/api/v1/profile').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PortalAuthError);
    expect(failure).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });
});

describe('the reference’s example create', () => {
  it('answers what the reference shows (numbers, times and ids aside): the normalised postal code and phone, the partner’s name', async () => {
    const portal = createPortalClient({ baseUrl, clientId: DEMO.user.clientId, clientSecret: DEMO.user.secret });
    const created = await portal.POST('/api/v1/shipments/store', { params: { header: { 'Idempotency-Key': `reference-example-${Date.now()}` } }, body: SHIPMENT_CREATE_EXAMPLE });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const answer = created.data!;
    const shipment = answer.shipment;
    const time = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(answer).toEqual({
      ...SHIPMENT_CREATED_EXAMPLE,
      shipment: {
        ...SHIPMENT_CREATED_EXAMPLE.shipment,
        item_number: expect.stringMatching(/^PP\d{10}$/),
        tracking_number: expect.stringMatching(/^CP\d{9}SK$/),
        created_at: time,
        tracking_status_at: time,
        updated_at: time,
        pickup_address_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    });
    expect(isValidS10(shipment.tracking_number!)).toBe(true);
    // The example's own numbers have the real forms too.
    expect(SHIPMENT_CREATED_EXAMPLE.shipment.item_number).toMatch(/^PP\d{10}$/);
    expect(isValidS10(SHIPMENT_CREATED_EXAMPLE.shipment.tracking_number)).toBe(true);
  });
});
