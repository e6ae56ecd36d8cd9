// A secret shown once (issue 31, README note 118), in a real browser: a partner's new feed key.
// Escape does not lose it (the dialog asks first), the copy button copies and says "Copied", and
// axe finds no serious or critical violation in the open dialog (the warning was 1.52:1 before).
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn, settled } from './support.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a new feed key: Escape asks first, Copy copies and says so, axe passes on the dialog', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/partners');
  await page.getByRole('link').filter({ hasText: 'Slovak Parcel Service' }).first().click();
  await page.getByRole('button', { name: 'New key' }).click();
  const dialog = page.getByRole('dialog', { name: /New feed key of/ });
  const secret = dialog.getByLabel('Secret', { exact: true });
  await expect(secret).not.toHaveValue('');

  await settled(page);
  const axe = await new AxeBuilder({ page }).include('dialog[open]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`)).toEqual([]);

  // Escape asks; a second Escape answers "no" and the secret is still there.
  await page.keyboard.press('Escape');
  const question = dialog.getByRole('group', { name: 'Have you copied the secret?' });
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(secret).not.toHaveValue('');

  // The backdrop asks too.
  await page.mouse.click(5, 5);
  await expect(question).toBeVisible();
  await dialog.getByRole('button', { name: 'No, back to the secret' }).click();

  const value = await secret.inputValue();
  await dialog.getByRole('button', { name: 'Copy the secret' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(dialog.getByText('Copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);

  // Copied: Escape closes at once, and the secret is gone from the page.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await page.content()).not.toContain(value);
});
