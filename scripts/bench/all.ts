// npm run bench — every bench in turn, then one table: figure, goal, met or missed, and how busy
// the machine was while each bench ran (issue 19). Not in CI (it takes a while); run it on a quiet
// machine and keep the table in the README with its date and load.
//
// Each bench runs in its own process with BENCH_FIGURES_FILE set, reports through figures.ts and
// keeps its own exit status: non-zero for a wrong result (a duplicate, a lost row, a count that
// disagrees) or a missed goal. Its whole output goes to test-results/bench/<bench>.log; the table
// also goes to test-results/bench/table.md.
//
// Options: --only=a,b   run just these benches (names as in the list below)
//          --skip=a,b   run all but these
// Exit status: 2 when a bench gave a wrong result or failed without figures, 1 when a goal was
// missed, 0 when every goal was met.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { BenchRecord, FigureRecord } from './figures.ts';
import { table } from './stats.ts';

/** In the order they run: cheap and client-side first, the long database benches last. */
const BENCHES = ['bundle', 'lighthouse', 'labels', 'floor', 'auth', 'track', 'isolation', 'outbox', 'scan', 'import', 'points', 'admin', 'report', 'shipments', 'cluster'] as const;

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'test-results/bench');
const listArg = (name: string) =>
  process.argv
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
    .split(',')
    .filter(Boolean);
const only = listArg('only');
const skip = listArg('skip') ?? [];
const known = new Set<string>(BENCHES);
for (const name of [...(only ?? []), ...skip]) {
  if (!known.has(name)) {
    console.error(`Unknown bench "${name}". Benches: ${BENCHES.join(', ')}.`);
    process.exit(2);
  }
}
const selected = BENCHES.filter((b) => (!only || only.includes(b)) && !skip.includes(b));

interface BenchRun {
  bench: string;
  status: number;
  seconds: number;
  loadBefore: number;
  loadAfter: number;
  records: BenchRecord[];
}

const load1 = () => loadavg()[0] ?? 0;

function runBench(bench: string): Promise<BenchRun> {
  const figuresFile = path.join(outDir, `${bench}.jsonl`);
  rmSync(figuresFile, { force: true });
  const log = createWriteStream(path.join(outDir, `${bench}.log`));
  const loadBefore = load1();
  const started = performance.now();
  // Every bench needs the current build; `bench:lighthouse` and `bench:bundle` check it themselves.
  const args = bench === 'lighthouse' ? ['run', `bench:${bench}`, '--', '--as-built', '--runs=3'] : ['run', `bench:${bench}`];
  const child = spawn('npm', args, { cwd: root, env: { ...process.env, BENCH_FIGURES_FILE: figuresFile }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  // A line per figure and check as it comes, so a long run shows progress.
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.startsWith('[figure]') || line.startsWith('[check]')) console.log(`  ${bench}: ${line}`);
  });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      log.end();
      const records = existsSync(figuresFile)
        ? readFileSync(figuresFile, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as BenchRecord)
        : [];
      resolve({ bench, status: code ?? (signal ? 128 : 1), seconds: (performance.now() - started) / 1000, loadBefore, loadAfter: load1(), records });
    });
  });
}

const value = (f: FigureRecord) => `${Number.isInteger(f.value) ? f.value : f.value.toFixed(f.value < 10 ? 2 : 1)} ${f.unit}`;
const goal = (f: FigureRecord) => (f.goal ? `${f.goal.kind === 'max' ? '≤' : '≥'} ${f.goal.value} ${f.unit}` : '');

mkdirSync(outDir, { recursive: true });
console.log(`Benches: ${selected.join(', ')} on ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}.`);
const runs: BenchRun[] = [];
for (const bench of selected) {
  console.log(`\n▶ bench:${bench} (output in test-results/bench/${bench}.log)`);
  const run = await runBench(bench);
  runs.push(run);
  console.log(`  ${bench}: exit ${run.status} after ${run.seconds.toFixed(0)} s, load ${run.loadBefore.toFixed(2)} → ${run.loadAfter.toFixed(2)}`);
}

const rows: string[][] = [];
let wrong = false;
let missed = false;
for (const run of runs) {
  const loadText = `${run.loadBefore.toFixed(1)}→${run.loadAfter.toFixed(1)}`;
  const failedChecks = run.records.filter((r) => r.type === 'check' && !r.ok);
  const figures = run.records.filter((r): r is FigureRecord => r.type === 'figure');
  for (const f of figures) {
    if (f.met === false) missed = true;
    rows.push([`${run.bench}: ${f.name}`, value(f), goal(f), f.met === undefined ? '' : f.met ? 'met' : 'MISSED', loadText]);
  }
  const checks = run.records.filter((r) => r.type === 'check');
  if (failedChecks.length > 0) {
    wrong = true;
    for (const c of failedChecks) rows.push([`${run.bench}: ${c.name}`, 'WRONG', '', 'WRONG', loadText]);
  } else if (checks.length > 0) {
    rows.push([`${run.bench}: ${checks.length} correctness check${checks.length === 1 ? '' : 's'}`, 'all right', '', 'ok', loadText]);
  }
  // A bench that stopped without a reason on record (a crash, a timeout) is a failure too.
  if (run.status !== 0 && failedChecks.length === 0 && !figures.some((f) => f.met === false)) {
    wrong = true;
    rows.push([`${run.bench}: exit status ${run.status} (see its log)`, 'FAILED', '', 'FAILED', loadText]);
  }
}

const header = ['figure', 'value', 'goal', 'result', 'load (1 min)'];
const text = table(header, rows);
console.log(`\n=== npm run bench, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores ===\n${text}`);
const markdown = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
writeFileSync(path.join(outDir, 'table.md'), `${markdown}\n`);
process.exitCode = wrong ? 2 : missed ? 1 : 0;
