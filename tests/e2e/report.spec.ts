import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { accessToken, createShipmentViaApi, DEMO_USER, signIn, unique } from './support.ts';

test("a client exports today's report and opens it: its shipments with their reference, a summary sheet", async ({ page, request }) => {
  const reference = `REPORT-${unique()}`;
  const created = await createShipmentViaApi(request, await accessToken(request, DEMO_USER), { reference_number: reference });
  await signIn(page, DEMO_USER);

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/shipments\/report$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  // A client has no report type to choose: DAILY, today.
  await expect(page.getByRole('radio')).toHaveCount(0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  // Named after its day and company (issue 31), in the carrier's days.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bratislava' }).format(new Date());
  expect(download.suggestedFilename()).toBe(`packages_${today}_zelena-zahrada-s-r-o.xlsx`);
  await expect(page.getByText('The report was downloaded.')).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Shipments', 'Summary']);
  const shipments = workbook.worksheets[0]!;
  const header = (shipments.getRow(1).values as unknown[]).slice(1);
  expect(header).toContain('Item number');
  const texts = new Set<string>();
  shipments.eachRow((row) => (row.values as unknown[]).forEach((value) => typeof value === 'string' && texts.add(value)));
  expect(texts).toContain(created.item_number);
  expect(texts).toContain(reference);

  // A period without shipments is said so, at the top, and nothing downloads.
  await page.getByLabel('From', { exact: true }).fill('01.01.2020');
  await page.getByLabel('To', { exact: true }).fill('02.01.2020');
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No shipments in this period.' })).toBeVisible();
});
