import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, test } from '@playwright/test';
import { DEMO_USER, signIn } from './support.ts';

// A client imports a file exported from Slovak Excel with good and bad rows, watches it complete,
// opens its errors and downloads the result file.

test('a client imports a mixed file, reads its row errors and downloads the result', async ({ page }) => {
  await signIn(page, DEMO_USER);
  await page.getByRole('link', { name: 'Import' }).first().click();
  await expect(page).toHaveURL(/\/shipment\/import$/);
  await expect(page.getByRole('heading', { name: 'Import shipments' })).toBeVisible();
  await expect(page.getByRole('link', { name: /import_example\.csv/ })).toHaveAttribute('href', '/csv/import_example.csv');

  // Without a file the form says what it needs.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('File is required')).toBeVisible();

  await page.getByLabel('File', { exact: true }).setInputFiles('tests/fixtures/imports/mixed-rows.csv');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('The import has started. Its result appears in the list below.')).toBeVisible();

  const history = page.getByRole('region', { name: 'Import history' }).or(page.getByRole('table', { name: 'Import history' }));
  const row = history.getByRole('row').filter({ hasText: 'mixed-rows.csv' }).first();
  await expect(row).toContainText('Completed', { timeout: 20_000 });
  await expect(row).toContainText('11');

  await row.getByRole('button', { name: 'Show the errors of mixed-rows.csv' }).click();
  await expect(page.getByText(/Row 5/).first()).toBeVisible();
  await expect(page.getByText(/Mesto/).first()).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download the result file of mixed-rows.csv' }).click()]);
  expect(download.suggestedFilename()).toBe('result_mixed-rows.csv');
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
  const [header, ...rows] = Papa.parse<string[]>(text, { delimiter: ';', skipEmptyLines: true }).data;
  expect(header!.slice(-4)).toEqual(['Status', 'item_number', 'tracking_number', 'Error']);
  expect(rows).toHaveLength(11);
  expect(rows.filter((r) => r.at(-4) === 'Created')).toHaveLength(5);
  expect(rows.filter((r) => r.at(-4) === 'Failed')).toHaveLength(6);
});
