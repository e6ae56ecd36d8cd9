// The audit log (issue 30) on a server of its own (the clients' profile changes it makes would
// change what the other journeys read): two clients of different companies change their own
// e-mail; the admin opens "Audit log" from the profile menu, filters by one company and sees only
// that company's change, then the entries filed under no company.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { startFreshServer, type FreshServer } from './fresh-server.ts';
import { freePort } from '#scripts/free-port.ts';
import { DEMO_ADMIN, DEMO_USER, DEMO_USER_2, mainNavigation, signIn, type DemoAccount } from './support.ts';

let server: FreshServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startFreshServer(await freePort(), null);
});

test.afterAll(async () => {
  await server?.stop();
});

async function changeEmail(request: APIRequestContext, account: DemoAccount, email: string) {
  const token = await request.post(`${server.url}/oauth/token`, { data: { grant_type: 'client_credentials', client_id: account.clientId, client_secret: account.secret } });
  expect(token.ok()).toBe(true);
  const { access_token } = (await token.json()) as { access_token: string };
  const saved = await request.post(`${server.url}/api/v1/profile`, { headers: { authorization: `Bearer ${access_token}` }, data: { name: account.name, email, phone: '' } });
  expect(saved.ok()).toBe(true);
}

test('an admin filters the audit log by a company and sees its client’s own change', async ({ browser, request }) => {
  test.setTimeout(90_000);
  await changeEmail(request, DEMO_USER, 'peter.audit@example.com');
  await changeEmail(request, DEMO_USER_2, 'jana.audit@example.com');

  const page = await (await browser.newContext({ baseURL: server.url })).newPage();
  await signIn(page, DEMO_ADMIN);
  await mainNavigation(page).getByRole('link', { name: 'Audit log' }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Audit log' });
  await expect(heading).toBeVisible();
  // The profile menu stays open while its link has the focus.
  await heading.click();
  const table = page.getByRole('table');
  await expect(table.getByText('peter.audit@example.com')).toBeVisible();
  await expect(table.getByText('jana.audit@example.com')).toBeVisible();

  await page.getByLabel('Company').selectOption({ label: 'Bohemia Books s.r.o.' });
  await expect(page).toHaveURL(/company=/);
  await expect(table.getByText('jana.audit@example.com')).toBeVisible();
  await expect(table.getByText('peter.audit@example.com')).toHaveCount(0);
  const row = table.getByRole('row').filter({ hasText: 'jana.audit@example.com' });
  await expect(row).toContainText(DEMO_USER_2.name);
  await expect(row).toContainText(DEMO_USER_2.clientId);
  await expect(row.getByRole('link', { name: 'Bohemia Books s.r.o.' })).toBeVisible();
  await expect(page.getByText('Showing 1 of 1')).toBeVisible();

  // The entries filed under no company: none yet on a fresh server (the seed writes no entries).
  await page.getByLabel('Company').selectOption({ label: 'No company (delivery network)' });
  await expect(page.getByText('No change matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).first().click();
  await expect(table.getByText('peter.audit@example.com')).toBeVisible();
});
