// npm run bench:import — bulk imports end to end against the real server on the embedded
// database: upload (base64 JSON, as the page sends it), the job on the pg-boss queue, every row
// checked and created, until the history says COMPLETED. Prints rows/s, total time and the
// server's peak memory growth for 10,000 and 100,000 CSV rows and 10,000 xlsx rows. The time runs
// from sending the upload to the record's COMPLETED: created_at + processing_time, on the same
// machine's clock as the start (the poll's granularity left out).
// Goals (2-core machine): 10,000 CSV rows ≤ 2 s, 100,000 ≤ 20 s with < 300 MB growth, 10,000 xlsx ≤ 5 s.
import ExcelJS from 'exceljs';
import type { ImportRecord } from '#shared/contract/imports.ts';
import { IMPORT_HEADERS as HEADERS, importCsv, importRows as rows } from './import-rows.ts';
import { startServer, watchdog } from './server.ts';

watchdog(600);

const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 2000);

async function xlsx(count: number): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  sheet.addRow(HEADERS);
  for (const row of rows(count)) sheet.addRow(row.map((cell, i) => (i >= 9 && i <= 12 ? Number(cell.replace(',', '.')) : cell)));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const server = await startServer(8099);
try {
  const token = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-user', client_secret: 'demo-user-secret' }),
  }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  async function run(label: string, type: 'csv' | 'xlsx', bytes: Uint8Array, goalSeconds: number, rowCount: number, memoryGoalMb = Infinity): Promise<boolean> {
    // Growth from a settled server: garbage left by the start or by the previous run would hide it.
    await server.collectGarbage();
    const baseline = server.rssBytes();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rssBytes())), 100);
    const startedAt = Date.now();
    const started = performance.now();
    const answer = await fetch(`${server.url}/api/v1/shipments/import`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ type, filename: `bench.${type}`, file: Buffer.from(bytes).toString('base64') }),
    });
    if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
    const { id } = (await answer.json()) as { id: string };
    const uploadedMs = performance.now() - started;
    let record: ImportRecord | undefined;
    for (;;) {
      const list = (await fetch(`${server.url}/api/v1/shipments/import`, { headers }).then((r) => r.json())) as ImportRecord[];
      record = list.find((r) => r.id === id);
      if (record && record.status !== 'PROCESSING') break;
      // The page polls every 2 s while an import runs (BENCH_POLL_MS to change it): every poll is
      // served between two chunks and slows the job a little, as the page does.
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    const seconds = (Date.parse(record.created_at) + (record.processing_time ?? 0) - startedAt) / 1000;
    clearInterval(sampler);
    const growthMb = (peak - baseline) / 1024 / 1024;
    const ok = record.status === 'COMPLETED' && record.successful_shipments === rowCount && seconds <= goalSeconds && growthMb < memoryGoalMb;
    console.log(
      `${label.padEnd(22)} ${seconds.toFixed(2).padStart(6)} s  ${(rowCount / seconds).toFixed(0).padStart(6)} rows/s  upload answered in ${uploadedMs.toFixed(0)} ms  ` +
        `created ${record.successful_shipments}/${rowCount} memory +${growthMb.toFixed(0)} MB (peak ${(peak / 1024 / 1024).toFixed(0)} MB)  goal ≤ ${goalSeconds} s${memoryGoalMb < Infinity ? `, < ${memoryGoalMb} MB` : ''}: ${ok ? 'met' : 'MISSED'}`,
    );
    return ok;
  }

  console.log(`\nImports on PGlite (file size: 10k CSV ${(importCsv(10_000).length / 1024 / 1024).toFixed(1)} MB)`);
  const results = [
    await run('10,000 CSV rows', 'csv', importCsv(10_000), 2, 10_000),
    ...(process.env.SKIP_100K ? [] : [await run('100,000 CSV rows', 'csv', importCsv(100_000), 20, 100_000, 300)]),
    await run('10,000 xlsx rows', 'xlsx', await xlsx(10_000), 5, 10_000),
  ];
  console.log(results.every(Boolean) ? '\nAll goals met.' : '\nSome goals were missed.');
} finally {
  await server.stop();
}
