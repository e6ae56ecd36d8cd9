// The render pool draws with the same renderers on its threads: its PDFs are the main thread's,
// object for object (but for the time each PDF carries), and barcodes decode to the tracking
// numbers.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { decodeBarcodes, pdfInfo, pdfText } from '#tests/setup/pdf-tools.ts';
import { manifestRowOf, type LabelData, type ManifestCaptions, type ManifestData } from './document-types.ts';
import { LABEL_CAPTIONS } from './label-data.ts';
import { labelQrPayload, renderLabels } from './label-pdf.ts';
import { renderManifest } from './manifest-pdf.ts';
import { renderPool } from './render-pool.ts';

const pool = renderPool(1);

afterAll(async () => {
  await pool.close();
});

function label(i: number): LabelData {
  return {
    itemNumber: `PP${String(5_000_000 + i).padStart(10, '0')}`,
    trackingNumber: `RR${String(20_000_000 + i).padStart(8, '0')}5SK`,
    referenceNumber: i % 2 ? `OBJ-${i}` : null,
    date: new Date(Date.UTC(2026, 10, 1 + (i % 28))),
    sender: {
      name: 'Tatra Kozmetika a.s.',
      contact: 'Zuzana Kollárová',
      street: 'Levočská',
      number: '3',
      postalCode: '058 01',
      city: 'Poprad',
      country: 'SK',
      phone: '+421 52 772 1234',
    },
    recipient: { name: `Řehoř Dvořák ${i}`, street: 'Náměstí Míru', number: String(i + 1), postalCode: '110 00', city: 'Praha', country: 'CZ', phone: '+420 777 123 456' },
    product: { code: 'PRM', name: 'Parcel' },
    deliveryMethod: 'Home delivery',
    partnerName: 'Packeta CZ',
    weightKg: 1 + i / 10,
    parcel: { index: 1, count: 1 },
    cod: i % 3 === 0 ? { amount: 199.5 + i, currency: 'CZK' } : null,
    fragile: i % 4 === 1,
  };
}

const CAPTIONS: ManifestCaptions = {
  title: 'Manifest',
  company: 'Company',
  pickupAddress: 'Pickup address',
  partner: 'Partner',
  created: 'Created',
  manifestId: 'Manifest',
  columns: { index: '#', itemNumber: 'Item', trackingNumber: 'Tracking', recipient: 'Recipient', city: 'City', country: 'Country', weight: 'Weight (kg)', cod: 'COD' },
  totals: 'Totals',
  parcels: 'Parcels',
  weight: 'Weight',
  codTotal: 'COD',
  shipperSignature: 'Shipper',
  driverSignature: 'Driver',
  signatureDate: 'Date',
  page: 'Page {page} of {pages}',
};

describe('the render pool', () => {
  it('draws labels as the main thread does, barcodes included', async () => {
    const labels = Array.from({ length: 9 }, (_, i) => label(i));
    const [pooled, direct] = await Promise.all([
      pool.labels(labels, { format: 'pdf-a4', start: 2 }, LABEL_CAPTIONS),
      renderLabels(labels, { kind: 'A4', start: 2 }, LABEL_CAPTIONS),
    ]);
    expect(pdfInfo(pooled)).toEqual(pdfInfo(direct));
    expect(pdfInfo(pooled).pages).toBe(3);
    expect(pdfText(pooled)).toBe(pdfText(direct));
    // Quarter 2 onwards on the first sheet: labels 0-2.
    const first = labels.slice(0, 3);
    expect(decodeBarcodes(pooled, 1).sort()).toEqual([...first.map((l) => `CODE-128:${l.trackingNumber}`), ...first.map((l) => `QR-Code:${labelQrPayload(l)}`)].sort());
    const single = await pool.labels([labels[4]!], { format: 'pdf-a6' }, LABEL_CAPTIONS);
    const singleDirect = await renderLabels([labels[4]!], { kind: 'A6' }, LABEL_CAPTIONS);
    expect(pdfInfo(single)).toEqual(pdfInfo(singleDirect));
    expect(pdfText(single)).toBe(pdfText(singleDirect));
  }, 180_000);

  it('draws manifests as the main thread does', async () => {
    const data: ManifestData = {
      id: 'MF0000000042',
      carrierName: 'Slovak Parcel Service',
      company: {
        name: 'Tatra Kozmetika a.s.',
        vatNumber: 'SK2020123456',
        address: { name: 'Tatra Kozmetika a.s.', street: 'Levočská 3', postalCode: '058 01', city: 'Poprad', country: 'SK' },
      },
      pickupAddress: { name: 'Tatra Kozmetika a.s.', street: 'Levočská 3', postalCode: '058 01', city: 'Poprad', country: 'SK' },
      partnerName: 'Packeta CZ',
      createdAt: new Date(Date.UTC(2026, 10, 29, 15, 45)),
      rows: Array.from({ length: 120 }, (_, i) => manifestRowOf(label(i))),
    };
    const [pooled, direct] = await Promise.all([pool.manifest(data, CAPTIONS), renderManifest(data, CAPTIONS)]);
    expect(pdfInfo(pooled)).toEqual(pdfInfo(direct));
    expect(pdfInfo(pooled).pages).toBeGreaterThan(1);
    expect(pdfText(pooled)).toBe(pdfText(direct));
  }, 180_000);

  it('starts a thread with a document and ends it after the idle time; the next document starts one again', async () => {
    const quick = renderPool(1, 300);
    try {
      expect(quick.threads()).toBe(0);
      expect(pdfInfo(await quick.labels([label(1)], { format: 'pdf-a6' }, LABEL_CAPTIONS)).pages).toBe(1);
      expect(quick.threads()).toBe(1);
      await vi.waitFor(() => expect(quick.threads()).toBe(0), { timeout: 30_000, interval: 50 });
      expect(pdfInfo(await quick.labels([label(2)], { format: 'pdf-a6' }, LABEL_CAPTIONS)).pages).toBe(1);
    } finally {
      await quick.close();
    }
  }, 180_000);
});
