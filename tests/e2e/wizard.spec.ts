import { expect, test, type Page } from '@playwright/test';
import { DEMO_USER, signIn } from './support.ts';

// The six-step wizard: online, offline with a reload in the middle (each submission created
// exactly once when the network returns), and a submission the server refuses coming back as a
// draft with its error on the right step.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const stepTitle = (page: Page) => page.locator('#wizard-step-title');
const pressContinue = (page: Page) => page.getByRole('button', { name: 'Continue' }).click();

async function startWizard(page: Page) {
  await page.getByRole('link', { name: 'New shipment' }).click();
  // No draft until something is entered (an untouched wizard leaves none behind); the address names the step.
  await expect(page).toHaveURL(/\/shipment\/new\?step=1$/);
  await expect(stepTitle(page)).toHaveText('Destination and product');
}

async function destinationAndDelivery(page: Page) {
  await page.getByLabel('Destination country').selectOption('SK');
  await page.getByRole('radio', { name: /Parcel/ }).first().check();
  await pressContinue(page);
  await expect(stepTitle(page)).toHaveText('Delivery and pickup address');
  // Choosing the pickup address does not move on: the choice can still be changed.
  await page.getByRole('radio', { name: /Priemyselná 12/ }).click();
  await expect(page.getByRole('radio', { name: /Priemyselná 12/ })).toBeChecked();
  await expect(stepTitle(page)).toHaveText('Delivery and pickup address');
  // The address was the first entry: the draft is stored and its id in the URL.
  await expect(page).toHaveURL(/\/shipment\/new\?.*draft=/);
  await pressContinue(page);
  await expect(stepTitle(page)).toHaveText('Recipient');
  await expect(page).toHaveURL(/[?&]step=3/);
}

async function recipient(page: Page, name: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Street').fill('Hlavná');
  await page.getByLabel('House number').fill('12');
  await page.getByLabel('City').fill('Košice');
  await page.getByLabel('Postal code').fill('040 01');
  await page.getByLabel('Phone').fill('0905 123 456');
  await page.getByLabel('Email').fill('jana@example.com');
}

async function packageServicesAndSummary(page: Page, reference: string) {
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
  await page.getByLabel('Cash on delivery (optional)').fill('25.90');
  await page.getByRole('checkbox', { name: /I confirm/ }).check();
  await pressContinue(page);
  await expect(stepTitle(page)).toHaveText('Summary');
}

/** Rows of the shipment list that carry this reference number (the list filtered by it). */
async function listRowsWithReference(page: Page, reference: string) {
  await page.goto(`/shipments?reference_number=${reference}`);
  await expect(page.getByText(/Showing \d+ of \d+/)).toBeVisible();
  return page.getByRole('row').filter({ hasText: reference });
}

async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The signed-in shell keeps what the wizard needs offline (the pickup addresses).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('query-cache') ?? '')).toContain('pickup-addresses');
}

test('a client completes the wizard online and finds the shipment in the list', async ({ page }) => {
  const reference = `WZ-${unique()}`;
  await signIn(page, DEMO_USER);
  await startWizard(page);
  await destinationAndDelivery(page);

  // Continue checks the step: the missing fields say what they need.
  await pressContinue(page);
  await expect(page.getByText('Street is required')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Recipient/ })).toHaveAttribute('data-state', 'active');

  await recipient(page, 'Jana Kováčová');
  await packageServicesAndSummary(page, reference);
  await expect(page.getByRole('region', { name: 'Recipient' })).toContainText('Hlavná 12, 040 01 Košice');
  await expect(page.getByRole('region', { name: 'Cash on delivery' })).toContainText('25.90');

  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/shipments$/);
  // Submitted, then (once the carrier answers) created with its item number: either may be showing.
  await expect(page.getByText(/Shipment submitted\. It appears in your list as soon as the carrier confirms it\.|Shipment PP\d{10} created\./)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: reference })).toHaveCount(1);
});

test('offline: a draft survives a reload, waits in the outbox and is created exactly once online', async ({ page, context }) => {
  const reference = `OFF-${unique()}`;
  await signIn(page, DEMO_USER);
  await waitForServiceWorker(page);
  await context.setOffline(true);

  await startWizard(page);
  await destinationAndDelivery(page);
  await recipient(page, 'Offline Recipient');
  // Typing is saved as it happens: a reload (served by the service worker) brings it all back.
  await page.waitForTimeout(500);
  await page.reload();
  await expect(stepTitle(page)).toHaveText('Recipient');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Offline Recipient');
  await expect(page.getByLabel('Postal code')).toHaveValue('040 01');

  await packageServicesAndSummary(page, reference);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('You are offline: the shipment waits in this browser and is sent as soon as the connection is back.')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Submissions to sync' })).toContainText('1 waiting to sync');

  await context.setOffline(false);
  await expect(page.getByRole('status', { name: 'Submissions to sync' })).toHaveText('', { timeout: 15_000 });
  await expect(await listRowsWithReference(page, reference)).toHaveCount(1);
});

test('a submission the server refuses comes back as a draft with its error on the right step', async ({ page, context }) => {
  const reference = `REJ-${unique()}`;
  await signIn(page, DEMO_USER);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await startWizard(page);
  await destinationAndDelivery(page);
  await recipient(page, 'Rejected Recipient');
  await packageServicesAndSummary(page, reference);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('status', { name: 'Submissions to sync' })).toContainText('1 waiting to sync');

  // While it waited, the pickup address was removed by the carrier: the queued submission and its
  // draft now name an address the server no longer knows.
  await page.evaluate(async () => {
    const gone = '00000000-0000-4000-8000-000000000000';
    const open = indexedDB.open('portal');
    const database = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const tx = database.transaction(['drafts', 'outbox'], 'readwrite');
    const rewrite = (store: IDBObjectStore, change: (value: Record<string, never>) => void) =>
      new Promise<void>((resolve) => {
        const cursor = store.openCursor();
        cursor.onsuccess = () => {
          const current = cursor.result;
          if (!current) return resolve();
          const value = current.value as Record<string, never>;
          change(value);
          current.update(value);
          current.continue();
        };
      });
    await rewrite(tx.objectStore('outbox'), (row: { state?: string; payload?: { pickup_address_id: string } }) => {
      if (row.state === 'pending' && row.payload) row.payload.pickup_address_id = gone;
    });
    await rewrite(tx.objectStore('drafts'), (draft: { status?: string; data?: { pickupAddressId?: string } }) => {
      if (draft.status === 'submitted' && draft.data) draft.data.pickupAddressId = gone;
    });
  });

  await context.setOffline(false);
  await expect(page.getByRole('status', { name: 'Submissions to sync' })).toContainText('1 rejected', { timeout: 15_000 });
  await page.getByRole('status', { name: 'Submissions to sync' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/shipment\/drafts$/);
  const draft = page.getByRole('listitem').filter({ hasText: 'Rejected Recipient' });
  await expect(draft).toContainText('Needs correction (1)');
  await draft.getByRole('link', { name: 'Correct' }).click();

  // It opens on the delivery step, the server's message on the pickup address.
  await expect(stepTitle(page)).toHaveText('Delivery and pickup address');
  await expect(page.getByText('The carrier did not accept this shipment. Correct the marked fields and finish again.')).toBeVisible();
  await expect(page.getByText('Choose one of your pickup addresses')).toBeVisible();
  await page.getByRole('radio', { name: /Priemyselná 12/ }).click();
  for (const title of ['Recipient', 'Parcel: package details', 'Services', 'Summary']) {
    await pressContinue(page);
    await expect(stepTitle(page)).toHaveText(title);
  }
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/shipments$/);
  await expect(page.getByRole('status', { name: 'Submissions to sync' })).toHaveText('', { timeout: 15_000 });
  await expect(await listRowsWithReference(page, reference)).toHaveCount(1);
});

test('offline after the access token expired: the wizard still opens, and the outbox sends once the session is renewed', async ({ page, context }) => {
  const reference = `EXP-${unique()}`;
  await signIn(page, DEMO_USER);
  await waitForServiceWorker(page);
  // Fifteen minutes later: the access token has expired, the refresh cookie has not.
  await page.evaluate(() => {
    const record = JSON.parse(localStorage.getItem('token') ?? '{}') as { expiry: number };
    localStorage.setItem('token', JSON.stringify({ ...record, expiry: Date.now() - 1000 }));
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'New shipment' })).toBeVisible();

  await startWizard(page);
  await destinationAndDelivery(page);
  await recipient(page, 'Expired Session');
  await packageServicesAndSummary(page, reference);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('status', { name: 'Submissions to sync' })).toContainText('1 waiting to sync');

  await context.setOffline(false);
  await expect(page.getByRole('status', { name: 'Submissions to sync' })).toHaveText('', { timeout: 15_000 });
  await expect(await listRowsWithReference(page, reference)).toHaveCount(1);
});
