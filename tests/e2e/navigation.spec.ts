import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER, mainNavigation, openProfileMenu, signIn } from './support.ts';

const NAV_FOR_CLIENTS = ['Shipments', 'Manifests', 'Tracking', 'Reports', 'User manual'];
const NAV_FOR_ADMINS = ['Companies', 'Partners', 'Shipments', 'Scan', 'Reports', 'Audit log', 'User manual'];

test('an admin lands on the companies and has its own navigation: companies, partners, scan, reports, audit', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const nav = mainNavigation(page);
  await expect(nav.getByRole('link', { name: 'Companies' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link')).toHaveText(NAV_FOR_ADMINS);

  // The profile menu keeps the person's own things only.
  const menu = await openProfileMenu(page);
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Companies' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await nav.getByRole('link', { name: 'Partners' }).click();
  await expect(page).toHaveURL(/\/partners$/);

  await nav.getByRole('link', { name: 'Scan' }).click();
  await expect(page).toHaveURL(/\/shipment\/scan$/);
  await expect(nav.getByRole('link', { name: 'Scan' })).toHaveAttribute('aria-current', 'page');
});

test('a user sees neither Scan nor Companies', async ({ page }) => {
  await signIn(page, DEMO_USER);
  const nav = mainNavigation(page);
  await expect(nav.getByRole('link')).toHaveText(NAV_FOR_CLIENTS);
  await expect(page.getByRole('link', { name: 'Scan' })).toHaveCount(0);

  const menu = await openProfileMenu(page);
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Companies' })).toHaveCount(0);

  // Its link leads on and the menu closes behind it.
  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/user\/settings$/);
  await expect(menu).toBeHidden();
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
