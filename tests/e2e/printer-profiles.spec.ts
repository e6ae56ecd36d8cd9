import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { accessToken, createShipmentViaApi, DEMO_ADMIN, signIn, unique, settled } from './support.ts';

// Printer profiles (issue 33): the carrier's admin sets a company's label printer on its page; a
// client sets its pickup address's own in Settings; a device that prints automatically (the
// default) then prints that address's shipments on it, without choosing anything. The journey has
// a company of its own, so that the demo company's printers stay as the other journeys expect.

interface Desk {
  companyId: string;
  addressId: string;
  client: { clientId: string; secret: string; name: string; admin: false };
}

async function newCompanyWithDesk(request: APIRequestContext): Promise<Desk> {
  const admin = { authorization: `Bearer ${await accessToken(request, DEMO_ADMIN)}` };
  const tag = unique();
  const company = await request.post('/api/v1/admin/company', {
    headers: admin,
    data: {
      name: `Tlačiareň ${tag} s.r.o.`,
      street: 'Hlavná 1',
      zip: '811 01',
      city: 'Bratislava',
      country: 'SK',
      companyIdentificationNumber: '55443320',
      taxIdentificationNumber: '2020202019',
      confirmDuplicate: true,
    },
  });
  expect(company.status(), await company.text()).toBe(201);
  const companyId = ((await company.json()) as { id: string }).id;
  const product = await request.post(`/api/v1/admin/company/${companyId}/product?country=SK&product=PRM`, { headers: admin });
  expect(product.status(), await product.text()).toBeLessThan(300);
  const address = await request.post(`/api/v1/admin/company/${companyId}/pickup-address`, {
    headers: admin,
    data: {
      pickupAddress: {
        contactPerson: 'Ľuboš Sklad',
        street: 'Skladová 7',
        zip: '010 01',
        city: 'Žilina',
        country: 'SK',
        email: 'sklad@example.sk',
        phone: '+421415550199',
        pickupDays: 1,
      },
      clientIds: [],
    },
  });
  expect(address.status(), await address.text()).toBeLessThan(300);
  const addressId = ((await address.json()) as { id: string }).id;
  const clientId = `desk-${tag}`;
  const registered = await request.post('/api/v1/admin/client/register', {
    headers: admin,
    data: { client: { clientId, name: 'Ľuboš Sklad', email: `${clientId}@example.com` }, company: companyId },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { secret } = (await registered.json()) as { secret: string };
  return { companyId, addressId, client: { clientId, secret, name: 'Ľuboš Sklad', admin: false } };
}

/** Selects the journey's one shipment in the list and downloads its labels with the toolbar's button. */
async function downloadSelection(page: Page, reference: string): Promise<{ download: Download; format: unknown }> {
  await page.goto(`/shipments?reference_number=${reference}`);
  await expect(page.getByRole('table', { name: 'Shipments' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all loaded shipments' }).first().check();
  const [request, download] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/v1/shipments/labels') && r.method() === 'POST'),
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download labels (1)' }).click(),
  ]);
  return { download, format: (request.postDataJSON() as { format: unknown }).format };
}

test('the admin’s company printer and a client’s address printer decide how a desk that prints automatically prints', async ({ browser, page, request }, testInfo) => {
  test.slow();
  const desk = await newCompanyWithDesk(request);

  // The admin sets the company's printer on its page.
  await signIn(page, DEMO_ADMIN);
  await page.goto(`/company/${desk.companyId}`);
  const companyPrinter = page.getByRole('combobox', { name: 'Label printer' });
  await expect(companyPrinter).toHaveValue('office');
  await companyPrinter.selectOption({ label: '100×150 labels (PDF)' });
  await expect(page.getByText('Label printer saved.')).toBeVisible();
  await expect(companyPrinter).toHaveValue('pdf-100x150');

  // The desk's clerk, on a device of its own that has chosen no printer.
  const clerkContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, acceptDownloads: true });
  const clerk = await clerkContext.newPage();
  await signIn(clerk, desk.client);
  const bearer = await accessToken(request, desk.client);
  const reference = `PROFILE-${unique()}`;
  const shipment = await createShipmentViaApi(request, bearer, { reference_number: reference, pickup_address_id: desk.addressId, receiver_name: 'Jürgen Weiß' });
  const first = await downloadSelection(clerk, reference);
  expect(first.format).toBe('pdf-100x150');
  expect(first.download.suggestedFilename()).toBe('labels.pdf');
  await expect(clerk.getByRole('combobox', { name: 'Label printer' }).locator('option:checked')).toHaveText('Automatic: 100×150 labels (PDF)');

  // The clerk gives the pickup address its Zebra in Settings.
  await clerk.goto('/user/settings');
  const addressPrinter = clerk.getByRole('combobox', { name: 'Label printer of Skladová 7, 010 01 Žilina' });
  await expect(addressPrinter).toHaveValue('');
  await expect(addressPrinter.locator('option:checked')).toHaveText('Company’s printer: 100×150 labels (PDF)');
  await addressPrinter.selectOption({ label: 'Zebra 300 dpi (ZPL)' });
  await expect(clerk.getByText('Label printer of Skladová 7, 010 01 Žilina saved.')).toBeVisible();
  await settled(clerk);
  const axe = await new AxeBuilder({ page: clerk }).include('#label-printers-title').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // Its shipments now print as ZPL at 300 dpi: the selection, and a row's own label.
  const second = await downloadSelection(clerk, reference);
  expect(second.format).toBe('zpl-300');
  expect(second.download.suggestedFilename()).toBe('labels.zpl');
  const zpl = readFileSync((await second.download.path())!).toString('utf8');
  expect(zpl).toContain('^PW1200^LL1800');
  expect(zpl).toContain(`^FD${shipment.tracking_number}^FS`);
  await clerk.getByRole('button', { name: `Actions for ${shipment.item_number}` }).click();
  const [single] = await Promise.all([clerk.waitForEvent('download'), clerk.getByRole('menuitem', { name: 'Download label' }).click()]);
  expect(single.suggestedFilename()).toBe(`label_${shipment.item_number}.zpl`);

  // Handed over, its label prints again from the manifest list, on the same printer.
  const handedOver = await request.post('/api/v1/manifests/generate', { headers: { authorization: `Bearer ${bearer}` }, data: { item_numbers: [shipment.item_number] } });
  expect(handedOver.status(), await handedOver.text()).toBe(200);
  await clerk.goto('/manifests');
  const manifestLabels = clerk.getByRole('button', { name: /^Print the labels of manifest MF\d{10}$/ }).first();
  const [fromManifest] = await Promise.all([clerk.waitForEvent('download'), manifestLabels.click()]);
  expect(fromManifest.suggestedFilename()).toBe('labels.zpl');
  expect(readFileSync((await fromManifest.path())!).toString('utf8')).toContain(`^FD${shipment.tracking_number}^FS`);

  // The admin sees the address's own printer on the company's page.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Pickup addresses with a printer of their own' })).toContainText('Skladová 7, 010 01 Žilina: Zebra 300 dpi (ZPL)');
  await clerkContext.close();
});
