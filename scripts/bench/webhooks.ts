// npm run bench:webhooks — webhook delivery (issue 29 item 5): 10,000 shipment status changes
// delivered to a local receiver. The app runs in this process on an in-memory PGlite with its job
// queue and WEBHOOKS_ALLOW_PRIVATE_ADDRESSES (the receiver is http on 127.0.0.1); demo-user
// registers an endpoint for shipment.status_changed through the API; BENCH_SHIPMENTS shipments
// (1,000) then change status BENCH_ROUNDS times (10) in SQL updates of all of them at once, so the
// database's triggers queue one event per change (the path every writer takes); each change
// writes its round into the shipment's `info`, so the receiver can tell the order.
//
// Figures: seconds from the first change to the last event received (goal ≤ 20 s), events per
// second. Checks: none lost, none out of order per shipment, every signature valid; duplicates
// (the same webhook-id twice: at-least-once) are counted and printed. Exit status 1 on a wrong
// result or a missed goal.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { createApp } from '#server/app.ts';
import { openPglite, queryRows } from '#server/db/client.ts';
import { seedDemo } from '#server/db/seed-demo.ts';
import { check, figure } from './figures.ts';
import { watchdog } from './server.ts';

watchdog(600);

const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 300) * 1000;
const BENCH = 'webhooks';
const GOAL_S = 20;
const load = () => `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores`;
const log = (line: string) => console.log(line);

let secret = '';
let verifier: Webhook | null = null;
let badSignatures = 0;
let duplicates = 0;
let outOfOrder = 0;
let lastAt = 0;
const seen = new Set<string>();
/** Per item number: the last round received. */
const rounds = new Map<string, number>();

const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString();
    let message: { data: { item_number: string; info: string | null } };
    try {
      message = verifier!.verify(body, req.headers as Record<string, string>) as typeof message;
    } catch {
      badSignatures += 1;
      res.writeHead(400).end();
      return;
    }
    const id = String(req.headers['webhook-id']);
    if (seen.has(id)) duplicates += 1;
    else {
      seen.add(id);
      const round = Number(message.data.info);
      const previous = rounds.get(message.data.item_number) ?? 0;
      if (round !== previous + 1) outOfOrder += 1;
      rounds.set(message.data.item_number, Math.max(previous, round));
      lastAt = performance.now();
    }
    res.writeHead(204).end();
  });
});
receiver.listen(0, '127.0.0.1');
await once(receiver, 'listening');

const database = await openPglite();
await database.migrate();
await seedDemo(database.db, { shipments: true });
const app = await createApp({ db: database.db, webRoot: null, jobQueue: database.jobQueue, webhooks: { allowPrivate: true }, logger: false });
await app.ready();
let exitCode: number;
try {
  exitCode = await run();
} finally {
  await app.close();
  await database.close();
  receiver.closeAllConnections();
  receiver.close();
}
process.exit(exitCode);

async function run(): Promise<number> {
  const db = database.db;
  const token = await app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: 'demo-user', client_secret: 'demo-user-secret' } });
  const bearer = { authorization: `Bearer ${token.json<{ access_token: string }>().access_token}` };
  const [user] = await queryRows<{ company_id: string; id: string }>(db, sql`select company_id::text, id::text from clients where client_id = 'demo-user'`);
  const [template] = await queryRows<{ id: number }>(db, sql`select id from shipments where company_id = ${user!.company_id} order by id limit 1`);
  if (!template) throw new Error('the demo data has no shipment of demo-user to copy');
  // The shipments, copied from a demo one before the endpoint exists (their creation sends nothing).
  await db.execute(sql`
    insert into shipments (item_number, status, company_id, client_id, product, delivery_method, goods_type, receiver_name,
      receiver_address_line_1, receiver_city, receiver_postal_code, receiver_country, receiver_phone, receiver_email,
      weight, width, height, length, content)
    select 'WHBENCH' || lpad(g::text, 6, '0'), 'ARRIVED', s.company_id, s.client_id, s.product, s.delivery_method, s.goods_type, s.receiver_name,
      s.receiver_address_line_1, s.receiver_city, s.receiver_postal_code, s.receiver_country, s.receiver_phone, s.receiver_email,
      s.weight, s.width, s.height, s.length, s.content
    from shipments s, generate_series(1, ${SHIPMENTS}) g where s.id = ${template.id}`);
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: bearer,
    payload: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bench`, event_types: ['shipment.status_changed'] },
  });
  if (created.statusCode !== 201) throw new Error(`registering the endpoint failed: ${created.statusCode} ${created.body}`);
  secret = created.json<{ secret: string }>().secret;
  verifier = new Webhook(secret);

  const expected = SHIPMENTS * ROUNDS;
  log(`${expected.toLocaleString('en')} status changes (${SHIPMENTS} shipments x ${ROUNDS} rounds), ${load()}`);
  const started = performance.now();
  for (let round = 1; round <= ROUNDS; round++) {
    await db.execute(sql`
      update shipments set status = case when status = 'ARRIVED' then 'SENT'::shipment_status else 'ARRIVED'::shipment_status end, info = ${String(round)}
      where item_number like 'WHBENCH%'`);
  }
  const queuedMs = performance.now() - started;
  const deadline = Date.now() + TIMEOUT_MS;
  while (seen.size < expected && Date.now() < deadline && badSignatures === 0) await new Promise((r) => setTimeout(r, 20));
  const seconds = ((seen.size === expected ? lastAt : performance.now()) - started) / 1000;
  const [left] = await queryRows<{ pending: number; failed: number }>(
    db,
    sql`select count(*) filter (where state = 'pending')::int as pending, count(*) filter (where state = 'failed')::int as failed from webhook_deliveries`,
  );

  log(`queued in ${(queuedMs / 1000).toFixed(2)} s (the updates' transactions, triggers included)`);
  const ok = [
    figure(BENCH, 'delivery of 10,000 status changes', Number(seconds.toFixed(2)), 's', { kind: 'max', value: GOAL_S }),
    figure(BENCH, 'events per second', Math.round(seen.size / seconds), '/s'),
    check(BENCH, 'none lost', seen.size === expected, `${seen.size} of ${expected} received, ${left?.pending ?? '?'} pending, ${left?.failed ?? '?'} failed`),
    check(BENCH, 'none out of order per shipment', outOfOrder === 0, `${outOfOrder} out of order`),
    check(BENCH, 'every signature verified (standardwebhooks)', badSignatures === 0, `${badSignatures} bad`),
  ];
  log(`duplicates (same webhook-id again, at-least-once): ${duplicates}`);
  log(load());
  return ok.every(Boolean) ? 0 : 1;
}
