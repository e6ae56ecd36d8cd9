// npm run chaos — crash safety against the real server process (issue 18). Each round kills the
// server with SIGKILL three times, each time in the middle of work, restarts it on the same data
// and lets the clients go on as they would:
//   1. a 100,000-row CSV import (uploaded with an idempotency key; the job resumes after restart),
//   2. a depot's 1,000 scan presses of one id each, drained by the web app's scan engine,
//   3. 1,000 wizard submissions drained by the web app's outbox engine,
// the engines running in Node on fake-indexeddb with the app's API client (as bench:scan and
// bench:outbox run them) behind a proxy that also loses and duplicates some requests. After each
// round the server stops and the database is read directly: every import COMPLETED or FAILED with
// counts that match its rows and no row twice, every parcel with exactly one ARRIVED event, every
// submission exactly one shipment, the list counts equal to count(*), no import job left open,
// and on PGlite the data folder reopened and checked with amcheck (every B-tree index with its
// heap, every table's pages).
//
// PGlite (a fresh data folder) by default; PostgreSQL with DATABASE_URL (the database is used as
// it is; the checks only look at this run's rows, the counts at all of them).
// Options: --rounds=N (1), --seed=N (kill points; printed), --import-rows=N (100000),
// --scans=N (1000), --submissions=N (1000), --only=import,scan,outbox (the phases to run),
// --keep (leave the PGlite folder), and the proxy's
// CHAOS_DROP_BEFORE, CHAOS_DROP_AFTER, CHAOS_DUPLICATE (0.05 each); CHAOS_PORT (8089). Exit status 1 on any wrong
// result. Run it with `nice` beside other work: it keeps both cores busy for a few minutes.
import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Dexie } from 'dexie';
import { page } from './bench/browser-globals.ts';
import { importCsv } from './bench/import-rows.ts';
import { startLossyProxy, type LossyNetwork } from './bench/lossy-proxy.ts';
import { startServer, watchdog, type RunningServer } from './bench/server.ts';
import { awaitImport, createApi, importResultRows, uploadImport } from './chaos/api.ts';
import type { TokenResponse } from '#shared/contract/auth.ts';
import { checkIntegrity, countMismatches, duplicateDetails, importFacts, scanEventCounts, shipmentsPerReference, withDatabase, type Backend, type Query } from './chaos/inspect.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '1' },
    seed: { type: 'string' },
    'import-rows': { type: 'string', default: '100000' },
    scans: { type: 'string', default: '1000' },
    submissions: { type: 'string', default: '1000' },
    keep: { type: 'boolean', default: false },
    only: { type: 'string', default: 'import,scan,outbox' },
  },
});
const ROUNDS = Number(args.rounds);
const IMPORT_ROWS = Number(args['import-rows']);
const SCANS = Number(args.scans);
const SUBMISSIONS = Number(args.submissions);
const SEED = args.seed === undefined ? randomBytes(4).readUInt32LE() : Number(args.seed);
const ONLY = args.only.split(',').map((phase) => phase.trim()) as Array<'import' | 'scan' | 'outbox'>;
if (ONLY.some((phase) => !['import', 'scan', 'outbox'].includes(phase))) {
  console.error(`--only takes import, scan and/or outbox (comma-separated), not "${args.only}"`);
  process.exit(2);
}
const PORT = Number(process.env.CHAOS_PORT ?? 8089);
const WAIT_MS = 300_000;
watchdog(ROUNDS * 900);

/** mulberry32: the kill points are reproducible from the printed seed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(SEED);
/** A kill point between 20% and 80% of `total`. */
const killPoint = (total: number) => Math.max(1, Math.round(total * (0.2 + 0.6 * random())));

const log = (line = '') => console.log(line);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const n = (value: number) => value.toLocaleString('en');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const databaseUrl = process.env.DATABASE_URL;
const dataDir = databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'portal-chaos-'));
// However the run ends (a server that would not start, an uncaught error), the folder goes with it.
if (dataDir && !args.keep) process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const backend: Backend = databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: dataDir! };
const serverOptions = dataDir ? { dataDir } : {};
const runId = randomBytes(3).toString('hex');
const direct = globalThis.fetch;
const api = createApi(`http://127.0.0.1:${PORT}`, direct);

/** Everything that was wrong, for the summary and the exit status. */
const failures: string[] = [];
function expect(ok: boolean, what: string): boolean {
  if (!ok) failures.push(what);
  return ok;
}

let server: RunningServer = await startServer(PORT, serverOptions);

/** SIGKILL, then the same server again on the same data; answers how long it was away. */
async function crashAndRestart(): Promise<number> {
  const started = performance.now();
  await server.kill();
  server = await startServer(PORT, serverOptions);
  return performance.now() - started;
}

log(`Chaos on ${backend.kind === 'pglite' ? `PGlite (data folder ${dataDir})` : 'PostgreSQL (DATABASE_URL)'}: ${ROUNDS} round(s), seed ${SEED}, run ${runId}`);

// The web modules are loaded after the browser globals exist.
const { saveToken } = await import('#web/lib/token-store.ts');
const { db } = await import('#web/offline/db.ts');
const { queueScan } = await import('#web/features/scan/offline/scan-queue.ts');
const { createScanSyncEngine } = await import('#web/features/scan/offline/scan-sync.ts');
const { createDraft } = await import('#web/features/shipments/offline/drafts.ts');
const { submitDraft } = await import('#web/features/shipments/offline/outbox.ts');
const { createSyncEngine } = await import('#web/features/shipments/offline/outbox-sync.ts');

const network: LossyNetwork = {
  mode: 'offline',
  dropBefore: Number(process.env.CHAOS_DROP_BEFORE ?? 0.05),
  dropAfter: Number(process.env.CHAOS_DROP_AFTER ?? 0.05),
  duplicate: Number(process.env.CHAOS_DUPLICATE ?? 0.05),
};
const proxy = await startLossyProxy(api.base, network);
// The app's relative URLs (/api/…, /oauth/…) go to the proxy, as a page's go to its origin.
globalThis.fetch = (input, init) => direct(new URL(String(input instanceof Request ? input.url : input), proxy.url), init);
const isOnline = () => network.mode !== 'offline';

const inState = (table: typeof db.scans | typeof db.outbox, state: string) => table.where('[state+nextAttemptAt]').between([state, Dexie.minKey], [state, Dexie.maxKey]).count();

interface Drain {
  killedAfter: number;
  /** Wall-clock time of the SIGKILL (UTC, HH:MM:SS.mmm). */
  killedAt: string;
  killedAtMs: number;
  downMs: number;
  drainMs: number;
  requests: number;
  unreachable: number;
}

/**
 * Lets the engine drain `keys` of `table` (queued offline) through the lossy proxy; kills the
 * server when `killAt` of them are accepted, restarts it, and waits until none is waiting.
 */
async function drainWithCrash(table: typeof db.scans | typeof db.outbox, total: number, killAt: number): Promise<Drain> {
  proxy.resetStats();
  // Rows of earlier rounds stay accepted in the table.
  const before = await inState(table, 'accepted');
  network.mode = 'flaky';
  const started = performance.now();
  page.dispatchEvent(new Event('online'));
  let accepted: number;
  while ((accepted = (await inState(table, 'accepted')) - before) < killAt) {
    if (performance.now() - started > WAIT_MS) throw new Error(`only ${accepted} of ${total} accepted after ${WAIT_MS / 1000} s, before the kill`);
    await pause(50);
  }
  const killedAtMs = performance.now() - started;
  const killedAt = new Date().toISOString().slice(11, 23);
  const downMs = await crashAndRestart();
  // The clients are not told: the engines' own backoff and timers bring them back.
  const waiting = async () => (await Promise.all(['pending', 'sending', 'retry'].map((s) => inState(table, s)))).reduce((a, b) => a + b, 0);
  while ((await waiting()) > 0) {
    if (performance.now() - started > WAIT_MS) throw new Error(`${await waiting()} of ${total} still waiting after ${WAIT_MS / 1000} s`);
    await pause(250);
  }
  return { killedAfter: accepted, killedAt, killedAtMs, downMs, drainMs: performance.now() - started, requests: proxy.stats.requests, unreachable: proxy.stats.unreachable };
}

interface Round {
  r: number;
  tag: string;
  user: TokenResponse;
  admin: TokenResponse;
}

/** What a phase leaves to check in the database once the server has stopped. */
type Check = (query: Query) => Promise<void>;

/** 1. A big import, killed while its job runs. */
async function importPhase({ r, tag, user }: Round): Promise<Check> {
  const importKillAt = killPoint(IMPORT_ROWS);
  const file = importCsv(IMPORT_ROWS, `I${tag}-`);
  const t0 = performance.now();
  const importId = await uploadImport(api, user.access_token, `chaos-${tag}.csv`, file);
  const uploadMs = performance.now() - t0;
  let seenAtKill = 0;
  /** The progress the database kept (the first answer after the restart). */
  let committedAtKill: number | null = null;
  let killMs = 0;
  let downMs = 0;
  let resumedMs: number | null = null;
  let killed = false;
  const record = await awaitImport(api, user.access_token, importId, {
    everyMs: 100,
    timeoutMs: WAIT_MS,
    onPoll: async (rec) => {
      if (!killed && rec.progress >= importKillAt && rec.status === 'PROCESSING') {
        killed = true;
        seenAtKill = rec.progress;
        killMs = performance.now() - t0;
        downMs = await crashAndRestart();
      } else if (killed && committedAtKill === null) {
        committedAtKill = rec.progress;
      } else if (killed && resumedMs === null && (rec.progress > committedAtKill! || rec.status !== 'PROCESSING')) {
        resumedMs = performance.now() - t0 - killMs;
      }
    },
  });
  const importMs = performance.now() - t0;
  const outcome = await importResultRows(api, user.access_token, importId);
  const created = outcome.filter((row) => row.status === 'Created');
  const unique = new Set(created.map((row) => row.itemNumber)).size;
  log(
    `  import of ${n(IMPORT_ROWS)} rows: uploaded in ${seconds(uploadMs)}; ${killed ? `SIGKILL at ${n(seenAtKill)} rows done as last seen (${seconds(killMs)} after the upload; ${n(committedAtKill ?? 0)} committed), server back in ${seconds(downMs)}, resumed ${resumedMs === null ? 'never' : `${seconds(resumedMs)} after the kill`}` : 'ended before the kill point'}; ` +
      `${record.status} after ${seconds(importMs)}: ${n(record.successful_shipments)} created, ${n(record.failed_shipments)} failed of ${n(record.total_shipments)}; result file ${n(outcome.length)} rows, ${n(created.length)} created, ${n(unique)} distinct item numbers`,
  );
  expect(killed, `round ${r}: the import ended before the kill point`);
  expect(record.status === 'COMPLETED' || record.status === 'FAILED', `round ${r}: import ${importId} is ${record.status}`);
  expect(record.status !== 'COMPLETED' || (record.successful_shipments === IMPORT_ROWS && record.failed_shipments === 0 && record.total_shipments === IMPORT_ROWS), `round ${r}: import counts ${record.successful_shipments}+${record.failed_shipments} of ${record.total_shipments}, expected ${IMPORT_ROWS}+0`);
  expect(outcome.length === IMPORT_ROWS && created.length === record.successful_shipments && unique === created.length, `round ${r}: the result file has ${outcome.length} rows, ${created.length} created (${unique} distinct) for ${record.successful_shipments} successful`);

  return async (query) => {
    const [facts] = await importFacts(query, [importId]);
    if (!expect(facts !== undefined, `round ${r}: import ${importId} not in the database`) || !facts) return;
    const exact =
      facts.shipments === facts.successful && facts.distinctRows === facts.shipments && facts.distinctReferences === facts.shipments && facts.rowErrors === facts.failed && facts.openJobs === 0 && (facts.status !== 'COMPLETED' || facts.progress === facts.totalRows);
    log(
      `  database: import ${facts.status}, ${n(facts.shipments)} shipments for ${n(facts.successful)} successful (${n(facts.distinctRows)} distinct rows, ${n(facts.distinctReferences)} distinct references), ` +
        `${n(facts.rowErrors)} row errors for ${n(facts.failed)} failed, progress ${n(facts.progress)}/${n(facts.totalRows)}, ${facts.openJobs} open jobs`,
    );
    expect(exact, `round ${r}: import counts are not exact: ${JSON.stringify(facts)}`);
  };
}

/** 2. The depot's scans of 1,000 parcels (made by a small import), one press each. */
async function scanPhase({ r, tag, user, admin }: Round): Promise<Check> {
  const parcelsImport = await uploadImport(api, user.access_token, `chaos-${tag}-parcels.csv`, importCsv(SCANS, `S${tag}-`));
  await awaitImport(api, user.access_token, parcelsImport, { everyMs: 250, timeoutMs: WAIT_MS });
  const parcels = (await importResultRows(api, user.access_token, parcelsImport)).map((row) => row.trackingNumber).filter(Boolean);
  expect(parcels.length === SCANS, `round ${r}: ${parcels.length} of ${SCANS} parcels created for the scans`);
  saveToken(admin);
  network.mode = 'offline';
  const engine = createScanSyncEngine({ isOnline });
  engine.start();
  const keys: number[] = [];
  const t0 = performance.now();
  try {
    for (const id of parcels) keys.push(...(await queueScan(admin.data.id, 'ARRIVED', [id])));
    const queuedMs = performance.now() - t0;
    const drain = await drainWithCrash(db.scans, parcels.length, killPoint(parcels.length));
    log(
      `  ${n(parcels.length)} scan presses: queued offline in ${seconds(queuedMs)}; SIGKILL after ${n(drain.killedAfter)} accepted (${seconds(drain.killedAtMs)} into the drain), ` +
        `server back in ${seconds(drain.downMs)}; drained in ${seconds(drain.drainMs)} with ${n(drain.requests)} requests (${n(drain.unreachable)} found the server down)`,
    );
  } finally {
    engine.stop();
  }
  const rows = (await db.scans.bulkGet(keys)).filter((row) => row !== undefined);
  const rejected = rows.filter((row) => row.state !== 'accepted').length;
  expect(rejected === 0 && rows.length === parcels.length, `round ${r}: ${rejected} scan presses not accepted`);

  return async (query) => {
    const events = await scanEventCounts(query, parcels, 'ARRIVED');
    const wrong = parcels.filter((tn) => events.get(tn) !== 1);
    log(`  database: ${n(parcels.length - wrong.length)} of ${n(parcels.length)} scanned parcels have exactly one ARRIVED event${wrong.length ? `; e.g. ${wrong[0]} has ${events.get(wrong[0]!) ?? 0}` : ''}`);
    expect(wrong.length === 0, `round ${r}: ${wrong.length} parcels without exactly one ARRIVED event`);
  };
}

/** 3. 1,000 wizard submissions from the outbox. */
async function outboxPhase({ r, tag, user }: Round): Promise<Check> {
  saveToken(user);
  const [pickup] = await api.json<Array<{ id: string }>>('/api/v1/profile/pickup-addresses', { headers: { authorization: `Bearer ${user.access_token}` } });
  const reference = (i: number) => `O${tag}-${String(i).padStart(4, '0')}`;
  network.mode = 'offline';
  const engine = createSyncEngine({ isOnline });
  engine.start();
  const keys: number[] = [];
  let killedAt = '';
  const t0 = performance.now();
  try {
    for (let i = 0; i < SUBMISSIONS; i++) {
      const draftId = await createDraft(user.data.id, { country: 'SK', product: 'PRM', step: 6 });
      keys.push(
        await submitDraft(draftId, {
          delivery_method: 'home_delivery',
          product: 'PRM',
          goods_type: 'GOODS',
          pickup_address_id: pickup!.id,
          reference_number: reference(i),
          label_sender_name: 'Zelená Záhrada',
          content: 'Seeds',
          receiver_name: `Chaos Receiver ${i}`,
          receiver_address_line_1: 'Hlavná 1',
          receiver_city: 'Žilina',
          receiver_postal_code: '01001',
          receiver_country: 'SK',
          receiver_phone: '+421900123456',
          receiver_email: 'chaos@example.com',
          parcels: [{ weight: 1.5, width: 20, height: 10, length: 30, reference_number: `P-${i}` }],
        }),
      );
    }
    const queuedMs = performance.now() - t0;
    const drain = await drainWithCrash(db.outbox, SUBMISSIONS, killPoint(SUBMISSIONS));
    killedAt = drain.killedAt;
    log(
      `  ${n(SUBMISSIONS)} outbox submissions: queued offline in ${seconds(queuedMs)}; SIGKILL after ${n(drain.killedAfter)} accepted (${seconds(drain.killedAtMs)} into the drain), ` +
        `server back in ${seconds(drain.downMs)}; drained in ${seconds(drain.drainMs)} with ${n(drain.requests)} requests (${n(drain.unreachable)} found the server down)`,
    );
  } finally {
    engine.stop();
  }
  const rows = (await db.outbox.bulkGet(keys)).filter((row) => row !== undefined);
  const rejected = rows.filter((row) => row.state !== 'accepted');
  expect(rejected.length === 0, `round ${r}: ${rejected.length} submissions not accepted (first: ${JSON.stringify(rejected[0]?.lastError)})`);

  return async (query) => {
    const perReference = await shipmentsPerReference(query, `O${tag}-`);
    let duplicates = 0;
    let lost = 0;
    for (let i = 0; i < SUBMISSIONS; i++) {
      const count = perReference.get(reference(i)) ?? 0;
      if (count === 0) lost += 1;
      if (count > 1) duplicates += count - 1;
    }
    log(`  database: ${n(SUBMISSIONS)} submissions -> ${n([...perReference.values()].reduce((a, b) => a + b, 0))} shipments; duplicates ${duplicates}, lost ${lost}`);
    if (duplicates > 0) log(`    ${(await duplicateDetails(query, `O${tag}-`)).join('; ')} (SIGKILL at ${killedAt}; the idempotency key of a request the kill interrupted is taken over after 60 s)`);
    expect(duplicates === 0 && lost === 0, `round ${r}: submissions not exactly once: ${duplicates} duplicates, ${lost} lost`);
  };
}

const PHASES = { import: importPhase, scan: scanPhase, outbox: outboxPhase } as const;

async function round(r: number): Promise<void> {
  log();
  log(`Round ${r}`);
  const context: Round = { r, tag: `${runId}R${r}`, user: await api.signIn('demo-user', 'demo-user-secret'), admin: await api.signIn('demo-admin', 'demo-admin-secret') };
  const checks: Check[] = [];
  for (const phase of ONLY) checks.push(await PHASES[phase](context));

  // What the database holds: the server stops (PGlite is one process's), then everything is read back.
  let t0 = performance.now();
  await server.stop();
  const stopMs = performance.now() - t0;
  t0 = performance.now();
  await withDatabase(backend, async (query, pglite) => {
    const openMs = performance.now() - t0;
    for (const check of checks) await check(query);
    const counts = await countMismatches(query);
    log(`  database: list counts ${counts.buckets === 0 ? 'exact' : `WRONG in ${counts.buckets} buckets`} (sum ${n(counts.countedSum)}, count(*) ${n(counts.rows)})`);
    expect(counts.buckets === 0 && counts.countedSum === counts.rows, `round ${r}: shipment_counts differ from count(*) in ${counts.buckets} buckets`);
    if (pglite) {
      t0 = performance.now();
      const integrity = await checkIntegrity(pglite);
      log(
        `  data folder: stopped in ${seconds(stopMs)}, reopened in ${seconds(openMs)}; amcheck ${integrity.indexes} B-tree indexes (heapallindexed) and ${integrity.tables} tables in ${seconds(performance.now() - t0)}: ` +
          `${integrity.problems.length === 0 ? 'clean' : `${integrity.problems.length} PROBLEMS: ${integrity.problems.slice(0, 3).join(' | ')}`}`,
      );
      expect(integrity.problems.length === 0, `round ${r}: amcheck found ${integrity.problems.length} problems`);
    }
  });
  server = await startServer(PORT, serverOptions);
}

let exitCode = 0;
try {
  for (let r = 1; r <= ROUNDS; r++) await round(r);
} catch (error) {
  failures.push(`aborted: ${(error as Error).stack ?? String(error)}`);
} finally {
  globalThis.fetch = direct;
  await proxy.close();
  await server.stop();
}
log();
if (failures.length === 0) {
  const held = { import: 'every import finished with exact counts and no row twice', scan: 'every scan applied exactly once', outbox: 'every submission applied exactly once' } as const;
  log(`Crash safety: ${ROUNDS} round(s), ${ROUNDS * ONLY.length} SIGKILLs; ${ONLY.map((phase) => held[phase]).join(', ')}; list counts exact${backend.kind === 'pglite' ? ', the data folder reopened and checked clean' : ''}.`);
} else {
  exitCode = 1;
  log(`WRONG RESULT (${failures.length}):`);
  for (const failure of failures) log(`  - ${failure}`);
  log(`Seed ${SEED} reproduces the kill points (--seed=${SEED}).`);
}
process.exit(exitCode);
