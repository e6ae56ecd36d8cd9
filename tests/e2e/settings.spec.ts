import { expect, test, type APIRequestContext } from '@playwright/test';
import { accessToken, DEMO_ADMIN, mainNavigation, openProfileMenu, signIn, submitLogin, unique } from './support.ts';

/** A client of its own (the demo accounts' passwords must stay as they are for the other journeys). */
async function registerClient(request: APIRequestContext): Promise<{ clientId: string; secret: string; name: string }> {
  const admin = { authorization: `Bearer ${await accessToken(request, DEMO_ADMIN)}` };
  const companies = await request.get('/api/v1/admin/company/list?name=Zelena', { headers: admin });
  const company = ((await companies.json()) as Array<{ id: string; name: string }>).find((c) => c.name === 'Zelená Záhrada s.r.o.');
  const clientId = `settings-${unique()}`;
  const name = 'Lucia Settings';
  const created = await request.post('/api/v1/admin/client/register', {
    headers: admin,
    data: { client: { clientId, name, email: `${clientId}@example.com` }, company: company!.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { clientId, secret: ((await created.json()) as { secret: string }).secret, name };
}

test('a client edits the profile, changes the password and signs in with the new one', async ({ page, request }) => {
  // Five secrets are hashed on the way (register, two sign-ins, the change, a refused sign-in): slow on a busy machine.
  test.slow();
  const client = await registerClient(request);
  await signIn(page, { ...client, admin: false });

  const menu = await openProfileMenu(page);
  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/user\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  // The company is shown, not editable.
  await expect(page.getByText('Zelená Záhrada s.r.o.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(client.name);

  // A bad email stays in the form with its error; a good profile saves and returns to the list.
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email').fill(`${client.clientId}@firma.example`);
  await page.getByLabel('Name').fill('Lucia Nová');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/shipments$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your profile was saved.' })).toBeVisible();
  // The header greets the new name (the session was renewed).
  await expect(page.getByRole('button', { name: 'Lucia Nová: Profile menu' }).locator('[data-initials]')).toHaveAttribute('data-initials', 'LN');

  await page.goto('/user/settings');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill('not-the-password');
  await dialog.getByLabel('New password', { exact: true }).fill('Tractor-Moon-Rice-Harbour');
  await dialog.getByLabel('Repeat the new password').fill('Tractor-Moon-Rice-Harbour');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByLabel('Current password')).toHaveAccessibleDescription('The current password is not correct');

  await dialog.getByLabel('Current password').fill(client.secret);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed.' })).toBeVisible();
  await expect(dialog).toBeHidden();

  // This browser stays signed in, also after its access token is renewed with the new cookie.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/shipments');
  await expect(mainNavigation(page)).toBeVisible();
  await expect(page).toHaveURL(/\/shipments$/);

  await (await openProfileMenu(page)).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/user\/login/);
  await submitLogin(page, client.clientId, client.secret);
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong client ID or secret.' })).toBeVisible();
  await submitLogin(page, client.clientId, 'Tractor-Moon-Rice-Harbour');
  await expect(page).toHaveURL(/\/shipments$/);
});
