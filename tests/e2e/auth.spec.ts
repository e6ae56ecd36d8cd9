import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_USER, mainNavigation, openProfileMenu, signIn, storedToken, submitLogin } from './support.ts';

test.describe('sign in', () => {
  for (const account of DEMO_ACCOUNTS) {
    // A client's home is its shipment list, an admin's the companies (README note 121).
    const home = account.admin ? { path: /\/company$/, link: 'Companies', heading: 'Company management' } : { path: /\/shipments$/, link: 'Shipments', heading: 'Shipments' };
    test(`${account.clientId} signs in and lands on ${account.admin ? '/company' : '/shipments'}`, async ({ page }) => {
      await page.goto('/user/login');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

      await submitLogin(page, account.clientId, account.secret);

      await expect(page).toHaveURL(home.path);
      const toast = page.getByRole('status').filter({ hasText: 'Signed in successfully.' });
      await expect(toast).toBeVisible();
      await toast.getByRole('button', { name: 'Dismiss' }).click();
      await expect(toast).toHaveCount(0);
      await expect(mainNavigation(page)).toBeVisible();
      await expect(mainNavigation(page).getByRole('link', { name: home.link })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { name: home.heading, level: 1 })).toBeVisible();

      const menu = await openProfileMenu(page);
      await expect(menu).toContainText(account.name);
      await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();

      const token = JSON.parse((await storedToken(page)) ?? 'null') as { value: string; data: { name: string }; expiry: number } | null;
      expect(token?.data.name).toBe(account.name);
      expect(token?.expiry).toBeGreaterThan(Date.now());
    });
  }

  test('a wrong secret shows the server message and stays on the login page', async ({ page }) => {
    await page.goto('/user/login');
    await submitLogin(page, DEMO_USER.clientId, 'not-the-secret');

    await expect(page.getByRole('alert').filter({ hasText: 'Wrong client ID or secret.' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/login(\?.*)?$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });

  test('empty fields show errors tied to their inputs', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByRole('button', { name: 'Sign in' }).click();

    const clientId = page.getByLabel('Client ID');
    const secret = page.getByLabel('Client secret');
    await expect(clientId).toHaveAttribute('aria-invalid', 'true');
    await expect(clientId).toHaveAccessibleDescription('Client ID is required');
    await expect(secret).toHaveAttribute('aria-invalid', 'true');
    await expect(secret).toHaveAccessibleDescription('Client secret is required');
    await expect(page).toHaveURL(/\/user\/login(\?.*)?$/);

    // Typing a value and submitting again clears that field's error.
    await clientId.fill(DEMO_USER.clientId);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(clientId).not.toHaveAttribute('aria-invalid', 'true');
    await expect(secret).toHaveAttribute('aria-invalid', 'true');
  });

  test('visiting /user/login while signed in redirects to the home page', async ({ page }) => {
    await signIn(page, DEMO_USER);
    await page.goto('/user/login');
    // Home (/) redirects on to the shipment list.
    await expect(page).toHaveURL(/\/shipments$/);
    await expect(mainNavigation(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  });
});

test('logout from the profile menu returns to the login page and forgets the token', async ({ page }) => {
  await signIn(page, DEMO_USER);
  expect(await storedToken(page)).not.toBeNull();

  const menu = await openProfileMenu(page);
  await menu.getByRole('button', { name: 'Log out' }).click();

  await expect(page).toHaveURL(/\/user\/login(\?.*)?$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You have been logged out.' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();

  // The session is really over: the shell is no longer reachable.
  await page.goto('/shipments');
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
});
