import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { persistentProfile, usePersistentProfiles, waitForServiceWorker } from './persistent-profile.ts';
import { accessToken, createShipmentViaApi, DEMO_ADMIN, DEMO_USER, DEMO_USER_2, mainNavigation, openProfileMenu, signIn, submitLogin, unique } from './support.ts';

// A sign-out holds whatever the network does (issue 32, README note 100). In a persistent browser
// profile, as on a shared PC (the cookie and the service worker survive like in a real browser):
// Log out offline, back online, open the portal: the sign-in page stays and the server has ended
// the session; the signed-out admin's queued scan is not sent by anybody else. And a new person
// signing in while that sign-out still waits keeps their own session.

// A fresh profile installs the service worker (its precache) first: more than the default 30 s on two busy cores.
test.describe.configure({ timeout: 120_000 });
usePersistentProfiles();
const sharedPc = () => persistentProfile();

/** The access token the app holds for the signed-in session. */
async function appBearer(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('token'));
  expect(raw).not.toBeNull();
  return (JSON.parse(raw!) as { value: string }).value;
}

/** Whether the server still accepts a session's access token (it answers 401 once the session ended). */
async function profileStatus(request: APIRequestContext, bearer: string): Promise<number> {
  return (await request.get('/api/v1/profile', { headers: { authorization: `Bearer ${bearer}` } })).status();
}

async function eventCodes(request: APIRequestContext, bearer: string, trackingNumber: string): Promise<string[]> {
  const response = await request.get('/api/v1/shipments/track', { params: { tracking_number: trackingNumber }, headers: { authorization: `Bearer ${bearer}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { events: Array<{ code: string }> }).events.map((e) => e.code);
}

const signInHeading = (page: Page) => page.getByRole('heading', { name: 'Sign in' });

test('Log out offline holds: back online the sign-in page stays, the server ended the session, the queued scan waits for its own client', async ({ request }) => {
  const userBearer = await accessToken(request, DEMO_USER);
  const shipment = await createShipmentViaApi(request, userBearer, { reference_number: `SIGNOUT-${unique()}`, receiver_name: 'Sign-out Offline' });
  const parcel = shipment.tracking_number ?? shipment.item_number;

  const { context, page } = await sharedPc();
  try {
    await signIn(page, DEMO_ADMIN);
    await page.goto('/shipment/scan');
    await expect(page.getByRole('heading', { name: 'Depot scan' })).toBeVisible();
    await waitForServiceWorker(page);
    const adminBearer = await appBearer(page);

    await context.setOffline(true);
    await page.getByLabel('Parcel ids').fill(parcel);
    await page.getByRole('button', { name: 'Arrive' }).click();
    await expect(page.getByRole('status', { name: 'Scan queue status' })).toContainText('1 scan waiting');

    // Log out offline: the dialog names the waiting scan and says the sign-out holds offline.
    await (await openProfileMenu(page)).getByRole('button', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out with unsent work?' });
    await expect(dialog).toContainText('1 scan is waiting to be sent.');
    await expect(dialog).toContainText('You are offline. Logging out still works');
    await dialog.getByRole('button', { name: 'Log out anyway' }).click();
    await expect(signInHeading(page)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'The server will be told as soon as the connection returns' })).toBeVisible();

    // Back online, the next person opens the portal: the sign-in page stays.
    await context.setOffline(false);
    await page.goto('/');
    await expect(page).toHaveURL(/\/user\/login/);
    await expect(signInHeading(page)).toBeVisible();
    await expect(mainNavigation(page)).toHaveCount(0);

    // The server saw the revoke: the session's access token (minutes from its expiry) is refused.
    await expect.poll(() => profileStatus(request, adminBearer)).toBe(401);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pending-sign-outs'))).toBeNull();
    // Opened again later (a reload): still nobody is signed in.
    await page.reload();
    await expect(signInHeading(page)).toBeVisible();
    await expect(mainNavigation(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The admin's scan was not sent without the admin's session.
    expect(await eventCodes(request, userBearer, parcel)).not.toContain('ARRIVED');

    // The admin signs in here again: only now the scan goes, under the admin's new session.
    await submitLogin(page, DEMO_ADMIN.clientId, DEMO_ADMIN.secret);
    await expect(mainNavigation(page)).toBeVisible();
    await expect.poll(() => eventCodes(request, userBearer, parcel)).toContain('ARRIVED');
  } finally {
    await context.close();
  }
});

test('a new person signs in while the offline sign-out still waits: their session lives on, the old one ends', async ({ request }) => {
  const { context, page } = await sharedPc();
  try {
    await signIn(page, DEMO_USER_2);
    await waitForServiceWorker(page);
    const oldBearer = await appBearer(page);

    await context.setOffline(true);
    await (await openProfileMenu(page)).getByRole('button', { name: 'Log out' }).click();
    await expect(signInHeading(page)).toBeVisible();

    // Online, but the revoke still does not get through (a flaky connection).
    await context.route('**/oauth/revoke', (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    await submitLogin(page, DEMO_USER.clientId, DEMO_USER.secret);
    await expect(page).toHaveURL(/\/shipments$/);
    await expect(mainNavigation(page)).toBeVisible();
    expect(await profileStatus(request, oldBearer)).toBe(200);
    expect(await page.evaluate(() => localStorage.getItem('pending-sign-outs'))).not.toBeNull();

    // The revoke gets through: the old session ends, the new one does not.
    await context.unroute('**/oauth/revoke');
    // The next renewal sends the waiting sign-out first (by its token, without the new cookie).
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.reload();
    // Two requests (the revoke, the renewal) before the shell: a reload in a profile with a service
    // worker on two busy cores may take longer than the default ten seconds.
    await expect(mainNavigation(page)).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => profileStatus(request, oldBearer)).toBe(401);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pending-sign-outs'))).toBeNull();
    expect(await profileStatus(request, await appBearer(page))).toBe(200);
    await expect(page.getByRole('button', { name: `${DEMO_USER.name}: Profile menu` })).toBeVisible();
  } finally {
    await context.close();
  }
});
