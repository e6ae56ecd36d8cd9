// npm run bench:track — public tracking lookups under 100 concurrent clients against the real
// server (demo data): GET /api/v1/tracking/{tn} (the public page) and GET /api/v1/shipments/track
// without a bearer (the redirect page), mixed and each alone; and the page a phone's first visit
// gets, GET /package/tracking?tracking_number=&zip= rendered by the server around the same lookup
// (README note 93), alone. Issue 19's figure is the mixed run's:
// on PGlite, p95 ≤ 20 ms and ≥ 5,000 lookups/s; on PostgreSQL the same figures are printed (no goal).
//
// Databases: PGlite, then a throw-away PostgreSQL 15 cluster (scripts/bench/pg-cluster.ts) when
// its binaries are installed. BENCH_TRACK_DATABASES=pglite|postgres|both (default both),
// BENCH_DATABASE_URL: a PostgreSQL server to use instead (a database is created and dropped in it),
// BENCH_SECONDS (10), BENCH_SHIPMENTS (500).
//
// The public limit is 60 lookups a minute per address. The server runs with TRUST_PROXY=1 and
// every request carries its own X-Forwarded-For address — many recipients on their phones, as in
// production behind a proxy — so the limiter does its full work on every request without turning
// the run into a count of 429s.
//
// Lookups are served from a cache (src/server/features/tracking/tracking-cache.ts), so the checks
// matter as much as the speed: every lookup answered 200; sampled answers right (the full view
// with the postal code, the status view without, every event there); and while the crowd runs, a
// partner's new event is shown by the very next lookup on PGlite, within 1 s on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import autocannon, { type Instance, type Request, type Result } from 'autocannon';
import pg from 'pg';
import type { PublicTracking } from '#shared/contract/tracking.ts';
import { DEMO_PARTNER_KEY } from '#server/db/seed-demo.ts';
import { signPartnerRequest } from '#server/features/tracking/partner-signature.ts';
import { check, figure } from './figures.ts';
import { startPgCluster, type PgCluster } from './pg-cluster.ts';
import { cpuMeter } from './process-cpu.ts';
import { startServer, watchdog, type RunningServer } from './server.ts';
import { ms, percentile } from './stats.ts';

watchdog(900);

const BENCH = 'track';
const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 500);
const PORT = 8097;
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 25497);
const GOAL = { lookups: 5_000, p95: 20 };
/** How late a change may show through the cache on PostgreSQL (its notification's delivery). */
const PG_BOUND_MS = 1_000;
const ZIPS = [['Bratislava', '811 01'], ['Košice', '040 01'], ['Nitra', '949 01'], ['Žilina', '010 01']] as const;
/** Every parcel's events once prepared: CREATED, ARRIVED and SENT (depot), then three of SPS's. */
const PREPARED_EVENTS = 6;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

process.env.TRUST_PROXY = '1';
process.env.PUBLIC_URL ??= 'http://localhost';

interface Parcel {
  tn: string;
  zip: string;
  /** Events this parcel should show (the bench adds some while the crowd runs). */
  events: number;
}

/** Partner event ids, unique over the whole bench. */
let eventNo = 0;

function client(server: RunningServer) {
  async function json<T>(path: string, init: RequestInit & { expect?: number } = {}): Promise<T> {
    const res = await fetch(`${server.url}${path}`, init);
    if (res.status !== (init.expect ?? 200)) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }
  /** Reports SPS events for these parcels as the partner's feed would (signed). */
  async function partnerEvents(events: Array<{ tn: string; code: string; at: Date }>): Promise<void> {
    const body = JSON.stringify({
      events: events.map((e) => ({ event_id: `bench-${++eventNo}-${e.tn}`, tracking_number: e.tn, code: e.code, occurred_at: e.at.toISOString(), location: 'SPS Senec hub' })),
    });
    const ts = Math.floor(Date.now() / 1000);
    const answer = await json<{ results: Array<{ result: string; reason?: string }> }>('/api/v1/partner/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-partner-key': DEMO_PARTNER_KEY.id, 'x-partner-timestamp': String(ts), 'x-partner-signature': signPartnerRequest(DEMO_PARTNER_KEY.secret, ts, body) },
      body,
    });
    const refused = answer.results.filter((r) => r.result !== 'recorded');
    if (refused.length > 0) throw new Error(`partner events not recorded: ${JSON.stringify(refused.slice(0, 3))}`);
  }
  return { json, partnerEvents };
}

/** demo-user's parcels to Slovakia (routed to SPS), scanned ARRIVED and SENT at the depot, then three SPS events each. */
async function prepare(server: RunningServer): Promise<Parcel[]> {
  const { json, partnerEvents } = client(server);
  const signIn = (id: string) =>
    json<{ access_token: string }>('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: id, client_secret: `${id}-secret` }),
    });
  const { access_token: user } = await signIn('demo-user');
  const { access_token: admin } = await signIn('demo-admin');
  const parcels: Parcel[] = [];
  for (let start = 0; start < SHIPMENTS; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, SHIPMENTS - start) }, async (_, j) => {
        const [city, zip] = ZIPS[(start + j) % ZIPS.length]!;
        const { shipment } = await json<{ shipment: { tracking_number: string } }>('/api/v1/shipments/store', {
          method: 'POST',
          expect: 201,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user}` },
          body: JSON.stringify({
            delivery_method: 'home_delivery', product: 'PRM', receiver_name: `Bench Recipient ${start + j}`, receiver_address_line_1: 'Hlavná',
            receiver_address_number: '1', receiver_city: city, receiver_postal_code: zip, receiver_country: 'SK', receiver_phone: '0905 123 456',
            receiver_email: 'bench@example.com', weight: 1, width: 20, height: 20, length: 20, content: 'Bench parcel',
          }),
        });
        return { tn: shipment.tracking_number, zip, events: PREPARED_EVENTS };
      }),
    );
    parcels.push(...batch);
  }
  // The depot takes them over (a partner reports nothing of a parcel it never got, issue 18).
  for (const status of ['ARRIVED', 'SENT'] as const) {
    const answer = await json<{ updated: number }>('/api/v1/admin/shipments/parcel-status', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ status, parcels_id: parcels.map((p) => p.tn) }),
    });
    if (answer.updated !== parcels.length) throw new Error(`the ${status} scan moved ${answer.updated} of ${parcels.length} parcels`);
  }
  // Three partner events per parcel, newer than the scans, 150 parcels per signed request.
  const now = Date.now();
  for (let start = 0; start < parcels.length; start += 150) {
    await partnerEvents(parcels.slice(start, start + 150).flatMap(({ tn }) => (['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'] as const).map((code, k) => ({ tn, code, at: new Date(now + (k + 1) * 1000) }))));
  }
  return parcels;
}

/** A distinct client address per request: 10.x.y.z from a counter (16 million before it repeats). */
let addressCounter = 0;
function nextAddress(): string {
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

type Route = 'timeline' | 'track' | 'page';

/** Response times of one run: every answer, and each connection's first answer apart. */
function latencyRecorder(instance: Instance) {
  const all: number[] = [];
  const steady: number[] = [];
  const firsts: number[] = [];
  const seen = new Set<object>();
  instance.on('response', (client, _status, _bytes, responseTime) => {
    all.push(responseTime);
    // A connection's first answer includes its TCP set-up, which takes seconds on a loaded
    // 2-core machine (as much for /healthz): kept out of the steady figures, printed apart.
    if (seen.has(client)) steady.push(responseTime);
    else {
      seen.add(client);
      firsts.push(responseTime);
    }
  });
  const line = (values: number[]) => `p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}  p99 ${ms(percentile(values, 99))}  max ${ms(values.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY))}`;
  return {
    steadyP95: () => percentile(steady, 95),
    print() {
      console.log(`  latency ms   ${line(steady)}  (steady: each connection's first answer left out)`);
      console.log(`  all answers  ${line(all)}  (first answers of the ${firsts.length} connections: p50 ${ms(percentile(firsts, 50))})`);
    },
  };
}

interface RunResult {
  lookups: number;
  p95: number;
  failed: number;
  /** The server process's CPU time per answered lookup (ms): steadier than lookups/s on a busy machine. */
  cpuPerLookup: number;
}

function run(server: RunningServer, title: string, routes: Route[], parcels: Parcel[], seconds = SECONDS): { done: Promise<RunResult> } {
  let i = 0;
  const request: Request = {
    method: 'GET',
    setupRequest: (req) => {
      const parcel = parcels[Math.floor(Math.random() * parcels.length)]!;
      const route = routes[i++ % routes.length]!;
      const path =
        route === 'timeline'
          ? `/api/v1/tracking/${parcel.tn}?zip=${encodeURIComponent(parcel.zip)}`
          : route === 'page'
            ? `/package/tracking?tracking_number=${parcel.tn}&zip=${encodeURIComponent(parcel.zip)}`
            : `/api/v1/shipments/track?tracking_number=${parcel.tn}&destination_zip=${encodeURIComponent(parcel.zip.replace(' ', ''))}`;
      return { ...req, path, headers: { 'x-forwarded-for': nextAddress(), 'accept-language': 'sk' } };
    },
  };
  const cpu = cpuMeter(PORT);
  const done = new Promise<RunResult>((resolve, reject) => {
    const instance: Instance = autocannon({ url: server.url, connections: CONNECTIONS, duration: seconds, requests: [request] }, (error: unknown, result: Result) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      // autocannon counts timeouts among the errors too.
      const failed = result.non2xx + result.errors;
      const lookups = result['2xx'] / result.duration;
      const cpuPerLookup = ((cpu().server ?? Number.NaN) * 1000) / Math.max(1, result['2xx']);
      console.log(`\n${title}  (load ${load()})`);
      console.log(`  lookups/s    ${lookups.toFixed(0)}  (${result['2xx']} answered 200 in ${result.duration.toFixed(1)} s)`);
      latencies.print();
      console.log(`  failed ${failed} (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`);
      console.log(`  server CPU   ${cpuPerLookup.toFixed(3)} ms a lookup (user + system time of the server process)`);
      resolve({ lookups, p95: latencies.steadyP95(), failed, cpuPerLookup });
    });
    const latencies = latencyRecorder(instance);
  });
  return { done };
}

/** A lookup as a stranger with (full view) or without (status view) the postal code. */
async function lookUp(server: RunningServer, parcel: Parcel, withZip: boolean): Promise<PublicTracking> {
  const res = await fetch(`${server.url}/api/v1/tracking/${parcel.tn}${withZip ? `?zip=${encodeURIComponent(parcel.zip)}` : ''}`, {
    headers: { 'x-forwarded-for': nextAddress(), 'accept-language': 'en' },
  });
  if (res.status !== 200) throw new Error(`lookup of ${parcel.tn} answered ${res.status}`);
  return (await res.json()) as PublicTracking;
}

/** Sampled answers are right: the full view with the postal code, the status view without, every event there. */
async function checkAnswers(server: RunningServer, db: string, parcels: Parcel[]): Promise<boolean> {
  const sample = Array.from({ length: 20 }, (_, i) => parcels[Math.floor((i * parcels.length) / 20)]!);
  const wrong: string[] = [];
  for (const parcel of sample) {
    const full = await lookUp(server, parcel, true);
    const status = await lookUp(server, parcel, false);
    if (full.view !== 'full' || full.destination_country !== 'SK' || full.partner_name === null || full.events.length !== parcel.events) wrong.push(`${parcel.tn} full`);
    if (status.view !== 'status' || status.destination_country !== null || status.partner_name !== null || status.events.some((e) => e.location !== null) || status.events.length !== parcel.events) {
      wrong.push(`${parcel.tn} status`);
    }
  }
  for (const parcel of sample.slice(0, 5)) {
    // The server-rendered page shows the same lookup: the partner, and every event in the list.
    const res = await fetch(`${server.url}/package/tracking?tracking_number=${parcel.tn}&zip=${encodeURIComponent(parcel.zip)}`, { headers: { 'x-forwarded-for': nextAddress(), 'accept-language': 'en' } });
    const html = await res.text();
    const list = /<ol[^>]*aria-label="Events, newest first"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '';
    if (res.status !== 200 || !html.includes('Delivery partner') || (list.match(/<li/g) ?? []).length !== parcel.events || html.includes('<script')) wrong.push(`${parcel.tn} page`);
  }
  return check(BENCH, `${db}: sampled answers right (full view with the postal code, status view without, every event; the page shows them)`, wrong.length === 0, wrong.length ? wrong.slice(0, 5).join(', ') : `${sample.length} parcels`);
}

/**
 * While the crowd runs: a partner reports a new event for a parcel (one the crowd asks for), and the
 * lookups that follow are timed until one shows it. On PGlite the first must; on PostgreSQL within
 * PG_BOUND_MS. Answers the delays.
 */
async function changesWhileBusy(server: RunningServer, parcels: Parcel[], until: Promise<unknown>): Promise<number[]> {
  const { partnerEvents } = client(server);
  const delays: number[] = [];
  let finished = false;
  void until.then(() => (finished = true));
  await new Promise((r) => setTimeout(r, 1_500));
  for (let n = 0; !finished && n < 5; n++) {
    const parcel = parcels[(n * 97) % parcels.length]!;
    // The parcel is in the cache (the crowd asks for every parcel many times a second).
    await lookUp(server, parcel, false);
    await partnerEvents([{ tn: parcel.tn, code: 'IN_TRANSIT', at: new Date() }]);
    parcel.events++;
    const written = performance.now();
    for (;;) {
      const seen = (await lookUp(server, parcel, false)).events.length;
      if (seen === parcel.events) break;
      if (performance.now() - written > 10_000) throw new Error(`a new event of ${parcel.tn} was not shown within 10 s`);
      delays.push(Number.NaN);
    }
    delays.push(performance.now() - written);
    await new Promise((r) => setTimeout(r, 1_000));
  }
  return delays;
}

async function benchDatabase(db: 'PGlite' | 'PostgreSQL', env: Record<string, string>): Promise<boolean> {
  console.log(`\n=== ${db} ===`);
  const server = await startServer(PORT, { env });
  try {
    const started = performance.now();
    const parcels = await prepare(server);
    console.log(`Prepared ${parcels.length} SPS parcels with ${PREPARED_EVENTS} events each in ${((performance.now() - started) / 1000).toFixed(1)} s (load ${load()}).`);
    let ok = await checkAnswers(server, db, parcels);
    // The crowd asks for parcels the cache holds: each is looked up once first. (A cold cache
    // costs one query per parcel, a second or two for 500 on PGlite, which would otherwise fill
    // most of a 10 s run on a busy machine.)
    const warm = performance.now();
    for (let i = 0; i < parcels.length; i += 10) await Promise.all(parcels.slice(i, i + 10).map((p) => lookUp(server, p, false)));
    console.log(`Looked each parcel up once in ${((performance.now() - warm) / 1000).toFixed(1)} s.`);
    // And the server's code is compiled under load before it is timed (a process's first seconds
    // under a crowd run unoptimized code): 3 s of the mixed crowd, not reported.
    await run(server, `${db}: warm-up (3 s, not a figure)`, ['timeline', 'track'], parcels, 3).done;
    await new Promise((r) => setTimeout(r, 2000));

    const mixed = run(server, `${db}: public lookups, both routes alternating (${CONNECTIONS} connections, ${SECONDS} s)`, ['timeline', 'track'], parcels);
    const delays = await changesWhileBusy(server, parcels, mixed.done);
    const result = await mixed.done;
    ok = check(BENCH, `${db}: every lookup of the mixed run answered 200`, result.failed === 0, `${result.failed} failed`) && ok;
    // Stale lookups are recorded as NaN before the one that showed the change.
    const stale = delays.filter((d) => Number.isNaN(d)).length;
    const shownAfter = delays.filter((d) => !Number.isNaN(d));
    const maxDelay = Math.max(...shownAfter);
    console.log(`  a partner's new event during the run: shown after ${shownAfter.map((d) => d.toFixed(1)).join(', ')} ms, ${stale} stale lookups before (load ${load()})`);
    ok = check(
      BENCH,
      db === 'PGlite' ? `${db}: a new event is shown by the next lookup while the crowd runs` : `${db}: a new event is shown within ${PG_BOUND_MS} ms while the crowd runs`,
      shownAfter.length > 0 && (db === 'PGlite' ? stale === 0 : maxDelay <= PG_BOUND_MS),
      `${shownAfter.length} changes, ${stale} stale lookups, slowest ${maxDelay.toFixed(1)} ms`,
    ) && ok;
    const goal = db === 'PGlite';
    ok = figure(BENCH, `${db}: public lookups, 100 connections`, Math.round(result.lookups), 'lookups/s', goal ? { kind: 'min', value: GOAL.lookups } : undefined) && ok;
    ok = figure(BENCH, `${db}: public lookups, 100 connections, p95`, Number(result.p95.toFixed(1)), 'ms', goal ? { kind: 'max', value: GOAL.p95 } : undefined) && ok;
    figure(BENCH, `${db}: server CPU per lookup`, Number(result.cpuPerLookup.toFixed(3)), 'ms');

    for (const [title, routes] of [
      [`${db}: GET /api/v1/tracking/{tn} alone`, ['timeline']],
      [`${db}: GET /api/v1/shipments/track without a bearer alone`, ['track']],
      [`${db}: GET /package/tracking (the page, rendered) alone`, ['page']],
    ] as Array<[string, Route[]]>) {
      // A pause between runs: the previous run's 100 connections are closed before the next opens its own.
      await new Promise((r) => setTimeout(r, 3000));
      const alone = await run(server, title, routes, parcels).done;
      ok = check(BENCH, `${title}: every lookup answered 200`, alone.failed === 0, `${alone.failed} failed`) && ok;
      figure(BENCH, title, Math.round(alone.lookups), 'lookups/s');
    }
    return ok;
  } finally {
    await server.stop();
  }
}

/** A fresh database on the given server, or a throw-away cluster; answers its URL and how to drop it. */
async function postgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const given = process.env.BENCH_DATABASE_URL;
  let cluster: PgCluster | undefined;
  if (!given) cluster = startPgCluster({ port: PG_PORT, settings: { max_connections: 200 } });
  const adminUrl = given ?? cluster!.url;
  const name = `portal_track_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
        cluster?.stop();
      }
    },
  };
}

const which = process.env.BENCH_TRACK_DATABASES ?? 'both';
const pgBinaries = existsSync(path.join(process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin', 'initdb'));
console.log(`bench:track on ${cpus().length} cores, load average ${load()} (a busy machine gives lower figures)`);
const results: boolean[] = [];
try {
  if (which !== 'postgres') results.push(await benchDatabase('PGlite', {}));
  if (which !== 'pglite') {
    if (!pgBinaries && !process.env.BENCH_DATABASE_URL) {
      console.log('\nPostgreSQL: no binaries (apt-get install postgresql) and no BENCH_DATABASE_URL: not measured.');
      if (which === 'postgres') results.push(false);
    } else {
      const database = await postgres();
      try {
        results.push(await benchDatabase('PostgreSQL', { DATABASE_URL: database.url }));
      } finally {
        await database.drop();
      }
    }
  }
} catch (error) {
  console.error(error);
  results.push(false);
}
process.exitCode = results.length > 0 && results.every(Boolean) ? 0 : 1;
