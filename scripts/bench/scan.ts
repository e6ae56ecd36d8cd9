// npm run bench:scan — the depot scan queue against the real server (issue 7, "Done when"). The
// scan sync engine of src/web/offline runs here in Node on fake-indexeddb with the app's own API
// client, as a tablet's page would run it. Scans are queued while the network is down, then the
// connection comes back (an `online` event) and the time until every press is answered is taken.
// Two shapes of 1,000 parcels each: 1,000 presses of one id (the worst case: one request per
// parcel) and 20 presses of 50 ids. First pass ARRIVED on a clean network; second pass SENT on a
// bad one (requests dropped before they reach the server, and answers lost after the server
// applied them, so resends with the same key must be answered without moving a parcel twice).
// A third pass presses ARRIVED and then SENT for each of 200 more parcels, one parcel after the
// other, all while offline, and drains them on the bad network: the presses cannot merge (their
// statuses alternate), so they go out side by side in the engine's window, and each SENT must
// wait for its parcel's ARRIVED (else the server answers `not_allowed`).
// The server is then asked for each parcel's events: exactly one ARRIVED and one SENT each.
//
// Figures (issue 19, through figures.ts): the seconds of each shape and network, with the goals
// for 1,000 presses of one id (≤ 3 s clean, ≤ 10 s lossy); checks: every press accepted, every
// parcel with exactly one ARRIVED and one SENT. The machine's load is printed beside them.
//
// Settings: BENCH_DROP_BEFORE, BENCH_DROP_AFTER (probabilities for the second pass, 0.1 each),
// BENCH_WINDOW (the engine's window, default its own), BENCH_DRAIN_TIMEOUT_S (300 per pass). Exit status 1 when a parcel has not
// exactly one event of each, a press was rejected or a goal was missed.
import 'fake-indexeddb/auto';
import { cpus, loadavg } from 'node:os';
import { Dexie } from 'dexie';
import type { TokenResponse } from '#shared/contract/auth.ts';
import type { ParcelStatusUpdate } from '#shared/domain/enums.ts';
import { page } from './browser-globals.ts';
import { check, figure } from './figures.ts';
import { cpuMeter } from './process-cpu.ts';
import { startServer, watchdog } from './server.ts';

watchdog(900);

const PORT = 8098;
const DROP_BEFORE = Number(process.env.BENCH_DROP_BEFORE ?? 0.1);
const DROP_AFTER = Number(process.env.BENCH_DROP_AFTER ?? 0.1);
const DRAIN_TIMEOUT_MS = Number(process.env.BENCH_DRAIN_TIMEOUT_S ?? 300) * 1000;
const WINDOW = process.env.BENCH_WINDOW ? Number(process.env.BENCH_WINDOW) : undefined;
const BENCH = 'scan';
/** Goals of issue 19 (seconds, clean and lossy network) for a shape; the other shape is reported without one. */
const SHAPES = [
  { name: '1,000 presses x 1 id', presses: 1000, ids: 1, goals: { clean: 3, lossy: 10 } },
  { name: '20 presses x 50 ids', presses: 20, ids: 50 },
] as const;
const INTERLEAVED_PARCELS = 200;
const load = () => `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores`;
const log = (line: string) => console.log(line);

const server = await startServer(PORT);
const direct = globalThis.fetch;
let exitCode: number;
try {
  exitCode = await run();
} finally {
  await server.stop();
}
process.exit(exitCode);

async function call<T>(path: string, init: RequestInit & { expect?: number } = {}): Promise<T> {
  let response = await direct(`${server.url}${path}`, init);
  // The tracking lookups are rate limited per client: wait as the server asks.
  for (let i = 0; i < 5 && response.status === 429; i++) {
    await new Promise((r) => setTimeout(r, Number(response.headers.get('retry-after') ?? 1) * 1000));
    response = await direct(`${server.url}${path}`, init);
  }
  if (response.status !== (init.expect ?? 200)) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

function signIn(clientId: string, secret: string): Promise<TokenResponse> {
  return call('/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
  });
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function pool<T, R>(items: readonly T[], concurrency: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await task(items[i]!);
    }),
  );
  return results;
}

/** demo-user's shipments to Slovakia; answers their tracking numbers. */
async function createShipments(count: number, bearer: string): Promise<string[]> {
  return pool(Array.from({ length: count }, (_, i) => i), 10, async (i) => {
    const { shipment } = await call<{ shipment: { tracking_number: string | null; item_number: string } }>('/api/v1/shipments/store', {
      method: 'POST',
      expect: 201,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify({
        delivery_method: 'home_delivery', product: 'PRM', reference_number: 'SCAN-BENCH', receiver_name: `Scan Bench ${i}`, receiver_address_line_1: 'Hlavná',
        receiver_address_number: '1', receiver_city: 'Žilina', receiver_postal_code: '01001', receiver_country: 'SK', receiver_phone: '0905 123 456',
        receiver_email: 'bench@example.com', weight: 1, width: 20, height: 20, length: 20, content: 'Bench parcel',
      }),
    });
    return shipment.tracking_number ?? shipment.item_number;
  });
}

async function run(): Promise<number> {
  const admin = await signIn('demo-admin', 'demo-admin-secret');
  const user = await signIn('demo-user', 'demo-user-secret');
  const total = SHAPES.reduce((sum, s) => sum + s.presses * s.ids, 0) + INTERLEAVED_PARCELS;
  log(`Creating ${total} shipments for demo-user…`);
  const created = performance.now();
  const parcels = await createShipments(total, user.access_token);
  log(`  created in ${((performance.now() - created) / 1000).toFixed(1)} s`);

  // The web modules are loaded after the browser globals exist.
  const { saveToken } = await import('#web/lib/token-store.ts');
  const { db } = await import('#web/offline/db.ts');
  const { queueScan } = await import('#web/features/scan/offline/scan-queue.ts');
  const { createScanSyncEngine } = await import('#web/features/scan/offline/scan-sync.ts');

  // The tablet's network: down, clean, or dropping requests before and answers after the server.
  const network = { online: false, dropBefore: 0, dropAfter: 0, requests: 0, droppedBefore: 0, droppedAfter: 0 };
  globalThis.fetch = async (input, init) => {
    network.requests += 1;
    if (!network.online) throw new TypeError('fetch failed (offline)');
    if (Math.random() < network.dropBefore) {
      network.droppedBefore += 1;
      throw new TypeError('fetch failed (connection reset)');
    }
    const response = await direct(new URL(String(input instanceof Request ? input.url : input), server.url), init);
    if (Math.random() < network.dropAfter) {
      await response.arrayBuffer();
      network.droppedAfter += 1;
      throw new TypeError('fetch failed (connection reset after the server answered)');
    }
    return response;
  };
  saveToken(admin);
  const engine = createScanSyncEngine({ isOnline: () => network.online, ...(WINDOW === undefined ? {} : { window: WINDOW }) });
  engine.start();

  /** The network comes back: waits until no row is waiting; the time is the last answer's, from the rows. */
  async function drain(keys: number[], flaky: boolean) {
    Object.assign(network, { online: true, dropBefore: flaky ? DROP_BEFORE : 0, dropAfter: flaky ? DROP_AFTER : 0, requests: 0, droppedBefore: 0, droppedAfter: 0 });
    const onlineAt = Date.now();
    const cpu = cpuMeter(PORT);
    page.dispatchEvent(new Event('online'));
    // Polled rarely (reads compete with the engine for IndexedDB); the time comes from the rows.
    const inState = (state: string) => db.scans.where('[state+nextAttemptAt]').between([state, Dexie.minKey], [state, Dexie.maxKey]).count();
    const waiting = async () => (await Promise.all(['pending', 'sending', 'retry'].map(inState))).reduce((a, b) => a + b, 0);
    // A server that died (or an engine that stopped) must not hang the bench: the checks then fail.
    while ((await waiting()) > 0 && Date.now() - onlineAt < DRAIN_TIMEOUT_MS) await new Promise((r) => setTimeout(r, 250));
    const used = cpu();
    const answered = (await db.scans.bulkGet(keys)).filter((row) => row !== undefined);
    return { answered, seconds: (Math.max(...answered.map((row) => row.updatedAt)) - onlineAt) / 1000, cpu: `CPU: server ${used.server === undefined ? '?' : used.server.toFixed(2)} s, this process ${used.self.toFixed(2)} s` };
  }

  let rejected = 0;
  let goalsMet = true;
  try {
    for (const [status, flaky] of [['ARRIVED', false], ['SENT', true]] as Array<[ParcelStatusUpdate, boolean]>) {
      log('');
      log(`${status}, ${flaky ? `bad network (dropped before the server ${DROP_BEFORE * 100}%, answers lost after it ${DROP_AFTER * 100}%)` : 'clean network'}:`);
      let offset = 0;
      for (const shape of SHAPES) {
        const ids = parcels.slice(offset, offset + shape.presses * shape.ids);
        offset += ids.length;
        network.online = false;
        const queueStarted = performance.now();
        const keys: number[] = [];
        for (let p = 0; p < shape.presses; p++) keys.push(...(await queueScan(admin.data.id, status, ids.slice(p * shape.ids, (p + 1) * shape.ids))));
        const queueMs = performance.now() - queueStarted;

        const { answered, seconds, cpu } = await drain(keys, flaky);
        const failed = answered.filter((row) => row.state !== 'accepted').length;
        rejected += failed;
        const updated = answered.reduce((sum, row) => sum + (row.results ?? []).filter((r) => r.result === 'updated').length, 0);
        const line =
          `  ${shape.name.padEnd(22)} queued offline in ${(queueMs / 1000).toFixed(2)} s; applied in ${seconds.toFixed(2)} s after the network came back ` +
          `(${(ids.length / seconds).toFixed(0)} parcels/s, ${(shape.presses / seconds).toFixed(0)} presses/s); ${network.requests} requests` +
          (flaky ? ` (${network.droppedBefore} dropped before, ${network.droppedAfter} answers lost)` : '') +
          `; ${updated} updated${failed ? `, ${failed} NOT ACCEPTED` : ''}; ${cpu}`;
        log(line);
        const goal = 'goals' in shape ? shape.goals[flaky ? 'lossy' : 'clean'] : undefined;
        goalsMet &&= figure(BENCH, `${shape.name} drained, ${flaky ? 'lossy' : 'clean'} network`, Number(seconds.toFixed(2)), 's', goal === undefined ? undefined : { kind: 'max', value: goal });
        check(BENCH, `${shape.name}, ${flaky ? 'lossy' : 'clean'}: every press accepted`, failed === 0, failed ? `${failed} not accepted` : undefined);
      }
      log(`  (${load()})`);
    }

    // ARRIVED then SENT per parcel, queued together: nothing merges, the order per parcel must hold.
    log('');
    log(`ARRIVED and SENT of ${INTERLEAVED_PARCELS} parcels pressed one parcel after the other, bad network:`);
    const interleaved = parcels.slice(total - INTERLEAVED_PARCELS);
    network.online = false;
    const keys: number[] = [];
    for (const id of interleaved) {
      keys.push(...(await queueScan(admin.data.id, 'ARRIVED', [id])));
      keys.push(...(await queueScan(admin.data.id, 'SENT', [id])));
    }
    const { answered, seconds, cpu } = await drain(keys, true);
    const failed = answered.filter((row) => row.state !== 'accepted').length;
    rejected += failed;
    const notUpdated = answered.filter((row) => row.results?.length !== 1 || row.results[0]?.result !== 'updated').length;
    log(
      `  ${keys.length} presses applied in ${seconds.toFixed(2)} s; ${network.requests} requests (${network.droppedBefore} dropped before, ${network.droppedAfter} answers lost); ` +
        `${answered.length - notUpdated} presses moved their parcel${notUpdated ? `, ${notUpdated} DID NOT` : ''}; ${cpu}`,
    );
    figure(BENCH, `${INTERLEAVED_PARCELS} parcels x (ARRIVED, SENT) drained, lossy network`, Number(seconds.toFixed(2)), 's');
    check(BENCH, 'ARRIVED and SENT per parcel: every press accepted', failed === 0, failed ? `${failed} not accepted` : undefined);
    check(BENCH, "ARRIVED and SENT per parcel: each moved its parcel (a SENT never went before its ARRIVED)", notUpdated === 0, notUpdated ? `${notUpdated} presses answered other than updated` : undefined);
    log(`  (${load()})`);
  } finally {
    engine.stop();
    globalThis.fetch = direct;
  }

  // What the server holds: the events of every parcel (the admin may track any).
  log('');
  log(`Reading the events of ${parcels.length} parcels back…`);
  const readStarted = performance.now();
  const counts = await pool(parcels.map((tn, i) => ({ tn, i })), 20, async ({ tn, i }) => {
    // The owner and the admin take turns: each stays under the per-client lookup limit.
    const bearer = i % 2 === 0 ? user.access_token : admin.access_token;
    const { events } = await call<{ events: Array<{ code: string }> }>(`/api/v1/shipments/track?tracking_number=${encodeURIComponent(tn)}`, { headers: { authorization: `Bearer ${bearer}` } });
    return { arrived: events.filter((e) => e.code === 'ARRIVED').length, sent: events.filter((e) => e.code === 'SENT').length };
  });
  log(`  read in ${((performance.now() - readStarted) / 1000).toFixed(1)} s`);
  let offset = 0;
  let ok = rejected === 0;
  for (const shape of [...SHAPES, { name: 'ARRIVED and SENT per parcel', presses: INTERLEAVED_PARCELS, ids: 1 }]) {
    const slice = counts.slice(offset, offset + shape.presses * shape.ids);
    offset += slice.length;
    const arrived = slice.reduce((sum, c) => sum + c.arrived, 0);
    const sent = slice.reduce((sum, c) => sum + c.sent, 0);
    const wrong = slice.filter((c) => c.arrived !== 1 || c.sent !== 1).length;
    ok &&= wrong === 0;
    log(`  ${shape.name.padEnd(22)} ${arrived} ARRIVED and ${sent} SENT events for ${slice.length} parcels; ${wrong} parcels without exactly one of each`);
    check(BENCH, `${shape.name}: exactly one ARRIVED and one SENT event per parcel`, wrong === 0, wrong ? `${wrong} of ${slice.length} parcels wrong` : undefined);
  }
  log(`  (${load()}: figures on a busy machine are slower)`);
  log(ok ? '\nExactly once: every scan applied once, none lost, none twice.' : '\nFAILED: the scans were not applied exactly once.');
  if (ok && !goalsMet) log('Goal missed (see the figures above).');
  return ok && goalsMet ? 0 : 1;
}
