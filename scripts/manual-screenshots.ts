// Renews the user manual's screenshots (public/manual/{lang}/{name}.png, the same names in every
// language): `npm run manual:screenshots` for all four languages, or name some
// (`npm run manual:screenshots -- sk de`). For each language it starts the real server on a free
// port with a throw-away data folder and the demo data (so every language shows the same data),
// adds a few shipments through the API, then drives headless Debian chromium through the screens
// as demo-user and demo-admin with the interface in that language. Only the app's built files are
// served: the PWA is rebuilt first when its sources changed (as `npm start` does). Run it after a
// change to the screens, then `npm run build` (or `npm start`) serves the new images.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMPILED_SERVER_ARGS, ensureCompiledServer } from './compiled-server.ts';
import { freePort } from './free-port.ts';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, 'public', 'manual');
const LANGUAGES = ['en', 'sk', 'de', 'cz'] as const;
type Language = (typeof LANGUAGES)[number];
/** The browser's locale per portal language (date inputs and number formats follow it). */
const BROWSER_LOCALE: Record<Language, string> = { en: 'en-GB', sk: 'sk-SK', de: 'de-DE', cz: 'cs-CZ' };
const VIEWPORT = { width: 1280, height: 800 };
const USER = { clientId: 'demo-user', secret: 'demo-user-secret' };
const ADMIN = { clientId: 'demo-admin', secret: 'demo-admin-secret' };
/** Generous: the first request of a page may wait for PGlite, a language file or an import job. */
const TIMEOUT_MS = 30_000;

// --- The server ------------------------------------------------------------------------------

interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** The server as `npm start` runs it, on its own port and data folder, with the demo data. */
async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-manual-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' };
  const child: ChildProcess = spawn(process.execPath, COMPILED_SERVER_ARGS, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const stopChild = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', stopChild);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 90 s')), 90_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Portal listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      stopChild();
      await exited;
      process.off('exit', stopChild);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// --- Demo data through the API ---------------------------------------------------------------

async function accessToken(base: string, account: { clientId: string; secret: string }): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: account.clientId, client_secret: account.secret }),
  });
  if (!response.ok) throw new Error(`sign-in of ${account.clientId} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface CreatedShipment {
  item_number: string;
  tracking_number: string | null;
  receiver_name?: string;
}

/** Today's orders of the demo e-shop: what an office clerk has in the list before the pickup. */
const TODAYS_ORDERS: Array<Record<string, unknown>> = [
  { receiver_name: 'Zuzana Kollárová', receiver_address_line_1: 'Hviezdoslavova', receiver_address_number: '9', receiver_city: 'Trnava', receiver_postal_code: '917 01', receiver_country: 'SK', product: 'PRM', weight: 2.1, content: 'Seeds and bulbs', reference_number: 'OBJ-2025-0141', cod_amount: 34.9 },
  { receiver_name: 'Tomáš Dvořák', receiver_address_line_1: 'Masarykova', receiver_address_number: '21', receiver_city: 'Brno', receiver_postal_code: '602 00', receiver_country: 'CZ', product: 'PRM', weight: 4.8, content: 'Garden hose', reference_number: 'OBJ-2025-0142' },
  { receiver_name: 'Ivana Mikulová', receiver_address_line_1: 'Tematínska', receiver_address_number: '10', receiver_city: 'Bratislava', receiver_postal_code: '851 05', receiver_country: 'SK', product: 'PRM', delivery_method: 'parcel_locker', pickup_point_id: 'PT10001', weight: 0.9, content: 'Pruning shears', reference_number: 'OBJ-2025-0143' },
  { receiver_name: 'Klaus Becker', receiver_address_line_1: 'Leopoldstraße', receiver_address_number: '44', receiver_city: 'München', receiver_postal_code: '80802', receiver_country: 'DE', product: 'TRC', weight: 0.4, width: 30, height: 21, length: 3, content: 'Catalogue', reference_number: 'OBJ-2025-0144' },
  { receiver_name: 'Eszter Nagy', receiver_address_line_1: 'Váci utca', receiver_address_number: '15', receiver_city: 'Budapest', receiver_postal_code: '1052', receiver_country: 'HU', product: 'PRM', weight: 3.2, content: 'Plant pots', reference_number: 'OBJ-2025-0145' },
  { receiver_name: 'Marek Šimko', receiver_address_line_1: 'Hlavná', receiver_address_number: '102', receiver_city: 'Prešov', receiver_postal_code: '080 01', receiver_country: 'SK', product: 'PRM', weight: 6.5, content: 'Fertiliser', reference_number: 'OBJ-2025-0146', insurance: 120 },
  { receiver_name: 'Agnieszka Wójcik', receiver_address_line_1: 'ul. Floriańska', receiver_address_number: '8', receiver_city: 'Kraków', receiver_postal_code: '31-019', receiver_country: 'PL', product: 'PRM', weight: 1.7, content: 'Garden gloves', reference_number: 'OBJ-2025-0147' },
  { receiver_name: 'Lucia Baranová', receiver_address_line_1: 'Štúrova', receiver_address_number: '3', receiver_city: 'Nitra', receiver_postal_code: '949 01', receiver_country: 'SK', product: 'PRM', weight: 2.9, content: 'Watering can', reference_number: 'OBJ-2025-0148' },
];

async function createShipments(base: string, bearer: string): Promise<CreatedShipment[]> {
  const created: CreatedShipment[] = [];
  for (const order of TODAYS_ORDERS) {
    const response = await fetch(`${base}/api/v1/shipments/store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify({
        delivery_method: 'home_delivery',
        receiver_phone: '+421 905 000 111',
        receiver_email: 'orders@example.com',
        width: 40,
        height: 30,
        length: 20,
        ...order,
      }),
    });
    if (response.status !== 201) throw new Error(`creating ${String(order.reference_number)} failed: ${response.status} ${await response.text()}`);
    created.push(((await response.json()) as { shipment: CreatedShipment }).shipment);
  }
  return created;
}

/** The seeded parcels that have travelled (their tracking timelines), newest first as the list sorts them. */
async function journeyParcels(base: string, bearer: string): Promise<CreatedShipment[]> {
  const response = await fetch(`${base}/api/v1/shipments?skip=0&take=25&reference_number=DEMO-TRACKING`, { headers: { authorization: `Bearer ${bearer}` } });
  if (!response.ok) throw new Error(`listing the demo parcels failed: ${response.status}`);
  return ((await response.json()) as { shipments: CreatedShipment[] }).shipments;
}

// --- Files to import ---------------------------------------------------------------------------

/** A shop export whose headers the portal does not know: the mapping step asks for them. */
const SHOP_EXPORT_HEADERS = ['Customer', 'Delivery street', 'No.', 'Town', 'Post code', 'Country', 'Mobile', 'E-mail', 'Item', 'Kg', 'W', 'H', 'L', 'Order'];
const SHOP_EXPORT = [
  SHOP_EXPORT_HEADERS.join(';'),
  'Roman Kučera;Kpt. Jaroša;14;Košice;040 22;SK;+421 907 555 123;roman.kucera@example.sk;Lawn mower blades;2,4;40;20;10;ESHOP-7781',
  'Helena Malá;Nádražní;5;Olomouc;779 00;CZ;+420 605 111 222;helena.mala@example.cz;Garden lights;1,1;30;20;15;ESHOP-7782',
  'Peter Kán;Sládkovičova;30;Banská Bystrica;974 05;SK;+421 908 444 555;peter.kan@example.sk;Bird feeder;0,7;25;25;20;ESHOP-7783',
].join('\r\n');
/** Which of the file's columns each required field (in the mapping table's order) comes from. */
const SHOP_EXPORT_MAPPING = ['Customer', 'Delivery street', 'Town', 'Post code', 'Country', 'Mobile', 'E-mail', 'Item', 'Kg', 'W', 'H', 'L'];

/** A file with two rows the carrier refuses (no postal code, a parcel too heavy), for the error list. */
const ROWS_WITH_ERRORS = [
  'receiver_name;receiver_address_line_1;receiver_address_number;receiver_city;receiver_postal_code;receiver_country;receiver_phone;receiver_email;product;content;weight;width;height;length;reference_number',
  'Ján Kováč;Hlavná;12;Žilina;010 01;SK;+421905123456;jan.kovac@example.sk;PRM;Books;1,2;30;20;10;WEB-2201',
  'Mária Horváthová;Obchodná;5;Bratislava;;SK;+421905222333;maria.horvathova@example.sk;PRM;Clothes;0,8;40;30;5;WEB-2202',
  'Karol Bednár;Dlhá;40;Trenčín;911 01;SK;+421905444555;karol.bednar@example.sk;PRM;Garden bench;48;120;60;60;WEB-2203',
  'Eva Lukáčová;Mierová;7;Poprad;058 01;SK;+421905666777;eva.lukacova@example.sk;PRM;Tea;0,5;20;15;10;WEB-2204',
].join('\r\n');

// --- Page helpers --------------------------------------------------------------------------------

/** Waits for the network to settle, with a cap: the import history and queues poll for ever. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // Fonts and images drawn, no transition half-way.
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
}

/** Closes the toast (toasts stay until dismissed), unless the screenshot is about it. */
async function dismissToast(page: Page): Promise<void> {
  const close = page.locator('.toast button');
  while ((await close.count()) > 0) {
    await close.first().click();
    await close.first().waitFor({ state: 'detached', timeout: 2_000 }).catch(() => undefined);
  }
}

class Camera {
  readonly taken: string[] = [];
  constructor(
    private readonly language: Language,
    private readonly only: ReadonlySet<string> | null,
  ) {}

  private file(name: string): string {
    return path.join(OUT_DIR, this.language, `${name}.png`);
  }

  wants(name: string): boolean {
    return !this.only || this.only.has(name);
  }

  /** The visible viewport, 1280 × 800. */
  async viewport(page: Page, name: string): Promise<void> {
    if (!this.wants(name)) return;
    await settle(page);
    await page.screenshot({ path: this.file(name), animations: 'disabled', caret: 'hide' });
    this.taken.push(name);
  }

  /**
   * The part of the page from `top`'s top edge down (at most 800 px, or to `bottom`'s bottom edge),
   * across the content's width (`main`), the whole window's (`full`) or the element's own (`own`),
   * with a little margin. The sticky header stays at the top of the page meanwhile, so that it
   * does not cover a part further down.
   */
  async region(page: Page, name: string, top: Locator, options: { bottom?: Locator; maxHeight?: number; width?: 'main' | 'full' | 'own' } = {}): Promise<void> {
    if (!this.wants(name)) return;
    // Through the CSSOM: the portal's Content-Security-Policy refuses inline style sheets.
    const unstick = (position: string) => page.evaluate((value) => document.querySelector<HTMLElement>('header.navbar')?.style.setProperty('position', value), position);
    await unstick('static');
    try {
      await top.scrollIntoViewIfNeeded();
      await settle(page);
      const margin = 12;
      const scroll = await page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }));
      const first = await top.boundingBox();
      const across = options.width === 'own' ? first : await page.locator('main').first().boundingBox();
      const last = options.bottom ? await options.bottom.boundingBox() : first;
      if (!first || !across || !last) throw new Error(`${name}: nothing to photograph`);
      const x = options.width === 'full' ? 0 : Math.max(0, across.x - margin);
      const width = options.width === 'full' ? VIEWPORT.width : Math.min(VIEWPORT.width - x, across.width + 2 * margin);
      const y = Math.max(0, first.y + scroll.y - margin);
      const height = Math.min(options.maxHeight ?? VIEWPORT.height, last.y + last.height + scroll.y + margin - y);
      await page.screenshot({ path: this.file(name), fullPage: true, clip: { x: x + scroll.x, y, width, height }, animations: 'disabled', caret: 'hide' });
      this.taken.push(name);
    } finally {
      await unstick('');
    }
  }

  /** Removes the language's images that this full run did not make (screens renamed or gone). */
  removeStale(): string[] {
    const dir = path.join(OUT_DIR, this.language);
    const stale = readdirSync(dir).filter((file) => file.endsWith('.png') && !this.taken.includes(file.slice(0, -4)));
    for (const file of stale) rmSync(path.join(dir, file));
    return stale;
  }
}

async function newContext(browser: Browser, base: string, language: Language): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    locale: BROWSER_LOCALE[language],
    timezoneId: 'Europe/Bratislava',
    // The app runs from the network; no service worker caches a run's files into the next one.
    serviceWorkers: 'block',
    acceptDownloads: true,
  });
  // The language switcher keeps the choice in localStorage `language` (src/web/lib/i18n.ts).
  await context.addInitScript((code) => localStorage.setItem('language', code), language);
  context.setDefaultTimeout(TIMEOUT_MS);
  return context;
}

async function signIn(page: Page, account: { clientId: string; secret: string }): Promise<void> {
  await page.goto('/user/login');
  await page.locator('input[name="client_id"]').fill(account.clientId);
  await page.locator('input[name="client_secret"]').fill(account.secret);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/shipments$/);
  await page.locator('table tbody tr').first().waitFor();
  await dismissToast(page);
}

const continueButton = (page: Page) => page.locator('form button[type="submit"]');

// --- The screens -------------------------------------------------------------------------------

interface Data {
  created: CreatedShipment[];
  journeys: CreatedShipment[];
}

async function clerkScreens(page: Page, camera: Camera, data: Data): Promise<void> {
  const context = page.context();

  // Signing in.
  await page.goto('/user/login');
  await page.locator('input[name="client_id"]').fill(USER.clientId);
  await page.locator('input[name="client_secret"]').fill(USER.secret);
  await camera.region(page, 'sign-in', page.locator('main'), { bottom: page.locator('select').last(), width: 'full' });
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/shipments$/);
  await page.locator('table tbody tr').first().waitFor();
  await dismissToast(page);

  // The shipment list with its filters.
  await camera.viewport(page, 'shipment-list');

  // Bulk labels and manifest: three of today's parcels selected, the sheet position open.
  const rows = page.locator('table tbody tr');
  for (const item of data.created.slice(-3)) {
    await rows.filter({ hasText: item.item_number }).locator('input[type="checkbox"]').check();
  }
  const toolbar = page.locator('main section').filter({ has: page.locator('table') }).locator(':scope > div').first();
  await toolbar.locator('button[popovertarget]').first().click();
  await page.locator('[popover]:popover-open').waitFor();
  await camera.region(page, 'labels-manifest', toolbar, { bottom: rows.nth(5) });
  await page.keyboard.press('Escape');

  // The single-page send form.
  await page.goto('/shipment/send');
  await page.locator('select[name="receiver_country"]').selectOption('SK');
  await page.locator('input[name="receiver_name"]').fill('Jana Kováčová');
  await page.locator('input[name="receiver_address_line_1"]').fill('Hlavná');
  await page.locator('input[name="receiver_address_number"]').fill('25');
  await page.locator('input[name="receiver_city"]').fill('Košice');
  await page.locator('input[name="receiver_postal_code"]').fill('040 01');
  await camera.viewport(page, 'send-form');

  // The wizard. Its pages are loaded while online (the service worker that would keep them is
  // blocked here), so that the offline part can move between them.
  await page.goto('/shipments');
  await page.locator('a[href="/shipment/drafts"]').first().click();
  await page.waitForURL(/\/shipment\/drafts$/);
  await page.locator('main a[href="/shipment/new"]').first().click();
  await page.waitForURL(/\/shipment\/new\?draft=/);
  await page.locator('select[name="country"]').selectOption('SK');
  await page.locator('input[name="product"][value="PRM"]').check();
  await continueButton(page).click();
  await page.locator('input[name="wizard-pickup-address"]').first().waitFor();
  await camera.viewport(page, 'wizard-delivery');
  // The Žilina warehouse (regular pickups, preferred partners), whatever order the addresses come in.
  await page.locator('label').filter({ hasText: 'Priemyselná 12' }).locator('input[name="wizard-pickup-address"]').click();
  await page.locator('input[name="recipient.receiver_name"]').waitFor();
  const fields: Array<[string, string]> = [
    ['recipient.receiver_name', 'Jana Kováčová'],
    ['recipient.receiver_address_line_1', 'Hlavná'],
    ['recipient.receiver_address_number', '25'],
    ['recipient.receiver_city', 'Košice'],
    ['recipient.receiver_postal_code', '040 01'],
    ['recipient.receiver_phone', '+421 905 123 456'],
    ['recipient.receiver_email', 'jana.kovacova@example.sk'],
  ];
  for (const [name, value] of fields) await page.locator(`input[name="${name}"]`).fill(value);
  await continueButton(page).click();
  await page.locator('input[name="package.content"]').waitFor();
  const packageFields: Array<[string, string]> = [
    ['package.content', 'Garden tools'],
    ['package.reference_number', 'OBJ-2025-0150'],
    ['package.label_sender_name', 'Zelená Záhrada'],
    ['parcels.0.weight', '3.5'],
    ['parcels.0.width', '40'],
    ['parcels.0.height', '30'],
    ['parcels.0.length', '20'],
    ['parcels.0.reference_number', 'OBJ-2025-0150-1'],
  ];
  for (const [name, value] of packageFields) await page.locator(`input[name="${name}"]`).fill(value);
  await continueButton(page).click();
  await page.locator('input[name="services.cod_amount"]').fill('49.90');
  await page.locator('input[name="services.consent"]').check();
  await continueButton(page).click();
  await page.locator('#wizard-tab-6[aria-selected="true"]').waitFor();
  await camera.viewport(page, 'wizard-summary');

  // Offline: Finish queues the shipment in the outbox; the header counts it, the drafts page lists it.
  await context.setOffline(true);
  await continueButton(page).click();
  await page.waitForURL(/\/shipments$/);
  const outbox = page.locator('header [role="status"] a[href="/shipment/drafts"]');
  await outbox.waitFor();
  await outbox.click();
  await page.waitForURL(/\/shipment\/drafts$/);
  await page.locator('main li .badge-warning').first().waitFor();
  await camera.region(page, 'offline-outbox', page.locator('header'), { bottom: page.locator('main ul').first(), width: 'full' });
  await context.setOffline(false);
  await outbox.waitFor({ state: 'detached' });
  await dismissToast(page);

  // Import: a shop's own export needs its columns matched.
  await page.goto('/shipment/import');
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'eshop-orders.csv', mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${SHOP_EXPORT}`, 'utf8') });
  await page.locator('main form button[type="submit"]').click();
  const mapping = page.locator('main section').filter({ has: page.locator('table select') });
  await mapping.waitFor();
  const selects = mapping.locator('table select');
  for (const [index, header] of SHOP_EXPORT_MAPPING.entries()) await selects.nth(index).selectOption({ label: header });
  await camera.region(page, 'import-mapping', mapping);
  await mapping.locator('button.btn-primary').click();
  await mapping.waitFor({ state: 'detached' });

  // The example file and a file with refused rows; the history once every import has finished.
  for (const [name, content] of [
    ['import_example.csv', readFileSync(path.join(ROOT, 'public', 'csv', 'import_example.csv'))],
    ['web-orders.csv', Buffer.from(`\ufeff${ROWS_WITH_ERRORS}`, 'utf8')],
  ] as const) {
    await fileInput.setInputFiles({ name, mimeType: 'text/csv', buffer: content });
    await page.locator('main form button[type="submit"]').click();
    await page.locator('table tbody tr').filter({ hasText: name }).first().waitFor();
  }
  const history = page.locator('section[aria-labelledby="import-history"]');
  await page.waitForFunction(() => document.querySelectorAll('section[aria-labelledby="import-history"] progress').length === 0, undefined, { timeout: 60_000 });
  await history.locator('tbody tr').filter({ hasText: 'web-orders.csv' }).locator('button[aria-expanded="false"]').click();
  await dismissToast(page);
  await camera.region(page, 'import-history', history);

  // Tracking an own parcel: the one that waits at a pickup point has the longest story.
  const journey = data.journeys.find((s) => s.receiver_name === 'Demo Recipient Two') ?? data.journeys[0];
  if (journey?.tracking_number) {
    await page.goto(`/shipment/tracking?tracking_number=${journey.tracking_number}`);
    await page.locator('main table tbody tr').first().waitFor();
    await camera.viewport(page, 'tracking');

    // The public page, as a recipient opens it from a link.
    await page.goto(`/package/tracking?tracking_number=${journey.tracking_number}`);
    // The milestones and the event list are both ordered lists.
    await page.locator('main ol').nth(1).locator('li').first().waitFor();
    await camera.viewport(page, 'public-tracking');
  }

  // Reports (when the screen exists in this build).
  await page.goto('/shipments/report');
  await page.locator('main h1').first().waitFor();
  if ((await page.locator('#error-status').count()) === 0) {
    // Two destination countries picked, when the picker lists them by code.
    for (const code of ['SK', 'CZ']) {
      const country = page.locator('main li label').filter({ has: page.locator('span', { hasText: new RegExp(`^${code}$`) }) }).locator('input[type="checkbox"]');
      if ((await country.count()) === 1) await country.check();
    }
    await camera.viewport(page, 'report');
  } else console.warn('  /shipments/report is not built yet: report.png skipped');

  // Settings.
  await page.goto('/user/settings');
  await page.locator('input[name="name"]').waitFor();
  await camera.viewport(page, 'settings');
}

async function adminScreens(page: Page, camera: Camera, data: Data): Promise<void> {
  await signIn(page, ADMIN);

  // The depot scan: two labels read by a hand scanner and sent as Arrive, then the next two read.
  await page.goto('/shipment/scan');
  const field = page.locator('main textarea');
  await field.waitFor();
  const wedge = async (code: string) => {
    await field.focus();
    await page.keyboard.type(`${code}\n`, { delay: 8 });
  };
  const [first, second, third, fourth] = data.created.filter((s) => s.tracking_number).map((s) => s.tracking_number!);
  if (!first || !second || !third || !fourth) throw new Error('not enough demo parcels to scan');
  await wedge(first);
  await wedge(second);
  await page.locator('main button.btn-primary.btn-lg').click();
  await page.locator('main .badge-success').first().waitFor();
  await wedge(third);
  await wedge(fourth);
  await camera.viewport(page, 'scan');

  // The company detail of the demo client.
  await page.goto('/company');
  await page.locator('main a[href^="/company/"]').filter({ hasText: 'Zelená Záhrada' }).click();
  await page.waitForURL(/\/company\/[^/]+$/);
  await page.locator('main article').first().waitFor();
  await camera.viewport(page, 'company-detail');
  await camera.region(page, 'pickup-addresses', page.locator('section[aria-labelledby="pickup-addresses-title"]'), { width: 'own' });

  // A new client: its secret is shown once.
  await page.locator('section[aria-labelledby="clients-title"] .card-body > div button').first().click();
  const dialog = page.locator('dialog[open]');
  await dialog.locator('input[name="client.clientId"]').fill('zahrada-sklad');
  await dialog.locator('input[name="client.name"]').fill('Marta Kráľová');
  await dialog.locator('input[name="client.email"]').fill('marta.kralova@example.sk');
  await dialog.locator('button[type="submit"]').click();
  const secret = page.locator('dialog[open]').filter({ has: page.locator('input[readonly]') });
  await secret.waitFor();
  await camera.region(page, 'client-secret', secret.locator('.modal-box'), { width: 'own' });
  await secret.locator('button.btn-primary').last().click();
  await dismissToast(page);

  // Partner assignment of the warehouse address.
  await page.locator('main article').filter({ hasText: 'Priemyselná 12' }).locator('a[href*="/partners"]').click();
  await page.waitForURL(/\/company\/[^/]+\/partners/);
  const selectsOnPage = page.locator('main select');
  await selectsOnPage.nth(0).selectOption('CZ');
  await selectsOnPage.nth(1).selectOption('PRM');
  await selectsOnPage.nth(2).selectOption('home_delivery');
  await page.locator('#candidates-title').waitFor();
  await page.locator('section[aria-labelledby="candidates-title"] button').first().waitFor();
  await camera.viewport(page, 'partner-assignment');

  // The delivery network and one partner.
  await page.goto('/partners');
  await page.locator('main table tbody tr').first().waitFor();
  await camera.viewport(page, 'network');
  await page.goto('/partners?partner=3');
  await page.locator('main table').first().waitFor();
  await camera.viewport(page, 'partner-detail');
}

// --- The run -----------------------------------------------------------------------------------


async function shootLanguage(browser: Browser, language: Language, only: ReadonlySet<string> | null): Promise<string[]> {
  const server = await startServer();
  try {
    const userToken = await accessToken(server.url, USER);
    const data: Data = { created: await createShipments(server.url, userToken), journeys: await journeyParcels(server.url, userToken) };
    mkdirSync(path.join(OUT_DIR, language), { recursive: true });
    const camera = new Camera(language, only);

    const clerk = await newContext(browser, server.url, language);
    try {
      await clerkScreens(await clerk.newPage(), camera, data);
    } finally {
      await clerk.close();
    }
    const admin = await newContext(browser, server.url, language);
    try {
      await adminScreens(await admin.newPage(), camera, data);
    } finally {
      await admin.close();
    }
    if (!only) {
      const stale = camera.removeStale();
      if (stale.length > 0) console.log(`  removed images no screen makes any more: ${stale.join(', ')}`);
    }
    return camera.taken;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const languages = args.filter((a): a is Language => (LANGUAGES as readonly string[]).includes(a));
  const onlyArg = args.find((a) => a.startsWith('--only='));
  const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',')) : null;
  const unknown = args.filter((a) => !languages.includes(a as Language) && a !== onlyArg);
  if (unknown.length > 0) throw new Error(`unknown arguments: ${unknown.join(' ')} (languages: ${LANGUAGES.join(', ')}; --only=name,name)`);

  const started = Date.now();
  ensureCompiledServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    for (const language of languages.length > 0 ? languages : LANGUAGES) {
      const began = Date.now();
      const taken = await shootLanguage(browser, language, only);
      console.log(`${language}: ${taken.length} screenshots in ${((Date.now() - began) / 1000).toFixed(0)} s (${taken.join(', ')})`);
    }
  } finally {
    await browser.close();
  }
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s: public/manual/{lang}/*.png. Run npm run build (or npm start) to serve them.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
