// npm run bench:lighthouse — Lighthouse against the real server, in Debian's Chromium (headless),
// with Lighthouse's default mobile profile: a mid-range phone's screen, simulated slow 4G and a
// CPU four times slower than this machine's. Pages:
//   /user/login                                   the first page of every office
//   /shipments                                    signed in as the demo user, through the login page
//   /package/tracking?tracking_number=…           public, phones on mobile data
// Goals per page: performance ≥ 95, accessibility 100, best practices ≥ 95. Prints the scores, TBT,
// LCP and CLS; for a missed goal the top opportunities, the diagnostics and the failing audits;
// exits with 1 when a goal is missed. The full reports (HTML and JSON) go to test-results/lighthouse/.
//
// Options: --runs=N   audits each page N times and keeps the run of median performance (default 1;
//                     Lighthouse's scores vary from run to run, more so on a busy machine)
//          --as-built measures dist/ as it is, without the build check (which rebuilds a stale build)
//
// Each audit starts from what Lighthouse clears by default (HTTP cache, service worker, Cache
// Storage); the signed-in page keeps only the session's two localStorage records (token and
// session-client) and the refresh cookie: a signed-in office opening the list on a cold cache.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { createDemoShipment } from './demo-shipment.ts';
import { figure } from './figures.ts';
import { startServer, watchdog } from './server.ts';

const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
const RUNS = runsArg ? Number(runsArg.slice('--runs='.length)) : 1;
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('--runs= takes a whole number of at least 1.');
  process.exit(2);
}
const PORT = 8093;
const STEP_SECONDS = 120;
const REPORT_DIR = path.resolve(import.meta.dirname, '../../test-results/lighthouse');
const GOALS = { performance: 95, accessibility: 100, 'best-practices': 95 } as const;
type CategoryId = keyof typeof GOALS;
const CATEGORY_IDS = Object.keys(GOALS) as CategoryId[];

watchdog(180 + RUNS * 3 * 90);

interface PageCase {
  name: string;
  /** Used in the report files' names. */
  slug: string;
  path: string;
  /** The path the audited page must end on (a signed-out /shipments ends on the login page). */
  expectedPath: string;
  signedIn: boolean;
}

if (!process.argv.includes('--as-built')) {
  const build = spawnSync('npx', ['tsx', 'scripts/ensure-build.ts'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const server = await startServer(PORT);
let chrome: LaunchedChrome | undefined;
try {
  chrome = await launchChrome();
  const trackingNumber = await createDemoShipment(server.url, 'BENCH-LIGHTHOUSE');
  const cases: PageCase[] = [
    { name: '/user/login', slug: 'login', path: '/user/login', expectedPath: '/user/login', signedIn: false },
    { name: '/shipments (demo-user)', slug: 'shipments', path: '/shipments', expectedPath: '/shipments', signedIn: true },
    {
      name: '/package/tracking?tracking_number=…',
      slug: 'tracking',
      path: `/package/tracking?tracking_number=${trackingNumber}`,
      expectedPath: '/package/tracking',
      signedIn: false,
    },
  ];
  // The public pages first, while the profile has never signed in.
  const order = [...cases.filter((c) => !c.signedIn), ...cases.filter((c) => c.signedIn)];
  mkdirSync(REPORT_DIR, { recursive: true });

  const results = new Map<PageCase, Result>();
  for (const pageCase of order) {
    if (pageCase.signedIn) await step('signing in', () => signIn(chrome!.port, server.url));
    const runs: Result[] = [];
    for (let i = 0; i < RUNS; i++) {
      // What the previous run stored (query cache, IndexedDB) goes; the session stays.
      // Each signed-in run after the first starts in a fresh Chrome and signs in again: clearing the
      // origin's storage between two audits in one Chrome hung now and then (IndexedDB held by what
      // the previous audit left running). A step that hangs fails with its name, not silently.
      if (pageCase.signedIn && i > 0) {
        await chrome.kill();
        chrome = await launchChrome();
        await step(`signing in before ${pageCase.name} run ${i + 1}`, () => signIn(chrome!.port, server.url));
      }
      const { lhr, report } = await step(`auditing ${pageCase.name} run ${i + 1}`, () => audit(chrome!.port, `${server.url}${pageCase.path}`));
      const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
      if (finalPath !== pageCase.expectedPath) throw new Error(`${pageCase.name} ended on ${finalPath}, not ${pageCase.expectedPath}`);
      const suffix = RUNS > 1 ? `-${i + 1}` : '';
      writeFileSync(path.join(REPORT_DIR, `${pageCase.slug}${suffix}.report.html`), report[0]);
      writeFileSync(path.join(REPORT_DIR, `${pageCase.slug}${suffix}.report.json`), report[1]);
      console.log(`${pageCase.name}${RUNS > 1 ? ` run ${i + 1}/${RUNS}` : ''}: ${summaryLine(lhr)}`);
      runs.push(lhr);
    }
    results.set(pageCase, medianRun(runs));
  }

  const missed: string[] = [];
  console.log(`\nLighthouse ${results.values().next().value?.lighthouseVersion ?? ''}, mobile profile${RUNS > 1 ? `, run of median performance of ${RUNS}` : ''}:`);
  console.log(
    `${'page'.padEnd(38)} ${'perf'.padStart(4)} ${'a11y'.padStart(4)} ${'b-p'.padStart(4)} ${'FCP ms'.padStart(7)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'SI ms'.padStart(7)}`,
  );
  for (const pageCase of cases) {
    const lhr = results.get(pageCase)!;
    const m = metrics(lhr);
    const s = scores(lhr);
    console.log(
      `${pageCase.name.padEnd(38)} ${fmtScore(s.performance).padStart(4)} ${fmtScore(s.accessibility).padStart(4)} ${fmtScore(s['best-practices']).padStart(4)} ${m.fcp.toFixed(0).padStart(7)} ${m.lcp.toFixed(0).padStart(7)} ${m.tbt.toFixed(0).padStart(7)} ${m.cls.toFixed(3).padStart(6)} ${m.si.toFixed(0).padStart(7)}`,
    );
    for (const id of CATEGORY_IDS) {
      figure('lighthouse', `${pageCase.name}: ${lhr.categories[id]?.title ?? id}`, s[id] ?? 0, 'points', { kind: 'min', value: GOALS[id] });
      if (s[id] === null || s[id] < GOALS[id]) missed.push(`${pageCase.name}: ${lhr.categories[id]?.title ?? id} ${fmtScore(s[id])} < ${GOALS[id]}`);
    }
  }
  console.log(`Goals: performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility}, best practices ≥ ${GOALS['best-practices']}.`);

  for (const pageCase of cases) {
    const lhr = results.get(pageCase)!;
    const s = scores(lhr);
    const missedHere = CATEGORY_IDS.filter((id) => s[id] === null || s[id] < GOALS[id]);
    if (missedHere.length === 0 && lhr.runWarnings.length === 0) continue;
    console.log(`\n── ${pageCase.name} ──`);
    for (const warning of lhr.runWarnings) console.log(`  Lighthouse warns: ${warning}`);
    for (const id of missedHere) {
      if (id === 'performance') printPerformance(lhr);
      else printFailingAudits(lhr, id);
    }
  }

  console.log(`\nReports: ${path.relative(process.cwd(), REPORT_DIR)}/*.report.html`);
  if (missed.length > 0) {
    console.log('\nMissed goals:');
    for (const line of missed) console.log(`  ${line}`);
    process.exitCode = 1;
  } else {
    console.log('\nAll goals met.');
  }
} finally {
  chrome?.kill();
  await server.stop();
}

/** Debian's Chromium, headless, in a fresh temporary profile (chrome-launcher removes it on kill). */
function launchChrome(): Promise<LaunchedChrome> {
  return launch({
    chromePath: '/usr/bin/chromium',
    // chrome-launcher adds its own defaults (no first-run, no background networking, no sync…).
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    logLevel: 'error',
  });
}

/** Runs `work`; past STEP_SECONDS it gives up with the step's name (the watchdog would only say "timeout"). */
async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} took over ${STEP_SECONDS} s`)), STEP_SECONDS * 1000);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** One Lighthouse navigation of `url` in the launched Chrome: its result and its HTML and JSON reports. */
async function audit(port: number, url: string): Promise<{ lhr: Result; report: [string, string] }> {
  const flags: Flags = {
    port,
    output: ['html', 'json'],
    logLevel: 'error',
    onlyCategories: [...CATEGORY_IDS],
  };
  let result = await lighthouse(url, flags);
  // "Something went wrong with recording the trace … run Lighthouse again" (NO_NAVSTART), or a
  // navigation Chrome broke off (CHROME_INTERSTITIAL_ERROR, seen on a busy machine): once more.
  if (result?.lhr.runtimeError) {
    console.log(`Lighthouse: ${result.lhr.runtimeError.code} for ${url}; auditing it once more.`);
    result = await lighthouse(url, flags);
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  const report = result.report as string[];
  const [html, json] = report;
  if (html === undefined || json === undefined) throw new Error(`Lighthouse gave no HTML and JSON reports for ${url}`);
  return { lhr: result.lhr, report: [html, json] };
}

/**
 * Signs the demo user in through the real login page, in Chrome's default profile (the one Lighthouse
 * audits in), then keeps only the session (see keepOnlySession).
 */
async function signIn(port: number, baseUrl: string): Promise<void> {
  await withPage(port, baseUrl, async (page) => {
    await page.goto(`${baseUrl}/user/login`);
    await page.getByLabel('Client ID').fill('demo-user');
    await page.getByLabel('Client secret').fill('demo-user-secret');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/shipments');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  });
  await keepOnlySession(port, baseUrl);
}

/**
 * Leaves the origin only the session: the token and session-client records in localStorage and the
 * refresh cookie. The query cache, the other localStorage records, IndexedDB and the service worker
 * a visit left go, so the next audit is a signed-in office opening the app on a cold cache.
 */
async function keepOnlySession(port: number, baseUrl: string): Promise<void> {
  await withPage(port, baseUrl, async (page) => {
    // Off the app (no open IndexedDB connection), still on its origin.
    await page.goto(`${baseUrl}/healthz`);
    const cdp = await page.context().newCDPSession(page);
    // A closing tab of the app may still finish a write: clear until nothing else is left.
    let databases = '';
    let kept = '';
    for (let attempt = 0; attempt < 5; attempt++) {
      await page.evaluate(() => {
        for (const key of Object.keys(localStorage)) if (key !== 'token' && key !== 'session-client') localStorage.removeItem(key);
      });
      await cdp.send('Storage.clearDataForOrigin', { origin: baseUrl, storageTypes: 'indexeddb,service_workers,cache_storage,file_systems' });
      databases = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name).join(','));
      kept = await page.evaluate(() => Object.keys(localStorage).sort().join(','));
      if (!databases && kept === 'session-client,token') break;
    }
    if (databases) throw new Error(`IndexedDB still holds ${databases}`);
    if (kept !== 'session-client,token') throw new Error(`localStorage holds ${kept || 'nothing'}, not the session`);
  });
}

/** A page of Chrome's default profile, through Playwright over CDP, closed after `use`. */
async function withPage(port: number, origin: string, use: (page: Page) => Promise<void>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chrome has no default browser context');
    // A tab an audit left on the app would keep its IndexedDB open and write to its storage while
    // the next audit's start is prepared: close the app's tabs (not Lighthouse's own).
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets');
    const page = await context.newPage();
    for (const target of targetInfos) {
      if (target.type === 'page' && target.url.startsWith(origin)) await cdp.send('Target.closeTarget', { targetId: target.targetId });
    }
    await use(page);
    await page.close();
  } finally {
    // Disconnects only: Chrome stays for Lighthouse.
    await browser.close();
  }
}

function scores(lhr: Result): Record<CategoryId, number | null> {
  const score = (id: CategoryId) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score! * 100));
  return { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices') };
}

function metrics(lhr: Result) {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
  };
}

function summaryLine(lhr: Result): string {
  const s = scores(lhr);
  const m = metrics(lhr);
  return `performance ${fmtScore(s.performance)}, accessibility ${fmtScore(s.accessibility)}, best practices ${fmtScore(s['best-practices'])}; LCP ${m.lcp.toFixed(0)} ms, TBT ${m.tbt.toFixed(0)} ms, CLS ${m.cls.toFixed(3)}`;
}

function fmtScore(score: number | null): string {
  return score === null ? '–' : String(score);
}

/** The run of median performance score (the middle one of an odd count, the lower middle of an even one). */
function medianRun(runs: Result[]): Result {
  const sorted = [...runs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? runs[0]!;
}

type Audit = Result['audits'][string];

/** Where a page's time goes: the opportunities by estimated savings, the failing diagnostics, the LCP element. */
function printPerformance(lhr: Result): void {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const audits = refs.map((ref) => lhr.audits[ref.id]).filter((a): a is Audit => a !== undefined && a.scoreDisplayMode !== 'notApplicable');
  const savingsMs = (a: Audit) => {
    const details = a.details as { type?: string; overallSavingsMs?: number } | undefined;
    const metricSavings = a.metricSavings ?? {};
    return Math.max(details?.overallSavingsMs ?? 0, metricSavings.LCP ?? 0, metricSavings.FCP ?? 0, metricSavings.TBT ?? 0);
  };
  const opportunities = audits.filter((a) => (a.details as { type?: string } | undefined)?.type === 'opportunity' && savingsMs(a) > 0).sort((a, b) => savingsMs(b) - savingsMs(a));
  console.log(
    `  Performance ${fmtScore(scores(lhr).performance)}; metric scores: ${refs
      .filter((ref) => ref.weight > 0)
      .map((ref) => {
        const metric = lhr.audits[ref.id];
        return `${metric?.title ?? ref.id} ${Math.round((metric?.score ?? 0) * 100)} (${metric?.displayValue ?? ''}, weight ${ref.weight})`;
      })
      .join('; ')}`,
  );
  const requests = ((lhr.audits['network-requests']?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? []) as Array<{
    resourceType?: string;
    transferSize?: number;
    protocol?: string;
  }>;
  const scriptRequests = requests.filter((r) => r.resourceType === 'Script');
  const kb = (list: typeof requests) => (list.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024).toFixed(1);
  console.log(
    `  Network: ${requests.length} requests (${kb(requests)} KB), of them ${scriptRequests.length} scripts (${kb(scriptRequests)} KB); protocol ${[...new Set(requests.map((r) => r.protocol).filter(Boolean))].join(', ')}`,
  );
  if (opportunities.length > 0) {
    console.log('  Top opportunities (estimated savings):');
    for (const a of opportunities.slice(0, 6)) {
      const details = a.details as { overallSavingsBytes?: number } | undefined;
      const bytes = details?.overallSavingsBytes ? `, ${(details.overallSavingsBytes / 1024).toFixed(1)} KB` : '';
      console.log(`    ${a.title}: ${savingsMs(a).toFixed(0)} ms${bytes}`);
      printItems(a, 3);
    }
  }
  const alwaysShown = new Set(['mainthread-work-breakdown', 'bootup-time', 'largest-contentful-paint-element']);
  const diagnostics = refs
    .filter((ref) => ref.group === 'diagnostics')
    .map((ref) => lhr.audits[ref.id])
    .filter((a): a is Audit => a !== undefined && !opportunities.includes(a) && a.scoreDisplayMode !== 'notApplicable')
    .filter((a) => (a.score !== null && a.score < 0.9) || alwaysShown.has(a.id));
  if (diagnostics.length > 0) {
    console.log('  Diagnostics:');
    for (const a of diagnostics) {
      console.log(`    ${a.title}${a.displayValue ? `: ${a.displayValue}` : ''}${a.score !== null && a.score < 0.9 ? ' (failing)' : ''}`);
      printItems(a, ['mainthread-work-breakdown', 'bootup-time', 'largest-contentful-paint-element'].includes(a.id) ? 5 : 3);
    }
  }
}

/** The failing audits of a category, each with a few of its failing elements or messages. */
function printFailingAudits(lhr: Result, id: CategoryId): void {
  const category = lhr.categories[id];
  if (!category) return;
  console.log(`  ${category.title} ${fmtScore(scores(lhr)[id])}; failing audits:`);
  for (const ref of category.auditRefs) {
    const a = lhr.audits[ref.id];
    if (!a || a.score === null || a.score >= 1 || ['notApplicable', 'manual', 'informative'].includes(a.scoreDisplayMode)) continue;
    console.log(`    ${a.title} (weight ${ref.weight})${a.displayValue ? `: ${a.displayValue}` : ''}`);
    printItems(a, 5);
  }
}

/** A few rows of an audit's table or list: a node's selector and snippet, a URL, a message. */
function printItems(a: Audit, limit: number): void {
  const details = a.details as { type?: string; items?: Array<Record<string, unknown>>; longestChain?: { duration: number; length: number; transferSize: number } } | undefined;
  if (details?.type === 'criticalrequestchain' && details.longestChain) {
    const { duration, length, transferSize } = details.longestChain;
    console.log(`      - longest chain: ${length} requests one after another, ${duration.toFixed(0)} ms, ${(transferSize / 1024).toFixed(1)} KB`);
    return;
  }
  // A list (the LCP element's) holds tables: each table's rows.
  const items = (details?.items ?? []).flatMap((item) => (item.type === 'table' && Array.isArray(item.items) ? (item.items as Array<Record<string, unknown>>) : [item]));
  for (const item of items.slice(0, limit)) console.log(`      - ${describeItem(item)}`);
  if (items.length > limit) console.log(`      … ${items.length - limit} more`);
}

function describeItem(item: Record<string, unknown>): string {
  const node = item.node as { selector?: string; snippet?: string; explanation?: string; nodeLabel?: string } | undefined;
  if (node) return [node.selector, node.snippet, node.explanation?.split('\n').slice(0, 2).join(' ')].filter(Boolean).join('  ');
  const source = item.source as { url?: string; line?: number } | undefined;
  const parts: string[] = [];
  for (const key of ['groupLabel', 'phase', 'url', 'description', 'label', 'directive', 'severity']) {
    const value = item[key];
    if (typeof value === 'string' && value) parts.push(key === 'url' ? shortUrl(value) : value);
  }
  if (source?.url) parts.push(`${shortUrl(source.url)}${source.line !== undefined ? `:${source.line}` : ''}`);
  for (const key of ['duration', 'total', 'scripting', 'wastedMs', 'timing']) {
    const value = item[key];
    if (typeof value === 'number') parts.push(`${key} ${value.toFixed(0)} ms`);
  }
  for (const key of ['transferSize', 'wastedBytes']) {
    const value = item[key];
    if (typeof value === 'number') parts.push(`${key} ${(value / 1024).toFixed(1)} KB`);
  }
  if (typeof item.percent === 'string') parts.push(item.percent);
  return parts.length > 0 ? parts.join('  ') : JSON.stringify(item).slice(0, 200);
}

function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.origin === server.url ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
}
