// npm run bench:import — bulk imports end to end against the real server on the embedded
// database: upload (base64 JSON, as the page sends it), the job on the pg-boss queue, every row
// checked and created, until the history says COMPLETED. Reports (scripts/bench/figures.ts) the
// time of 10,000 and 100,000 CSV rows and of 10,000 xlsx rows, and the server's peak resident
// growth for each. The time runs from sending the upload to the record's COMPLETED:
// created_at + processing_time, on the same machine's clock as the start (the poll's
// granularity left out). Memory is the server process's resident growth over a baseline taken
// right after it collected its garbage (gc-on-signal.mjs).
// Checks: each import COMPLETED with every row created and none failed; then, with the server
// stopped, the database itself: one shipment per row (distinct rows), one CREATED event per
// shipment, and shipment_counts (and shipment_totals) equal to a GROUP BY of the shipments (the
// list's counts). A wrong result exits 2, a missed goal 1.
// Goals (issue 19, 2-core machine): 10,000 CSV rows ≤ 1 s; 100,000 ≤ 6 s with ≤ 150 MB growth;
// 10,000 xlsx rows ≤ 1.5 s. The machine's load is printed beside every figure: a busy machine is
// slower, so the goals are judged on a quiet one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { ImportRecord } from '#shared/contract/imports.ts';
import { countMismatches, importFacts, withDatabase } from '#scripts/chaos/inspect.ts';
import { check, figure } from './figures.ts';
import { IMPORT_HEADERS as HEADERS, importCsv, importRows as rows } from './import-rows.ts';
import { startServer, watchdog } from './server.ts';

watchdog(600);

const BENCH = 'import';
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 2000);
const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores`;

/** The server's pid: the process listening on the port. */
function listener(port: number): number | null {
  const out = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).stdout ?? '';
  const pid = /pid=(\d+)/.exec(out)?.[1];
  return pid ? Number(pid) : null;
}

/**
 * CPU time in ms of the server's main thread (PGlite runs there) and of its whole process (the
 * reader thread too). On a busy machine the wall-clock figures mostly measure waiting for a
 * core; these say what the import itself costs.
 */
function cpuMs(pid: number | null): { main: number; all: number } | null {
  if (!pid) return null;
  try {
    const main = Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const all = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    return { main, all };
  } catch {
    return null;
  }
}

async function xlsx(count: number): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  sheet.addRow(HEADERS);
  for (const row of rows(count)) sheet.addRow(row.map((cell, i) => (i >= 9 && i <= 12 ? Number(cell.replace(',', '.')) : cell)));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

interface Case {
  label: string;
  type: 'csv' | 'xlsx';
  rows: number;
  file: () => Promise<Uint8Array>;
  goalSeconds?: number;
  goalMb?: number;
}

const CASES: Case[] = [
  // A quiet server's first import starts the reader thread (README note 131): shown, not judged;
  // the figures below are those of a server whose reader runs.
  { label: '100 CSV rows, reader starting', type: 'csv', rows: 100, file: async () => importCsv(100, 'W-') },
  { label: '10,000 CSV rows', type: 'csv', rows: 10_000, file: async () => importCsv(10_000), goalSeconds: 1 },
  ...(process.env.SKIP_100K ? [] : [{ label: '100,000 CSV rows', type: 'csv' as const, rows: 100_000, file: async () => importCsv(100_000), goalSeconds: 6, goalMb: 150 }]),
  { label: '10,000 xlsx rows', type: 'xlsx', rows: 10_000, file: () => xlsx(10_000), goalSeconds: 1.5 },
];

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-import-'));
let goalsMet = true;
let correct = true;
const imported: Array<{ id: string; rows: number; label: string }> = [];
try {
  const server = await startServer(8099, { dataDir });
  try {
    const token = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-user', client_secret: 'demo-user-secret' }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const pid = listener(8099);
    console.log(`\nImports on PGlite (${load()})`);
    for (const c of CASES) {
      const bytes = await c.file();
      // Growth from a settled server: garbage left by the start or by the previous run would hide it.
      await server.collectGarbage();
      const baseline = server.rssBytes();
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, server.rssBytes())), 100);
      const cpuBefore = cpuMs(pid);
      const startedAt = Date.now();
      const started = performance.now();
      const answer = await fetch(`${server.url}/api/v1/shipments/import`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ type: c.type, filename: `bench.${c.type}`, file: Buffer.from(bytes).toString('base64') }),
      });
      if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
      const { id } = (await answer.json()) as { id: string };
      const uploadedMs = performance.now() - started;
      let record: ImportRecord | undefined;
      for (;;) {
        const list = (await fetch(`${server.url}/api/v1/shipments/import`, { headers }).then((r) => r.json())) as ImportRecord[];
        record = list.find((r) => r.id === id);
        if (record && record.status !== 'PROCESSING') break;
        // Every 2 s (BENCH_POLL_MS to change it); the page polls every 2 s while an import runs,
        // every 0.5 s near its end (not in the figure: created_at + processing_time). Every poll
        // is served between two chunks and slows the job a little.
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      const seconds = (Date.parse(record.created_at) + (record.processing_time ?? 0) - startedAt) / 1000;
      clearInterval(sampler);
      const cpuAfter = cpuMs(pid);
      const cpu =
        cpuBefore && cpuAfter
          ? `server CPU: main thread ${((cpuAfter.main - cpuBefore.main) / 1000).toFixed(2)} s, process ${((cpuAfter.all - cpuBefore.all) / 1000).toFixed(2)} s (polls included)`
          : '';
      const growthMb = (peak - baseline) / 1024 / 1024;
      imported.push({ id, rows: c.rows, label: c.label });
      console.log(
        `${c.label.padEnd(18)} ${seconds.toFixed(2).padStart(6)} s  ${(c.rows / seconds).toFixed(0).padStart(6)} rows/s  upload answered in ${uploadedMs.toFixed(0)} ms  ` +
          `memory +${growthMb.toFixed(0)} MB (peak ${(peak / 1024 / 1024).toFixed(0)} MB)  ${load()}\n${''.padEnd(20)}${cpu}`,
      );
      correct =
        check(
          BENCH,
          `${c.label}: COMPLETED, every row created, none failed`,
          record.status === 'COMPLETED' && record.successful_shipments === c.rows && record.failed_shipments === 0 && record.total_shipments === c.rows,
          `${record.status}, ${record.successful_shipments} created and ${record.failed_shipments} failed of ${record.total_shipments}`,
        ) && correct;
      goalsMet =
        figure(BENCH, `${c.label}, end to end`, Number(seconds.toFixed(2)), 's', c.goalSeconds === undefined ? undefined : { kind: 'max', value: c.goalSeconds }) && goalsMet;
      goalsMet = figure(BENCH, `${c.label}, resident growth`, Math.round(growthMb), 'MB', c.goalMb === undefined ? undefined : { kind: 'max', value: c.goalMb }) && goalsMet;
    }
  } finally {
    await server.stop();
  }

  // The database itself, read with the server stopped (a PGlite folder is one process's at a time).
  await withDatabase({ kind: 'pglite', dataDir }, async (query) => {
    const facts = await importFacts(
      query,
      imported.map((i) => i.id),
    );
    for (const { id, rows: expected, label } of imported) {
      const f = facts.find((x) => x.id === id);
      const [events] = await query<{ n: string }>(
        `select count(*) as n from shipment_events e join shipments s on s.id = e.shipment_id where s.import_id = $1 and e.status = 'CREATED' and e.source = 'import'`,
        [id],
      );
      correct =
        check(
          BENCH,
          `${label}: one shipment per row, one CREATED event each`,
          !!f && f.shipments === expected && f.distinctRows === expected && f.successful === expected && Number(events?.n) === expected && f.openJobs === 0,
          f
            ? `${f.shipments} shipments, ${f.distinctRows} distinct rows, ${events?.n} CREATED events, ${f.successful} counted successful, ${f.openJobs} open jobs`
            : 'import not found',
        ) && correct;
    }
    // shipment_totals (migration 0019, the buckets without their day), where the database has it.
    const [totals] = await query<{ differing: string | null }>(`
      select case when to_regclass('shipment_totals') is null then null else (
        select count(*) from (select company_id, status, receiver_country, delivery_method, partner_id, count(*) as n from shipments group by 1, 2, 3, 4, 5) a
          full join shipment_totals t on t.company_id = a.company_id and t.status = a.status and t.receiver_country = a.receiver_country
           and t.delivery_method = a.delivery_method and t.partner_id is not distinct from a.partner_id
         where coalesce(a.n, 0) <> coalesce(t.n, 0)) end as differing`);
    if (totals?.differing !== null && totals?.differing !== undefined) {
      correct = check(BENCH, 'shipment_totals agrees with the shipments', Number(totals.differing) === 0, `${totals.differing} buckets differ`) && correct;
    }
    const counts = await countMismatches(query);
    correct =
      check(
        BENCH,
        'shipment_counts agrees with the shipments (every bucket, and the total)',
        counts.buckets === 0 && counts.countedSum === counts.rows,
        `${counts.buckets} buckets differ; buckets sum to ${counts.countedSum} for ${counts.rows} shipments`,
      ) && correct;
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(!correct ? '\nWRONG RESULT: see the failed checks.' : goalsMet ? '\nAll goals met.' : '\nSome goals were missed.');
process.exit(!correct ? 2 : goalsMet ? 0 : 1);
