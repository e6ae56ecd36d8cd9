// GET /metrics (issue 30, README note 113): what an operator's Prometheus scrapes. Not public: 404
// while METRICS_TOKEN is unset, 401 without the token; with it, the Prometheus text format with
// requests by route pattern and status, process figures (event-loop lag, heap), the job queues'
// depth and age, import rows, rate-limit refusals, and the database pool on PostgreSQL.
// METRICS_PORT's loopback listener serves the same text without a token.
import type { AddressInfo } from 'node:net';
import Papa from 'papaparse';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerEvent } from '#shared/contract/partner-events.ts';
import { recordPartnerEvents } from '#server/features/tracking/partner-events.service.ts';
import { listenForMetrics } from '#server/observability/metrics-listener.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, postShipment, shipmentPayload } from './shipments-fixtures.ts';

const TOKEN = 'scrape-token-0123456789abcdef';

/** The value of one sample line (name with its labels exactly as printed), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  }, 120_000);
  afterAll(async () => t?.close());

  it('is not there: 404 in the error shape, like any unknown path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Not found.' });
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  let user: string;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp({
      jobs: true,
      metrics: { token: TOKEN, collect: true },
      companyRateLimits: { shipment_writes: { quota: 1, windowSeconds: 60 } },
    });
    user = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  }, 180_000);
  afterAll(async () => t?.close());

  it('refuses a scrape without the token or with another one, and says how to authenticate', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, `Bearer ${TOKEN}x`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ error: 'unauthorized' });
      expect(res.body).not.toContain('portal_http');
    }
  });

  it('counts requests by route pattern and status, never by the raw path', async () => {
    for (let i = 0; i < 3; i += 1) expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/shipments/NOPE-123', headers: bearer(user) });
    const res = await scrape();
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}')).toBeGreaterThanOrEqual(3);
    expect(text).toContain('portal_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/healthz",status="200"}');
    // The route's pattern with its parameter, not the tracking number asked for.
    expect(text).toContain(`route="/api/v1/shipments/:item_number",status="${missing.statusCode}"`);
    expect(text).not.toContain('NOPE-123');
  });

  it('has the process figures: event-loop lag, heap, CPU', async () => {
    const text = (await scrape()).body;
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'process_cpu_seconds_total', 'process_resident_memory_bytes']) {
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    }
  });

  it('counts a refusal by a rate limit under the route that refused', async () => {
    expect((await postShipment(t.app, user, shipmentPayload())).statusCode).toBe(201);
    expect((await postShipment(t.app, user, shipmentPayload())).statusCode).toBe(429);
    const text = (await scrape()).body;
    expect(sample(text, 'portal_rate_limit_refusals_total{route="/api/v1/shipments/store"}')).toBe(1);
  });

  it("shows each job queue's depth and how long its oldest due job has waited", async () => {
    const boss = new PgBoss({ ...t.database.jobQueue, supervise: false, schedule: false });
    await boss.start();
    try {
      await boss.createQueue('metrics-probe');
      await boss.send('metrics-probe', { n: 1 }, { startAfter: 3600 });
      await boss.send('metrics-probe', { n: 2 });
      const text = (await scrape()).body;
      expect(sample(text, 'portal_job_queue_jobs{queue="metrics-probe",state="ready"}')).toBe(1);
      expect(sample(text, 'portal_job_queue_jobs{queue="metrics-probe",state="deferred"}')).toBe(1);
      expect(sample(text, 'portal_job_queue_oldest_ready_seconds{queue="metrics-probe"}')).toBeGreaterThanOrEqual(0);
    } finally {
      await boss.deleteQueue('metrics-probe');
      await boss.stop({ graceful: false });
    }
  });

  it('counts imported rows by result', async () => {
    const before = (await scrape()).body;
    const created = sample(before, 'portal_import_rows_total{result="created"}') ?? 0;
    const failed = sample(before, 'portal_import_rows_total{result="failed"}') ?? 0;
    const headers = ['Meno', 'Ulica', 'Číslo domu', 'Mesto', 'PSČ', 'Krajina', 'Telefón', 'E-mail', 'Obsah', 'Hmotnosť', 'Šírka', 'Výška', 'Dĺžka', 'Referencia'];
    const row = (n: number, zip: string) => [`Ján Novák ${n}`, 'Hlavná', String(n), 'Žilina', zip, 'SK', '0905 123 456', 'jan@example.com', 'Semená', '2,5', '30', '20', '40', `MET-${n}`];
    const file = Papa.unparse([headers, row(1, '010 01'), row(2, '010 01'), row(3, '123')], { delimiter: ';', newline: '\r\n' });
    // The company budget above is for shipment writes; an import upload counts against its own.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shipments/import',
      headers: bearer(user),
      payload: { type: 'csv', filename: 'orders.csv', file: Buffer.from(file).toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(201);
    let text = '';
    for (let i = 0; i < 300; i += 1) {
      text = (await scrape()).body;
      if ((sample(text, 'portal_import_rows_total{result="created"}') ?? 0) - created >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((sample(text, 'portal_import_rows_total{result="created"}') ?? 0) - created).toBe(2);
    expect((sample(text, 'portal_import_rows_total{result="failed"}') ?? 0) - failed).toBe(1);
  });

  it("counts partners' feed events by result", async () => {
    const before = sample((await scrape()).body, 'portal_partner_events_total{result="not_found"}') ?? 0;
    const answer = await recordPartnerEvents(t.database.db, { id: 1, code: 'SPS' }, [
      { event_id: 'MET-EV-1', tracking_number: 'CP999999999SK', code: 'IN_TRANSIT', occurred_at: '2026-03-02T08:15:00+01:00', location: 'Bratislava hub' },
    ] as PartnerEvent[]);
    expect(answer.results).toEqual([{ event_id: 'MET-EV-1', result: 'not_found' }]);
    expect(sample((await scrape()).body, 'portal_partner_events_total{result="not_found"}')).toBe(before + 1);
  });

  it("shows the application's pool on PostgreSQL (and nothing for it on the embedded database)", async () => {
    const text = (await scrape()).body;
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'portal_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'portal_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('portal_db_pool_connections{');
    }
  });

  it("serves the same text without a token on METRICS_PORT's loopback listener, and nothing else there", async () => {
    const server = await listenForMetrics(0);
    try {
      const { port, address } = server.address() as AddressInfo;
      expect(address).toBe('127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('portal_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}');
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/shipments`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
