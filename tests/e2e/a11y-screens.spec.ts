// axe-core on every screen, with the app's real Content-Security-Policy (axe runs through the
// DevTools protocol, which the policy does not govern): no serious or critical violation of the
// WCAG 2 A/AA rules, in English and in German (the longest labels).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { accessToken, createShipmentViaApi, DEMO_ADMIN, DEMO_USER, signIn, settled } from './support.ts';

async function serious(page: Page, where: string): Promise<string[]> {
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim() ?? ''})`).join('; ')}`);
}

/** Opens each path, waits for its heading, and collects what axe finds. */
async function walk(page: Page, screens: Array<{ path: string; ready: (page: Page) => Promise<unknown> }>): Promise<string[]> {
  const found: string[] = [];
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.ready(page);
    found.push(...(await serious(page, screen.path)));
  }
  return found;
}

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

test('public pages: sign-in and tracking for phones', async ({ page, request }) => {
  const token = await accessToken(request, DEMO_USER);
  const shipment = await createShipmentViaApi(request, token);
  // The public pages first: as a phone's first visit gets them (rendered by the server); the
  // sign-in page then installs the service worker.
  const found = await walk(page, [
    { path: `/package/tracking?tracking_number=${shipment.tracking_number}`, ready: (p) => expect(p.getByRole('list', { name: 'Progress' })).toBeVisible() },
    { path: `/package/tracking?tracking_number=${shipment.tracking_number}&lang=de`, ready: heading },
    { path: '/package/tracking?tracking_number=CP000000000XX', ready: heading },
    { path: '/package/tracking?tracking_number=', ready: heading },
    { path: '/shipment/track/CP000000000XX', ready: (p) => expect(p.getByRole('alert')).toBeVisible() },
    { path: '/user/login', ready: heading },
  ]);
  expect(found).toEqual([]);
});

for (const language of ['en', 'de']) {
  test(`a client's screens in ${language}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await accessToken(request, DEMO_USER);
    const shipment = await createShipmentViaApi(request, token);
    await signIn(page, DEMO_USER);
    await page.evaluate((code) => localStorage.setItem('language', code), language);
    const found = await walk(page, [
      { path: '/shipments', ready: (p) => expect(p.locator('table tbody tr').first()).toBeVisible() },
      { path: `/shipment/${shipment.item_number}`, ready: heading },
      { path: '/shipment/send', ready: heading },
      { path: '/shipment/new', ready: heading },
      { path: '/shipment/drafts', ready: heading },
      { path: '/shipment/import', ready: heading },
      { path: '/manifests', ready: heading },
      { path: `/shipment/tracking?tracking_number=${shipment.tracking_number}`, ready: heading },
      { path: '/shipments/report', ready: heading },
      { path: '/user/settings', ready: heading },
      { path: '/user/manual', ready: (p) => expect(p.locator('article h1, article h2').first()).toBeVisible() },
      { path: '/no-such-page', ready: heading },
    ]);
    expect(found).toEqual([]);
  });
}

test("the admin's screens", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_ADMIN);
  const found = await walk(page, [
    { path: '/shipments', ready: (p) => expect(p.locator('table tbody tr').first()).toBeVisible() },
    { path: '/shipment/scan', ready: heading },
    { path: '/company', ready: heading },
    { path: '/partners', ready: heading },
    { path: '/audit', ready: heading },
  ]);
  await page.goto('/company');
  await page.getByRole('link', { name: /Zelená Záhrada/ }).click();
  await expect(page.getByRole('heading', { name: 'Pickup addresses' })).toBeVisible();
  found.push(...(await serious(page, 'company detail')));
  await page.goto('/partners');
  await page.getByRole('link').filter({ hasText: 'Slovak Parcel Service' }).first().click();
  await heading(page);
  found.push(...(await serious(page, 'partner detail')));
  expect(found).toEqual([]);
});

test('error states: a refused sign-in and a send form submitted empty', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByLabel('Client ID').fill('demo-user');
  await page.getByLabel('Client secret').fill('not-the-secret');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  const found = await serious(page, 'refused sign-in');

  await signIn(page, DEMO_USER);
  await page.goto('/shipment/send');
  await heading(page);
  await page.getByRole('button', { name: 'Send shipment' }).click();
  await expect(page.getByText('Street is required').first()).toBeVisible();
  found.push(...(await serious(page, 'send form with errors')));
  expect(found).toEqual([]);
});
