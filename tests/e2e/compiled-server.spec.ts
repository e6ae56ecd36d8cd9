// Production runs the compiled server (issue 30): `node dist/server/main.js`, no tsx anywhere in
// the process. Started here on a free port and a new PGlite folder, it must find every file it
// reads from the checkout and start every worker thread from the bundle's own entries: the
// migrations and demo data (it gets ready), the catalogs (a German error), the web build and its
// public pages' renderer (a tracking page rendered with the parcel), the API reference's assets,
// the label render pool (render.worker.js: a PDF, with its fonts) and the import reader
// (import-reader.worker.js: a preview of the example file). `npm test` builds before Playwright
// runs, and this journey's config server (`npm start`) builds whatever is stale, so the bundle is
// there.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '#scripts/free-port.ts';
import { expect, test } from '@playwright/test';
import { COMPILED_SERVER, COMPILED_SERVER_ARGS } from '#scripts/compiled-server.ts';
import { DEMO_USER } from './support.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

let child: ChildProcess | null = null;
let dataDir = '';
let baseUrl = '';
let output = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  expect(existsSync(COMPILED_SERVER), `${COMPILED_SERVER} (npm run build makes it)`).toBe(true);
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-compiled-'));
  // Nothing inherited may bring tsx back in (NODE_OPTIONS=--import tsx would).
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' };
  delete env.NODE_OPTIONS;
  child = spawn(process.execPath, COMPILED_SERVER_ARGS, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) => child!.once('exit', (code) => reject(new Error(`the compiled server exited with ${code}:\n${output}`))));
  // Ready when /healthz answers.
  await Promise.race([
    exited,
    expect
      .poll(
        async () => {
          try {
            return (await fetch(`${baseUrl}/healthz`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 90_000, intervals: [250] },
      )
      .toBe(200),
  ]);
});

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: DEMO_USER.clientId, client_secret: DEMO_USER.secret }),
  });
  expect(res.status).toBe(200);
  const { access_token } = (await res.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

const SHIPMENT = {
  delivery_method: 'home_delivery',
  product: 'PRM',
  reference_number: 'compiled-server',
  receiver_name: 'Ľubomír Šťastný',
  receiver_address_line_1: 'Hlavná',
  receiver_address_number: '12',
  receiver_city: 'Žilina',
  receiver_postal_code: '010 01',
  receiver_country: 'SK',
  receiver_phone: '0905 123 456',
  receiver_email: 'receiver@example.sk',
  weight: 1.5,
  width: 20,
  height: 20,
  length: 20,
  content: 'Garden seeds',
};

test('the compiled server signs in, creates a shipment and draws its label on the render pool', async () => {
  const auth = await signIn();
  const created = await fetch(`${baseUrl}/api/v1/shipments/store`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(SHIPMENT) });
  expect(created.status).toBe(201);
  const { shipment } = (await created.json()) as { shipment: { item_number: string; tracking_number: string } };

  const label = await fetch(`${baseUrl}/api/v1/shipments/getLabel/${shipment.item_number}`, { headers: { ...auth, accept: 'application/pdf' } });
  expect(label.status).toBe(200);
  expect(label.headers.get('content-type')).toContain('application/pdf');
  const pdf = Buffer.from(await label.arrayBuffer());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1000);

  // The public tracking page, rendered on the server by the build's renderer (dist/.ssr).
  const page = await fetch(`${baseUrl}/package/tracking?tracking_number=${shipment.tracking_number}`, { headers: { accept: 'text/html', 'accept-language': 'en' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(shipment.tracking_number);
});

test('the compiled server previews an import on the import reader thread', async () => {
  const auth = await signIn();
  const file = readFileSync(path.join(ROOT, 'public/csv/import_example.csv'));
  const res = await fetch(`${baseUrl}/api/v1/shipments/import/preview`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ type: 'csv', filename: 'import_example.csv', file: file.toString('base64') }),
  });
  expect(res.status).toBe(200);
  const preview = (await res.json()) as { headers: string[]; rows: string[][]; total_rows: number };
  expect(preview.headers).toContain('receiver_name');
  expect(preview.total_rows).toBeGreaterThan(0);
  expect(preview.rows.length).toBeGreaterThan(0);
});

test('the compiled server answers in the catalogs’ languages and serves the app and the API reference', async () => {
  const auth = await signIn();
  const invalid = (language: string) =>
    fetch(`${baseUrl}/api/v1/shipments/store`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': language, ...auth }, body: '{}' }).then(async (res) => ({
      status: res.status,
      body: await res.text(),
    }));
  const [english, german] = await Promise.all([invalid('en'), invalid('de')]);
  expect(english.status).toBe(400);
  expect(german.status).toBe(400);
  expect(german.body).not.toBe(english.body);

  const app = await fetch(`${baseUrl}/`, { headers: { accept: 'text/html' } });
  expect(app.status).toBe(200);
  expect(await app.text()).toContain('<div id="root"');
  // The compiled server is in dist/ but never one of the web build's files.
  const compiled = await fetch(`${baseUrl}/server/main.js`);
  expect(compiled.status).toBe(404);
  await compiled.arrayBuffer();

  const docs = await (await fetch(`${baseUrl}/api/docs`)).text();
  const scalar = /<script src="(\/api-reference\/scalar-[^"]+\.js)"><\/script>/.exec(docs)?.[1];
  expect(scalar).toBeDefined();
  const bundle = await fetch(`${baseUrl}${scalar}`);
  expect(bundle.status).toBe(200);
  expect(bundle.headers.get('content-type')).toContain('javascript');
  // Read whole: a body left unread keeps its connection busy, and the server's graceful stop then
  // waits for it (its 30 s drain) — the afterAll hook timed out so in CI.
  expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
});
