import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { persistentProfile, usePersistentProfiles } from './persistent-profile.ts';
import { accessToken, createShipmentViaApi, DEMO_USER, signIn, translated, unique, type LanguageCode, settled } from './support.ts';

// Public tracking on a phone offline (issue 32 item 6, README note 125). In a persistent browser
// profile that never signed in: the tracking page (server-rendered, no script before its first
// paint) registers its own small service worker after load, which keeps the parcel's status view.
// Offline, the same address and the form's lookup of the same number show it "as it was at" its
// time in the page's language; a number never looked up here says it cannot be looked up offline.
// A browser with the portal's app installed gets no second worker.

test.describe.configure({ timeout: 120_000 });
usePersistentProfiles();
const SIZES = [
  { name: 'office', width: 1280, height: 800 },
  { name: 'laptop', width: 1024, height: 768 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
];
const browser = (language: LanguageCode, viewport = { width: 390, height: 844 }) => persistentProfile({ language, viewport });

async function createParcel(request: APIRequestContext): Promise<string> {
  const created = await createShipmentViaApi(request, await accessToken(request, DEMO_USER), { reference_number: `OFF-${unique()}`, receiver_postal_code: '81101' });
  return created.tracking_number ?? '';
}

/** Until the tracking page's worker controls the page and has kept this parcel's page (a state, not a time). */
async function waitUntilKept(page: Page, trackingNumber: string) {
  await expect
    .poll(() =>
      page.evaluate(async (number) => {
        if (!navigator.serviceWorker.controller) return false;
        const kept = await (await caches.open('tracking-results-v1')).keys();
        return kept.some((request) => new URL(request.url).searchParams.get('tracking_number') === number);
      }, trackingNumber),
    )
    .toBe(true);
}

async function screenshots(page: Page, language: LanguageCode, state: string) {
  const dir = test.info().outputPath('screens');
  mkdirSync(dir, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({ path: path.join(dir, `${language}-${state}-${size.name}-${size.width}x${size.height}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

async function expectAccessible(page: Page) {
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const language of ['sk', 'de'] as const) {
  test(`a phone shows the last looked-up parcel offline with its time, and says a new number cannot be looked up (${language})`, async ({ request }) => {
    const trackingNumber = await createParcel(request);
    const { context, page } = await browser(language);
    const tr = (source: string) => translated(language, source);
    const scripts: Array<{ url: string; bytes: number }> = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push({ url: new URL(response.url()).pathname, bytes: (await response.body()).byteLength });
    });

    await page.goto(`/package/tracking?tracking_number=${trackingNumber}`);
    await expect(page.getByRole('list', { name: tr('Progress') })).toBeVisible();
    // Before the first paint nothing runs: the page's one script is deferred and only registers after load.
    await expect(page.locator('script')).toHaveCount(1);
    await expect(page.locator('script')).toHaveAttribute('defer', '');
    await expect(page.locator('#tracking-offline-result')).toBeHidden();
    await waitUntilKept(page, trackingNumber);
    expect(scripts.map((script) => script.url)).toEqual(['/tracking-offline.js']);
    expect(scripts[0]!.bytes).toBeLessThan(1024);
    test.info().annotations.push({ type: 'script bytes', description: String(scripts[0]!.bytes) });

    await context.setOffline(true);
    await page.reload();

    const note = page.getByRole('status').filter({ hasText: tr('You are offline.').replace(/\.$/, '') });
    await expect(note).toBeVisible();
    const [before, after] = tr('You are offline. This is the parcel as it was at <0/>.').split('<0/>');
    await expect(note).toHaveText(new RegExp(`^\\s*${escape(before!)}\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}${escape(after!)}\\s*$`));
    await expect(page.getByRole('list', { name: tr('Progress') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: tr('Registered') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expectAccessible(page);
    await screenshots(page, language, 'kept');

    // The form's lookup of the same number, typed as printed (spaces, lower case), offline.
    await page.getByLabel(tr('Tracking number')).fill(trackingNumber.toLowerCase().replace(/(\d{3})/g, '$1 '));
    await page.getByRole('button', { name: tr('Track'), exact: true }).click();
    await expect(note).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: tr('Registered') })).toBeVisible();

    // A number never looked up on this phone.
    await page.getByLabel(tr('Tracking number')).fill('ZZ999999999SK');
    await page.getByRole('button', { name: tr('Track'), exact: true }).click();
    const refused = page.getByRole('alert');
    await expect(refused).toContainText(tr('Parcel <0/> cannot be looked up offline.').replace('<0/>', 'ZZ999999999SK'));
    await expect(refused).toContainText(tr('Only parcels already looked up on this device open without a connection. Try again when you are back online.'));
    await expect(page.getByRole('list', { name: tr('Progress') })).toHaveCount(0);
    await expect(page.getByLabel(tr('Tracking number'))).toHaveValue('ZZ999999999SK');
    await expectAccessible(page);
    await screenshots(page, language, 'unknown');

    // Online again, the page is the server's, without the note.
    await context.setOffline(false);
    await page.goto(`/package/tracking?tracking_number=${trackingNumber}`);
    await expect(page.getByRole('heading', { level: 2, name: tr('Registered') })).toBeVisible();
    await expect(page.locator('#tracking-offline-result')).toBeHidden();
    await context.close();
  });
}

test('the full view (with the postal code) is never kept: offline it shows the status view only', async ({ request }) => {
  const trackingNumber = await createParcel(request);
  const { context, page } = await browser('en');

  await page.goto(`/package/tracking?tracking_number=${trackingNumber}`);
  await waitUntilKept(page, trackingNumber);
  await page.goto(`/package/tracking?tracking_number=${trackingNumber}&zip=81101`);
  await expect(page.getByText('to Slovakia')).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(page.getByText('to Slovakia')).toHaveCount(0);
  await expect(page.getByText('Enter the destination postal code to also see')).toBeVisible();
  await context.close();
});

test('a browser with the portal’s app installed gets no second service worker from a tracking page', async ({ request }) => {
  const trackingNumber = await createParcel(request);
  const { context, page } = await browser('en', { width: 1280, height: 800 });
  await signIn(page, DEMO_USER);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await page.goto(`/package/tracking?tracking_number=${trackingNumber}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Registered' })).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => (document.readyState === 'complete' ? resolve(null) : addEventListener('load', resolve))));
  // The page the server rendered (a reload that skipped the app's worker) registers nothing either.
  await page.reload({ waitUntil: 'load' });
  const scopes = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((registration) => new URL(registration.scope).pathname));
  expect(scopes).toEqual(['/']);
  await context.close();
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
