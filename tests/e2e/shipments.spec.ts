import { expect, test, type Page } from '@playwright/test';
import { accessToken, createShipmentViaApi, DEMO_USER, mainNavigation, signIn, translated, type LanguageCode } from './support.ts';

// A client sends shipments through the form, finds them in the list, opens one and deletes one;
// in English and in Slovak (labels read from the catalogs).

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function chooseLanguage(page: Page, code: LanguageCode) {
  if (code === 'en') return;
  const names = { sk: 'Slovenčina', de: 'Deutsch', cz: 'Čeština' } as const;
  await page.getByLabel('Language').first().selectOption({ label: names[code] });
  await expect(page.locator('html')).toHaveAttribute('lang', code === 'cz' ? 'cs' : code);
}

async function openSendForm(page: Page, lang: LanguageCode) {
  await page.goto('/shipment/send');
  await expect(page.getByRole('heading', { name: translated(lang, 'Send a shipment') })).toBeVisible();
}

async function fillRecipient(page: Page, lang: LanguageCode, r: { name: string; street?: string; number?: string; city?: string; zip?: string; phone: string; email: string }) {
  const l = (s: string) => translated(lang, s);
  await page.getByLabel(l('Name'), { exact: true }).fill(r.name);
  if (r.street) await page.getByLabel(l('Street'), { exact: true }).fill(r.street);
  if (r.number) await page.getByLabel(l('House number'), { exact: true }).fill(r.number);
  if (r.city) await page.getByLabel(l('City'), { exact: true }).fill(r.city);
  if (r.zip) await page.getByLabel(l('Postal code'), { exact: true }).fill(r.zip);
  await page.getByLabel(l('Phone'), { exact: true }).fill(r.phone);
  await page.getByLabel(l('Email'), { exact: true }).fill(r.email);
}

async function fillParcel(page: Page, lang: LanguageCode, p: { weight: string; width: string; height: string; length: string; content: string }) {
  const l = (s: string) => translated(lang, s);
  await page.getByLabel(l('Weight (kg)')).fill(p.weight);
  await page.getByLabel(l('Width (cm)')).fill(p.width);
  await page.getByLabel(l('Height (cm)')).fill(p.height);
  await page.getByLabel(l('Length (cm)')).fill(p.length);
  await page.getByLabel(l('Content'), { exact: true }).fill(p.content);
}

async function submitAndFindInList(page: Page, lang: LanguageCode, receiverName: string) {
  await page.getByRole('button', { name: translated(lang, 'Send shipment') }).click();
  await expect(page).toHaveURL(/\/shipments$/);
  // The toast names the new shipment and offers its label at once.
  const toast = page.getByRole('status').filter({ hasText: /PP\d{10}/ });
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button', { name: translated(lang, 'Print label') })).toBeVisible();
  await expect(page.getByRole('cell', { name: receiverName }).or(page.getByText(receiverName)).first()).toBeVisible();
  // The new row is marked so that it is found at once.
  await expect(page.locator('tr[data-new]').filter({ hasText: receiverName })).toBeVisible();
}

test('a client sends a parcel to a Slovak parcel locker and finds it in the list', async ({ page }) => {
  await signIn(page, DEMO_USER);
  await openSendForm(page, 'en');
  await page.getByLabel('Country').selectOption('SK');
  await page.getByRole('button', { name: 'Box' }).click();
  await page.getByPlaceholder('Search by city, street, postal code or name').fill('Bratislava');
  // The list follows the search: pick a Bratislava point once it is shown.
  const point = page.getByRole('list', { name: 'Parcel points' }).getByRole('button', { name: /Bratislava/ }).first();
  await expect(point).toBeVisible();
  await point.click();
  // The point fills the address, read-only, with a way to change it.
  await expect(page.getByLabel('City', { exact: true })).toHaveValue(/Bratislava/);
  await expect(page.getByLabel('City', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Change' })).toBeVisible();
  const name = `Locker ${unique()}`;
  await fillRecipient(page, 'en', { name, phone: '0905 123 456', email: 'locker@example.sk' });
  await fillParcel(page, 'en', { weight: '1.25', width: '30', height: '20', length: '40', content: 'Garden tools' });
  await submitAndFindInList(page, 'en', name);
});

test('in Slovak, a client sends a tracked letter to Germany by courier', async ({ page }) => {
  await signIn(page, DEMO_USER);
  await chooseLanguage(page, 'sk');
  await openSendForm(page, 'sk');
  await page.getByLabel(translated('sk', 'Country')).selectOption('DE');
  await expect(page.getByLabel(translated('sk', 'Product'))).toHaveValue('TRC');
  const name = `Kurier ${unique()}`;
  await fillRecipient(page, 'sk', { name, street: 'Friedrichstraße', number: '12', city: 'Berlin', zip: '10117', phone: '030 1234567', email: 'kurier@example.de' });
  await fillParcel(page, 'sk', { weight: '0.4', width: '30', height: '2', length: '22', content: 'Documents' });
  await submitAndFindInList(page, 'sk', name);
});

test('a shipment to Switzerland needs an HS code; it can be opened and deleted', async ({ page }) => {
  await signIn(page, DEMO_USER);
  await openSendForm(page, 'en');
  await page.getByLabel('Country').selectOption('CH');
  const name = `Zoll ${unique()}`;
  await fillRecipient(page, 'en', { name, street: 'Bahnhofstrasse', number: '5', city: 'Zürich', zip: '8001', phone: '+41 44 123 45 67', email: 'zoll@example.ch' });
  await fillParcel(page, 'en', { weight: '0.8', width: '25', height: '3', length: '20', content: 'Books' });
  await page.getByRole('button', { name: 'Send shipment' }).click();
  // The customs rule keeps the form on screen with the field marked.
  const hs = page.getByLabel('HS tariff code');
  await expect(hs).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/shipment\/send$/);
  await hs.fill('490199');
  await page.getByLabel('Quantity').fill('2');
  await submitAndFindInList(page, 'en', name);

  // Open it.
  const row = page.getByRole('row').filter({ hasText: name });
  const itemNumber = (await row.getByRole('link').first().textContent())!.trim();
  await row.getByRole('link', { name: itemNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/shipment/${itemNumber}$`));
  await expect(page.getByText('490199')).toBeVisible();

  // Delete it from the list.
  await page.goto('/shipments');
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${itemNumber}` }).click();
  // By keyboard (the menu pattern: End, Enter): a pointer aimed at an item of a menu that moved
  // with its row lands outside it and closes it.
  const deleteItem = page.getByRole('menuitem', { name: 'Delete' });
  await expect(deleteItem).toBeVisible();
  await page.keyboard.press('End');
  await expect(deleteItem).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(itemNumber);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Deleted');
});

test('an empty form shows the field errors on the fields', async ({ page }) => {
  await signIn(page, DEMO_USER);
  await openSendForm(page, 'en');
  await page.getByRole('button', { name: 'Send shipment' }).click();
  for (const label of ['Name', 'Street', 'City', 'Postal code', 'Phone', 'Email', 'Content']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(page.getByText('Name is required')).toBeVisible();
  // A postal code of the wrong format is caught before anything is sent.
  await page.getByLabel('Postal code', { exact: true }).fill('1234');
  await page.getByLabel('Postal code', { exact: true }).blur();
  await expect(page).toHaveURL(/\/shipment\/send$/);
});

test('the detail offers the label, the tracking events and Delete while created, under Shipments in the header', async ({ page, request }) => {
  const token = await accessToken(request, DEMO_USER);
  const created = await createShipmentViaApi(request, token);
  await signIn(page, DEMO_USER);
  await page.goto(`/shipment/${created.item_number}`);
  await expect(page.getByRole('heading', { name: `Shipment ${created.item_number}` })).toBeVisible();
  await expect(mainNavigation(page).getByRole('link', { name: 'Shipments' })).toHaveAttribute('aria-current', 'page');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download label' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  await page.getByRole('link', { name: 'Tracking events' }).click();
  await expect(page).toHaveURL(new RegExp(`/shipment/tracking\\?tracking_number=${created.tracking_number}`));
  await page.goBack();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/shipments$/);
  await expect(page.getByRole('row').filter({ hasText: created.item_number })).toContainText('Deleted');
});
