// Webhooks (issue 29 item 5): a company registers endpoints; the job queue's worker delivers
// Standard Webhooks v1 messages (verified here with the `standardwebhooks` library), in order per
// shipment, retried on 5xx, at least once with a stable webhook-id; a 410 turns the endpoint off;
// the delivery log keeps the last 100 attempts. The receiver is a local http server: this app
// allows private addresses (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES), a second one does not.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Webhook, WebhookAttempt } from '#shared/contract/webhooks.ts';
import { webhookMessages as wm } from '#shared/i18n/webhook-messages.ts';
import { queryRows } from '#server/db/client.ts';
import { enqueueWebhookEvents } from '#server/features/webhooks/public.ts';
import { sendWebhook } from '#server/features/webhooks/webhook-send.ts';
import { DEFAULT_WEBHOOK_OPTIONS, WebhookWorker } from '#server/features/webhooks/webhook-delivery.ts';
import { webhookEndpoints } from '#server/db/schema.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let strict: TestApp;
const tokens = { user: '', user2: '', admin: '', strictUser: '' };
let received: Received[] = [];
/** What the receiver answers next (then 200). */
let answers: number[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
    const status = answers.shift() ?? 200;
    res.writeHead(status, status >= 300 && status < 400 ? { location: '/elsewhere' } : {});
    res.end('ok');
  });
});
let base = '';

beforeAll(async () => {
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ jobs: true, webhooks: { allowPrivate: true, retryDelaysMs: [100, 200], pollMs: 50, timeoutMs: 3_000 } });
  tokens.user = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  tokens.user2 = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  tokens.admin = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  strict = await createTestApp();
  tokens.strictUser = (await signIn(strict.app, DEMO.user.clientId, DEMO.user.secret)).token;
  // Seeding and the job queue take their time on a busy 2-core machine.
}, 180_000);

afterAll(async () => {
  await t?.close();
  await strict?.close();
  receiver.closeAllConnections();
  receiver.close();
});

beforeEach(() => {
  received = [];
  answers = [];
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = tokens.user, app = t) =>
  app.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, ...(payload === undefined ? {} : { payload }) });

async function register(eventTypes: string[] = ['shipment.status_changed'], path = '/hook'): Promise<Webhook & { secret: string }> {
  const res = await call('POST', '/api/v1/webhooks', { url: `${base}${path}`, event_types: eventTypes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function companyOf(clientId: string, app = t): Promise<string> {
  const [row] = await queryRows<{ id: string }>(app.database.db, sql`select company_id::text as id from clients where client_id = ${clientId}`);
  return row!.id;
}

async function logOf(id: string): Promise<WebhookAttempt[]> {
  const res = await call('GET', `/api/v1/webhooks/${id}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const until = (check: () => void | Promise<void>, timeout = 10_000) => vi.waitFor(check, { timeout, interval: 25 });

describe('registering an endpoint', () => {
  it('shows the whsec_ secret once; the test event arrives signed, the library verifies it, the log shows it; audit names create and delete', async () => {
    const created = await register(['shipment.created', 'import.finished']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const list = await call('GET', '/api/v1/webhooks');
    expect(list.body).not.toContain(created.secret);
    expect(list.json<Webhook[]>().find((w) => w.id === created.id)).toMatchObject({ url: `${base}/hook`, event_types: ['shipment.created', 'import.finished'], enabled: true });

    const test = await call('POST', `/api/v1/webhooks/${created.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    const messageId = test.json<{ message_id: string }>().message_id;
    await until(() => expect(received).toHaveLength(1));
    const [message] = received;
    expect(message!.headers['webhook-id']).toBe(messageId);
    expect(message!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const payload = new Verifier(created.secret).verify(message!.body, message!.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({ type: 'webhook.test', data: { endpoint_id: created.id } });
    expect(() => new Verifier(`whsec_${Buffer.from('another secret, not this one').toString('base64')}`).verify(message!.body, message!.headers as Record<string, string>)).toThrow();

    await until(async () => expect(await logOf(created.id)).toMatchObject([{ event_type: 'webhook.test', message_id: messageId, status: 200, attempt: 1, state: 'delivered' }]));

    const gone = await call('DELETE', `/api/v1/webhooks/${created.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call('GET', `/api/v1/webhooks/${created.id}/deliveries`)).statusCode).toBe(404);
    const audit = await queryRows<{ action: string; after: unknown; before: unknown }>(t.database.db, sql`select action, after, before from audit_log where entity = 'webhook' and entity_id = ${created.id} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
    expect(JSON.stringify(audit)).not.toContain('whsec_');
  });

  it('rotating the secret answers a new one; both sign until the old one expires', async () => {
    const created = await register();
    const rotated = await call('POST', `/api/v1/webhooks/${created.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(created.secret);
    await call('POST', `/api/v1/webhooks/${created.id}/test`);
    await until(() => expect(received).toHaveLength(1));
    const headers = received[0]!.headers as Record<string, string>;
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Verifier(secret).verify(received[0]!.body, headers)).toMatchObject({ type: 'webhook.test' });
    expect(new Verifier(created.secret).verify(received[0]!.body, headers)).toMatchObject({ type: 'webhook.test' });
    await call('DELETE', `/api/v1/webhooks/${created.id}`);
  });

  it('refuses bad input with field errors, and another company’s endpoint answers as a missing one', async () => {
    const bad = await call('POST', '/api/v1/webhooks', { url: 'ftp://x', event_types: ['shipment.exploded'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: Record<string, unknown> }>().errors).sort()).toEqual(['event_types.0', 'url'].sort());
    const none = await call('POST', '/api/v1/webhooks', { url: `${base}/hook`, event_types: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ errors: Record<string, string[]> }>().errors.event_types).toEqual([wm.eventTypesRequired.message]);

    const mine = await register();
    const other = await call('POST', `/api/v1/webhooks/${mine.id}/test`, undefined, tokens.user2);
    const missing = await call('POST', '/api/v1/webhooks/00000000-0000-4000-8000-000000000000/test', undefined, tokens.user2);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    // ADMIN (the carrier's support) sees every company's endpoints.
    expect((await call('GET', '/api/v1/webhooks', undefined, tokens.admin)).json<Webhook[]>().map((w) => w.id)).toContain(mine.id);
    expect((await call('GET', '/api/v1/webhooks', undefined, tokens.user2)).json<Webhook[]>().map((w) => w.id)).not.toContain(mine.id);
    await call('DELETE', `/api/v1/webhooks/${mine.id}`);
  });
});

describe('delivery', () => {
  it('retries a receiver that fails twice: each event arrives once more at most, in order per shipment, with its stable webhook-id', async () => {
    const created = await register(['shipment.status_changed']);
    const company = await companyOf(DEMO.user.clientId);
    answers = [503, 503];
    const events = ['A', 'B'].flatMap((shipment) =>
      ['ARRIVED', 'SENT', 'IN_TRANSIT', 'DELIVERED'].map((status) => ({ type: 'shipment.status_changed', orderingKey: `SHIP-${shipment}`, data: { item_number: `SHIP-${shipment}`, status } })),
    );
    await t.database.db.transaction((tx) => enqueueWebhookEvents(tx, company, events));
    await until(() => expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(8));
    await until(async () => expect((await logOf(created.id)).filter((a) => a.state === 'pending')).toEqual([]));
    expect(received).toHaveLength(10);
    const ids = received.map((r) => r.headers['webhook-id']);
    // The two failed attempts are the only repeats: the same id came again.
    expect(ids.length - new Set(ids).size).toBe(2);
    for (const shipment of ['SHIP-A', 'SHIP-B']) {
      const order = received.map((r) => JSON.parse(r.body) as { data: { item_number: string; status: string } }).filter((m) => m.data.item_number === shipment).map((m) => m.data.status);
      const firstSeen = order.filter((status, i) => order.indexOf(status) === i);
      expect(firstSeen, shipment).toEqual(['ARRIVED', 'SENT', 'IN_TRANSIT', 'DELIVERED']);
      // No event of a shipment overtook an earlier one that was still being retried.
      expect(order.join(), shipment).toMatch(/^(ARRIVED,)*ARRIVED,(SENT,)*SENT,(IN_TRANSIT,)*IN_TRANSIT,(DELIVERED,)*DELIVERED$/);
    }
    const log = await logOf(created.id);
    const retried = log.filter((a) => a.status === 503);
    expect(retried).toHaveLength(2);
    expect(log.filter((a) => a.message_id === retried[0]!.message_id).map((a) => a.attempt).sort()).toContain(2);
    await call('DELETE', `/api/v1/webhooks/${created.id}`);
  });

  it('a 410 turns the endpoint off; later events are not queued for it; a redirect is not followed', async () => {
    const created = await register(['shipment.status_changed']);
    const company = await companyOf(DEMO.user.clientId);
    answers = [410];
    await t.database.db.transaction((tx) => enqueueWebhookEvents(tx, company, [{ type: 'shipment.status_changed', orderingKey: 'GONE-1', data: { n: 1 } }]));
    await until(async () => expect((await call('GET', '/api/v1/webhooks')).json<Webhook[]>().find((w) => w.id === created.id)).toMatchObject({ enabled: false, disabled_reason: wm.disabledGone.message }));
    await t.database.db.transaction((tx) => enqueueWebhookEvents(tx, company, [{ type: 'shipment.status_changed', orderingKey: 'GONE-1', data: { n: 2 } }]));
    const [queued] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${created.id} and state = 'pending'`);
    expect(queued?.n).toBe(0);
    expect(received).toHaveLength(1);

    // "Send test event" turns it on again; a 302 is recorded as it is and not followed.
    answers = [302];
    await call('POST', `/api/v1/webhooks/${created.id}/test`);
    await until(async () => expect((await logOf(created.id))[0]).toMatchObject({ status: 302, state: 'failed' }));
    expect(received.map((r) => r.headers['webhook-id'])).toHaveLength(2);
    await call('DELETE', `/api/v1/webhooks/${created.id}`);
  });

  it('keeps the last 100 attempts per endpoint; a logged delivery can be sent again with its webhook-id', async () => {
    const created = await register(['import.finished']);
    const company = await companyOf(DEMO.user.clientId);
    const events = Array.from({ length: 105 }, (_, i) => ({ type: 'import.finished', orderingKey: `import:${i}`, data: { n: i } }));
    await t.database.db.transaction((tx) => enqueueWebhookEvents(tx, company, events));
    await until(() => expect(received).toHaveLength(105));
    await until(async () => {
      const [kept] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from webhook_attempts where endpoint_id = ${created.id}`);
      expect(kept?.n).toBe(100);
    });
    const log = await logOf(created.id);
    expect(log).toHaveLength(100);
    expect(log[0]!.id).toBeGreaterThan(log[99]!.id);
    const resend = await call('POST', `/api/v1/webhooks/${created.id}/deliveries/${log[0]!.delivery_id}/resend`);
    expect(resend.statusCode, resend.body).toBe(202);
    await until(() => expect(received).toHaveLength(106));
    expect(received[105]!.headers['webhook-id']).toBe(log[0]!.message_id);
    await call('DELETE', `/api/v1/webhooks/${created.id}`);
  });
});

describe('SSRF: without WEBHOOKS_ALLOW_PRIVATE_ADDRESSES', () => {
  it('refuses http and private, loopback, NAT64, 6to4, IPv4-compatible and documentation addresses at registration', async () => {
    const refused = [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://10.1.2.3/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://[64:ff9b::a9fe:a9fe]/x',
      'https://[2002:7f00:1::1]/x',
      'https://[::7f00:1]/x',
      'https://[::ffff:0:7f00:1]/x',
      'https://[fd00::1]/x',
      'https://192.0.2.1/x',
      'https://198.51.100.1/x',
      'https://203.0.113.1/x',
    ];
    for (const url of refused) {
      const res = await call('POST', '/api/v1/webhooks', { url, event_types: ['shipment.created'] }, tokens.strictUser, strict);
      expect(res.statusCode, url).toBe(400);
      const body = res.json<{ errors: Record<string, string[]>; codes: Record<string, string[]> }>();
      expect(body.errors.url, url).toEqual([url.startsWith('http:') ? wm.urlInvalid.message : wm.urlPrivate.message]);
      // Each message its own documented code (a program tells "use https" from "not a public address").
      expect(body.codes.url, url).toEqual([url.startsWith('http:') ? 'url.invalid' : 'url.private']);
    }
    const unknownEvent = await call('POST', '/api/v1/webhooks', { url: 'https://hooks.example.com/x', event_types: ['shipment.lost'] }, tokens.strictUser, strict);
    expect(unknownEvent.json<{ codes: Record<string, string[]> }>().codes).toEqual({ 'event_types.0': ['event_type.invalid'] });
    const noEvents = await call('POST', '/api/v1/webhooks', { url: 'https://hooks.example.com/x', event_types: [] }, tokens.strictUser, strict);
    expect(noEvents.json<{ codes: Record<string, string[]> }>().codes).toEqual({ event_types: ['required'] });
    const fine = await call('POST', '/api/v1/webhooks', { url: 'https://hooks.example.com/x', event_types: ['shipment.created'] }, tokens.strictUser, strict);
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('turns off an endpoint registered while private addresses were allowed, once they are not, and says why', async () => {
    const company = await companyOf(DEMO.user.clientId, strict);
    // Registered while WEBHOOKS_ALLOW_PRIVATE_ADDRESSES was on (the setting has been turned off since).
    const [endpoint] = await strict.database.db
      .insert(webhookEndpoints)
      .values({ companyId: company, url: `${base}/hook`, eventTypes: ['shipment.status_changed'], secret: `whsec_${Buffer.from('k'.repeat(32)).toString('base64')}` })
      .returning({ id: webhookEndpoints.id });
    await strict.database.db.transaction((tx) => enqueueWebhookEvents(tx, company, [{ type: 'shipment.status_changed', orderingKey: 'PRIVATE-1', data: { n: 1 } }]));
    const worker = new WebhookWorker(strict.database.db, strict.app.log, { ...DEFAULT_WEBHOOK_OPTIONS, allowPrivate: false });
    expect(await worker.runOnce()).toBe(1);
    expect(received).toHaveLength(0);
    const listed = (await call('GET', '/api/v1/webhooks', undefined, tokens.strictUser, strict)).json<Webhook[]>().find((w) => w.id === endpoint!.id);
    expect(listed).toMatchObject({ enabled: false, disabled_reason: wm.disabledAddress.message, pending: 0 });
    // Its later events wait for a fix instead of failing one by one.
    await strict.database.db.transaction((tx) => enqueueWebhookEvents(tx, company, [{ type: 'shipment.status_changed', orderingKey: 'PRIVATE-1', data: { n: 2 } }]));
    expect(await worker.runOnce()).toBe(0);
    await call('DELETE', `/api/v1/webhooks/${endpoint!.id}`, undefined, tokens.strictUser, strict);
  });

  it('checks the address each connection uses: a name that resolves to loopback is refused before connecting', async () => {
    const port = (receiver.address() as AddressInfo).port;
    const outcome = await sendWebhook(`https://localhost:${port}/hook`, { id: 'msg_x', body: '{}', secrets: [`whsec_${Buffer.from('k'.repeat(32)).toString('base64')}`] }, { allowPrivate: false, timeoutMs: 2_000 });
    expect(outcome).toMatchObject({ status: null, error: 'forbidden_address' });
    const plain = await sendWebhook(`${base}/hook`, { id: 'msg_x', body: '{}', secrets: [`whsec_${Buffer.from('k'.repeat(32)).toString('base64')}`] }, { allowPrivate: false, timeoutMs: 2_000 });
    expect(plain).toMatchObject({ status: null, error: 'http_only' });
    expect(received).toEqual([]);
  });
});
