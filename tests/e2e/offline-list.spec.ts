import { expect, test, type Page } from '@playwright/test';
import { persistentProfile, usePersistentProfiles, waitForServiceWorker } from './persistent-profile.ts';
import { accessToken, createShipmentViaApi, DEMO_USER, signIn, unique } from './support.ts';

// The kept list survives every offline action (issue 32 item 2, README note 117). In a persistent
// browser profile: /shipments loaded online, then offline a shipment finished in the wizard. Back
// on /shipments the kept rows stay (no error banner, not 0 rows) with the queued shipment shown as
// waiting at the top, also after a reload offline; online again it is created once and listed once.

// A fresh profile installs the service worker (its precache) first: more than the default 30 s on two busy cores.
test.describe.configure({ timeout: 120_000 });
usePersistentProfiles();
const officePc = () => persistentProfile();

const stepTitle = (page: Page) => page.locator('#wizard-step-title');
const pressContinue = (page: Page) => page.getByRole('button', { name: 'Continue' }).click();

/** The wizard from the list's "New shipment" to its Finish, every step filled. */
async function wizardShipment(page: Page, receiver: string, reference: string) {
  await page.getByRole('link', { name: 'New shipment' }).click();
  await expect(stepTitle(page)).toHaveText('Destination and product');
  await page.getByLabel('Destination country').selectOption('SK');
  await page
    .getByRole('radio', { name: /Parcel/ })
    .first()
    .check();
  await pressContinue(page);
  await expect(stepTitle(page)).toHaveText('Delivery and pickup address');
  await page.getByRole('radio', { name: /Priemyselná 12/ }).click();
  await pressContinue(page);
  await expect(stepTitle(page)).toHaveText('Recipient');
  await page.getByLabel('Name', { exact: true }).fill(receiver);
  await page.getByLabel('Street').fill('Hlavná');
  await page.getByLabel('House number').fill('12');
  await page.getByLabel('City').fill('Košice');
  await page.getByLabel('Postal code').fill('040 01');
  await page.getByLabel('Phone').fill('0905 123 456');
  await page.getByLabel('Email').fill('jana@example.com');
  await pressContinue(page);
  await expect(stepTitle(page)).toHaveText('Parcel: package details');
  await page.getByLabel('Content').fill('Garden seeds');
  await page.getByLabel('Reference number (optional)').fill(reference);
  await page.getByLabel('Sender name on the label').fill('Zelená Záhrada');
  await page.getByLabel('Weight (kg)').fill('2.5');
  await page.getByLabel('Width (cm)').fill('30');
  await page.getByLabel('Height (cm)').fill('20');
  await page.getByLabel('Length (cm)').fill('40');
  await page.getByLabel('Parcel reference (optional)').fill(`${reference}-1`);
  await pressContinue(page);
  await expect(stepTitle(page)).toHaveText('Services');
  await page.getByRole('checkbox', { name: /I confirm/ }).check();
  await pressContinue(page);
  await expect(stepTitle(page)).toHaveText('Summary');
  await page.getByRole('button', { name: 'Finish' }).click();
}

const offlineNotice = (page: Page) => page.getByText(/You are offline\. This is the list as it was at/);
const waitingList = (page: Page) => page.getByRole('list', { name: /shipments? (is|are) waiting to be sent/ });
const shipmentRows = (page: Page) => page.getByRole('table', { name: 'Shipments' }).locator('tbody tr');

test('offline: a wizard submission keeps the kept list, shown waiting at the top, also after a reload; online it is listed once', async ({ request }) => {
  const bearer = await accessToken(request, DEMO_USER);
  const kept = `KEPT-${unique()}`;
  await createShipmentViaApi(request, bearer, { reference_number: kept, receiver_name: 'Kept Recipient' });
  const queued = `QUEUED-${unique()}`;

  const { context, page } = await officePc();
  try {
    await signIn(page, DEMO_USER);
    await waitForServiceWorker(page);
    // The list loaded online, kept on this device (with what the wizard needs offline).
    await expect(shipmentRows(page).filter({ hasText: kept })).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('query-cache') ?? '')).toContain(kept);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('query-cache') ?? '')).toContain('pickup-addresses');
    const keptRows = await shipmentRows(page).count();
    expect(keptRows).toBeGreaterThan(0);

    await context.setOffline(true);
    await wizardShipment(page, 'Queued Recipient', queued);
    await expect(page.getByText('You are offline: the shipment waits in this browser and is sent as soon as the connection is back.')).toBeVisible();

    // Back on the list: the kept rows, the offline notice and no error; the queued shipment waits at the top.
    const keptList = async () => {
      await expect(page).toHaveURL(/\/shipments$/);
      await expect(offlineNotice(page)).toBeVisible();
      await expect(shipmentRows(page).filter({ hasText: kept })).toHaveCount(1);
      await expect(shipmentRows(page)).toHaveCount(keptRows);
      await expect(waitingList(page).getByRole('listitem').filter({ hasText: queued })).toHaveCount(1);
      await expect(waitingList(page)).toContainText('Queued Recipient');
      // Not the error banner of a failed load, not the empty list.
      await expect(page.getByText(/The list loads when the connection is back|No results\./)).toHaveCount(0);
      // The waiting shipment comes before the list's rows.
      const waitingTop = (await waitingList(page).boundingBox())?.y ?? Infinity;
      const tableTop = (await page.getByRole('table', { name: 'Shipments' }).boundingBox())?.y ?? -Infinity;
      expect(waitingTop).toBeLessThan(tableTop);
    };
    await keptList();
    // The list's Refresh offline changes nothing either.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await keptList();
    // Opened again offline (a reload, as after a restart): still the kept list and the waiting shipment.
    await page.reload();
    await keptList();
    // And once more: what that start kept on the device is still the list (not a failed refresh).
    await page.reload();
    await keptList();

    // Online again: sent once, the waiting block goes and the list shows it once.
    await context.setOffline(false);
    await expect(page.getByRole('status', { name: 'Submissions to sync' })).toHaveText('', { timeout: 20_000 });
    await expect(waitingList(page)).toHaveCount(0);
    await expect(offlineNotice(page)).toHaveCount(0);
    await expect(shipmentRows(page).filter({ hasText: queued })).toHaveCount(1);
    await expect(shipmentRows(page).filter({ hasText: kept })).toHaveCount(1);
    const found = await request.get('/api/v1/shipments', { params: { reference_number: queued }, headers: { authorization: `Bearer ${bearer}` } });
    expect(found.status(), await found.text()).toBe(200);
    expect(((await found.json()) as { count: number }).count).toBe(1);
  } finally {
    await context.close();
  }
});
