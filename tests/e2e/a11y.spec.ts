// axe (WCAG 2 A and AA rules) on the admin's company screens and the pages every client uses:
// no violation. The context bypasses our CSP so that axe's script can run in the page.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, signIn, settled } from './support.ts';

test.use({ bypassCSP: true });

async function violations(page: Page): Promise<string[]> {
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the company screens and the shipment list have no axe violation', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, DEMO_ADMIN);
  await page.goto('/shipments');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto('/company');
  await page.getByRole('link', { name: /Zelená Záhrada/ }).click();
  await expect(page.getByRole('heading', { name: 'Company detail for Zelená Záhrada s.r.o.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pickup addresses' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Manage partners' }).first().click();
  await page.getByLabel('Country', { exact: true }).selectOption('SK');
  await page.getByLabel('Product', { exact: true }).selectOption('PRM');
  await page.getByLabel('Delivery method', { exact: true }).selectOption('parcel_locker');
  await expect(page.getByRole('button', { name: /^Choose partner / }).first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
