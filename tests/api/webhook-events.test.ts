// Webhook events from the shipment and import paths (issue 29 item 5): the database's triggers
// queue them in the transaction of the change (migration 0023), with the shipment's public
// fields exactly as the API answers them; delivered in order per shipment.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import { WEBHOOK_EVENT_DATA, webhookMessageSchema, type WebhookMessageType } from '#shared/contract/webhook-events.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

interface Message {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

let t: TestApp;
const tokens = { user: '', admin: '', user2: '' };
let secret = '';
const received: Array<{ id: string; message: Message }> = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString();
    const message = new Verifier(secret).verify(body, req.headers as Record<string, string>) as Message;
    received.push({ id: String(req.headers['webhook-id']), message });
    res.writeHead(204);
    res.end();
  });
});

beforeAll(async () => {
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  t = await createTestApp({ jobs: true, webhooks: { allowPrivate: true, pollMs: 50 } });
  tokens.user = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  tokens.user2 = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  tokens.admin = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: bearer(tokens.user),
    payload: {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`,
      event_types: ['shipment.created', 'shipment.status_changed', 'shipment.tracking_updated', 'shipment.deleted', 'import.finished'],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  secret = res.json<{ secret: string }>().secret;
  // Seeding and the job queue take their time on a busy 2-core machine.
}, 180_000);

afterAll(async () => {
  await t?.close();
  receiver.closeAllConnections();
  receiver.close();
});

const until = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 25 });
const of = (item: string) => received.filter((r) => r.message.data.item_number === item);
const detail = async (item: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/shipments/${item}`, headers: bearer(tokens.user) })).json<Shipment>();

describe('events of a shipment', () => {
  it('shipment.created carries the public fields exactly as the API answers them', async () => {
    const shipment = await createShipment(t.app, tokens.user, { receiver_name: 'Webhook Receiver', cod_amount: 12.5 });
    await until(() => expect(of(shipment.item_number).map((r) => r.message.type)).toEqual(['shipment.created']));
    const answered = await detail(shipment.item_number);
    const data = of(shipment.item_number)[0]!.message.data;
    expect(data).toMatchObject(answered);
    // The delivery status (note 103) too, whether or not the API's answer has it yet.
    expect(Object.keys(data).sort()).toEqual([...new Set([...Object.keys(answered), 'tracking_status', 'tracking_status_at', 'updated_at'])].sort());
  });

  it('a delete sends status_changed, deleted and tracking_updated, in that order, each with its own webhook-id', async () => {
    const shipment = await createShipment(t.app, tokens.user);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/shipments/${shipment.item_number}`, headers: bearer(tokens.user) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await until(() => expect(of(shipment.item_number).map((r) => r.message.type)).toEqual(expect.arrayContaining(['shipment.created', 'shipment.status_changed', 'shipment.deleted'])));
    const messages = of(shipment.item_number);
    // The delivery status moving to `cancelled` (when its writer records it) comes after.
    expect(messages.map((r) => r.message.type).slice(0, 3)).toEqual(['shipment.created', 'shipment.status_changed', 'shipment.deleted']);
    expect(messages.slice(3).map((r) => r.message.type)).toEqual(messages.length > 3 ? ['shipment.tracking_updated'] : []);
    expect(messages[1]!.message.data).toMatchObject({ status: 'DELETED', previous_status: 'CREATED' });
    expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
  });

  it('a depot scan sends status_changed; another company’s shipments send nothing here', async () => {
    const shipment = await createShipment(t.app, tokens.user);
    const other = await createShipment(t.app, tokens.user2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/shipments/parcel-status',
      headers: { ...bearer(tokens.admin), 'idempotency-key': `webhook-scan-${shipment.item_number}` },
      payload: { status: 'ARRIVED', parcels_id: [shipment.tracking_number] },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await until(() => expect(of(shipment.item_number).map((r) => r.message.type)).toContain('shipment.status_changed'));
    const changed = of(shipment.item_number).find((r) => r.message.type === 'shipment.status_changed')!;
    expect(changed.message.data).toMatchObject({ status: 'ARRIVED', previous_status: 'CREATED' });
    expect(of(other.item_number)).toEqual([]);
  });
});

describe('events of an import', () => {
  it('an import sends shipment.created for each row and import.finished with its counts', async () => {
    const header = 'receiver_name;receiver_address_line_1;receiver_city;receiver_postal_code;receiver_country;receiver_phone;receiver_email;content;weight;width;height;length';
    const row = (name: string) => `${name};Hlavná 1;Žilina;01001;SK;0905123456;eva@example.com;Knihy;1,5;20;20;20`;
    const file = Buffer.from([header, row('Hook Import 1'), row('Hook Import 2')].join('\r\n') + '\r\n').toString('base64');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shipments/import',
      headers: { ...bearer(tokens.user), 'idempotency-key': 'webhook-import-1' },
      payload: { type: 'csv', filename: 'hooks.csv', file },
    });
    expect(res.statusCode, res.body).toBe(201);
    const importId = res.json<{ id: string }>().id;
    await until(() => expect(received.filter((r) => r.message.type === 'import.finished' && r.message.data.id === importId)).toHaveLength(1));
    const finished = received.find((r) => r.message.type === 'import.finished' && r.message.data.id === importId)!;
    expect(finished.message.data).toMatchObject({ filename: 'hooks.csv', status: 'COMPLETED', total_rows: 2, successful: 2, failed: 0 });
    const created = received.filter((r) => r.message.type === 'shipment.created' && String(r.message.data.receiver_name).startsWith('Hook Import'));
    expect(created.map((r) => r.message.data.receiver_name).sort()).toEqual(['Hook Import 1', 'Hook Import 2']);
  });
});

describe('the messages as the API reference documents them', () => {
  it('every message received above is its type’s documented payload, with no field the reference does not name', () => {
    expect(new Set(received.map((r) => r.message.type))).toEqual(new Set(['shipment.created', 'shipment.status_changed', 'shipment.deleted', 'import.finished', ...(received.some((r) => r.message.type === 'shipment.tracking_updated') ? ['shipment.tracking_updated'] : [])]));
    for (const { message } of received) {
      expect(Object.keys(WEBHOOK_EVENT_DATA), message.type).toContain(message.type);
      const parsed = webhookMessageSchema(message.type as WebhookMessageType).safeParse(message);
      expect(parsed.error?.issues ?? [], message.type).toEqual([]);
      // Parsing drops the fields a schema does not name: none may be missing afterwards.
      expect(parsed.data, message.type).toEqual(message);
    }
  });
});
