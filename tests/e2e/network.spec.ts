// Issue 15's journey on a server of its own (demo data; it replaces SPS's directory, which the
// other journeys' server must keep): the admin edits SPS's services and imports SPS's list of
// points with a new locker; demo-user then finds that locker in the send form's picker and
// sends a parcel to it.
import { expect, test } from '@playwright/test';
import { startFreshServer, type FreshServer } from './fresh-server.ts';
import { freePort } from '#scripts/free-port.ts';
import { DEMO_ADMIN, DEMO_USER, unique } from './support.ts';

let server: FreshServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startFreshServer(await freePort(), null);
});

test.afterAll(async () => {
  await server?.stop();
});

const CSV = [
  'id;name;type;street;city;zip;country;latitude;longitude;opening_hours',
  'PT990001;Box Nové Mesto;PT;Račianska 1;Bratislava;831 02;SK;48.1650;17.1300;mon=00:00-24:00',
  'PS990002;Trafika Ružinov;PS;Bajkalská 5;Bratislava;821 01;SK;48.1530;17.1400;mon=08:00-18:00',
  'XX1;Broken row;PT;;Bratislava;811 01;SK;48.1;17.1;',
].join('\n');

test('an admin edits a partner’s services and imports its directory; a client sends to the new locker', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext({ baseURL: server.url })).newPage();
  await admin.goto('/user/login');
  await admin.getByLabel('Client ID').fill(DEMO_ADMIN.clientId);
  await admin.getByLabel('Client secret').fill(DEMO_ADMIN.secret);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await expect(admin).toHaveURL(/\/company$/);

  // SPS stops serving other PUDO in Slovakia (no address prefers it for that).
  await admin.goto('/partners?partner=3');
  const otherPudo = admin.getByLabel('SK PRM other pick-up point', { exact: true });
  await expect(otherPudo).toBeChecked();
  await otherPudo.uncheck();
  await admin.getByRole('button', { name: 'Save services' }).click();
  await expect(admin.getByText('Services saved.')).toBeVisible();
  await admin.reload();
  await expect(admin.getByLabel('SK PRM other pick-up point', { exact: true })).not.toBeChecked();

  // SPS's list: two points (one of them new), one broken row.
  await admin.goto('/partners');
  const form = admin.getByRole('form', { name: 'Import a pickup-point directory' });
  await form.getByLabel('Partner').selectOption({ label: 'Slovak Parcel Service' });
  await form.getByLabel('File').setInputFiles({ name: 'sps-points.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
  await form.getByRole('button', { name: 'Import' }).click();
  const summary = admin.getByRole('region', { name: 'Import summary' });
  await expect(summary).toContainText('sps-points.csv');
  await expect(summary.getByRole('heading', { name: 'Rejected rows' })).toBeVisible();
  // The broken row is the file's third data row; its id is the field refused.
  await expect(summary.getByRole('row', { name: /^3 id This value is missing or not valid$/ })).toBeVisible();

  // The client finds the new locker and sends to it.
  const client = await (await browser.newContext({ baseURL: server.url })).newPage();
  await client.goto('/user/login');
  await client.getByLabel('Client ID').fill(DEMO_USER.clientId);
  await client.getByLabel('Client secret').fill(DEMO_USER.secret);
  await client.getByRole('button', { name: 'Sign in' }).click();
  await expect(client).toHaveURL(/\/shipments$/);
  await client.goto('/shipment/send');
  await client.getByLabel('Country').selectOption('SK');
  await client.getByRole('button', { name: 'Box' }).click();
  await client.getByPlaceholder('Search by city, street, postal code or name').fill('Nové Mesto');
  const point = client.getByRole('list', { name: 'Parcel points' }).getByRole('button', { name: /Box Nové Mesto/ });
  await expect(point).toBeVisible();
  await point.click();
  await expect(client.getByLabel('Street', { exact: true })).toHaveValue(/Račianska/);
  const name = `Locker ${unique()}`;
  await client.getByLabel('Name', { exact: true }).fill(name);
  await client.getByLabel('Phone', { exact: true }).fill('0905 123 456');
  await client.getByLabel('Email', { exact: true }).fill('box@example.sk');
  await client.getByLabel('Weight (kg)').fill('1.2');
  await client.getByLabel('Width (cm)').fill('30');
  await client.getByLabel('Height (cm)').fill('20');
  await client.getByLabel('Length (cm)').fill('40');
  await client.getByLabel('Content', { exact: true }).fill('Books');
  await client.getByRole('button', { name: 'Send shipment' }).click();
  await expect(client).toHaveURL(/\/shipments$/);
  // A client's table shows the delivery status by default; the partner is one tick away.
  await client.getByText('Columns', { exact: true }).click();
  await client.getByRole('checkbox', { name: 'Partner' }).check();
  await expect(client.getByRole('row').filter({ hasText: name })).toContainText('Slovak Parcel Service');
});
