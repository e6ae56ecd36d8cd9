import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER, signIn } from './support.ts';

// The list on an office screen and a depot tablet: rows show what a worker acts on without
// scrolling sideways, in the longest languages, and an office screen shows 15 rows or more.

async function useLanguage(page: Page, code: string) {
  await page.evaluate((language) => localStorage.setItem('language', language), code);
  await page.reload();
}

for (const account of [DEMO_ADMIN, DEMO_USER]) {
  test(`the table fits without sideways scrolling for ${account.admin ? 'an admin' : 'a user'} in de and sk`, async ({ page }) => {
    await signIn(page, account);
    await page.goto('/shipments');
    for (const language of ['de', 'sk']) {
      await useLanguage(page, language);
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 1024, height: 768 },
      ]) {
        await page.setViewportSize(viewport);
        const table = page.locator('table').first();
        await expect(table.locator('tbody tr').first()).toBeVisible();
        const overflow = await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth);
        expect(overflow, `the table scrolls sideways in ${language} at ${viewport.width}px`).toBeLessThanOrEqual(0);
        // Status and the row menu are on screen.
        const firstRow = table.locator('tbody tr').first();
        await expect(firstRow.locator('[data-status]')).toBeInViewport();
        await expect(firstRow.getByRole('button').last()).toBeInViewport();
      }
      // A portrait tablet gets cards, each with its status and menu.
      await page.setViewportSize({ width: 768, height: 1024 });
      const card = page.getByRole('list', { name: /Sendungen|Zásielky/ }).getByRole('listitem').first();
      await expect(card.locator('[data-status]')).toBeVisible();
      const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(pageOverflow, `the page scrolls sideways in ${language} at 768px`).toBeLessThanOrEqual(0);
    }
  });
}

test('an office screen shows at least 15 rows once the filters are folded into chips', async ({ page }) => {
  await signIn(page, DEMO_USER);
  const filters = page.getByRole('region', { name: 'Filters' });
  const toggle = filters.getByRole('button', { name: /^Filters/ });
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const row = page.locator('table tbody tr').first();
  const box = await row.boundingBox();
  expect(box).not.toBeNull();
  const visibleRows = Math.floor((800 - box!.y) / box!.height);
  expect(visibleRows, `rows of ${box!.height}px from y=${box!.y}`).toBeGreaterThanOrEqual(15);

  // A filter in force shows as a chip that removes it.
  await toggle.click();
  await filters.getByLabel('Status').selectOption('SENT');
  await toggle.click();
  const chip = filters.getByRole('list', { name: 'Filters in force' }).getByRole('listitem');
  await expect(chip).toHaveText(/Status: Sent/);
  await expect(page).toHaveURL(/status=SENT/);
  await chip.getByRole('button', { name: 'Remove filter Status: Sent' }).click();
  await expect(page).not.toHaveURL(/status=SENT/);
  await expect(chip).toHaveCount(0);
});

test('the column chooser adds a column and keeps the choice', async ({ page }) => {
  await signIn(page, DEMO_USER);
  await expect(page.getByRole('columnheader', { name: 'Product' })).toHaveCount(0);
  await page.getByText('Columns', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Product and delivery method' }).check();
  await expect(page.getByRole('columnheader', { name: 'Product' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Product' })).toBeVisible();
  await page.getByText('Columns', { exact: true }).click();
  await page.getByRole('button', { name: 'Default columns for this screen' }).click();
  await expect(page.getByRole('columnheader', { name: 'Product' })).toHaveCount(0);
});

test('the Created at header sorts oldest first and back, keeping the sort when filters are reset', async ({ page }) => {
  await signIn(page, DEMO_USER);
  const rows = page.locator('table tbody tr');
  await expect(rows.first()).toBeVisible();
  const newestFirst = await rows.locator('td:nth-child(2)').allInnerTexts();
  const header = page.getByRole('columnheader', { name: 'Created at' });
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await header.getByRole('button').click();
  await expect(page).toHaveURL(/order=oldest/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  // Item numbers are issued in creation order. Other journeys add shipments to this account, so
  // the list may be longer than a page: the oldest page is ascending and starts at or before the
  // newest page's last row.
  const ascending = (items: string[]) => items.length > 0 && items.every((item, i) => i === 0 || items[i - 1]! < item);
  await expect.poll(async () => {
    const oldestFirst = await rows.locator('td:nth-child(2)').allInnerTexts();
    return ascending(oldestFirst) && oldestFirst[0]! <= newestFirst.at(-1)!;
  }).toBe(true);
  await header.getByRole('button').click();
  await expect(page).not.toHaveURL(/order=/);
  await expect.poll(() => rows.locator('td:nth-child(2)').allInnerTexts()).toEqual(newestFirst);
});
