// npm run bench:track — public tracking lookups under 100 concurrent clients against the real
// server (PGlite, demo data): GET /api/v1/tracking/{tn} (the public page) and
// GET /api/v1/shipments/track without a bearer (the redirect page), mixed and each alone.
// Prints lookups/s and p50/p95/p99 latency; fails when any lookup is not answered 200.
//
// The public limit is 60 lookups a minute per address. The server runs with TRUST_PROXY=1 and
// every request carries its own X-Forwarded-For address — many recipients on their phones, as in
// production behind a proxy — so the limiter does its full work on every request without turning
// the run into a count of 429s.
import autocannon, { type Instance, type Request, type Result } from 'autocannon';
import { DEMO_PARTNER_KEY } from '#server/db/seed-demo.ts';
import { signPartnerRequest } from '#server/features/tracking/partner-signature.ts';
import { startServer, watchdog } from './server.ts';
import { ms, percentile } from './stats.ts';

watchdog(300);

const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 500);
const ZIPS = [['Bratislava', '811 01'], ['Košice', '040 01'], ['Nitra', '949 01'], ['Žilina', '010 01']] as const;

process.env.TRUST_PROXY = '1';
process.env.PUBLIC_URL ??= 'http://localhost';
const server = await startServer(8097);

async function json<T>(path: string, init: RequestInit & { expect?: number } = {}): Promise<T> {
  const res = await fetch(`${server.url}${path}`, init);
  if (res.status !== (init.expect ?? 200)) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** demo-user's parcels to Slovakia (routed to SPS), each with a few SPS events through the feed. */
async function prepare(): Promise<Array<{ tn: string; zip: string }>> {
  const { access_token } = await json<{ access_token: string }>('/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-user', client_secret: 'demo-user-secret' }),
  });
  const parcels: Array<{ tn: string; zip: string }> = [];
  for (let start = 0; start < SHIPMENTS; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, SHIPMENTS - start) }, async (_, j) => {
        const [city, zip] = ZIPS[(start + j) % ZIPS.length]!;
        const { shipment } = await json<{ shipment: { tracking_number: string } }>('/api/v1/shipments/store', {
          method: 'POST',
          expect: 201,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
          body: JSON.stringify({
            delivery_method: 'home_delivery', product: 'PRM', receiver_name: `Bench Recipient ${start + j}`, receiver_address_line_1: 'Hlavná',
            receiver_address_number: '1', receiver_city: city, receiver_postal_code: zip, receiver_country: 'SK', receiver_phone: '0905 123 456',
            receiver_email: 'bench@example.com', weight: 1, width: 20, height: 20, length: 20, content: 'Bench parcel',
          }),
        });
        return { tn: shipment.tracking_number, zip };
      }),
    );
    parcels.push(...batch);
  }
  // Three partner events per parcel, as SPS would report them, 150 parcels per signed request.
  for (let start = 0; start < parcels.length; start += 150) {
    const events = parcels.slice(start, start + 150).flatMap(({ tn }, i) =>
      (['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'] as const).map((code, k) => ({
        event_id: `bench-${tn}-${code}`, tracking_number: tn, code, occurred_at: new Date(Date.now() - (3 - k) * 3_600_000 - i * 1000).toISOString(), location: 'SPS Senec hub',
      })),
    );
    const body = JSON.stringify({ events });
    const ts = Math.floor(Date.now() / 1000);
    const answer = await json<{ results: Array<{ result: string }> }>('/api/v1/partner/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-partner-key': DEMO_PARTNER_KEY.id, 'x-partner-timestamp': String(ts), 'x-partner-signature': signPartnerRequest(DEMO_PARTNER_KEY.secret, ts, body) },
      body,
    });
    if (answer.results.some((r) => r.result !== 'recorded')) throw new Error('partner events were not all recorded');
  }
  return parcels;
}

/** A distinct client address per request: 10.x.y.z from a counter (16 million before it repeats). */
let addressCounter = 0;
function nextAddress(): string {
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

type Route = 'timeline' | 'track';

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
  const line = (values: number[]) => `p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}  p99 ${ms(percentile(values, 99))}  max ${ms(Math.max(...values))}`;
  return {
    print() {
      console.log(`  latency ms   ${line(steady)}  (steady: each connection's first answer left out)`);
      console.log(`  all answers  ${line(all)}  (first answers of the ${firsts.length} connections: p50 ${ms(percentile(firsts, 50))})`);
    },
  };
}

function run(title: string, routes: Route[], parcels: Array<{ tn: string; zip: string }>): Promise<boolean> {
  let i = 0;
  const request: Request = {
    method: 'GET',
    setupRequest: (req) => {
      const parcel = parcels[Math.floor(Math.random() * parcels.length)]!;
      const route = routes[i++ % routes.length]!;
      const path = route === 'timeline'
        ? `/api/v1/tracking/${parcel.tn}?zip=${encodeURIComponent(parcel.zip)}`
        : `/api/v1/shipments/track?tracking_number=${parcel.tn}&destination_zip=${encodeURIComponent(parcel.zip.replace(' ', ''))}`;
      return { ...req, path, headers: { 'x-forwarded-for': nextAddress(), 'accept-language': 'sk' } };
    },
  };
  return new Promise((resolve, reject) => {
    const instance: Instance = autocannon({ url: server.url, connections: CONNECTIONS, duration: SECONDS, requests: [request] }, (error: unknown, result: Result) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      // autocannon counts timeouts among the errors too.
      const failed = result.non2xx + result.errors;
      console.log(`\n${title}`);
      console.log(`  lookups/s    ${(result['2xx'] / result.duration).toFixed(0)}  (${result['2xx']} answered 200 in ${result.duration.toFixed(1)} s)`);
      latencies.print();
      console.log(`  failed ${failed} (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`);
      resolve(failed === 0);
    });
    const latencies = latencyRecorder(instance);
  });
}

try {
  const started = performance.now();
  const parcels = await prepare();
  console.log(`Prepared ${parcels.length} SPS parcels with 4 events each in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  const runs: Array<[string, Route[]]> = [
    [`Public lookups, both routes alternating (${CONNECTIONS} connections, ${SECONDS} s)`, ['timeline', 'track']],
    ['GET /api/v1/tracking/{tn} alone', ['timeline']],
    ['GET /api/v1/shipments/track without a bearer alone', ['track']],
  ];
  const results: boolean[] = [];
  for (const [title, routes] of runs) {
    // A pause between runs: the previous run's 100 connections are closed before the next opens its own.
    if (results.length > 0) await new Promise((r) => setTimeout(r, 3000));
    results.push(await run(title, routes, parcels));
  }
  process.exitCode = results.every(Boolean) ? 0 : 1;
} finally {
  await server.stop();
}
