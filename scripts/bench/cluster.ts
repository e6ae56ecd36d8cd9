// npm run bench:cluster — throughput through the balancer with one and with three instances
// (issue 20): the cluster of scripts/cluster.ts (nginx, real servers, a throw-away PostgreSQL),
// once with one instance and once with three, each on a fresh database. Per cluster:
//   1. the authenticated list (GET /api/v1/shipments?take=20, demo-user's bearer),
//   2. public tracking (GET /api/v1/tracking/{tn} and GET /api/v1/shipments/track alternating,
//      each request from its own X-Forwarded-For address, as many recipients on their phones),
//   3. creates with an Idempotency-Key, each sent twice (a client that lost the first answer).
// Prints requests/s and p50/p95 side by side. On a 2-core machine three instances share the same
// two cores with PostgreSQL, nginx and the load generator: the point is that nothing fails and
// nothing is lost, not the speed-up; the figures have no goal. Checks: 0 failed requests in
// every run, every create made exactly one shipment (0 lost, 0 duplicated). Exit 1 on a failed
// check. Options: BENCH_SECONDS (10 per run), BENCH_CONNECTIONS (50), BENCH_CREATES (300).
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import autocannon, { type Request, type Result } from 'autocannon';
import pg from 'pg';
import { missingTools, startCluster, type Cluster } from '../cluster.ts';
import { check, figure } from './figures.ts';
import { watchdog } from './server.ts';
import { ms, percentile } from './stats.ts';

const BENCH = 'cluster';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CREATES = Number(process.env.BENCH_CREATES ?? 300);
const PARCELS = 200;
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 8190);
const PG_PORT = Number(process.env.BENCH_CLUSTER_PG_PORT ?? 25496);

watchdog(900);
const missing = missingTools();
if (missing.length > 0) {
  console.error(`bench:cluster needs ${missing.join(' and ')}.`);
  process.exit(1);
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface Run {
  perSecond: number;
  p50: number;
  p95: number;
  failed: number;
}

interface ClusterFigures {
  list: Run;
  tracking: Run;
  creates: { perSecond: number; sent: number; lost: number; duplicated: number; failed: number };
}

const shipmentBody = (reference: string) =>
  JSON.stringify({
    delivery_method: 'home_delivery', product: 'PRM', receiver_name: 'Bench Recipient', receiver_address_line_1: 'Hlavná', receiver_address_number: '1',
    receiver_city: 'Žilina', receiver_postal_code: '010 01', receiver_country: 'SK', receiver_phone: '0905 123 456', receiver_email: 'bench@example.com',
    weight: 1, width: 20, height: 20, length: 20, content: 'Bench parcel', reference_number: reference,
  });

async function post<T>(cluster: Cluster, path: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${cluster.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, body: (await res.json()) as T };
}

function autocannonRun(title: string, options: autocannon.Options, seconds = SECONDS): Promise<Run> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon({ ...options, connections: CONNECTIONS, duration: seconds }, (error: unknown, result: Result) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      const failed = result.non2xx + result.errors;
      const run = { perSecond: result['2xx'] / result.duration, p50: percentile(times, 50), p95: percentile(times, 95), failed };
      console.log(`  ${title}: ${run.perSecond.toFixed(0)}/s, p50 ${ms(run.p50)} ms, p95 ${ms(run.p95)} ms, ${result['2xx']} answered 2xx, failed ${failed} (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}); load ${load()}`);
      resolve(run);
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

async function measure(instances: number, port: number): Promise<ClusterFigures> {
  console.log(`\n${instances} instance(s) behind nginx on ${cpus().length} cores (load ${load()})`);
  const cluster = await startCluster({ instances, port, pgPort: PG_PORT, log: () => undefined });
  const database = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  try {
    const signIn = async (id: string) => (await post<{ access_token: string }>(cluster, '/oauth/token', JSON.stringify({ grant_type: 'client_credentials', client_id: id, client_secret: `${id}-secret` }))).body.access_token;
    const user = await signIn('demo-user');
    // Parcels for the crowd to look up.
    const parcels: string[] = [];
    for (let start = 0; start < PARCELS; start += 10) {
      const made = await Promise.all(
        Array.from({ length: 10 }, (_, j) => post<{ shipment: { tracking_number: string } }>(cluster, '/api/v1/shipments/store', shipmentBody(`BENCH-${start + j}`), { authorization: `Bearer ${user}`, 'idempotency-key': randomUUID() })),
      );
      for (const m of made) {
        if (m.status !== 201) throw new Error(`a parcel for the bench was not created: ${m.status} ${JSON.stringify(m.body)}`);
        parcels.push(m.body.shipment.tracking_number);
      }
    }

    const listOptions = { url: `${cluster.url}/api/v1/shipments?take=20`, headers: { authorization: `Bearer ${user}` } };
    // Freshly started instances compile their hot paths first: a short run that is not counted.
    await autocannonRun('warm-up (not counted)', listOptions, 3);
    const list = await autocannonRun('authenticated list', listOptions);

    let address = 0;
    let n = 0;
    const lookup: Request = {
      method: 'GET',
      setupRequest: (req) => {
        const tn = parcels[Math.floor(Math.random() * parcels.length)]!;
        const path = n++ % 2 === 0 ? `/api/v1/tracking/${tn}` : `/api/v1/shipments/track?tracking_number=${tn}`;
        // 198.18.0.0/15, the benchmarking range: only a header, each request its own recipient.
        address++;
        return { ...req, path, headers: { 'x-forwarded-for': `198.${18 + ((address >> 16) & 1)}.${(address >> 8) & 255}.${address & 255}` } };
      },
    };
    const tracking = await autocannonRun('public tracking', { url: cluster.url, requests: [lookup] });

    // Creates, each sent twice with its key (the second answers the first's shipment), 20 at a time.
    const tag = `C${instances}-${randomUUID().slice(0, 6)}-`;
    let failed = 0;
    const started = performance.now();
    for (let start = 0; start < CREATES; start += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, CREATES - start) }, async (_, j) => {
          const key = randomUUID();
          const headers = { authorization: `Bearer ${user}`, 'idempotency-key': key };
          const first = await post<{ shipment?: { item_number: string } }>(cluster, '/api/v1/shipments/store', shipmentBody(`${tag}${start + j}`), headers);
          const again = await post<{ shipment?: { item_number: string } }>(cluster, '/api/v1/shipments/store', shipmentBody(`${tag}${start + j}`), headers);
          if (first.status !== 201 || again.status !== 201 || first.body.shipment?.item_number !== again.body.shipment?.item_number) failed++;
        }),
      );
    }
    const createSeconds = (performance.now() - started) / 1000;
    const [made] = (await database.query<{ n: number; distinct: number }>('select count(*)::int as n, count(distinct reference_number)::int as distinct from shipments where reference_number like $1', [`${tag}%`])).rows;
    const creates = { perSecond: CREATES / createSeconds, sent: CREATES, lost: CREATES - made!.distinct, duplicated: made!.n - made!.distinct, failed };
    console.log(`  creates (each sent twice): ${creates.perSecond.toFixed(0)}/s; ${made!.n} shipments for ${CREATES} keys, lost ${creates.lost}, duplicated ${creates.duplicated}, failed ${failed}; load ${load()}`);
    return { list, tracking, creates };
  } finally {
    await database.end();
    await cluster.stop();
  }
}

const one = await measure(1, PORT);
const three = await measure(3, PORT);

console.log(`\nThrough nginx, ${SECONDS} s per run, ${CONNECTIONS} connections (load ${load()}; a shared 2-core machine: see the README)`);
console.log('                         1 instance            3 instances');
const row = (name: string, a: Run, b: Run) => console.log(`  ${name.padEnd(22)} ${`${a.perSecond.toFixed(0)}/s p95 ${ms(a.p95)} ms`.padEnd(22)}${b.perSecond.toFixed(0)}/s p95 ${ms(b.p95)} ms`);
row('authenticated list', one.list, three.list);
row('public tracking', one.tracking, three.tracking);
console.log(`  ${'creates (sent twice)'.padEnd(22)} ${`${one.creates.perSecond.toFixed(0)}/s`.padEnd(22)}${three.creates.perSecond.toFixed(0)}/s`);

for (const [label, f] of [['1 instance', one], ['3 instances', three]] as const) {
  figure(BENCH, `authenticated list, ${label}`, Math.round(f.list.perSecond), 'req/s');
  figure(BENCH, `public tracking, ${label}`, Math.round(f.tracking.perSecond), 'req/s');
  figure(BENCH, `creates sent twice, ${label}`, Math.round(f.creates.perSecond), 'creates/s');
}
const checks = [
  ...([['1 instance', one], ['3 instances', three]] as const).flatMap(([label, f]) => [
    check(BENCH, `${label}: 0 failed list requests`, f.list.failed === 0, `${f.list.failed} failed`),
    check(BENCH, `${label}: 0 failed tracking lookups`, f.tracking.failed === 0, `${f.tracking.failed} failed`),
    check(BENCH, `${label}: every create answered 201 twice with one shipment (0 lost, 0 duplicated)`, f.creates.failed === 0 && f.creates.lost === 0 && f.creates.duplicated === 0, `failed ${f.creates.failed}, lost ${f.creates.lost}, duplicated ${f.creates.duplicated}`),
  ]),
];
process.exit(checks.every(Boolean) ? 0 : 1);
