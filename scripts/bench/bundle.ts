// npm run bench:bundle — the JavaScript a first visit downloads, measured in Chromium against the
// real server: raw bytes, and gzip (level 9) as a CDN or proxy would send it, next to the brotli
// bytes our server actually sends. Pages and budgets (gzipped):
//   /user/login                        150 KB (the full app's smallest page)
//   /package/tracking?tracking_number  120 KB (public, phones on mobile data)
//   /shipment/track/{tracking_number}  120 KB (public; measured until it sends the browser on)
// Each page is opened in a fresh browser context: empty cache, no service worker.
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createDemoShipment } from './demo-shipment.ts';
import { startServer, watchdog } from './server.ts';

watchdog(300);

interface Measured {
  url: string;
  raw: number;
  gzip: number;
  sent: number;
}

interface PageCase {
  name: string;
  budgetKb: number;
  open: (page: Page, baseUrl: string) => Promise<void>;
}

const build = spawnSync('npx', ['tsx', 'scripts/ensure-build.ts'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const server = await startServer(8097);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const trackingNumber = await createDemoShipment(server.url, 'BENCH-BUNDLE');
  const cases: PageCase[] = [
    {
      name: '/user/login',
      budgetKb: 150,
      open: async (page, base) => {
        await page.goto(`${base}/user/login`, { waitUntil: 'networkidle' });
        await page.getByRole('button').first().waitFor();
      },
    },
    {
      name: '/package/tracking?tracking_number=…',
      budgetKb: 120,
      open: async (page, base) => {
        await page.goto(`${base}/package/tracking?tracking_number=${trackingNumber}`, { waitUntil: 'networkidle' });
        await page.getByRole('list', { name: 'Progress' }).waitFor();
      },
    },
    {
      name: '/shipment/track/{tracking_number}',
      budgetKb: 120,
      open: async (page, base) => {
        // The page sends the browser to the tracking link: answer that navigation with a stub, so
        // only the redirect page's own JavaScript is counted.
        await page.route(
          (url) => url.pathname === '/package/tracking',
          (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>arrived</title>' }),
        );
        await page.goto(`${base}/shipment/track/${trackingNumber}`);
        await page.waitForURL((url) => url.pathname === '/package/tracking');
      },
    },
  ];

  let allWithin = true;
  const summary: string[] = [];
  for (const pageCase of cases) {
    const scripts = await measure(browser, server.url, pageCase);
    const total = printTable(pageCase.name, scripts);
    const ok = total.gzip / 1024 <= pageCase.budgetKb;
    allWithin &&= ok;
    summary.push(
      `${pageCase.name.padEnd(38)} ${(total.gzip / 1024).toFixed(1).padStart(6)} KB gzipped (${(total.sent / 1024).toFixed(1)} KB sent) of ${pageCase.budgetKb} KB: ${ok ? 'within budget' : 'OVER BUDGET'}`,
    );
  }
  console.log('\nGzipped JavaScript of a first visit:');
  for (const line of summary) console.log(`  ${line}`);
  process.exitCode = allWithin ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
}

/** Every script the page loads until `open` says it is ready, in a fresh context. */
async function measure(browser: Browser, baseUrl: string, pageCase: PageCase): Promise<Measured[]> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const pending: Array<Promise<Measured | null>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null);
        if (!body) return null;
        const sizes = await response.request().sizes();
        return { url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, sent: sizes.responseBodySize };
      })(),
    );
  });
  try {
    await pageCase.open(page, baseUrl);
    return (await Promise.all(pending)).filter((s): s is Measured => s !== null);
  } finally {
    await context.close();
  }
}

function printTable(name: string, scripts: Measured[]): Measured {
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
  console.log(`\nJavaScript loaded by ${name} (first visit):`);
  console.log(`${'file'.padEnd(56)} ${'raw KB'.padStart(7)} ${'gzip KB'.padStart(7)} ${'sent KB'.padStart(7)}`);
  for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip)) console.log(`${s.url.padEnd(56)} ${kb(s.raw)} ${kb(s.gzip)} ${kb(s.sent)}`);
  const total = scripts.reduce((acc, s) => ({ url: 'total', raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip, sent: acc.sent + s.sent }), { url: 'total', raw: 0, gzip: 0, sent: 0 });
  console.log(`${'total'.padEnd(56)} ${kb(total.raw)} ${kb(total.gzip)} ${kb(total.sent)}`);
  return total;
}
