import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import { accessToken, createShipmentViaApi, DEMO_ADMIN, DEMO_USER, signIn, unique, type CreatedShipment } from './support.ts';

// The depot's scan page (issue 7): a hand scanner (keyboard wedge) while offline, a reload offline,
// and each parcel updated exactly once when the connection is back; on a tablet, a scan with the
// focus on a button, a refused press put back into the field; the camera on a fake video device;
// and the page closed to non-admins.

/** `count` shipments of demo-user, created through the API; answers their numbers. */
async function createShipments(request: APIRequestContext, bearer: string, count: number): Promise<CreatedShipment[]> {
  const reference = `SCAN-${unique()}`;
  const created: CreatedShipment[] = [];
  for (let i = 0; i < count; i++) {
    created.push(
      await createShipmentViaApi(request, bearer, {
        reference_number: reference,
        receiver_name: `Scan ${reference} ${i + 1}`,
        receiver_address_number: String(10 + i),
        receiver_email: 'scan@example.sk',
      }),
    );
  }
  return created;
}

/** The shipment's tracking events as its owner sees them. */
async function eventCodes(request: APIRequestContext, bearer: string, trackingNumber: string): Promise<string[]> {
  const response = await request.get('/api/v1/shipments/track', { params: { tracking_number: trackingNumber }, headers: { authorization: `Bearer ${bearer}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { events: Array<{ code: string }> }).events.map((e) => e.code);
}

/** Types `code` the way a hand scanner does: as fast as the keys can go (a few ms each), then Enter. */
async function wedgeScan(page: Page, code: string) {
  await page.keyboard.type(`${code}\n`);
}

async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const scanField = (page: Page) => page.getByLabel('Parcel ids');
const queueStatus = (page: Page) => page.getByRole('status', { name: 'Scan queue status' });
const recentScans = (page: Page) => page.getByRole('list', { name: 'Recent scans' });
/** The presses in the recent list, newest first. */
const batches = (page: Page) => recentScans(page).locator(':scope > li');
/** The server's answer for one parcel in any press. */
const answerFor = (page: Page, id: string) => recentScans(page).getByRole('list', { name: 'Answer per parcel' }).getByRole('listitem').filter({ hasText: id });

async function openScanPage(page: Page) {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/shipment/scan');
  await expect(page.getByRole('heading', { name: 'Depot scan' })).toBeVisible();
}

test('offline: wedge scans wait on the device through a reload and each parcel arrives exactly once online', async ({ page, context, request }) => {
  const userBearer = await accessToken(request, DEMO_USER);
  const shipments = await createShipments(request, userBearer, 3);
  const ids = shipments.map((s) => s.tracking_number ?? s.item_number);

  await openScanPage(page);
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { name: 'Depot scan' })).toBeVisible();
  await context.setOffline(true);

  // The first label with the focus outside the field: the scanner's id still lands in it.
  await page.getByRole('heading', { name: 'Depot scan' }).click();
  await wedgeScan(page, ids[0]!);
  await expect(scanField(page)).toHaveValue(`${ids[0]}\n`);
  // The next ones into the field, one per line; the second as the label's QR text.
  await scanField(page).focus();
  await wedgeScan(page, `${ids[1]}|SK|811 01`);
  await wedgeScan(page, ids[2]!);
  // Each scan on its own line. The QR's |SK|811 01 tail is dropped when the keys came at a
  // scanner's pace; on a machine too busy to deliver them so, the line keeps it and the ids read
  // the same (the pace rule itself is wedge-detector.test.ts's).
  await expect(scanField(page)).toHaveValue(new RegExp(`^${ids[0]}\\n${ids[1]}(\\|SK\\|811 01)?\\n${ids[2]}\\n$`));
  await expect(page.getByText('3 parcel ids')).toBeVisible();

  await page.getByRole('button', { name: 'Arrive' }).click();
  await expect(scanField(page)).toHaveValue('');
  await expect(scanField(page)).toBeFocused();
  await expect(queueStatus(page)).toContainText('1 scan waiting (3 parcels)');
  await expect(queueStatus(page)).toContainText('You are offline');

  // Reloaded offline (the service worker serves the app): the press is still waiting.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Depot scan' })).toBeVisible();
  await expect(queueStatus(page)).toContainText('1 scan waiting (3 parcels)');

  await context.setOffline(false);
  await expect(queueStatus(page)).toContainText('All scans are sent.');
  for (const id of ids) {
    await expect(answerFor(page, id)).toHaveCount(1);
    await expect(answerFor(page, id)).toContainText('updated to Arrived');
  }

  // The server holds exactly one ARRIVED event per parcel.
  for (const shipment of shipments) {
    const codes = await eventCodes(request, userBearer, shipment.tracking_number ?? shipment.item_number);
    expect(codes.filter((code) => code === 'ARRIVED'), `${shipment.item_number}: ${codes.join(', ')}`).toHaveLength(1);
  }
});

test.describe('on a tablet', () => {
  test.use({ hasTouch: true });

  test('a scan with the focus on a button fills the field; a refused press can be put back', async ({ page, request }) => {
    const userBearer = await accessToken(request, DEMO_USER);
    const [shipment] = await createShipments(request, userBearer, 1);
    const id = shipment!.tracking_number ?? shipment!.item_number;
    await openScanPage(page);
    // A tablet in portrait (signed in on the wide layout, whose navigation the sign-in step checks).
    await page.setViewportSize({ width: 800, height: 1280 });

    // The scanner's keys (the QR's postcode has a space) and its Enter must not press the focused button.
    await page.getByRole('button', { name: 'Sent' }).focus();
    await wedgeScan(page, `${id}|SK|811 01`);
    await expect(scanField(page)).toHaveValue(`${id}\n`);
    await expect(batches(page)).toHaveCount(0);

    // Sent before Arrive: the server refuses the move and says why.
    await page.getByRole('button', { name: 'Sent' }).click();
    await expect(answerFor(page, id)).toContainText('not allowed from its current status Created');

    // A press the server refuses as a whole (an id longer than any parcel number) keeps its ids.
    const tooLong = `X${'9'.repeat(45)}`;
    await scanField(page).fill(`${tooLong}\n${id}`);
    await page.getByRole('button', { name: 'Arrive' }).click();
    const refused = batches(page).first();
    await expect(refused).toContainText(tooLong);
    await expect(refused).toContainText('Rejected');
    await refused.getByRole('button', { name: 'Put the ids back into the scan field' }).click();
    await expect(scanField(page)).toHaveValue(`${tooLong}\n${id}\n`);
    await expect(refused).toContainText('The ids were put back into the scan field.');

    // Corrected and pressed again: arrived.
    await scanField(page).fill(id);
    await page.getByRole('button', { name: 'Arrive' }).click();
    await expect(batches(page).first()).toContainText('updated to Arrived');
    expect((await eventCodes(request, userBearer, id)).filter((code) => code === 'ARRIVED')).toHaveLength(1);

    // Large touch targets for gloved hands.
    const box = await page.getByRole('button', { name: 'Arrive' }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(56);
  });
});

// --- The camera, on Chromium's fake video device ---------------------------------------------------

const CAMERA_CODE128 = 'CP000000015SK';
const CAMERA_QR = 'CP000000029SK|SK|010 01';

/** A Y4M video of a Code128 label and a QR label side by side (Chromium's --use-file-for-fake-video-capture). */
function cameraVideo(): string {
  const file = path.join(tmpdir(), 'portal-e2e-scan-camera.y4m');
  const [W, H] = [640, 480];
  const luma = Buffer.alloc(W * H, 255);
  const black = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) luma.fill(0, y * W + x0, y * W + x0 + w);
  };
  // bwip-js's raw patterns: bar and space widths of the Code128, the module matrix of the QR.
  const bars = bwipjs.raw('code128', CAMERA_CODE128, '')[0];
  let x = 30;
  (bars && 'sbs' in bars ? bars.sbs : []).forEach((width, i) => {
    if (i % 2 === 0) black(x, 180, width * 2, 120);
    x += width * 2;
  });
  const qr = bwipjs.raw('qrcode', CAMERA_QR, '')[0];
  if (!qr || !('pixs' in qr)) throw new Error('bwip-js drew no QR matrix');
  const [cols, rows, scale] = [qr.pixx, qr.pixy, 6];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (qr.pixs[r * cols + c]) black(W - 30 - cols * scale + c * scale, (H - rows * scale) / 2 + r * scale, scale, scale);
  const chroma = Buffer.alloc(W * H / 2, 128);
  const frames = Array.from({ length: 5 }, () => [Buffer.from('FRAME\n'), luma, chroma]).flat();
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...frames]));
  return file;
}

test('the camera reads a Code128 and a QR label once each, with our own barcode reader', async ({ playwright, baseURL }) => {
  // A browser of its own: the fake camera is a launch option.
  const browser = await playwright.chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${cameraVideo()}`],
  });
  try {
    const context = await browser.newContext({ baseURL, locale: 'en-US', permissions: ['camera'] });
    const page = await context.newPage();
    const wasm: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.wasm')) wasm.push(r.url());
    });
    await openScanPage(page);
    await page.getByRole('button', { name: 'Scan with the camera' }).click();
    await expect(scanField(page)).toHaveValue(/CP000000015SK\n/);
    await expect(scanField(page)).toHaveValue(/CP000000029SK\n/);
    // The labels stay in view: still one line each.
    await page.waitForTimeout(1_000);
    expect((await scanField(page).inputValue()).split('\n').filter(Boolean).sort()).toEqual(['CP000000015SK', 'CP000000029SK']);
    // Without a native BarcodeDetector (Chromium on Linux) the polyfill's WebAssembly came from this server.
    const origin = new URL(page.url()).origin;
    if (!(await page.evaluate(() => 'BarcodeDetector' in window))) expect(wasm.length).toBeGreaterThan(0);
    expect(wasm.every((url) => url.startsWith(`${origin}/assets/`))).toBe(true);

    await page.getByRole('button', { name: 'Close the camera' }).click();
    await expect(page.getByLabel('Camera picture')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

test('the scan page is for admins only', async ({ page }) => {
  await signIn(page, DEMO_USER);
  await page.goto('/shipment/scan');
  await expect(page.getByRole('heading', { name: '403' })).toBeVisible();
  await expect(page.getByText('You do not have permission to see this page.')).toBeVisible();
  await expect(page.getByLabel('Parcel ids')).toHaveCount(0);
});
