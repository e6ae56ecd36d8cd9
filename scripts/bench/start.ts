// npm run bench:start — the server's start as production runs it, compiled (`node
// dist/server/main.js`, what `npm start` runs since issue 30), against the same server loaded
// through tsx (`node --import tsx src/server/main.ts`, what it ran before). Each round starts
// both, in alternating order, on a new PGlite folder (every migration and the demo data: what a
// first start does) and then again on that folder (a restart), and measures the time from spawn to
// the first 200 of /healthz, the CPU time the server's process (all its threads) spent until then
// (less disturbed than the wall time by whatever else runs on the machine), its resident memory
// then ("at ready") and 10 s later, once the main thread has collected its garbage ("settled":
// gc-on-signal.mjs; the render threads and the import reader start only when a document or a
// file asks for them, note 131). ROUNDS=<n> (default 3).
// Goal (issue 34): the compiled server's settled RSS ≤ 300 MB, after a first start and a restart;
// a missed goal exits 1.
// Needs `npm run build` (or `npm run build:server`) first.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { COMPILED_SERVER, COMPILED_SERVER_ARGS } from '../compiled-server.ts';
import { freePort } from '../free-port.ts';
import { figure } from './figures.ts';
import { watchdog } from './server.ts';
import { table } from './stats.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SETTLE_MS = 10_000;

const VARIANTS = {
  tsx: ['--import', 'tsx', 'src/server/main.ts'],
  // With npm start's node flags (scripts/compiled-server.ts).
  compiled: COMPILED_SERVER_ARGS,
} as const;
type Variant = keyof typeof VARIANTS;
type Start = 'fresh' | 'restart';

interface Measured {
  readyMs: number;
  cpuMs: number;
  rssReadyMb: number;
  rssSettledMb: number;
}

/** User and system CPU time of one process and all its threads, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** VmRSS of one process (its worker threads included), in MB. */
function rssMb(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) / 1024;
}

async function measure(variant: Variant, dataDir: string): Promise<Measured> {
  const port = await freePort();
  // Nothing of the caller's NODE_OPTIONS (tsx's would load into the compiled server): only the bench's garbage hook.
  const NODE_OPTIONS = `--expose-gc --import ${pathToFileURL(path.join(import.meta.dirname, 'gc-on-signal.mjs')).href}`;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' };
  const started = performance.now();
  // node itself (no npx, no shell): the process measured is the server.
  const child: ChildProcess = spawn(process.execPath, VARIANTS[variant], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`the ${variant} server exited before it was ready`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) break;
      await sleep(25);
    }
    const readyMs = performance.now() - started;
    const cpu = cpuMs(child.pid!);
    const rssReadyMb = rssMb(child.pid!);
    await sleep(SETTLE_MS);
    process.kill(child.pid!, 'SIGUSR2');
    await sleep(1000);
    return { readyMs, cpuMs: cpu, rssReadyMb, rssSettledMb: rssMb(child.pid!) };
  } finally {
    if (!exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
  }
}

watchdog(60 + ROUNDS * 4 * 60);
if (!existsSync(COMPILED_SERVER)) {
  console.error(`${COMPILED_SERVER} is missing: run npm run build (or npm run build:server) first.`);
  process.exit(1);
}

const results: Record<`${Variant} ${Start}`, Measured[]> = { 'tsx fresh': [], 'tsx restart': [], 'compiled fresh': [], 'compiled restart': [] };
for (let round = 0; round < ROUNDS; round++) {
  const order: Variant[] = round % 2 === 0 ? ['tsx', 'compiled'] : ['compiled', 'tsx'];
  for (const variant of order) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-start-'));
    try {
      for (const start of ['fresh', 'restart'] as const) {
        const measured = await measure(variant, dataDir);
        results[`${variant} ${start}`].push(measured);
        console.log(
          `round ${round + 1}: ${variant} ${start}: ready in ${(measured.readyMs / 1000).toFixed(2)} s (CPU ${(measured.cpuMs / 1000).toFixed(2)} s), RSS ${measured.rssReadyMb.toFixed(0)} MB at ready, ${measured.rssSettledMb.toFixed(0)} MB settled`,
        );
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

const range = (values: number[], digits: number) => {
  const low = Math.min(...values).toFixed(digits);
  const high = Math.max(...values).toFixed(digits);
  return low === high ? low : `${low}–${high}`;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `\n${table(
    ['server, start', 'ready (s)', 'CPU until ready (s)', 'RSS at ready (MB)', 'RSS settled (MB)'],
    Object.entries(results).map(([name, runs]) => [
      name,
      range(
        runs.map((r) => r.readyMs / 1000),
        2,
      ),
      range(
        runs.map((r) => r.cpuMs / 1000),
        2,
      ),
      range(
        runs.map((r) => r.rssReadyMb),
        0,
      ),
      range(
        runs.map((r) => r.rssSettledMb),
        0,
      ),
    ]),
  )}`,
);
/** Issue 34: an idle server on the embedded database, as npm start runs it, holds at most this much. */
const IDLE_RSS_GOAL_MB = 300;
let met = true;
for (const [name, runs] of Object.entries(results)) {
  figure('start', `${name}: ready (median)`, median(runs.map((r) => r.readyMs)), 'ms');
  figure('start', `${name}: CPU until ready (median)`, median(runs.map((r) => r.cpuMs)), 'ms');
  const judged = name.startsWith('compiled');
  met = figure('start', `${name}: RSS settled (median)`, median(runs.map((r) => r.rssSettledMb)), 'MB', judged ? { kind: 'max', value: IDLE_RSS_GOAL_MB } : undefined) && met;
}
if (!met) process.exitCode = 1;
