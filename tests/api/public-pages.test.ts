// The public tracking pages as the server renders them (issue 19): /package/tracking with its
// lookup in the first HTML and no script, /shipment/track/{n} as a redirect. Each lookup is the
// API route's (same limit, postal-code brake and answer), in the page's language. The renderer
// runs from source (the build's dist/.ssr/public-pages.js is the same module compiled).
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import { PUBLIC_TRACKING_PER_MINUTE } from '#shared/domain/limits.ts';
import { DEFAULT_POSTCODE_LIMITS } from '#server/features/tracking/postcode-attempts.ts';
import * as renderer from '#web/features/tracking/public-pages-ssr.tsx';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

const BUILT_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Parcel Portal</title>
    <script type="module" crossorigin src="/assets/index-Abc12345.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Css12345.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>Parcel Portal needs JavaScript.</noscript>
  </body>
</html>`;

let t: TestApp;
let root: string;
let parcel: Shipment;
let ownerToken: string;

/** Every page from an address of its own unless told: the rate limit is tested on its own. */
let nextAddress = 1;
function page(url: string, options: { language?: string; ip?: string; token?: string } = {}) {
  return t.app.inject({
    method: 'GET',
    url,
    remoteAddress: options.ip ?? `10.40.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
    headers: { accept: 'text/html', 'accept-language': options.language ?? 'en', ...(options.token ? bearer(options.token) : {}) },
  });
}

/** The page's text as read on screen (tags out, entities of the markup decoded). */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ');

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'portal-pages-'));
  writeFileSync(path.join(root, 'index.html'), BUILT_INDEX);
  // The tracking page's script and worker as the build copies them from public/ (note 125).
  for (const file of ['tracking-offline.js', 'tracking-sw.js']) copyFileSync(path.join('public', file), path.join(root, file));
  t = await createTestApp({ webRoot: root, publicPagesRenderer: renderer });
  ownerToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  parcel = await createShipment(t.app, ownerToken, { receiver_name: 'Zuzana Privátna', receiver_postal_code: '81101', receiver_city: 'Senec' });
});

afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('/package/tracking', () => {
  it('answers the search form in the browser’s language, with the build’s stylesheet and only the deferred offline script', async () => {
    const res = await page('/package/tracking', { language: 'de-AT,de;q=0.9' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.vary).toContain('accept-language');
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Css12345.css">');
    // No script before the first paint: the one script is deferred (note 125), the app's are left out.
    expect(res.body.match(/<script[^>]*>/g)).toEqual(['<script src="/tracking-offline.js" defer>']);
    expect(res.body).toMatch(/<script src="\/tracking-offline.js" defer><\/script><\/head>/);
    expect(res.body).not.toContain('<noscript');
    expect(res.body).toMatch(/<form[^>]*action="\/package\/tracking" method="get"/);
    expect(res.body).toMatch(/<input[^>]*name="tracking_number"/);
    expect(res.body).toMatch(/<input[^>]*name="zip"/);
    expect(res.body).toMatch(/<title>Sendung verfolgen · Parcel Portal<\/title>|<title>[^<]+ · Parcel Portal<\/title>/);
    expect(res.body).not.toContain('<title>Track a parcel');
  });

  it('shows the parcel’s status in the first HTML, without the destination or anything personal', async () => {
    const res = await page(`/package/tracking?tracking_number=${parcel.tracking_number}`);

    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('aria-label="Progress"');
    expect(res.body).toMatch(/<h2 id="tracking-result-title"[^>]*>Registered<\/h2>/);
    expect(text(res.body)).toContain('Shipment created, label ready');
    expect(text(res.body)).toContain('Enter the destination postal code to also see');
    for (const secret of ['Zuzana', 'Privátna', '81101', 'Senec']) expect(text(res.body)).not.toContain(secret);
    // The search stays in the form, named as the query, so a new search is a plain submission.
    expect(res.body).toMatch(new RegExp(`name="tracking_number" value="${parcel.tracking_number}"`));
  });

  it('reads the number as printed or typed (spaces, lower case)', async () => {
    const typed = parcel.tracking_number!.toLowerCase().replace(/(\d{3})/g, '$1 ');
    const res = await page(`/package/tracking?tracking_number=${encodeURIComponent(typed)}`);

    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('aria-label="Progress"');
  });

  it('shows times in Bratislava’s zone and says so', async () => {
    const res = await page(`/package/tracking?tracking_number=${parcel.tracking_number}`);
    const created = new Date(parcel.created_at);
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Bratislava', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(created);
    const part = (type: string) => local.find((p) => p.type === type)!.value;

    expect(res.body).toContain(`${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`);
    expect(text(res.body)).toContain('Times are shown in Central European time (Bratislava).');
  });

  it('shows a new event at the next visit (a page is rendered again when the parcel’s answer changes)', async () => {
    const other = await createShipment(t.app, ownerToken);
    const url = `/package/tracking?tracking_number=${other.tracking_number}`;
    expect((await page(url)).body).toMatch(/<h2 id="tracking-result-title"[^>]*>Registered<\/h2>/);
    const admin = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
    const scanned = await t.app.inject({ method: 'POST', url: '/api/v1/admin/shipments/parcel-status', headers: bearer(admin), payload: { status: 'ARRIVED', parcels_id: [other.tracking_number] } });
    expect(scanned.statusCode, scanned.body).toBe(200);
    await t.app.trackingLookups.synced();

    const after = await page(url);

    expect(after.body).toMatch(/<h2 id="tracking-result-title"[^>]*>At the depot<\/h2>/);
    expect(text(after.body)).toContain('Arrived at the depot');
  });

  it('with the destination’s postal code also shows the country', async () => {
    const res = await page(`/package/tracking?tracking_number=${parcel.tracking_number}&zip=811%2001`);

    expect(res.statusCode).toBe(200);
    expect(text(res.body)).toContain('to Slovakia');
    expect(text(res.body)).not.toContain('Enter the destination postal code to also see');
  });

  it('lets no cache keep a page with the full view or a postal code in it; the status view only revalidates (issue 30)', async () => {
    const full = await page(`/package/tracking?tracking_number=${parcel.tracking_number}&zip=81101`);
    const owners = await page(`/package/tracking?tracking_number=${parcel.tracking_number}`, { token: ownerToken });
    const wrongZip = await page(`/package/tracking?tracking_number=${parcel.tracking_number}&zip=04001`);
    const plain = await page(`/package/tracking?tracking_number=${parcel.tracking_number}`);

    expect(full.statusCode).toBe(200);
    expect(full.headers['cache-control']).toBe('no-store');
    expect(text(owners.body)).toContain('to Slovakia');
    expect(owners.headers['cache-control']).toBe('no-store');
    // A refused postal code is still in the page's form.
    expect(wrongZip.headers['cache-control']).toBe('no-store');
    expect(plain.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 404 with “Shipment not found” for an unknown number or a wrong postal code', async () => {
    for (const url of ['/package/tracking?tracking_number=ZZ000000000XX', `/package/tracking?tracking_number=${parcel.tracking_number}&zip=04001`, `/package/tracking?tracking_number=${'X'.repeat(80)}`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toMatch(/role="alert"[^>]*>[\s\S]*Shipment not found/);
      expect(res.body, url).not.toContain('aria-label="Progress"');
    }
  });

  it('answers 400 and asks for the number when the search was sent without one', async () => {
    const res = await page('/package/tracking?tracking_number=%20&zip=');

    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/role="alert"[^>]*>Enter the tracking number from your receipt or e-mail\./);
    expect(res.body).toContain('aria-invalid="true"');
  });

  it('never writes what was typed into the page as markup', async () => {
    const res = await page(`/package/tracking?tracking_number=${encodeURIComponent('<img src=x onerror=alert(1)>')}&zip=${encodeURIComponent('"><b>')}`);

    expect(res.body).not.toContain('<img src=x');
    expect(res.body).not.toContain('"><b>');
  });

  it('keeps a language picked on the page in its links and its form, over the browser’s', async () => {
    const res = await page(`/package/tracking?tracking_number=${parcel.tracking_number}&lang=sk`, { language: 'de' });

    expect(res.body).toContain('<html lang="sk">');
    expect(res.body).toContain('<input type="hidden" name="lang" value="sk"/>');
    expect(res.body).toContain(`href="/package/tracking?tracking_number=${parcel.tracking_number}&amp;lang=de"`);
    expect(res.body).toMatch(/aria-current="true"[^>]*>\s*<span aria-hidden="true">SK<\/span>|<a[^>]*lang="sk"[^>]*aria-current="true"/);
  });

  it(`counts each lookup against the address’s ${PUBLIC_TRACKING_PER_MINUTE} per minute shared with the API, and then says to wait`, async () => {
    const ip = '10.99.0.1';
    // The empty form is no lookup.
    for (let i = 0; i < 3; i++) expect((await page('/package/tracking', { ip })).statusCode).toBe(200);
    const api = await t.app.inject({ url: `/api/v1/tracking/${parcel.tracking_number}`, remoteAddress: ip });
    expect(api.statusCode).toBe(200);
    for (let i = 1; i < PUBLIC_TRACKING_PER_MINUTE; i++) expect((await page(`/package/tracking?tracking_number=${parcel.tracking_number}`, { ip })).statusCode).toBe(200);

    const refused = await page(`/package/tracking?tracking_number=${parcel.tracking_number}`, { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(text(refused.body)).toContain('Too many lookups in a short time.');
    expect(refused.body).toContain(`<a class="btn btn-sm" href="/package/tracking?tracking_number=${parcel.tracking_number}">`);
    // Another address is not held up.
    expect((await page(`/package/tracking?tracking_number=${parcel.tracking_number}`)).statusCode).toBe(200);
  });

  it('after too many wrong postal codes offers the lookup without one', async () => {
    const other = await createShipment(t.app, ownerToken, { receiver_postal_code: '81101' });
    const ip = '10.41.0.1';
    for (let i = 0; i < DEFAULT_POSTCODE_LIMITS[0]!.wrong; i++) expect((await page(`/package/tracking?tracking_number=${other.tracking_number}&zip=0400${i}`, { ip })).statusCode).toBe(404);

    const res = await page(`/package/tracking?tracking_number=${other.tracking_number}&zip=81101&lang=de`, { ip });

    expect(res.statusCode).toBe(429);
    expect(res.body).toContain(`href="/package/tracking?tracking_number=${other.tracking_number}&amp;lang=de"`);
    expect((await page(`/package/tracking?tracking_number=${other.tracking_number}`, { ip })).statusCode).toBe(200);
    // The recipient on another address is not held up by those guesses (issue 30).
    expect((await page(`/package/tracking?tracking_number=${other.tracking_number}&zip=81101`)).statusCode).toBe(200);
  });
});

describe('offline tracking (issue 32 item 6, note 125)', () => {
  const worker = readFileSync('public/tracking-sw.js', 'utf8');

  it('hides in a status view’s page the “as it was at” note the worker shows offline, with the markers it looks for', async () => {
    const res = await page(`/package/tracking?tracking_number=${parcel.tracking_number}`, { language: 'sk' });

    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toContain('<div id="tracking-offline-result" hidden=""');
    expect(res.body).toContain('<time id="tracking-offline-time"></time>');
    expect(text(res.body)).toContain('Ste offline.');
    // The worker unhides and fills exactly that markup.
    expect(worker).toContain('(<div id="tracking-offline-result") hidden=""');
    expect(worker).toContain('<time id="tracking-offline-time"><\\/time>');
  });

  it('puts no note in a full view’s page: it is never kept (no-store)', async () => {
    const res = await page(`/package/tracking?tracking_number=${parcel.tracking_number}&zip=81101`);

    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('tracking-offline-result');
    expect(worker).toMatch(/no-store/);
  });

  it('renders the offline page in the language asked for, with the slot for the number and without any script', async () => {
    const res = await page('/package/tracking/offline?lang=de', { language: 'sk' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).not.toContain('<script');
    expect(res.body).toMatch(/<p id="tracking-offline-unknown" hidden="">/);
    expect(res.body).toMatch(/<strong id="tracking-offline-number"[^>]*><\/strong>/);
    expect(text(res.body)).toContain('Sie sind offline.');
    // The form keeps the language, and makes no lookup.
    expect(res.body).toContain('<input type="hidden" name="lang" value="de"/>');
    expect(res.body).not.toContain('aria-label="Progress"');
    expect(worker).toContain('(<p id="tracking-offline-unknown") hidden=""');
    expect(worker).toContain('(<strong id="tracking-offline-number"[^>]*>)');
  });

  it('serves the registration script as a small JavaScript file revalidated at each use, allowed by the CSP', async () => {
    const res = await t.app.inject({ url: '/tracking-offline.js' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain("register('/tracking-sw.js', { scope: '/package/tracking' })");
    expect(res.rawPayload.byteLength).toBeLessThan(1024);
  });

  it('serves the worker as JavaScript the browser always revalidates (a release reaches it at the next visit)', async () => {
    const res = await t.app.inject({ url: '/tracking-sw.js' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("worker-src 'self'");
  });
});

describe('/shipment/track/{tracking_number}', () => {
  it('sends a visitor on to the portal’s page with a redirect (Back skips it)', async () => {
    const res = await page(`/shipment/track/${parcel.tracking_number}`);

    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/package/tracking?tracking_number=${parcel.tracking_number}`);
  });

  it('answers 404 with “Shipment not found” and the way to the search for an unknown number', async () => {
    const res = await page('/shipment/track/ZZ000000000XX?lang=cz', { language: 'en' });

    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<html lang="cs">');
    expect(res.body).toMatch(/role="alert"/);
    expect(res.body).toContain('href="/package/tracking?lang=cz"');
    expect(res.body).not.toMatch(/<script/);
  });

  it('sends the owner to the partner’s site once the partner has the parcel', async () => {
    const admin = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
    for (const status of ['ARRIVED', 'SENT']) {
      const scanned = await t.app.inject({ method: 'POST', url: '/api/v1/admin/shipments/parcel-status', headers: bearer(admin), payload: { status, parcels_id: [parcel.tracking_number] } });
      expect(scanned.statusCode, scanned.body).toBe(200);
    }

    const owner = await page(`/shipment/track/${parcel.tracking_number}`, { token: ownerToken });
    const stranger = await page(`/shipment/track/${parcel.tracking_number}`);

    expect(owner.statusCode).toBe(302);
    expect(owner.headers.location).toMatch(/^https:\/\//);
    expect(stranger.headers.location).toBe(`/package/tracking?tracking_number=${parcel.tracking_number}`);
  });
});

describe('the request log', () => {
  it('names a page once: its lookup through the API is the server’s own request, which a client cannot pass for', async () => {
    const lines: Array<{ msg?: string; path?: string }> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
        done();
      },
    });
    const logged = await createTestApp({ webRoot: root, publicPagesRenderer: renderer, logger: { level: 'info', stream } });
    try {
      const res = await logged.app.inject({ url: `/package/tracking?tracking_number=${'ZZ000000000XX'}`, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      const forged = await logged.app.inject({ url: '/api/v1/tracking/ZZ000000000XX', headers: { 'x-portal-inner-request': 'guess' } });
      expect(forged.statusCode).toBe(404);

      const paths = lines.filter((l) => l.msg === 'request').map((l) => l.path);
      expect(paths).toEqual(['/package/tracking', '/api/v1/tracking/ZZ000000000XX']);
    } finally {
      await logged.close();
    }
  });
});
