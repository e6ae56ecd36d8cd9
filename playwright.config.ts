import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// End-to-end journeys in Debian's chromium against the server started exactly as `npm start`
// starts it (build when stale, migrate, seed the demo data, serve app and API on one port).
// Browsers are never downloaded: `playwright install` is not part of this project.

const PORT = 8090;
const BASE_URL = `http://localhost:${PORT}`;

// A fresh, empty PGlite data folder for every run, so the demo seed always applies. Playwright
// loads this file in its runner and again in each worker; the workers inherit the variable, so
// only the process that created the folder owns it and removes it when it exits.
function createDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  process.env.PORTAL_E2E_DATA_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const dataDir = process.env.PORTAL_E2E_DATA_DIR || createDataDir();

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // The journeys are independent (fresh context each, one shared server whose data they only
  // read), but on two cores chromium and the server already use both: a second worker measured
  // no faster (35 s against 38 s), so one worker keeps the run calm and deterministic.
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'npm start',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    // The first start builds the PWA; PGlite then needs about 3 s to open a new data folder.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // Webhook journeys deliver to a receiver on 127.0.0.1 (tests/e2e/webhooks.spec.ts).
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: '1',
    },
  },
});
