import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { persistentProfile, usePersistentProfiles, waitForServiceWorker } from './persistent-profile.ts';
import { accessToken, createShipmentViaApi, DEMO_ADMIN, DEMO_USER, mainNavigation, signIn, translated, unique, type DemoAccount, type LanguageCode, settled } from './support.ts';

// Offline coverage beyond the list (issue 32 item 5, README note 124). In a persistent browser
// profile (the service worker installed, the kept query cache in localStorage): pages loaded
// online show their kept copy offline, also after a reload, marked "as it was at"; a manifest PDF
// downloaded once saves offline, one never downloaded is disabled with its reason; a shipment of
// the kept list opens offline, one in no list says so at once; a scan waiting on the device shows
// in the header badge on another page. Screenshots of those states in sk and de at office, tablet
// and phone sizes (test-results/offline-coverage/), with axe on each.

// A fresh profile installs the service worker (its precache) first: more than the default 30 s on two busy cores.
test.describe.configure({ timeout: 180_000 });
usePersistentProfiles();
const persistentContext = () => persistentProfile({ acceptDownloads: true });

/** A manifest of one new shipment, made through the API (POST /api/v1/manifests/generate); answers its id. */
async function manifestViaApi(request: APIRequestContext, bearer: string): Promise<string> {
  const shipment = await createShipmentViaApi(request, bearer, { reference_number: `MF-${unique()}` });
  const response = await request.post('/api/v1/manifests/generate', { headers: { authorization: `Bearer ${bearer}` }, data: { item_numbers: [shipment.item_number] } });
  expect(response.status(), await response.text()).toBe(200);
  const name = /manifest_(MF\d+)\.pdf/.exec(response.headers()['content-disposition'] ?? '');
  expect(name).not.toBeNull();
  return name![1]!;
}

/** A finished import of one row through the API; answers its file name. */
async function importViaApi(request: APIRequestContext, bearer: string): Promise<string> {
  const filename = `orders-${unique()}.csv`;
  const file = Buffer.from(
    'Meno;Ulica;Číslo domu;Mesto;PSČ;Krajina;Telefón;E-mail;Obsah;Hmotnosť;Šírka;Výška;Dĺžka\r\nJán Novák;Hlavná;1;Žilina;010 01;SK;0905 123 456;jan@example.com;Semená;2,5;30;20;40\r\n',
  ).toString('base64');
  const response = await request.post('/api/v1/shipments/import', { headers: { authorization: `Bearer ${bearer}` }, data: { type: 'csv', filename, file } });
  expect(response.status(), await response.text()).toBe(201);
  await expect
    .poll(async () => {
      const list = await request.get('/api/v1/shipments/import', { headers: { authorization: `Bearer ${bearer}` } });
      const records = (await list.json()) as Array<{ filename: string; status: string }>;
      return records.find((r) => r.filename === filename)?.status;
    })
    .toBe('COMPLETED');
  return filename;
}

const listNotice = (page: Page) => page.getByRole('alert').filter({ hasText: /You are offline\. This is the list as it was at/ });
const shipmentNotice = (page: Page) => page.getByRole('alert').filter({ hasText: /You are offline\. This is the shipment as it was at/ });
const manifestRow = (page: Page, id: string) => page.getByRole('row').filter({ hasText: id });
const importRow = (page: Page, filename: string) => page.getByRole('table', { name: 'Import history' }).getByRole('row').filter({ hasText: filename });
const badge = (page: Page, name = 'Submissions to sync') => page.getByRole('status', { name });

// Once quarantined (CI, 2026-11-29): a list loaded less than a second before page.goto was never
// written to the device (the persister writes a second after a change); it now is as the page goes.
test('offline: manifests (and a PDF downloaded before), the import history and a kept shipment show as they were, also after a reload', async ({ request }) => {
  const bearer = await accessToken(request, DEMO_USER);
  const downloaded = await manifestViaApi(request, bearer);
  const notDownloaded = await manifestViaApi(request, bearer);
  const imported = await importViaApi(request, bearer);
  const kept = await createShipmentViaApi(request, bearer, { reference_number: `KEPT-${unique()}`, receiver_name: 'Kept Recipient' });

  const { context, page } = await persistentContext();
  try {
    await signIn(page, DEMO_USER);
    await waitForServiceWorker(page);
    // Online: the list (kept), the manifests with one PDF downloaded, the import history.
    await expect(page.getByRole('link', { name: kept.item_number })).toBeVisible();
    await mainNavigation(page).getByRole('link', { name: 'Manifests' }).click();
    await expect(manifestRow(page, notDownloaded)).toHaveCount(1);
    const [online] = await Promise.all([
      page.waitForEvent('download'),
      manifestRow(page, downloaded)
        .getByRole('button', { name: `Download manifest ${downloaded}` })
        .click(),
    ]);
    const pdf = readFileSync((await online.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.goto('/shipment/import');
    await expect(importRow(page, imported)).toContainText('Completed');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('query-cache') ?? '')).toContain(imported);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('query-cache') ?? '')).toContain(notDownloaded);

    await context.setOffline(true);

    // The import history, reloaded offline: its rows as they were, marked; its files need the connection.
    await page.reload();
    await expect(listNotice(page)).toBeVisible();
    await expect(listNotice(page)).toContainText('Result files and manifests need the connection.');
    await expect(importRow(page, imported)).toContainText('Completed');
    await expect(importRow(page, imported).getByRole('button', { name: `Download the result file of ${imported}` })).toBeDisabled();
    await expect(page.getByText('The list loads when the connection is back.')).toHaveCount(0);

    // Manifests, reloaded offline: the kept list; the PDF downloaded before saves again, the other waits for the connection.
    await page.goto('/manifests');
    await expect(listNotice(page)).toBeVisible();
    await expect(manifestRow(page, notDownloaded).getByRole('button', { name: `Download manifest ${notDownloaded}` })).toBeDisabled();
    await expect(manifestRow(page, notDownloaded).getByRole('button', { name: `Download manifest ${notDownloaded}` })).toHaveAccessibleDescription(
      /Manifests downloaded on this device open without a connection/,
    );
    await expect(manifestRow(page, downloaded)).toContainText('On this device');
    const [offline] = await Promise.all([
      page.waitForEvent('download'),
      manifestRow(page, downloaded)
        .getByRole('button', { name: `Download manifest ${downloaded}` })
        .click(),
    ]);
    expect(offline.suggestedFilename()).toBe(`manifest_${downloaded}.pdf`);
    expect(readFileSync((await offline.path())!).equals(pdf)).toBe(true);

    // The shipment list, then a kept row's detail: as the kept list holds it, marked, its label disabled.
    await mainNavigation(page).getByRole('link', { name: 'Shipments' }).click();
    await expect(listNotice(page)).toBeVisible();
    await page.getByRole('link', { name: kept.item_number }).click();
    await expect(page.getByRole('heading', { name: `Shipment ${kept.item_number}` })).toBeVisible();
    await expect(shipmentNotice(page)).toBeVisible();
    await expect(page.getByText('Kept Recipient')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download label' })).toBeDisabled();
    // Reloaded offline too.
    await page.reload();
    await expect(page.getByRole('heading', { name: `Shipment ${kept.item_number}` })).toBeVisible();
    await expect(shipmentNotice(page)).toBeVisible();
    // A shipment no kept list holds: said at once, no endless skeleton.
    await page.goto('/shipment/PP9999999999');
    await expect(page.getByRole('alert')).toContainText('this shipment is not kept on this device');

    // Online again: the pages are live, without the notice.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/manifests');
    await expect(manifestRow(page, notDownloaded)).toHaveCount(1);
    await expect(listNotice(page)).toHaveCount(0);
    await expect(manifestRow(page, notDownloaded).getByRole('button', { name: `Download manifest ${notDownloaded}` })).toBeEnabled();
  } finally {
    await context.close();
  }
});

/** Presses Arrive for `id` on the scan page (opened online first, its code kept by the service worker). */
async function queueArrive(page: Page, id: string, language: LanguageCode = 'en') {
  const arrive = translated(language, 'Arrive');
  await page.getByLabel(translated(language, 'Parcel ids')).fill(id);
  await page.getByRole('button', { name: arrive, exact: true }).click();
}

test('offline: a scan waiting on the device shows in the header badge on another page, also after a reload, and goes once sent', async ({ request }) => {
  const userBearer = await accessToken(request, DEMO_USER);
  const shipment = await createShipmentViaApi(request, userBearer);
  const id = shipment.tracking_number ?? shipment.item_number;

  const { context, page } = await persistentContext();
  try {
    await signIn(page, DEMO_ADMIN);
    await waitForServiceWorker(page);
    await mainNavigation(page).getByRole('link', { name: 'Shipments' }).click();
    await expect(page.getByRole('table', { name: 'Shipments' }).locator('tbody tr').first()).toBeVisible();
    await mainNavigation(page).getByRole('link', { name: 'Scan' }).click();
    await expect(page.getByRole('heading', { name: 'Depot scan' })).toBeVisible();

    await context.setOffline(true);
    await queueArrive(page, id);
    await expect(page.getByRole('status', { name: 'Scan queue status' })).toContainText('1 scan waiting');

    // Another page: the shell's badge counts the waiting scan and leads back to the scan page.
    await mainNavigation(page).getByRole('link', { name: 'Shipments' }).click();
    await expect(page).toHaveURL(/\/shipments$/);
    await expect(badge(page)).toContainText('1 scan waiting');
    await expect(badge(page).getByRole('link', { name: '1 scan waiting' })).toHaveAttribute('href', '/shipment/scan');
    await page.reload();
    await expect(badge(page)).toContainText('1 scan waiting');

    await context.setOffline(false);
    await expect(badge(page)).toHaveText('', { timeout: 20_000 });
  } finally {
    await context.close();
  }
});

// --- Screenshots and axe of the new states, in sk and de ---

const SIZES = [
  { name: 'office', width: 1280, height: 800 },
  { name: 'tablet-landscape', width: 1024, height: 768 },
  { name: 'tablet-portrait', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
];
// Outside test-results (another run's start empties that folder).
const SHOTS = process.env.OFFLINE_SHOTS_DIR ?? path.join(tmpdir(), 'offline-coverage-shots');

async function serious(page: Page, where: string): Promise<string[]> {
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
}

/** Shoots the page at every size (full page) and runs axe at the office size; answers what axe found. */
async function shoot(page: Page, language: LanguageCode, state: string, ready: () => Promise<unknown>): Promise<string[]> {
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await ready();
    await page.screenshot({ path: `${SHOTS}/${state}-${language}-${size.name}.png` });
    // Nothing may scroll sideways at any size.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${state} ${language} ${size.name}`).toBeLessThanOrEqual(0);
    found.push(...(await serious(page, `${state} ${language} ${size.name}`)));
  }
  return found;
}

async function signInIn(page: Page, account: DemoAccount, language: LanguageCode) {
  await signIn(page, account);
  await waitForServiceWorker(page);
  await page.evaluate((code) => localStorage.setItem('language', code), language);
  await page.reload();
  await expect(page.getByRole('navigation', { name: translated(language, 'Main navigation') })).toBeVisible({ timeout: 30_000 });
}

for (const language of ['sk', 'de'] as const) {
  // Once quarantined (CI, 2026-11-29): the page stayed in English after a reload; a language file
  // that failed to load once then replaced the stored choice with English (lib/i18n.ts no longer does).
  test(`screenshots and axe of the kept states in ${language}`, async ({ request }) => {
    test.setTimeout(300_000);
    mkdirSync(SHOTS, { recursive: true });
    const tr = (text: string) => translated(language, text);
    const bearer = await accessToken(request, DEMO_USER);
    const downloaded = await manifestViaApi(request, bearer);
    await manifestViaApi(request, bearer);
    const imported = await importViaApi(request, bearer);
    const kept = await createShipmentViaApi(request, bearer, { reference_number: `KEPT-${unique()}` });
    const found: string[] = [];

    const client = await persistentContext();
    try {
      const { page, context } = client;
      await signInIn(page, DEMO_USER, language);
      await expect(page.getByRole('link', { name: kept.item_number })).toBeVisible();
      await page.goto('/manifests');
      await expect(manifestRow(page, downloaded)).toHaveCount(1);
      await Promise.all([
        page.waitForEvent('download'),
        manifestRow(page, downloaded)
          .getByRole('button', { name: tr('Download manifest {id}').replace('{id}', downloaded) })
          .click(),
      ]);
      await page.goto('/shipment/import');
      await expect(page.getByRole('table', { name: tr('Import history') })).toBeVisible();
      // Written to the device (the persister saves at most once a second) before the next page load.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('query-cache') ?? '')).toContain(imported);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('query-cache') ?? '')).toContain(downloaded);
      await page.goto(`/shipment/${kept.item_number}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await context.setOffline(true);

      // The kept copy's notice (with its time), not the "loads when the connection is back" one.
      const notice = page.locator('#kept-copy-notice');
      await page.reload();
      found.push(...(await shoot(page, language, 'shipment-detail', () => expect(notice.first()).toBeVisible())));
      await page.goto('/manifests');
      found.push(...(await shoot(page, language, 'manifests', () => expect(notice.first()).toBeVisible())));
      await page.goto('/shipment/import');
      found.push(...(await shoot(page, language, 'imports', () => expect(notice.first()).toBeVisible())));
      await page.goto('/shipment/PP9999999999');
      found.push(...(await shoot(page, language, 'shipment-not-kept', () => expect(page.getByRole('alert').first()).toBeVisible())));
    } finally {
      await client.context.close();
    }

    const admin = await persistentContext();
    try {
      const { page, context } = admin;
      const shipment = await createShipmentViaApi(request, bearer);
      await signInIn(page, DEMO_ADMIN, language);
      await page.goto('/shipments');
      await expect(page.getByRole('link', { name: shipment.item_number })).toBeVisible();
      await page.goto('/shipment/scan');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await context.setOffline(true);
      await queueArrive(page, shipment.tracking_number ?? shipment.item_number, language);
      await page.goto('/shipments');
      found.push(...(await shoot(page, language, 'scan-badge', () => expect(badge(page, tr('Submissions to sync')).getByRole('link')).toBeVisible())));
    } finally {
      await admin.context.close();
    }
    expect(found).toEqual([]);
  });
}
