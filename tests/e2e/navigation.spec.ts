import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER, mainNavigation, openProfileMenu, signIn } from './support.ts';

const NAV_FOR_ALL = ['Shipments', 'Manifests', 'Tracking', 'Reports', 'User manual'];

test('the admin sees Scan in the header and Companies in the profile menu', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const nav = mainNavigation(page);
  for (const name of [...NAV_FOR_ALL, 'Scan']) await expect(nav.getByRole('link', { name })).toBeVisible();

  const menu = await openProfileMenu(page);
  await expect(menu.getByRole('link', { name: 'Companies' })).toBeVisible();

  await nav.getByRole('link', { name: 'Scan' }).click();
  await expect(page).toHaveURL(/\/shipment\/scan$/);
  await expect(nav.getByRole('link', { name: 'Scan' })).toHaveAttribute('aria-current', 'page');
});

test('a user sees neither Scan nor Companies', async ({ page }) => {
  await signIn(page, DEMO_USER);
  const nav = mainNavigation(page);
  for (const name of NAV_FOR_ALL) await expect(nav.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Scan' })).toHaveCount(0);

  const menu = await openProfileMenu(page);
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Companies' })).toHaveCount(0);
});

test('the logo leads home, which redirects to the shipment list', async ({ page }) => {
  await signIn(page, DEMO_USER);
  await mainNavigation(page).getByRole('link', { name: 'Manifests' }).click();
  await expect(page).toHaveURL(/\/manifests$/);
  await page.getByRole('link', { name: 'Parcel Portal home' }).click();
  await expect(page).toHaveURL(/\/shipments$/);
});

test('an unknown route shows the 404 error page, and Go back returns', async ({ page }) => {
  await signIn(page, DEMO_USER);
  await page.goto('/no-such-page');

  await expect(page.getByRole('heading', { name: '404', level: 1 })).toBeVisible();
  await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
  await expect(mainNavigation(page)).toBeVisible();

  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/shipments$/);
});

test('an unknown route without a session redirects to the login page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '404' })).toHaveCount(0);
});
