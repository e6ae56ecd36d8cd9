import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFreshServer, type FreshServer } from './fresh-server.ts';
import { persistentProfile, usePersistentProfiles, waitForServiceWorker } from './persistent-profile.ts';
import { DEMO_ADMIN, signIn } from './support.ts';

// A real release reaches a tab left open (issue 32 item 3). The journeys' shared server serves one
// build, so this journey runs a portal of its own: a folder that links the checkout but holds a
// copy of the build. A depot tablet's tab (a persistent profile, its service worker installed)
// stays on the scan page with the focus in the field; the portal is then stopped, its build
// changed (a new service worker, as every release has) and started again, as a deployment does.
// Within 5 minutes of the page's clock, idle and visible, the tab offers the new version, without
// a reload and without taking the focus.

const PORT = 8097;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CHECKOUT = path.resolve(import.meta.dirname, '../..');

test.describe.configure({ timeout: 240_000 });
usePersistentProfiles();

let root = '';
let dataDir = '';
let server: FreshServer | null = null;

/** A folder like the checkout whose dist/ is a copy: the release changes the copy only. */
function portalFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-release-'));
  for (const entry of readdirSync(CHECKOUT)) {
    if (entry === 'dist' || entry === 'test-results' || entry === '.git') continue;
    symlinkSync(path.join(CHECKOUT, entry), path.join(folder, entry));
  }
  cpSync(path.join(CHECKOUT, 'dist'), path.join(folder, 'dist'), { recursive: true });
  return folder;
}

async function start(): Promise<void> {
  server = await startFreshServer(PORT, null, { root, dataDir });
}

async function stop(): Promise<void> {
  await server?.stop();
  server = null;
}

test.beforeAll(async () => {
  root = portalFolder();
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-release-data-'));
  await start();
});

test.afterAll(async () => {
  await stop();
  rmSync(root, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

test('a tab left open on the scan page is offered a new release within 5 minutes, keeping its focus', async () => {
  const { context, page } = await persistentProfile({ baseURL: BASE_URL, viewport: { width: 1024, height: 768 } });
  try {
    // The page's clock is the test's (the update checks' timers); the network is real.
    await page.clock.install();
    await signIn(page, DEMO_ADMIN);
    await page.goto('/shipment/scan');
    await expect(page.getByRole('heading', { name: 'Depot scan' })).toBeVisible();
    await waitForServiceWorker(page);
    await expect(page.getByRole('heading', { name: 'Depot scan' })).toBeVisible();
    const field = page.getByLabel('Parcel ids');
    await field.click();
    await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));

    // The release: the portal stops, its service worker changes, it starts again.
    await stop();
    const worker = path.join(root, 'dist/sw.js');
    writeFileSync(worker, `${readFileSync(worker, 'utf8')}\n// release ${Date.now()}\n`);
    for (const compressed of ['sw.js.br', 'sw.js.gz']) rmSync(path.join(root, 'dist', compressed), { force: true });
    await start();

    // Idle and visible: the page's clock runs on half a minute at a time, up to 5 minutes.
    const offer = page.getByText('A new version of the portal is available.');
    let pageTime = 0;
    await expect
      .poll(
        async () => {
          if (await offer.isVisible()) return true;
          if (pageTime < 5 * 60_000) {
            await page.clock.runFor(30_000);
            pageTime += 30_000;
          }
          return offer.isVisible();
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBe(true);
    expect(pageTime).toBeLessThanOrEqual(5 * 60_000);
    // Offered, not imposed: the same page, the field still focused, nothing reloaded.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(field).toBeFocused();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  } finally {
    await context.close();
  }
});
