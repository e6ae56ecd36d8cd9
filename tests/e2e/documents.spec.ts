import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { createShipmentViaApi, DEMO_USER, mainNavigation, signIn, unique } from './support.ts';

// A client prints labels (one, then a sheet of several from a half-used A4) from the shipment
// list, hands a selection over on a manifest, and finds that manifest again on /manifests.

/** Creates `count` shipments through the API as the signed-in client, all with one reference, and answers their item numbers. */
async function createShipments(page: Page, reference: string, count: number): Promise<string[]> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('token') ?? '{}') as { value?: string }).value);
  const items: string[] = [];
  for (let i = 0; i < count; i++) {
    const shipment = await createShipmentViaApi(page.request, token ?? '', {
      reference_number: reference,
      receiver_name: `Documents ${reference} ${i + 1}`,
      receiver_address_number: String(10 + i),
      receiver_email: 'documents@example.sk',
    });
    items.push(shipment.item_number);
  }
  return items;
}

/** The list filtered to one reference (the filters live in the URL). */
async function openList(page: Page, reference: string, rows: number) {
  await page.goto(`/shipments?reference_number=${reference}`);
  await expect(page.getByRole('table', { name: 'Shipments' }).getByRole('row')).toHaveCount(rows + 1);
}

async function pdfOf(download: Download): Promise<string> {
  return readFileSync((await download.path())!)
    .subarray(0, 5)
    .toString('latin1');
}

test('a client downloads one label and a sheet of labels from the list', async ({ page }) => {
  await signIn(page, DEMO_USER);
  const reference = `LBL-${unique()}`;
  const items = await createShipments(page, reference, 3);
  await openList(page, reference, 3);

  // One label from the row's actions.
  const first = items[0]!;
  await page.getByRole('button', { name: `Actions for ${first}` }).click();
  const [single] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download label' }).click()]);
  expect(single.suggestedFilename()).toBe(`label_${first}.pdf`);
  expect(await pdfOf(single)).toBe('%PDF-');

  // All three on a half-used sheet: the first free label is the second one.
  await page.getByRole('checkbox', { name: 'Select all loaded shipments' }).first().check();
  await page.getByRole('button', { name: 'First label on the sheet: 1, top left' }).click();
  await page.getByRole('dialog', { name: 'First label on the sheet' }).getByRole('radio', { name: '2, top right' }).check();
  await expect(page.getByRole('button', { name: 'First label on the sheet: 2, top right' })).toBeVisible();
  const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download labels (3)' }).click()]);
  expect(sheet.suggestedFilename()).toBe('labels.pdf');
  expect(await pdfOf(sheet)).toBe('%PDF-');
  await expect(page.getByText('Labels downloaded.')).toBeVisible();

  // The choice is remembered for the next visit.
  await page.reload();
  await expect(page.getByRole('button', { name: 'First label on the sheet: 2, top right' })).toBeVisible();

  // A deleted shipment has no label: the row does not offer one, and a batch with it is refused whole.
  await page.getByRole('button', { name: `Actions for ${items[2]}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  const deleted = page.getByRole('row').filter({ hasText: items[2]! });
  await expect(deleted).toContainText('Deleted');
  await deleted.getByRole('button', { name: `Actions for ${items[2]}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Details' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Download label' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: 'Select all loaded shipments' }).first().check();
  await page.getByRole('button', { name: 'Download labels (3)' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `These shipments have no label to print: ${items[2]}` })).toBeVisible();
});

test('a client hands a selection over on a manifest and downloads it again from /manifests', async ({ page }) => {
  await signIn(page, DEMO_USER);
  const reference = `MF-${unique()}`;
  const items = await createShipments(page, reference, 2);
  await openList(page, reference, 2);

  await page.getByRole('checkbox', { name: 'Select all loaded shipments' }).first().check();
  await page.getByRole('button', { name: 'Create manifest (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a manifest for 2 shipments?' });
  await expect(dialog).toBeVisible();
  const [created] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Create manifest' }).click()]);
  // Both wait at the same pickup address for the same partner: one manifest, one PDF.
  expect(created.suggestedFilename()).toMatch(/^manifest_MF\d{10}\.pdf$/);
  expect(await pdfOf(created)).toBe('%PDF-');
  const manifestId = created.suggestedFilename().slice('manifest_'.length, -'.pdf'.length);
  await expect(page.getByText('Manifest downloaded.')).toBeVisible();
  for (const item of items) await expect(page.getByRole('row').filter({ hasText: item })).toContainText('Manifested');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Create manifest', exact: true })).toBeDisabled();

  // Once handed over, a second manifest of the same shipments is refused with the server's text.
  await page.getByRole('checkbox', { name: 'Select all loaded shipments' }).first().check();
  await page.getByRole('button', { name: 'Create manifest (2)' }).click();
  await dialog.getByRole('button', { name: 'Create manifest' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Only shipments in status CREATED can go on a manifest' })).toBeVisible();

  // The header link leads to the list, newest first.
  await mainNavigation(page).getByRole('link', { name: 'Manifests' }).click();
  await expect(page).toHaveURL(/\/manifests$/);
  await expect(page.getByRole('heading', { name: 'Manifests' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Manifests' }).getByRole('row').filter({ hasText: manifestId });
  await expect(row).toContainText(/\d\d\.\d\d\.\d{4} \d\d:\d\d/);
  await expect(row.getByRole('cell').nth(4)).toHaveText('2');
  await expect(page.getByRole('columnheader', { name: 'Company' })).toHaveCount(0);
  const [again] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Download manifest ${manifestId}` }).click()]);
  expect(again.suggestedFilename()).toBe(`manifest_${manifestId}.pdf`);
  expect(await pdfOf(again)).toBe('%PDF-');
});
