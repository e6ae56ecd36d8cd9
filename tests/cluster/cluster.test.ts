// The portal as a cluster (issue 20), through the balancer: three instances of the real server on
// one throw-away PostgreSQL behind nginx (scripts/cluster.ts), started at the same moment on the
// empty database. Requests spread over the instances (each answer names its instance in
// X-Cluster-Instance); what one instance did must hold on the others: sessions, sign-in and
// lookup limits, idempotency keys, scans, imports, and nothing fails while the instances restart
// one after another under load.
//
// Runs with `npm run test:cluster` (CLUSTER_TESTS=1; .ci/run does, after its PostgreSQL section).
// Without CLUSTER_TESTS it is skipped (a plain `vitest run` stays quick); with it, missing nginx or
// PostgreSQL 15 binaries fail the run rather than skip it.
import { createHash, randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_TRACKING_PER_MINUTE } from '#shared/domain/limits.ts';
import { REFRESH_REUSE_GRACE_SECONDS } from '#server/features/auth/refresh-tokens.ts';
import { importCsv } from '#scripts/bench/import-rows.ts';
import { importFacts, type Query } from '#scripts/chaos/inspect.ts';
import { missingTools, startCluster, type Cluster } from '#scripts/cluster.ts';

const enabled = process.env.CLUSTER_TESTS === '1';
const missing = missingTools();
if (!enabled) console.warn('tests/cluster skipped: they run with `npm run test:cluster` (CLUSTER_TESTS=1), as .ci/run does; they need nginx and PostgreSQL 15.');
else if (missing.length > 0) throw new Error(`tests/cluster need ${missing.join(' and ')}`);

const PORT = Number(process.env.CLUSTER_TEST_PORT ?? 18290);
const PG_PORT = Number(process.env.CLUSTER_TEST_PG_PORT ?? 25290);
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';

interface Answer<T = unknown> {
  status: number;
  instance: string;
  body: T;
  setCookie: string | null;
}

let cluster: Cluster;
const output: string[] = [];
let database: pg.Pool;
const query: Query = async (text, params) => (await database.query(text, params)).rows;

async function call<T = unknown>(path: string, init: RequestInit & { base?: string } = {}): Promise<Answer<T>> {
  const res = await fetch(`${init.base ?? cluster.url}${path}`, { ...init, signal: AbortSignal.timeout(120_000) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, instance: res.headers.get('x-cluster-instance') ?? '', body: body as T, setCookie: res.headers.get('set-cookie') };
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const refreshOf = (setCookie: string | null) => /refresh_token=([^;]+)/.exec(setCookie ?? '')?.[1] ?? '';

async function signIn(clientId: string, secret: string, from?: string) {
  const res = await call<{ access_token: string }>('/oauth/token', json({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }, from ? { 'x-forwarded-for': from } : {}));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: res.body.access_token, refresh: refreshOf(res.setCookie), instance: res.instance };
}

const refresh = (token: string) => call<{ access_token: string }>('/oauth/token', { ...json({ grant_type: 'refresh_token' }), headers: { 'content-type': 'application/json', cookie: `refresh_token=${token}` } });

const shipmentBody = (reference: string) => ({
  delivery_method: 'home_delivery', product: 'PRM', receiver_name: 'Cluster Recipient', receiver_address_line_1: 'Hlavná', receiver_address_number: '1',
  receiver_city: 'Žilina', receiver_postal_code: '010 01', receiver_country: 'SK', receiver_phone: '0905 123 456', receiver_email: 'cluster@example.com',
  weight: 1, width: 20, height: 20, length: 20, content: 'Cluster parcel', reference_number: reference,
});

describe.runIf(enabled)('three instances behind nginx on one PostgreSQL', () => {
  let user: string;
  let admin: string;

  beforeAll(async () => {
    const started = performance.now();
    // The instances' and nginx's output: kept to print when something fails, or into CLUSTER_TEST_LOG.
    cluster = await startCluster({ port: PORT, pgPort: PG_PORT, env: { METRICS_TOKEN }, log: (line) => (process.env.CLUSTER_TEST_LOG ? appendFileSync(process.env.CLUSTER_TEST_LOG, `${line}\n`) : output.push(line)) });
    database = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
    console.log(`cluster up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    user = (await signIn('demo-user', 'demo-user-secret')).token;
    admin = (await signIn('demo-admin', 'demo-admin-secret')).token;
  }, 300_000);

  afterEach((context) => {
    if (context.task.result?.state === 'fail' && output.length > 0) console.log(`last lines of the instances and nginx:\n${output.slice(-40).join('\n')}`);
  });

  afterAll(async () => {
    await database?.end();
    await cluster?.stop();
  }, 120_000);

  it('started all three at once on the empty database: one seeded, none failed', async () => {
    expect(cluster.instances.every((i) => i.running())).toBe(true);
    const [seed] = await query<{ companies: number; clients: number; shipments: number }>(
      "select (select count(*)::int from companies) as companies, (select count(*)::int from clients where client_id like 'demo-%') as clients, (select count(*)::int from shipments where reference_number = 'DEMO-TRACKING') as shipments",
    );
    expect(seed).toEqual({ companies: 3, clients: 3, shipments: 5 });
  });

  it('spreads requests over the instances', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => call('/readyz')));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => a.instance))).toEqual(new Set(cluster.instances.map((i) => i.address)));
  });

  it("answers a scrape of /metrics through nginx with the token only, with the instances' shared job queues", async () => {
    expect((await call('/metrics')).status).toBe(401);
    const scrape = await call<string>('/metrics', { headers: bearer(METRICS_TOKEN) });
    expect(scrape.status).toBe(200);
    expect(scrape.body).toContain('portal_http_request_duration_seconds_count{method="GET",route="/readyz",status="200"}');
    expect(scrape.body).toMatch(/^portal_db_pool_connections\{state="in_use"\} \d+$/m);
    expect(scrape.body).toContain('# TYPE portal_job_queue_oldest_ready_seconds gauge');
  });

  it('signs in on one instance, refreshes on another; a replay of the rotated token on a third ends the family everywhere', async () => {
    // nginx's round robin hands consecutive requests of one client to consecutive instances.
    const session = await signIn('demo-user', 'demo-user-secret');
    const rotated = await refresh(session.refresh);
    expect(rotated.status).toBe(200);
    expect(rotated.instance).not.toBe(session.instance);
    const newest = refreshOf(rotated.setCookie);
    // A replay within the grace is a retry whose answer was lost (README note 128): one later is a copy's.
    await query(`update refresh_tokens set used_at = used_at - make_interval(secs => $2) where token_hash = $1`, [createHash('sha256').update(session.refresh).digest('base64url'), REFRESH_REUSE_GRACE_SECONDS + 5]);
    const replay = await refresh(session.refresh);
    expect(replay.status).toBe(400);
    expect(new Set([session.instance, rotated.instance, replay.instance]).size).toBe(3);

    // The newest refresh token is dead on every instance, and so, within the instances' 5 s bound, is the family's access token.
    for (const instance of cluster.instances) {
      const res = await call('/oauth/token', { ...json({ grant_type: 'refresh_token' }), base: instance.url, headers: { 'content-type': 'application/json', cookie: `refresh_token=${newest}` } });
      expect(res.status, instance.address).toBe(400);
      await expect.poll(async () => (await call('/api/v1/profile', { base: instance.url, headers: bearer(rotated.body.access_token) })).status, { timeout: 15_000, interval: 250 }).toBe(401);
    }
  });

  it('counts five failed sign-ins of one client_id across the three instances: the next try answers 429', async () => {
    const from = '203.0.113.10';
    const failures = [];
    for (let i = 0; i < 5; i++) failures.push(await call('/oauth/token', json({ grant_type: 'client_credentials', client_id: 'demo-user-2', client_secret: `wrong-${i}` }, { 'x-forwarded-for': from })));
    expect(failures.map((f) => f.status)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(failures.map((f) => f.instance)).size).toBe(3);
    // Five failures are allowed; the next try is one too many, whichever instance it reaches...
    const sixth = await call('/oauth/token', json({ grant_type: 'client_credentials', client_id: 'demo-user-2', client_secret: 'wrong-5' }, { 'x-forwarded-for': from }));
    expect(sixth.status).toBe(429);
    // ...and from then on the right secret does not get through either, on any instance.
    for (const instance of cluster.instances) {
      const right = await call('/oauth/token', { ...json({ grant_type: 'client_credentials', client_id: 'demo-user-2', client_secret: 'demo-user-2-secret' }, { 'x-forwarded-for': from }), base: instance.url });
      expect(right.status, instance.address).toBe(429);
    }
  });

  it('counts public lookups of one address across the instances: past the limit, 429', async () => {
    const from = '203.0.113.20';
    const lookups = [];
    for (let i = 0; i < PUBLIC_TRACKING_PER_MINUTE; i++) lookups.push(await call(`/api/v1/tracking/CP${String(i).padStart(8, '0')}SK`, { headers: { 'x-forwarded-for': from } }));
    expect(lookups.filter((l) => l.status === 429)).toEqual([]);
    expect(new Set(lookups.map((l) => l.instance)).size).toBe(3);
    expect((await call('/api/v1/tracking/CP99999999SK', { headers: { 'x-forwarded-for': from } })).status).toBe(429);
    // Another address is not affected.
    expect((await call('/api/v1/tracking/CP99999999SK', { headers: { 'x-forwarded-for': '203.0.113.21' } })).status).not.toBe(429);
  });

  it('creates one shipment for one Idempotency-Key sent to two instances at the same moment', async () => {
    const key = randomUUID();
    const reference = `IDEM-${key.slice(0, 8)}`;
    const both = await Promise.all([0, 1].map(() => call('/api/v1/shipments/store', json(shipmentBody(reference), { ...bearer(user), 'idempotency-key': key }))));
    expect(new Set(both.map((a) => a.instance)).size).toBe(2);
    // The first creates; the other answers the same shipment, or 409 while the first still runs.
    expect(both.some((a) => a.status === 201)).toBe(true);
    for (const a of both) expect([201, 409]).toContain(a.status);
    const [made] = await query<{ n: number }>('select count(*)::int as n from shipments where reference_number = $1', [reference]);
    expect(made!.n).toBe(1);
    // Once the first is done, the key answers its answer on every instance.
    const again = await Promise.all(cluster.instances.map((i) => call<{ shipment: { item_number: string } }>('/api/v1/shipments/store', { ...json(shipmentBody(reference), { ...bearer(user), 'idempotency-key': key }), base: i.url })));
    expect(again.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(again.map((a) => a.body.shipment.item_number)).size).toBe(1);
  });

  it('applies the same scan sent to all three instances once', async () => {
    const created = await call<{ shipment: { tracking_number: string; item_number: string } }>('/api/v1/shipments/store', json(shipmentBody(`SCAN-${randomUUID().slice(0, 8)}`), { ...bearer(user), 'idempotency-key': randomUUID() }));
    expect(created.status).toBe(201);
    const tn = created.body.shipment.tracking_number;
    const key = randomUUID();
    const scans = await Promise.all(
      cluster.instances.map((i) => call<{ updated: number }>('/api/v1/admin/shipments/parcel-status', { ...json({ status: 'ARRIVED', parcels_id: [tn] }, { ...bearer(admin), 'idempotency-key': key }), base: i.url })),
    );
    for (const s of scans) expect([200, 409]).toContain(s.status);
    expect(scans.filter((s) => s.status === 200).every((s) => s.body.updated === 1)).toBe(true);
    // The same scan again without a key (another tablet): nothing more to apply.
    const plain = await Promise.all(cluster.instances.map((i) => call<{ updated: number }>('/api/v1/admin/shipments/parcel-status', { ...json({ status: 'ARRIVED', parcels_id: [tn] }, bearer(admin)), base: i.url })));
    expect(plain.map((s) => s.status)).toEqual([200, 200, 200]);
    expect(plain.map((s) => s.body.updated)).toEqual([0, 0, 0]);
    const [events] = await query<{ n: number }>(
      "select count(*)::int as n from shipment_events e join shipments s on s.id = e.shipment_id where s.tracking_number = $1 and e.status = 'ARRIVED'",
      [tn],
    );
    expect(events!.n).toBe(1);
  });

  it('processes a 100,000-row import once with three instances running workers; a SIGKILL of the instance holding it ends with exact counts', async () => {
    const rows = 100_000;
    const file = importCsv(rows, `CL-${randomUUID().slice(0, 6)}-`);
    const upload = await call<{ id: string }>('/api/v1/shipments/import', json({ type: 'csv', filename: 'cluster.csv', file: Buffer.from(file).toString('base64') }, { ...bearer(user), 'idempotency-key': randomUUID() }));
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const id = upload.body.id;
    const progress = async () => (await query<{ progress: number; status: string }>('select progress, status from imports where id = $1', [id]))[0]!;

    // The instance that writes the chunks: the portal connection whose open transaction holds the
    // import's row (each chunk's transaction moves the progress first and keeps that lock until it
    // commits, so it holds it most of the time; the imports are fast enough that the moment when
    // that update is a connection's last statement was too short to be seen reliably).
    await expect.poll(async () => (await progress()).progress, { timeout: 120_000, interval: 100 }).toBeGreaterThanOrEqual(10_000);
    const holderName = async () =>
      (
        await query<{ application_name: string }>(
          `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where l.relation = 'imports'::regclass and l.mode = 'RowExclusiveLock'
              and a.application_name like 'portal %' and a.application_name not like '% jobs' limit 1`,
        )
      )[0]?.application_name ?? '';
    let holderPort = 0;
    await expect
      .poll(async () => (holderPort = Number(/:(\d+)$/.exec(await holderName())?.[1] ?? 0)), { timeout: 10_000, interval: 20 })
      .toBeGreaterThan(0);
    const holder = cluster.instances.find((i) => i.port === holderPort)!;
    const before = await progress();
    expect(before.status).toBe('PROCESSING');
    await cluster.killInstance(holder.index);
    const killedAt = (await progress()).progress;
    const killed = performance.now();
    console.log(`import: instance ${holder.index + 1} killed at ${killedAt} rows`);
    // It was the holder: nobody moves the import while its job still counts as running.
    await new Promise((r) => setTimeout(r, 5000));
    expect((await progress()).progress).toBe(killedAt);

    // Another instance takes it over once the job's heartbeat is missed (60 s, then supervision within 20 s).
    await expect.poll(async () => (await progress()).status, { timeout: 240_000, interval: 500 }).not.toBe('PROCESSING');
    console.log(`import: finished ${((performance.now() - killed) / 1000).toFixed(1)} s after the kill`);
    const [facts] = await importFacts(query, [id]);
    expect(facts).toMatchObject({ status: 'COMPLETED', totalRows: rows, successful: rows, failed: 0, progress: rows, shipments: rows, distinctRows: rows, distinctReferences: rows, rowErrors: 0, openJobs: 0 });
    // The killed instance comes back for the next test.
    await cluster.startInstance(holder.index);
  }, 400_000);

  it('restarts the three instances one after another under tracking and authenticated load without a failed request', async () => {
    // Parcels to look up, each with its tracking number.
    const parcels: string[] = [];
    for (let i = 0; i < 20; i++) {
      const made = await call<{ shipment: { tracking_number: string } }>('/api/v1/shipments/store', json(shipmentBody(`LOAD-${i}`), { ...bearer(user), 'idempotency-key': randomUUID() }));
      expect(made.status).toBe(201);
      parcels.push(made.body.shipment.tracking_number);
    }
    const failures: string[] = [];
    const done = { tracking: 0, authenticated: 0, creates: 0 };
    const perInstance = new Map<string, number>();
    let running = true;
    const record = (what: string, a: Answer, ok: boolean) => {
      perInstance.set(a.instance, (perInstance.get(a.instance) ?? 0) + 1);
      if (!ok) failures.push(`${what}: ${a.status} from ${a.instance || 'nginx'} ${JSON.stringify(a.body).slice(0, 160)}`);
    };
    const loop = async (work: (n: number) => Promise<void>) => {
      for (let n = 0; running; n++) {
        try {
          await work(n);
        } catch (error) {
          failures.push(`network: ${(error as Error).message}`);
        }
      }
    };
    let address = 0;
    // bench:track-like: public lookups, each from its own address (many recipients), both public routes.
    const tracking = Array.from({ length: 6 }, (_, w) =>
      loop(async (n) => {
        const tn = parcels[(w + n) % parcels.length]!;
        const ip = `198.18.${(address >> 8) & 255}.${address++ & 255}`;
        const a = n % 2 === 0 ? await call(`/api/v1/tracking/${tn}`, { headers: { 'x-forwarded-for': ip } }) : await call(`/api/v1/shipments/track?tracking_number=${tn}`, { headers: { 'x-forwarded-for': ip } });
        record('tracking', a, a.status === 200);
        done.tracking++;
      }),
    );
    // Signed-in users: the list and the profile, and creates with their Idempotency-Key.
    const authenticated = Array.from({ length: 3 }, () =>
      loop(async (n) => {
        const a = n % 2 === 0 ? await call('/api/v1/shipments?take=20', { headers: bearer(user) }) : await call('/api/v1/profile', { headers: bearer(user) });
        record('authenticated', a, a.status === 200);
        done.authenticated++;
      }),
    );
    const creates = loop(async (n) => {
      const a = await call('/api/v1/shipments/store', json(shipmentBody(`ROLL-${n}`), { ...bearer(user), 'idempotency-key': randomUUID() }));
      record('create', a, a.status === 201);
      done.creates++;
    });

    await new Promise((r) => setTimeout(r, 2000));
    const restarted: string[] = [];
    const exitCodes: Array<number | null> = [];
    await cluster.restartRolling((index, ms, exitCode) => {
      restarted.push(`instance ${index + 1} in ${(ms / 1000).toFixed(1)} s`);
      exitCodes.push(exitCode);
    });
    await new Promise((r) => setTimeout(r, 2000));
    running = false;
    await Promise.all([...tracking, ...authenticated, creates]);
    console.log(`rolling restart (${restarted.join(', ')}): ${JSON.stringify(done)} requests, by instance ${JSON.stringify(Object.fromEntries(perInstance))}`);

    expect(failures).toEqual([]);
    // Each drained and exited by itself (0), none killed after the wait.
    expect(exitCodes).toEqual([0, 0, 0]);
    expect(done.tracking).toBeGreaterThan(100);
    expect(done.authenticated).toBeGreaterThan(50);
    // Every create answered 201 made exactly one shipment.
    const [made] = await query<{ n: number; distinct: number }>("select count(*)::int as n, count(distinct reference_number)::int as distinct from shipments where reference_number like 'ROLL-%'");
    expect(made).toEqual({ n: done.creates, distinct: done.creates });
  }, 400_000);
});
