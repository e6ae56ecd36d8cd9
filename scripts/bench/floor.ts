// npm run bench:floor — the server's own floor (issue 19): what the portal answers per second with
// 100 connections where it has (almost) nothing to do, against a bare Fastify hello-world started
// in the same run on the same machine, in a process of its own like the portal's:
// - a static asset of the build (/favicon.svg, asked as a browser asks: Accept-Encoding br, gzip),
// - an unknown GET path (answered 404 in the error shape),
// - an authenticated route that reads nothing (GET /api/v1/config: the installation's settings,
//   held in memory; the bearer is still verified and the session and client still checked).
// The machine's load drifts (on a busy one, by a factor of two within a minute): each of the three
// is measured in ROUNDS short runs, each between two runs of bare Fastify, and its share is the
// median of its runs' shares against the mean of their neighbours (the spread is printed).
// Goal: each at least half of bare Fastify's req/s.
// The portal runs at the README's default LOG_LEVEL (info: an access line per request). A second
// portal at LOG_LEVEL=warn (no access lines) is measured in turns with it on the same three (which
// goes first alternating):
// what the default logging costs (issue 30 goal: at most 15% of the throughput).
// Checks: every request answered as expected (200 / 404), and each answer's content right.
// Needs a build (dist/): run `npm run build` first.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { check, figure } from './figures.ts';
import { cpuMeter } from './process-cpu.ts';
import { startServer, watchdog } from './server.ts';

const BENCH = 'floor';
const CONNECTIONS = 100;
/** Seconds of each run (BENCH_SECONDS), and runs of each of the three. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Each of the portal's figures must reach this share of bare Fastify's requests per second. */
const GOAL_SHARE = 0.5;
const BARE_PORT = 8094;
const PORTAL_PORT = 8095;
const QUIET_PORT = 8093;
/** The default logging may cost at most this share of the requests per second of a portal at warn. */
const LOG_COST_GOAL = 0.15;

async function startBare(port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename], {
    env: { ...process.env, BARE_FASTIFY_PORT: String(port), BENCH_FIGURES_FILE: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bare Fastify did not start within 30 s')), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  process.once('exit', () => child.kill('SIGKILL'));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface Run {
  title: string;
  result: Result;
  /** The server's CPU time (all its threads) per request answered, in µs, when measured. */
  cpuPerRequest?: number;
  /** Requests answered with the expected status. */
  expected: number;
}

async function measure(title: string, url: string, expectStatus: number, headers: Record<string, string> = {}): Promise<Run> {
  const meter = cpuMeter(Number(new URL(url).port));
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const serverCpu = meter().server;
  const cpuPerRequest = serverCpu === undefined || result.requests.total === 0 ? undefined : (serverCpu / result.requests.total) * 1e6;
  const expected = result.statusCodeStats?.[`${expectStatus}`]?.count ?? 0;
  console.log(`\n${title}  (load ${load()})`);
  console.log(`  requests/s   avg ${result.requests.average.toFixed(0)}  (min ${result.requests.min}, max ${result.requests.max})`);
  console.log(`  latency ms   p50 ${result.latency.p50}  p97.5 ${result.latency.p97_5}  p99 ${result.latency.p99}  max ${result.latency.max}`);
  console.log(`  total ${result.requests.total} requests, ${expected} answered ${expectStatus}, errors ${result.errors}, timeouts ${result.timeouts}`);
  if (cpuPerRequest !== undefined) console.log(`  server CPU ${cpuPerRequest.toFixed(1)} µs per request`);
  return { title, result, expected, cpuPerRequest };
}

/** Every answer had the expected status and no connection broke (a request still waiting when the run ends is slow, not wrong: reported, not failed). */
function allAnswered(run: Run): boolean {
  const { result } = run;
  const total = result.requests.total;
  const wrong = total - run.expected + result.errors - result.timeouts;
  return check(BENCH, `${run.title}: every answer as expected`, total > 0 && wrong === 0, `${wrong} wrong of ${total}, ${result.timeouts} timed out`);
}

async function main() {
  watchdog(300);
  const dist = path.resolve(import.meta.dirname, '../../dist');
  if (!existsSync(path.join(dist, 'favicon.svg'))) {
    console.error('No build: run `npm run build` first.');
    process.exit(2);
  }
  console.log(`bench:floor on ${cpus().length} cores, load average ${load()} (a busy machine gives lower figures)`);
  const bare = await startBare(BARE_PORT);
  const portal = await startServer(PORTAL_PORT);
  const quiet = await startServer(QUIET_PORT, { env: { LOG_LEVEL: 'warn' } });
  let ok = true;
  try {
    // Each instance signs its own tokens.
    const signIn = async (url: string) =>
      (
        (await (
          await fetch(`${url}/oauth/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-user', client_secret: 'demo-user-secret' }),
          })
        ).json()) as { access_token: string }
      ).access_token;
    const token = await signIn(portal.url);
    const quietBearer = { authorization: `Bearer ${await signIn(quiet.url)}` };
    const browser = { 'accept-encoding': 'br, gzip, deflate' };
    const bearer = { authorization: `Bearer ${token}` };

    // What each answers, before the load: the load then only counts statuses.
    const favicon = await fetch(`${portal.url}/favicon.svg`, { headers: { 'accept-encoding': 'identity' } });
    ok &&= check(
      BENCH,
      '/favicon.svg is the built file, as image/svg+xml',
      favicon.status === 200 && favicon.headers.get('content-type')?.startsWith('image/svg+xml') === true && Buffer.from(await favicon.arrayBuffer()).equals(readFileSync(path.join(dist, 'favicon.svg'))),
      `${favicon.status} ${favicon.headers.get('content-type')}`,
    );
    const unknown = await fetch(`${portal.url}/no-such-file.js`);
    const unknownBody = (await unknown.json()) as { error?: string };
    ok &&= check(BENCH, 'an unknown path answers 404 in the error shape', unknown.status === 404 && unknownBody.error === 'not_found', `${unknown.status} ${JSON.stringify(unknownBody)}`);
    const config = await fetch(`${portal.url}/api/v1/config`, { headers: bearer });
    const configBody = (await config.json()) as { pickup_widgets?: unknown };
    ok &&= check(BENCH, 'GET /api/v1/config answers the settings, not to be stored', config.status === 200 && typeof configBody.pickup_widgets === 'object' && config.headers.get('cache-control') === 'no-store', `${config.status}`);
    const refused = await fetch(`${portal.url}/api/v1/config`);
    ok &&= check(BENCH, 'GET /api/v1/config without a bearer answers 401', refused.status === 401, `${refused.status}`);

    const targets = [
      { name: 'static asset /favicon.svg', title: 'Static asset (GET /favicon.svg, br/gzip accepted)', url: `${portal.url}/favicon.svg`, status: 200, headers: browser },
      { name: 'unknown GET path (404)', title: 'Unknown path (GET /no-such-file.js)', url: `${portal.url}/no-such-file.js`, status: 404, headers: browser },
      { name: 'authenticated GET /api/v1/config', title: 'Authenticated route that reads nothing (GET /api/v1/config)', url: `${portal.url}/api/v1/config`, status: 200, headers: { ...browser, ...bearer } },
    ];
    const bareRun = () => measure(`Bare Fastify hello-world (GET /, ${CONNECTIONS} connections, ${SECONDS} s)`, `${bare.url}/`, 200);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const all: Run[] = [];
    const results: Array<{ name: string; rates: number[]; shares: number[]; bare: number[] }> = [];
    let previous = await bareRun();
    all.push(previous);
    for (const target of targets) {
      const entry = { name: target.name, rates: [] as number[], shares: [] as number[], bare: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        const run = await measure(`${target.title}, ${CONNECTIONS} connections, ${SECONDS} s, run ${round + 1} of ${ROUNDS}`, target.url, target.status, target.headers);
        const next = await bareRun();
        all.push(run, next);
        const reference = (previous.result.requests.average + next.result.requests.average) / 2;
        entry.rates.push(run.result.requests.average);
        entry.bare.push(reference);
        entry.shares.push(run.result.requests.average / reference);
        previous = next;
      }
      results.push(entry);
    }

    for (const run of all) ok = allAnswered(run) && ok;
    console.log(`\nload average ${load()} on ${cpus().length} cores`);
    const bareRates = all.filter((run) => run.title.startsWith('Bare')).map((run) => run.result.requests.average);
    figure(BENCH, 'bare Fastify hello-world, 100 connections (median of its runs)', Math.round(median(bareRates)), 'req/s');
    console.log(`  spread ${Math.round(Math.min(...bareRates))}–${Math.round(Math.max(...bareRates))} req/s`);
    let met = true;
    for (const entry of results) {
      figure(BENCH, `${entry.name}, 100 connections (median of ${ROUNDS} runs)`, Math.round(median(entry.rates)), 'req/s');
      const percent = entry.shares.map((share) => Math.round(share * 1000) / 10);
      met = figure(BENCH, `${entry.name}, share of bare Fastify (median)`, median(percent), '%', { kind: 'min', value: GOAL_SHARE * 100 }) && met;
      console.log(`  runs ${entry.rates.map((rate, i) => `${Math.round(rate)} vs ${Math.round(entry.bare[i]!)} (${percent[i]}%)`).join(', ')}`);
    }

    // The cost of the default logging: the portal at info against one at warn, in turns.
    console.log('\nThe default logging (info, an access line per request) against LOG_LEVEL=warn:');
    for (const target of targets) {
      const costs: number[] = [];
      const cpu: Array<{ info: number; warn: number }> = [];
      for (let round = 0; round < ROUNDS; round++) {
        const quietHeaders = 'authorization' in target.headers ? { ...target.headers, ...quietBearer } : target.headers;
        const warnRun = () => measure(`${target.title} at warn, run ${round + 1} of ${ROUNDS}`, target.url.replace(portal.url, quiet.url), target.status, quietHeaders);
        const infoRun = () => measure(`${target.title} at info, run ${round + 1} of ${ROUNDS}`, target.url, target.status, target.headers);
        // Which goes first alternates: a run after another one on the same machine is not a run after a pause.
        let warnResult: Run;
        let infoResult: Run;
        if (round % 2 === 0) {
          warnResult = await warnRun();
          infoResult = await infoRun();
        } else {
          infoResult = await infoRun();
          warnResult = await warnRun();
        }
        ok = allAnswered(warnResult) && ok;
        ok = allAnswered(infoResult) && ok;
        costs.push(Math.round((1 - infoResult.result.requests.average / warnResult.result.requests.average) * 1000) / 10);
        if (infoResult.cpuPerRequest !== undefined && warnResult.cpuPerRequest !== undefined) cpu.push({ info: infoResult.cpuPerRequest, warn: warnResult.cpuPerRequest });
      }
      met = figure(BENCH, `${target.name}: throughput the info log costs (median of ${ROUNDS})`, median(costs), '%', { kind: 'max', value: LOG_COST_GOAL * 100 }) && met;
      console.log(`  runs ${costs.map((cost) => `${cost}%`).join(', ')}`);
      // The server's CPU per request moves less with the machine's load than requests per second do:
      // what an access line costs the server itself, beside the throughput it costs.
      if (cpu.length === ROUNDS) {
        const info = median(cpu.map((c) => c.info));
        const warn = median(cpu.map((c) => c.warn));
        figure(BENCH, `${target.name}: server CPU per request at info / at warn (medians)`, Math.round(info * 10) / 10, `µs / ${warn.toFixed(1)} µs (+${(info - warn).toFixed(1)} µs, ${Math.round((1 - warn / info) * 1000) / 10}%)`);
      }
    }
    process.exitCode = !ok ? 2 : met ? 0 : 1;
  } finally {
    await quiet.stop();
    await portal.stop();
    await bare.stop();
  }
}

// The bare server: this file run again with BARE_FASTIFY_PORT set (same Node, same loader).
if (process.env.BARE_FASTIFY_PORT) {
  const { default: Fastify } = await import('fastify');
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  await bare.listen({ port: Number(process.env.BARE_FASTIFY_PORT), host: '127.0.0.1' });
  console.log('bare fastify listening');
  process.on('SIGTERM', () => void bare.close().then(() => process.exit(0)));
} else {
  await main();
}
