// npm run bench:report — the shipment report (POST /api/v1/admin/shipments/report, issue 16) on
// PGlite: MONTHLY for one company with 100,000 shipments in the month, and DAILY for every company,
// for the default period (today to tomorrow) and over a year (the shipment-list bench data,
// 300,000 rows over eight companies).
//
// The data is loaded once into a temp PGlite folder; each case then runs in a fresh process on
// it (so one case's heap does not hide the next one's growth): the real app listens on a local
// port and the report is downloaded with fetch to a temp file, twice (the first run also fills
// PGlite's page cache). Prints the time to the first byte and to the last, the process's CPU time
// (a fairer figure on a busy machine), the file size, the peak growth of the process's resident
// memory over the settled baseline (sampled every 50 ms on a worker thread; it counts garbage not
// yet collected and, on a first run, PGlite's page cache) and the heap still held after the run
// and a full collection.
// Then each file is read back with exceljs's streaming reader: the shipments sheet must hold
// exactly the shipments inserted (the month's 100,000; the others by a plain count(*)), the
// summary's total the same. Goals: ≤ 150 MB growth per report, ≤ 5 s for the month and the day;
// the year is timed, and its memory must not grow with its rows (≤ 1.5 × the month's growth). Exit status 1 when a result is wrong or a goal is missed.
//
// Settings: BENCH_REPORT_ROWS (the year's rows, default 300,000), BENCH_REPORT_MONTH_ROWS (100,000),
// BENCH_REPORT_DATA_DIR (a data folder kept between runs: filled on the first, reused after).
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { createApp } from '#server/app.ts';
import { openPglite, queryRows, type Db } from '#server/db/client.ts';
import { seedDemo } from '#server/db/seed-demo.ts';
import { addDays, bratislavaDay } from '#shared/contract/reports.ts';
import { watchdog } from './server.ts';
import { seedBenchShipments } from './shipments-data.ts';
import { check as checkFigure, figure } from './figures.ts';
import { ms, table } from './stats.ts';

watchdog(1800);
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => process.exit(143));

const YEAR_ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 300_000);
const MONTH_ROWS = Number(process.env.BENCH_REPORT_MONTH_ROWS ?? 100_000);
const GOAL_MS = 5000;
const GOAL_MB = 150;
const RUNS = 2;
const TIME_ZONE = 'Europe/Bratislava';

interface Case {
  name: string;
  body: Record<string, unknown>;
  /** The shipments the file must hold. */
  expected: number;
  /**
   * The goals of the issue (≤ 5 s, ≤ 150 MB), or for the year (no goal of its own) that its memory
   * does not grow with its rows: at most 1.5 × the month's growth for 2.85 × the month's rows
   * (a workbook held in memory would grow at least with the rows).
   */
  judged: 'goals' | 'flat';
}

interface Run {
  name: string;
  run: number;
  firstByteMs: number;
  ms: number;
  bytes: number;
  rssGrowth: number;
  /** CPU time of the process (user + system) during the run: less sensitive to a busy machine. */
  cpuMs: number;
  /** Heap still in use after the run and a full collection, over the baseline: what the report kept. */
  heapKept: number;
  file: string;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// --- Data ------------------------------------------------------------------------------------

/** The month 14 months back (outside the year of bench data): yyyy-MM. */
function emptyMonth(): string {
  const [y, m] = bratislavaDay(new Date()).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 15, 1)).toISOString().slice(0, 7);
}

/**
 * `count` shipments of `companyId` spread evenly over `month`, copied in turn from the company's
 * first 20,000 bench rows (new item and tracking numbers, none DELETED), in one statement.
 */
async function fillMonth(db: Db, companyId: string, month: string, count: number): Promise<void> {
  const [own] = await queryRows<{ n: number }>(db, sql`select least(count(*), 20000)::int as n from shipments where company_id = ${companyId}`);
  const pool = own?.n ?? 0;
  if (pool === 0) throw new Error('the company has no bench shipments to copy');
  await db.execute(sql`
    insert into shipments (
      item_number, tracking_number, reference_number, status, company_id, client_id, pickup_address_id, partner_id, partner_name,
      product, delivery_method, goods_type, receiver_name, receiver_address_line_1, receiver_address_number, receiver_city,
      receiver_postal_code, receiver_country, receiver_phone, receiver_email, pickup_point_id, weight, width, height, length,
      cod_amount, insurance, content, created_at, updated_at)
    select
      'PP' || lpad(nextval('item_number_seq')::text, 10, '0'),
      'RB' || lpad(nextval('tracking_serial_seq')::text, 8, '0') || '0SK',
      s.reference_number, case when s.status = 'DELETED' then 'SENT' else s.status end, s.company_id, s.client_id, s.pickup_address_id,
      s.partner_id, s.partner_name, s.product, s.delivery_method, s.goods_type, s.receiver_name, s.receiver_address_line_1,
      s.receiver_address_number, s.receiver_city, s.receiver_postal_code, s.receiver_country, s.receiver_phone, s.receiver_email,
      s.pickup_point_id, s.weight, s.width, s.height, s.length, s.cod_amount, s.insurance, s.content,
      m.start + (m.finish - m.start) * (g.n - 0.5) / ${count}, m.start + (m.finish - m.start) * (g.n - 0.5) / ${count}
    from generate_series(1, ${count}::int) as g(n)
    join (
      select x.*, row_number() over (order by x.id) as k
      from (select * from shipments where company_id = ${companyId} order by id limit ${pool}) x
    ) s on s.k = 1 + (g.n - 1) % ${pool}
    cross join (
      select (${`${month}-01`}::date::timestamp at time zone ${TIME_ZONE}) as start,
             ((${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${TIME_ZONE}) as finish
    ) m`);
}

async function demoCompany(db: Db): Promise<string> {
  const [row] = await queryRows<{ company_id: string }>(db, sql`select company_id from clients where client_id = 'demo-user'`);
  if (!row) throw new Error('demo-user missing');
  return row.company_id;
}

/** The shipments a report of from..to (every company) must hold, by a plain count. */
async function countIn(db: Db, from: string, to: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from shipments
         where status <> 'DELETED'
           and created_at >= (${from}::date::timestamp at time zone ${TIME_ZONE})
           and created_at < ((${to}::date + 1)::timestamp at time zone ${TIME_ZONE})`,
  );
  return row?.n ?? -1;
}

/** Loads the data into `dataDir` unless `reuse` (a kept folder that already holds it); answers the cases. */
async function prepare(dataDir: string, reuse: boolean): Promise<Case[]> {
  const database = await openPglite(dataDir);
  const { db } = database;
  try {
    const month = emptyMonth();
    if (!reuse) {
      const started = performance.now();
      await database.migrate();
      await seedDemo(db);
      await seedBenchShipments(db, YEAR_ROWS, (line) => console.log(line));
      const before = performance.now();
      await fillMonth(db, await demoCompany(db), month, MONTH_ROWS);
      await db.execute(sql`vacuum (analyze) shipments`);
      console.log(`  ${MONTH_ROWS.toLocaleString('en')} shipments of one company in ${month} in ${((performance.now() - before) / 1000).toFixed(1)} s`);
      console.log(`Data ready in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    } else {
      console.log(`Reusing the data in ${dataDir}.`);
    }
    const companyId = await demoCompany(db);

    const today = bratislavaDay(new Date());
    const yearFrom = addDays(today, -365);
    const yearCount = await countIn(db, yearFrom, today);
    const [inMonth] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from shipments where company_id = ${companyId} and status <> 'DELETED'
           and to_char(created_at at time zone ${TIME_ZONE}, 'YYYY-MM') = ${month}`,
    );
    if (inMonth?.n !== MONTH_ROWS) throw new Error(`the month holds ${inMonth?.n} shipments, not ${MONTH_ROWS}`);
    return [
      {
        name: `MONTHLY, 1 company, ${MONTH_ROWS.toLocaleString('en')} shipments`,
        body: { type: 'MONTHLY', from_date: `${month}-15`, company_id: companyId, countries: [] },
        expected: MONTH_ROWS,
        judged: 'goals',
      },
      {
        name: 'DAILY, today to tomorrow, all companies',
        // The bench data grows towards now: today has a few thousand shipments (0 only just after midnight).
        body: { type: 'DAILY', from_date: today, to_date: addDays(today, 1), countries: [] },
        expected: await countIn(db, today, addDays(today, 1)),
        judged: 'goals',
      },
      {
        name: 'DAILY over a year, all companies',
        body: { type: 'DAILY', from_date: yearFrom, to_date: today, countries: [] },
        expected: yearCount,
        judged: 'flat',
      },
    ];
  } finally {
    await database.close();
  }
}

// --- One case in its own process ---------------------------------------------------------------

/** Samples the process's RSS every 50 ms on its own thread; answers the peak since the last reset. */
function rssSampler() {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     let peak = 0;
     const sample = () => { peak = Math.max(peak, process.memoryUsage.rss()); };
     setInterval(sample, 50);
     parentPort.on('message', (m) => { sample(); parentPort.postMessage(peak); if (m === 'reset') peak = 0; });`,
    { eval: true },
  );
  const ask = (message: 'reset' | 'peak') => new Promise<number>((resolve) => worker.once('message', (peak: number) => resolve(peak)).postMessage(message));
  return { reset: () => ask('reset'), peak: () => ask('peak'), stop: () => worker.terminate() };
}

async function runCase(dataDir: string, outDir: string, c: Case): Promise<Run[]> {
  setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc') as () => void;
  const database = await openPglite(dataDir);
  const app = await createApp({ db: database.db, webRoot: null });
  const sampler = rssSampler();
  const runs: Run[] = [];
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = await fetch(`${address}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-admin', client_secret: 'demo-admin-secret' }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    for (let run = 1; run <= RUNS; run++) {
      const file = path.join(outDir, `report-${run}.xlsx`);
      collectGarbage();
      await new Promise((r) => setTimeout(r, 200));
      await sampler.reset();
      const rssBase = process.memoryUsage.rss();
      const heapBase = process.memoryUsage().heapUsed;
      const cpuBase = process.cpuUsage();
      const started = performance.now();
      const res = await fetch(`${address}/api/v1/admin/shipments/report`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'sk' },
        body: JSON.stringify(c.body),
      });
      const firstByteMs = performance.now() - started;
      if (res.status !== 200 || !res.body) throw new Error(`${c.name}: answered ${res.status} ${await res.text()}`);
      // Node's own web-stream type (the DOM lib's differs in its byte-reader typings).
      await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(file));
      const elapsed = performance.now() - started;
      const cpu = process.cpuUsage(cpuBase);
      const rssPeak = await sampler.peak();
      collectGarbage();
      runs.push({
        name: c.name,
        run,
        firstByteMs,
        ms: elapsed,
        bytes: statSync(file).size,
        rssGrowth: Math.max(0, rssPeak - rssBase),
        cpuMs: (cpu.user + cpu.system) / 1000,
        heapKept: process.memoryUsage().heapUsed - heapBase,
        file,
      });
    }
  } finally {
    await sampler.stop();
    await app.close();
    await database.close();
  }
  return runs;
}

// --- Reading the files back ----------------------------------------------------------------------

/** Occurrences of `needle` in `bytes`. */
function countBytes(bytes: Uint8Array, needle: string): number {
  const pattern = new TextEncoder().encode(needle);
  let count = 0;
  for (let at = bytes.indexOf(pattern[0]!); at !== -1; at = bytes.indexOf(pattern[0]!, at + 1)) {
    let match = true;
    for (let k = 1; k < pattern.length && match; k++) match = bytes[at + k] === pattern[k];
    if (match) count++;
  }
  return count;
}

/**
 * Data rows of the shipments sheet and the summary's total, from the sheets' XML (fflate; here, in
 * the verifying process, memory is not measured): exceljs's streaming reader hung on the 23 MB
 * file of the year.
 */
function readBack(file: string): { rows: number; summaryTotal: number | null } {
  const zip = readFileSync(file);
  const sheet = (name: string) => unzipSync(zip, { filter: (entry) => entry.name === name })[name];
  const shipments = sheet('xl/worksheets/sheet1.xml');
  const summary = new TextDecoder().decode(sheet('xl/worksheets/sheet2.xml'));
  // The total row: a caption in A and the shipment count in E (the data rows have a date in A).
  const total = /<row r="(\d+)"[^>]*><c r="A\1"[^>]*t="str"><v>[^<]*<\/v><\/c><c r="E\1"[^>]*><v>(\d+)<\/v>/.exec(summary);
  return { rows: shipments ? countBytes(shipments, '<row ') - 1 : -1, summaryTotal: total ? Number(total[2]) : null };
}

// --- Main ------------------------------------------------------------------------------------------

const [mode, dataDirArg, outDirArg, caseJson] = process.argv.slice(2);

if (mode === 'case') {
  process.stdout.write(JSON.stringify(await runCase(dataDirArg!, outDirArg!, JSON.parse(caseJson!) as Case)));
} else {
  const kept = process.env.BENCH_REPORT_DATA_DIR;
  const reuse = kept !== undefined && existsSync(path.join(kept, 'PG_VERSION'));
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), 'portal-bench-report-'));
  const outDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-report-files-'));
  process.once('exit', () => {
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  });
  console.log(`\n=== PGlite: demo seed, ${YEAR_ROWS.toLocaleString('en')} shipments over a year, ${MONTH_ROWS.toLocaleString('en')} in one month of one company ===`);
  const cases = await prepare(dataDir, reuse);
  const results: Run[] = [];
  const errors: string[] = [];
  for (const [i, c] of cases.entries()) {
    const caseDir = path.join(outDir, String(i));
    mkdirSync(caseDir);
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), 'case', dataDir, caseDir, JSON.stringify(c)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 16 * 1024 * 1024,
    });
    if (child.status !== 0) throw new Error(`case ${c.name} failed (exit ${child.status})`);
    const runs = JSON.parse(child.stdout) as Run[];
    results.push(...runs);
    for (const run of runs) {
      const { rows, summaryTotal } = readBack(run.file);
      if (rows !== c.expected) errors.push(`${c.name}, run ${run.run}: ${rows} rows in the file, ${c.expected} shipments inserted`);
      if (summaryTotal !== c.expected) errors.push(`${c.name}, run ${run.run}: summary total ${summaryTotal}, ${c.expected} shipments inserted`);
      (run as Run & { rows: number }).rows = rows;
    }
  }

  console.log(`\nShipment report on PGlite (Node ${process.version}; growth over the settled RSS / heap before each run)\n`);
  console.log(
    table(
      ['case', 'run', 'rows', 'first byte ms', 'total ms', 'CPU ms', 'rows/s', 'file', 'peak RSS growth', 'heap kept'],
      results.map((r) => {
        const rows = (r as Run & { rows: number }).rows;
        return [
          r.name,
          String(r.run),
          rows.toLocaleString('en'),
          ms(r.firstByteMs),
          ms(r.ms),
          ms(r.cpuMs),
          Math.round(rows / (r.ms / 1000)).toLocaleString('en'),
          mb(r.bytes),
          mb(r.rssGrowth),
          mb(r.heapKept),
        ];
      }),
    ),
  );
  const judged = new Map(cases.map((c) => [c.name, c.judged]));
  const monthGrowth = Math.max(...results.filter((r) => r.name === cases[0]!.name).map((r) => r.rssGrowth));
  const missed: string[] = [];
  for (const r of results) {
    const at = `${r.name}, run ${r.run}: ${(r.ms / 1000).toFixed(2)} s, +${mb(r.rssGrowth)}`;
    if (judged.get(r.name) === 'goals' && (r.ms > GOAL_MS || r.rssGrowth > GOAL_MB * 1024 * 1024)) missed.push(`${at} (goal ≤ ${GOAL_MS / 1000} s, ≤ ${GOAL_MB} MB)`);
    if (judged.get(r.name) === 'flat' && r.rssGrowth > 1.5 * monthGrowth) missed.push(`${at} (memory grew with the rows: over 1.5 × the month's +${mb(monthGrowth)})`);
  }
  for (const r of results) {
    if (judged.get(r.name) !== 'goals') continue;
    figure('report', `${r.name}, run ${r.run}, seconds`, Number((r.ms / 1000).toFixed(2)), 's', { kind: 'max', value: GOAL_MS / 1000 });
    figure('report', `${r.name}, run ${r.run}, memory growth`, Math.round(r.rssGrowth / 1024 / 1024), 'MB', { kind: 'max', value: GOAL_MB });
  }
  checkFigure('report', 'every file holds exactly the shipments inserted', errors.length === 0, errors[0]);
  for (const line of missed) console.log(`Goal missed: ${line}`);
  for (const e of errors) console.log(`WRONG: ${e}`);
  console.log(errors.length === 0 ? '\nEvery file holds exactly the shipments inserted.' : '\nSome files are wrong.');
  console.log(
    missed.length === 0
      ? `Goals met: ≤ ${GOAL_MS / 1000} s and ≤ ${GOAL_MB} MB for the month and the day; the year's memory does not grow with its rows.`
      : 'Some goals were missed.',
  );
  process.exitCode = errors.length > 0 || missed.length > 0 ? 1 : 0;
}
