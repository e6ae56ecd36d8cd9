import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessToken, createShipmentViaApi, DEMO_ADMIN, DEMO_USER, signIn, translated, unique } from './support.ts';

// Tracking, as the public and a client meet it: the public redirect of /shipment/track/{number}
// (to the portal's own page, or to a partner's site once the partner has the parcel), the public
// page on a phone without any personal data, and a client's /shipment/tracking run from its URL.
// Shipments are created and scanned through the real API; nothing is mocked but the partner's site.

interface TrackedShipment {
  trackingNumber: string;
  recipientName: string;
  street: string;
  postalCode: string;
}

/** A parcel of the demo client to Bratislava, created through the API (not in the browser, which stays signed out). */
async function createShipment(request: APIRequestContext): Promise<TrackedShipment> {
  const id = unique();
  const shipment = { recipientName: `Tracking Recipient ${id}`, street: `Tajná ${id}`, postalCode: '81101' };
  const created = await createShipmentViaApi(request, await accessToken(request, DEMO_USER), {
    reference_number: `TRK-${id}`,
    receiver_name: shipment.recipientName,
    receiver_address_line_1: shipment.street,
    receiver_address_number: '7',
    receiver_postal_code: shipment.postalCode,
    receiver_email: `tracking-${id}@example.sk`,
  });
  return { ...shipment, trackingNumber: created.tracking_number ?? '' };
}

/** The depot scans the parcel (ARRIVED, then SENT: handed to the delivery partner), as the scan page does. */
async function scan(request: APIRequestContext, trackingNumber: string, statuses: Array<'ARRIVED' | 'SENT'>): Promise<void> {
  const authorization = `Bearer ${await accessToken(request, DEMO_ADMIN)}`;
  for (const status of statuses) {
    const response = await request.post('/api/v1/admin/shipments/parcel-status', { headers: { authorization }, data: { status, parcels_id: [trackingNumber] } });
    expect(response.status(), await response.text()).toBe(200);
  }
}

function timeline(page: Page) {
  return page.getByRole('list', { name: 'Progress' });
}

test('the public redirect sends a visitor to the portal’s own tracking page', async ({ page, request }) => {
  const { trackingNumber } = await createShipment(request);

  await page.goto(`/shipment/track/${trackingNumber}`);

  await expect(page).toHaveURL(new RegExp(`/package/tracking\\?tracking_number=${trackingNumber}$`));
  await expect(timeline(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Registered' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('once the partner has the parcel, the postal code leads to the partner’s site', async ({ page, request, baseURL }) => {
  const { trackingNumber } = await createShipment(request);
  await scan(request, trackingNumber, ['ARRIVED', 'SENT']);
  const answer = await request.get(`/api/v1/shipments/track?tracking_number=${trackingNumber}&zip=81101`);
  const { tracking_link } = (await answer.json()) as { tracking_link: string };
  expect(new URL(tracking_link).origin, 'the demo partner has a tracking page of its own').not.toBe(new URL(baseURL!).origin);

  // Without the postal code a stranger stays on the portal's page (the partner's names the country).
  await page.goto(`/shipment/track/${trackingNumber}`);
  await expect(page).toHaveURL(`/package/tracking?tracking_number=${trackingNumber}`);
  await page.getByLabel('Destination postal code (optional)').fill('811 01');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByRole('link', { name: 'Tracking page of Slovak Parcel Service' })).toHaveAttribute('href', tracking_link);
});

test('an unknown tracking number shows “Shipment not found”', async ({ page }) => {
  await page.goto(`/shipment/track/ZZ${unique().toUpperCase()}`);
  await expect(page.getByRole('alert')).toHaveText('Shipment not found');
  await expect(page).toHaveURL(/\/shipment\/track\//);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the public page shows the timeline and no personal data', async ({ page, request }) => {
    const shipment = await createShipment(request);
    await scan(request, shipment.trackingNumber, ['ARRIVED']);

    await page.goto('/package/tracking');
    await page.getByLabel('Tracking number').fill(shipment.trackingNumber.toLowerCase());
    await page.getByLabel('Destination postal code (optional)').fill('811 01');
    await page.getByRole('button', { name: 'Track' }).click();

    // The browser submits the form as typed; the server reads the number as printed.
    await expect(page).toHaveURL(new RegExp(`tracking_number=${shipment.trackingNumber}&zip=811\\+01$`, 'i'));
    await expect(timeline(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('At the depot');
    const steps = timeline(page).getByRole('listitem');
    await expect(steps).toHaveCount(5);
    await expect(steps.nth(0)).toContainText('Registered (reached)');
    await expect(steps.nth(1)).toContainText('At the depot (reached)');
    await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(2)).toContainText('On its way (not yet)');
    await expect(steps.nth(1)).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    const events = page.getByRole('list', { name: 'Events, newest first' }).getByRole('listitem');
    await expect(events).toHaveCount(2);
    await expect(events.first()).toContainText('Arrived at the depot');

    const text = await page.locator('body').innerText();
    expect(text).not.toContain(shipment.recipientName);
    expect(text).not.toContain(shipment.street);
    expect(text).not.toContain('0905 123 456');

    // Fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The wrong postal code finds nothing, as an unknown number does.
    await page.getByLabel('Destination postal code (optional)').fill('04001');
    await page.getByRole('button', { name: 'Track' }).click();
    await expect(page.getByRole('alert')).toContainText('Shipment not found');
    await expect(timeline(page)).toHaveCount(0);
  });
});

test('a client’s tracking page runs the search of its URL and lists the events', async ({ page, request }) => {
  const shipment = await createShipment(request);
  await scan(request, shipment.trackingNumber, ['ARRIVED']);
  await signIn(page, DEMO_USER);

  await page.goto(`/shipment/tracking?tracking_number=${shipment.trackingNumber}`);

  await expect(page.getByLabel('Tracking number')).toHaveValue(shipment.trackingNumber);
  const rows = page.getByRole('table', { name: 'Events, newest first' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Arrived at the depot');
  await expect(rows.nth(2)).toContainText('Shipment created, label ready');
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  // Before the partner has it, the link is the portal's own public page.
  const publicPage = page.getByRole('link', { name: /Public tracking page/ });
  await expect(publicPage).toHaveAttribute('href', new RegExp(`/package/tracking\\?tracking_number=${shipment.trackingNumber}$`));
  await expect(publicPage).toHaveAttribute('target', '_blank');

  // A new search goes into the URL; an unknown number says so.
  const unknown = `ZZ${unique().toUpperCase()}`;
  await page.getByLabel('Tracking number').fill(unknown);
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page).toHaveURL(new RegExp(`/shipment/tracking\\?tracking_number=${unknown}$`));
  await expect(page.getByRole('alert')).toHaveText('Shipment not found');

  // Back brings the first search and its events back.
  await page.goBack();
  await expect(page.getByLabel('Tracking number')).toHaveValue(shipment.trackingNumber);
  await expect(rows).toHaveCount(3);
});

test('switching the public page to Slovak translates the milestones and event descriptions', async ({ page, request }) => {
  const { trackingNumber } = await createShipment(request);
  await page.goto(`/package/tracking?tracking_number=${trackingNumber}`);
  const events = page.getByRole('list', { name: 'Events, newest first' }).getByRole('listitem');
  await expect(events.first()).toContainText('Shipment created, label ready');

  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Slovenčina' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
  await expect(
    page
      .getByRole('list', { name: translated('sk', 'Events, newest first') })
      .getByRole('listitem')
      .first(),
  ).toContainText(translated('sk', 'tracking.event.CREATED'));
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(translated('sk', 'Registered'));
});

test('offline, the public page opens from the installed app, says so, and looks up the parcel once the connection is back', async ({ page, context, request }) => {
  const { trackingNumber } = await createShipment(request);
  // A visit to the full app installs the service worker (the public pages do not register it);
  // the next page it controls keeps the language file in its cache.
  await page.goto('/user/login');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await context.setOffline(true);
  await page.goto(`/package/tracking?tracking_number=${trackingNumber}`);
  await expect(page.getByRole('heading', { name: 'Track a parcel' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('You are offline.');

  await context.setOffline(false);
  await expect(timeline(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a first visit gets the page from the server: search, timeline, errors and languages work without a script', async ({ page, request }) => {
    const { trackingNumber } = await createShipment(request);
    const scripts: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'script') scripts.push(sent.url());
    });

    await page.goto(`/shipment/track/${trackingNumber}`);
    await expect(page).toHaveURL(`/package/tracking?tracking_number=${trackingNumber}`);
    await expect(timeline(page)).toBeVisible();
    await expect(page.getByText('Times are shown in Central European time (Bratislava).')).toBeVisible();

    // An empty search asks for the number; a new one is the browser's own submission.
    await page.getByLabel('Tracking number').fill('');
    await page.getByRole('button', { name: 'Track' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter the tracking number from your receipt or e-mail.');
    await page.getByLabel('Tracking number').fill(`ZZ${unique().toUpperCase()}`);
    await page.getByRole('button', { name: 'Track' }).click();
    await expect(page.getByRole('alert')).toContainText('Shipment not found');

    // German, kept by the next search.
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByLabel(translated('de', 'Tracking number')).fill(trackingNumber);
    await page.getByRole('button', { name: translated('de', 'Track') }).click();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(translated('de', 'Registered'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    expect(scripts).toEqual([]);
  });
});
