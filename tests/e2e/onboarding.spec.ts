// Issue 14's journey on an empty database (SEED_DEMO=0): create-admin makes an admin, who creates
// a company, grants it a product, enters its IBAN, adds a pickup address, registers a client
// (its secret shown once) and assigns a partner to the address; the new client signs in, sends a
// shipment that the assigned partner carries, and prints its label. Then the admin disables the
// client, who is sent to the sign-in page in the other browser. The admin follows the first-run
// checklist (issue 31): each step opens from it and is ticked when done; done, it is gone.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startFreshServer, type FreshServer } from './fresh-server.ts';
import { freePort } from '#scripts/free-port.ts';

const ADMIN = { clientId: 'carrier-admin', secret: 'carrier-admin-secret-2026', name: 'Eva Adminová' };
let server: FreshServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startFreshServer(await freePort(), ADMIN);
});

test.afterAll(async () => {
  await server?.stop();
});

/** Signs in; an admin lands on the companies, a client on its shipments. */
async function signInAt(page: Page, clientId: string, secret: string, home: RegExp = /\/shipments$/) {
  await page.goto(`${server.url}/user/login`);
  await page.getByLabel('Client ID').fill(clientId);
  await page.getByLabel('Client secret').fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(home);
}

const checklistOf = (page: Page) => page.getByRole('region', { name: 'First steps: ready for the first client' });

async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
  return context.newPage();
}

test('an admin onboards a client on an empty database; the client ships through the assigned partner; disabling signs it out', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await newPage(browser);
  await signInAt(admin, ADMIN.clientId, ADMIN.secret, /\/company$/);
  const checklist = checklistOf(admin);

  // A company, from the checklist on the admin's home.
  await expect(admin.getByRole('heading', { name: 'Company management' })).toBeVisible();
  await expect(checklist).toContainText('0 of 6 done.');
  await checklist.getByRole('button', { name: 'Add company' }).click();
  const companyDialog = admin.getByRole('dialog');
  await companyDialog.getByLabel('Company name').fill('Modrý Koník s.r.o.');
  await companyDialog.getByLabel('Street', { exact: true }).fill('Hlavná 1');
  await companyDialog.getByLabel('ZIP', { exact: true }).fill('040 01');
  await companyDialog.getByLabel('City', { exact: true }).fill('Košice');
  await companyDialog.getByLabel('Country', { exact: true }).selectOption('SK');
  await companyDialog.getByLabel('Company ID (IČO)', { exact: true }).fill('51234564');
  await companyDialog.getByLabel('Tax ID (DIČ)').fill('2121234566');
  await companyDialog.getByRole('button', { name: 'Add company' }).click();
  await expect(admin).toHaveURL(/\/company\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('heading', { name: 'Company detail for Modrý Koník s.r.o.' })).toBeVisible();

  await expect(checklist).toContainText('For Modrý Koník s.r.o.: 1 of 6 done.');

  // Parcels (PRM) to Slovakia.
  await checklist.getByRole('link', { name: 'Choose products' }).click();
  await expect(admin).toHaveURL(/#products-title$/);
  await admin.getByLabel('Add a country to Parcel (PRM)').selectOption('SK');
  await admin.getByRole('button', { name: 'Add country' }).click();
  await expect(admin.getByText('Country added to Parcel (PRM).')).toBeVisible();

  await expect(checklist).toContainText('2 of 6 done.');

  // Its IBAN: a wrong one is refused in the form, the right one saved.
  await checklist.getByRole('link', { name: 'Add bank account' }).click();
  await expect(admin).toHaveURL(/#bank-accounts-title$/);
  await admin.getByRole('button', { name: 'Enter IBAN' }).click();
  const ibanDialog = admin.getByRole('dialog');
  await ibanDialog.getByLabel('IBAN').fill('SK31 1200 0000 1987 4263 7540');
  await ibanDialog.getByLabel('SWIFT/BIC').fill('SUBASKBX');
  await ibanDialog.getByRole('button', { name: 'Save' }).click();
  await expect(ibanDialog.getByRole('alert').first()).toBeVisible();
  await ibanDialog.getByLabel('IBAN').fill('SK31 1200 0000 1987 4263 7541');
  await ibanDialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('SK31 1200 0000 1987 4263 7541').first()).toBeVisible();

  await expect(checklist).toContainText('3 of 6 done.');

  // A pickup address, collected on Monday and Wednesday.
  await checklist.getByRole('link', { name: 'Add address' }).click();
  await admin.getByRole('button', { name: 'Add address' }).click();
  const addressDialog = admin.getByRole('dialog');
  await addressDialog.getByLabel('Contact person').fill('Ján Sklad');
  await addressDialog.getByLabel('Street', { exact: true }).fill('Skladová 7');
  await addressDialog.getByLabel('ZIP', { exact: true }).fill('040 11');
  await addressDialog.getByLabel('City', { exact: true }).fill('Košice');
  await addressDialog.getByLabel('Country', { exact: true }).selectOption('SK');
  await addressDialog.getByLabel('Email', { exact: true }).fill('sklad@modrykonik.sk');
  await addressDialog.getByLabel('Phone', { exact: true }).fill('+421 905 111 222');
  await addressDialog.getByLabel('Regular pickup').check();
  await addressDialog.getByLabel('Monday').check();
  await addressDialog.getByLabel('Wednesday').check();
  await addressDialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByRole('heading', { name: /^Skladová 7, 040 11 Košice/ })).toBeVisible();

  await expect(checklist).toContainText('4 of 6 done.');

  // A client on that address: the secret is shown once.
  await checklist.getByRole('link', { name: 'Add client' }).click();
  await admin.getByRole('button', { name: 'Add client' }).click();
  const clientDialog = admin.getByRole('dialog');
  await clientDialog.getByLabel('Client ID (sign-in name)').fill('modry-konik');
  await clientDialog.getByLabel('Name', { exact: true }).fill('Mária Modrá');
  await clientDialog.getByLabel('Email', { exact: true }).fill('maria@modrykonik.sk');
  await clientDialog.getByLabel(/Skladová 7/).check();
  await clientDialog.getByRole('button', { name: 'Add client' }).click();
  const secretDialog = admin.getByRole('dialog', { name: 'Client secret of modry-konik' });
  await expect(secretDialog.getByText('It will not be shown again', { exact: false })).toBeVisible();
  const secret = await secretDialog.getByLabel('Client secret').inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(24);
  await secretDialog.getByRole('button', { name: 'Close' }).click();
  await secretDialog.getByRole('button', { name: 'Yes, close' }).click();
  await expect(admin.getByRole('dialog', { name: 'Client secret of modry-konik' })).toBeHidden();

  await expect(checklist).toContainText('5 of 6 done.');

  // PostOne for parcels to Slovakia by courier from that address (the default would be SPS).
  await checklist.getByRole('link', { name: 'Choose partners' }).click();
  await expect(admin).toHaveURL(/#pickup-addresses-title$/);
  await admin.getByRole('link', { name: 'Manage partners' }).click();
  await expect(admin).toHaveURL(/\/partners\?address=/);
  await admin.getByLabel('Country', { exact: true }).selectOption('SK');
  await admin.getByLabel('Product', { exact: true }).selectOption('PRM');
  await admin.getByLabel('Delivery method', { exact: true }).selectOption('home_delivery');
  await admin.getByRole('button', { name: 'Choose partner PostOne' }).click();
  await expect(admin.getByText('Partner association added.')).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'PostOne', exact: true })).toBeVisible();

  // The new client signs in and sends a parcel; PostOne carries it; the label prints.
  const client = await newPage(browser);
  await signInAt(client, 'modry-konik', secret);
  await client.goto(`${server.url}/shipment/send`);
  await client.getByLabel('Country').selectOption('SK');
  await client.getByLabel('Name', { exact: true }).fill('Peter Príjemca');
  await client.getByLabel('Street', { exact: true }).fill('Obchodná');
  await client.getByLabel('House number', { exact: true }).fill('5');
  await client.getByLabel('City', { exact: true }).fill('Bratislava');
  await client.getByLabel('Postal code', { exact: true }).fill('811 06');
  await client.getByLabel('Phone', { exact: true }).fill('0905 123 456');
  await client.getByLabel('Email', { exact: true }).fill('peter@example.sk');
  await client.getByLabel('Weight (kg)').fill('2.5');
  await client.getByLabel('Width (cm)').fill('30');
  await client.getByLabel('Height (cm)').fill('20');
  await client.getByLabel('Length (cm)').fill('40');
  await client.getByLabel('Content', { exact: true }).fill('Ceramics');
  await client.getByRole('button', { name: 'Send shipment' }).click();
  await expect(client).toHaveURL(/\/shipments$/);
  // A client's table shows the delivery status by default; the partner is one tick away.
  await client.getByText('Columns', { exact: true }).click();
  await client.getByRole('checkbox', { name: 'Partner' }).check();
  await client.keyboard.press('Escape');
  const row = client.getByRole('row').filter({ hasText: 'Peter Príjemca' });
  await expect(row).toContainText('PostOne');
  await row.getByRole('button', { name: /^Actions for PP/ }).click();
  const download = client.waitForEvent('download');
  await client.getByRole('menuitem', { name: 'Download label' }).click();
  expect((await download).suggestedFilename()).toMatch(/^label_PP\d{10}\.pdf$/);

  // The admin disables the client; at the client's next calls (three refused in a row, spec
  // section 4) its session ends and it is on the sign-in page.
  await admin.goto(admin.url().replace(/\/partners\?.*$/, ''));
  // Every step done: the checklist is gone.
  await expect(admin.getByRole('button', { name: 'Disable modry-konik' })).toBeVisible();
  await expect(checklistOf(admin)).toHaveCount(0);
  await admin.getByRole('button', { name: 'Disable modry-konik' }).click();
  await expect(admin.getByText('Client modry-konik disabled.')).toBeVisible();
  await expect
    .poll(
      async () => {
        const refresh = client.getByRole('button', { name: 'Refresh' });
        if (await refresh.isVisible()) await refresh.click();
        return new URL(client.url()).pathname;
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe('/user/login');
  // And it cannot sign in again.
  await client.getByLabel('Client ID').fill('modry-konik');
  await client.getByLabel('Client secret').fill(secret);
  await client.getByRole('button', { name: 'Sign in' }).click();
  await expect(client.getByRole('alert')).toContainText('Wrong client ID or secret.');
});
