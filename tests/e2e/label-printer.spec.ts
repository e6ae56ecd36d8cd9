import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Download, type Page } from '@playwright/test';
import { accessToken, createShipmentViaApi, DEMO_USER, signIn, translated, unique, type LanguageCode, settled } from './support.ts';

// A shipping desk with a Zebra printer (issue 33): it picks its label printer once in the list's
// toolbar; a selection then comes as ZPL (labels.zpl) with the tracking numbers' barcodes, a row's
// label too, and "Print not yet printed" prints the waiting shipments never printed, as ZPL. The
// toolbar with the choice fits office, tablet and phone widths in sk and de.

const zplOf = async (download: Download) => readFileSync((await download.path())!).toString('utf8');

async function openList(page: Page, reference: string, rows: number) {
  await page.goto(`/shipments?reference_number=${reference}`);
  await expect(page.getByRole('table', { name: 'Shipments' }).getByRole('row')).toHaveCount(rows + 1);
}

test('a desk with a Zebra printer prints a selection, a row and the labels not yet printed as ZPL', async ({ page, request }) => {
  const bearer = await accessToken(request, DEMO_USER);
  // Nothing waits unprinted before this journey's own shipments.
  const before = await request.post('/api/v1/shipments/labels', { headers: { authorization: `Bearer ${bearer}` }, data: { not_printed: true } });
  expect([200, 400]).toContain(before.status());
  const reference = `ZPL-${unique()}`;
  const shipments = [];
  for (const name of ['Ľubomír Šťastný', 'Jürgen Weiß']) shipments.push(await createShipmentViaApi(request, bearer, { reference_number: reference, receiver_name: name }));

  await signIn(page, DEMO_USER);
  await openList(page, reference, 2);
  const printer = page.getByRole('combobox', { name: 'Label printer' });
  // A new device follows the printer profiles; the demo company has none: the office printer.
  await expect(printer).toHaveValue('profile');
  await expect(printer.locator('option:checked')).toHaveText('Automatic: Office printer (A4)');
  await printer.selectOption({ label: 'Zebra 203 dpi (ZPL)' });
  // A thermal printer takes one label after another: no A4 sheet position. Chromium has WebUSB:
  // a USB printer may be connected (the browser's chooser, which a headless run cannot answer).
  await expect(page.getByRole('button', { name: /First label on the sheet/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Connect USB printer' })).toBeVisible();

  // Not yet printed first: both shipments of this journey, oldest first.
  const [waiting] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print not yet printed' }).click()]);
  expect(waiting.suggestedFilename()).toBe('labels.zpl');
  const waitingZpl = await zplOf(waiting);
  expect(waitingZpl).toMatch(/^~DUR:PPSANS\.TTF,/);
  expect([...waitingZpl.matchAll(/\^BCN,[^^]+\^FH\^FD([^^]+)\^FS/g)].map((m) => m[1])).toEqual(shipments.map((s) => s.tracking_number));
  expect(waitingZpl).toContain('Ľubomír Šťastný');
  await expect(page.getByRole('button', { name: 'Print not yet printed' })).toBeEnabled();

  // The selection, and a row's own label, on the same printer.
  await page.getByRole('checkbox', { name: 'Select all loaded shipments' }).first().check();
  const [selection] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download labels (2)' }).click()]);
  expect(selection.suggestedFilename()).toBe('labels.zpl');
  expect((await zplOf(selection)).match(/\^XA/g)).toHaveLength(2);
  const first = shipments[0]!.item_number;
  await page.getByRole('button', { name: `Actions for ${first}` }).click();
  const [single] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download label' }).click()]);
  expect(single.suggestedFilename()).toBe(`label_${first}.zpl`);
  expect(await zplOf(single)).toContain(`^FD${shipments[0]!.tracking_number}^FS`);

  // Nothing waits now; the choice stays for the next visit.
  const [again] = await Promise.all([page.waitForEvent('download', { timeout: 3_000 }).catch(() => null), page.getByRole('button', { name: 'Print not yet printed' }).click()]);
  expect(again).toBeNull();
  await expect(page.getByText('Every waiting shipment’s label has been printed.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Label printer' })).toHaveValue('zpl-203');
});

const SIZES = [
  { name: 'office', width: 1280, height: 800 },
  { name: 'tablet-landscape', width: 1024, height: 768 },
  { name: 'tablet-portrait', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
];

for (const language of ['sk', 'de'] as LanguageCode[]) {
  test(`the toolbar with the label printer fits every width in ${language}, and axe finds nothing serious`, async ({ page }) => {
    await signIn(page, DEMO_USER);
    await page.evaluate((code) => localStorage.setItem('language', code), language);
    await page.goto('/shipments');
    const printer = page.getByRole('combobox', { name: translated(language, 'Label printer') });
    await expect(printer).toBeVisible();
    await printer.selectOption({ label: translated(language, '100×150 labels (PDF)') });
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await expect(printer).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`label-printer-${language}-${size.name}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), size.name).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await settled(page);
    const result = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
}
