// npm run bench:bundle — the JavaScript a first visit to /user/login downloads, measured in
// Chromium against the real server: raw bytes, and gzip (level 9) as a CDN or proxy would send it,
// next to the brotli bytes our server actually sends. Budget: 150 KB gzipped.
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServer, watchdog } from './server.ts';

watchdog(300);

const BUDGET_KB = 150;

const build = spawnSync('npx', ['tsx', 'scripts/ensure-build.ts'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const server = await startServer(8097);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  const scripts: Array<{ url: string; raw: number; gzip: number; sent: number }> = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    const sizes = await response.request().sizes();
    scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, sent: sizes.responseBodySize });
  });
  await page.goto(`${server.url}/user/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button').first().waitFor();

  const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
  console.log('\nJavaScript loaded by /user/login (first visit):');
  console.log(`${'file'.padEnd(48)} ${'raw KB'.padStart(7)} ${'gzip KB'.padStart(7)} ${'sent KB'.padStart(7)}`);
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`${s.url.padEnd(48)} ${kb(s.raw)} ${kb(s.gzip)} ${kb(s.sent)}`);
  const total = scripts.reduce((acc, s) => ({ raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip, sent: acc.sent + s.sent }), { raw: 0, gzip: 0, sent: 0 });
  console.log(`${'total'.padEnd(48)} ${kb(total.raw)} ${kb(total.gzip)} ${kb(total.sent)}`);
  const ok = total.gzip / 1024 <= BUDGET_KB;
  console.log(`\nGzipped JavaScript: ${(total.gzip / 1024).toFixed(1)} KB of a ${BUDGET_KB} KB budget: ${ok ? 'within budget' : 'OVER BUDGET'}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
}
