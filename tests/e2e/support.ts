// Shared steps of the end-to-end journeys: the demo accounts, signing in as a user does, and the
// translated texts read from the catalogs (so the journeys follow the translators, not a copy).
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface DemoAccount {
  clientId: string;
  secret: string;
  /** The client's name as the demo seed stores it (shown in the profile menu). */
  name: string;
  admin: boolean;
}

export const DEMO_ADMIN: DemoAccount = { clientId: 'demo-admin', secret: 'demo-admin-secret', name: 'Martina Kováčová', admin: true };
export const DEMO_USER: DemoAccount = { clientId: 'demo-user', secret: 'demo-user-secret', name: 'Peter Horváth', admin: false };
export const DEMO_USER_2: DemoAccount = { clientId: 'demo-user-2', secret: 'demo-user-2-secret', name: 'Jana Nováková', admin: false };
export const DEMO_ACCOUNTS = [DEMO_ADMIN, DEMO_USER, DEMO_USER_2];

/** Fills the login form and submits it; does not wait for the outcome. */
export async function submitLogin(page: Page, clientId: string, secret: string): Promise<void> {
  await page.getByLabel('Client ID').fill(clientId);
  await page.getByLabel('Client secret').fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through /user/login and waits for the signed-in shell on its home: /company for an admin, /shipments for a client. */
export async function signIn(page: Page, account: DemoAccount): Promise<void> {
  await page.goto('/user/login');
  await submitLogin(page, account.clientId, account.secret);
  await expect(page).toHaveURL(account.admin ? /\/company$/ : /\/shipments$/);
  await expect(mainNavigation(page)).toBeVisible();
}

export function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** Opens the profile menu and answers its list (settings, admin links, logout). */
export async function openProfileMenu(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  const menu = page.getByRole('list').filter({ has: page.getByRole('link', { name: 'Settings' }) });
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * Brings the page's CSS transitions and timed animations to their end state at once. axe reads
 * colours as painted: a button that was disabled a moment ago fades back (daisyUI's transition),
 * and a contrast check in between saw half-faded text (CI, 2026-11-30). Waiting for them instead
 * hung in an offline persistent profile. Spinners (endless) and scroll-driven animations (daisyUI's
 * scroll lock) are left alone.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      const end = animation.effect?.getComputedTiming().endTime;
      if (animation.timeline === document.timeline && typeof end === 'number' && Number.isFinite(end)) animation.finish();
    }
  });
}

/** The token record the app keeps in localStorage, or null. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token'));
}

// --- Catalogs ---------------------------------------------------------------------------------

export type LanguageCode = 'en' | 'sk' | 'de' | 'cz';

const catalogs = new Map<LanguageCode, Map<string, string>>();

function unquote(line: string): string {
  return JSON.parse(line.trim()) as string;
}

/** A minimal reader of the Lingui .po catalogs: msgid to msgstr (no plurals, no contexts). */
function readCatalog(code: LanguageCode): Map<string, string> {
  const cached = catalogs.get(code);
  if (cached) return cached;
  const text = readFileSync(new URL(`../../src/web/locales/${code}/messages.po`, import.meta.url), 'utf8');
  const entries = new Map<string, string>();
  let msgid: string | null = null;
  let msgstr: string | null = null;
  let field: 'msgid' | 'msgstr' | null = null;
  const flush = () => {
    if (msgid !== null && msgstr !== null) entries.set(msgid, msgstr);
    msgid = msgstr = null;
    field = null;
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('msgid ')) {
      flush();
      msgid = unquote(line.slice(6));
      field = 'msgid';
    } else if (line.startsWith('msgstr ')) {
      msgstr = unquote(line.slice(7));
      field = 'msgstr';
    } else if (line.startsWith('"') && field) {
      if (field === 'msgid') msgid = (msgid ?? '') + unquote(line);
      else msgstr = (msgstr ?? '') + unquote(line);
    } else if (line.trim() === '' || line.startsWith('#')) {
      if (field === 'msgstr') flush();
    }
  }
  flush();
  catalogs.set(code, entries);
  return entries;
}

/** The translation of an English source text; fails the test when the catalog has none. */
export function translated(code: LanguageCode, source: string): string {
  if (code === 'en') return source;
  const text = readCatalog(code).get(source);
  expect(text, `src/web/locales/${code}/messages.po has no translation of "${source}"`).toBeTruthy();
  return text!;
}

/** A suffix that makes a journey's data its own on the shared server (references, names). */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** An access token of a demo account, for API steps beside the browser. */
export async function accessToken(request: APIRequestContext, account: DemoAccount): Promise<string> {
  const response = await request.post('/oauth/token', { data: { grant_type: 'client_credentials', client_id: account.clientId, client_secret: account.secret } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface CreatedShipment {
  item_number: string;
  tracking_number: string | null;
}

/** A home-delivery parcel to Bratislava created through the API (POST /api/v1/shipments/store); `fields` replace the defaults. */
export async function createShipmentViaApi(request: APIRequestContext, bearer: string, fields: Record<string, unknown> = {}): Promise<CreatedShipment> {
  const response = await request.post('/api/v1/shipments/store', {
    headers: { authorization: `Bearer ${bearer}` },
    data: {
      delivery_method: 'home_delivery',
      product: 'PRM',
      receiver_name: 'Journey Recipient',
      receiver_address_line_1: 'Obchodná',
      receiver_address_number: '10',
      receiver_city: 'Bratislava',
      receiver_postal_code: '81101',
      receiver_country: 'SK',
      receiver_phone: '0905 123 456',
      receiver_email: 'journey@example.sk',
      weight: 1.25,
      width: 30,
      height: 20,
      length: 10,
      content: 'Garden seeds',
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { shipment: CreatedShipment }).shipment;
}
