// @vitest-environment node
// Manifests as the driver and the office read them: a sound A4 file, the header and barcode on the
// first page, the column header and "Page x of y" on every page, every row once, and totals that
// add up exactly, kept on one page with the signatures.
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeBarcodes, pdfInfo, pdfText, qpdfCheck } from '#tests/setup/pdf-tools.ts';
import type { ManifestCaptions, ManifestData, ManifestRow } from './document-types.ts';
import { manifestTotals, renderManifest } from './manifest-pdf.ts';

const CAPTIONS: ManifestCaptions = {
  title: 'Manifest',
  company: 'Company',
  pickupAddress: 'Pickup address',
  partner: 'Partner',
  created: 'Created',
  manifestId: 'Manifest ID',
  columns: {
    index: '#',
    itemNumber: 'Item number',
    trackingNumber: 'Tracking number',
    recipient: 'Recipient',
    city: 'City',
    country: 'Country',
    weight: 'Weight (kg)',
    cod: 'COD',
  },
  totals: 'Totals',
  parcels: 'Parcels',
  weight: 'Total weight',
  codTotal: 'COD total',
  shipperSignature: 'Shipper signature',
  driverSignature: 'Driver signature',
  page: 'Page {page} of {pages}',
};

const PLACES = [
  ['Žilina', 'SK'],
  ['Łódź', 'PL'],
  ['Győr', 'HU'],
  ['Dvůr Králové', 'CZ'],
  ['Köln', 'DE'],
] as const;

/** 1.111 kg each; COD on four rows in five: 12.34 EUR, 1,990 HUF, 0.10 PLN or 100.50 CZK (sums a float total would miss). */
function rows(count: number): ManifestRow[] {
  return Array.from({ length: count }, (_, i) => {
    const [city, country] = PLACES[i % PLACES.length]!;
    const cod = [{ amount: 12.34, currency: 'EUR' }, { amount: 1990, currency: 'HUF' }, { amount: 0.1, currency: 'PLN' }, { amount: 100.5, currency: 'CZK' }, null][i % 5]!;
    return {
      itemNumber: `PP${String(i + 1).padStart(10, '0')}`,
      trackingNumber: `RR${String(10000000 + i)}5SK`,
      recipientName: `Ľubomír Šťastný ${i + 1}`,
      city,
      country,
      weightKg: 1.111,
      cod,
    };
  });
}

function manifest(count: number, overrides: Partial<ManifestData> = {}): ManifestData {
  const address = { name: 'Tatra Kozmetika a.s.', street: 'Levočská', number: '3', postalCode: '058 01', city: 'Poprad', country: 'SK' };
  return {
    id: 'MF0000000123',
    carrierName: 'Slovak Parcel Service',
    company: { name: 'Tatra Kozmetika a.s.', vatNumber: 'SK2020123456', address },
    pickupAddress: { ...address, contact: 'Zuzana Kollárová', street: 'Priemyselná', number: '12', phone: '+421 52 123 4567' },
    partnerName: 'Packeta CZ',
    // 23:30 UTC in winter is 00:30 the next day in Bratislava.
    createdAt: new Date('2026-03-14T23:30:00Z'),
    rows: rows(count),
    ...overrides,
  };
}

/** The text of each page: pdftotext ends every page with a form feed. */
const pagesOf = (pdf: Uint8Array) => pdfText(pdf).split('\f').slice(0, -1);
const itemsIn = (text: string) => text.match(/PP\d{10}/g) ?? [];

// Rendering at 300 dpi and reading thousands of rows back take seconds on a busy 2-core machine.
describe('renderManifest', { timeout: 60_000 }, () => {
  let pdf: Uint8Array;
  // One 2,500-row manifest for the first two tests.
  beforeAll(async () => {
    pdf = await renderManifest(manifest(2500), CAPTIONS);
  }, 60_000);

  it('paginates 2,500 rows: every row once, the column header and "Page x of y" on every page', () => {
    qpdfCheck(pdf);
    const info = pdfInfo(pdf);
    expect(info.pages).toBeGreaterThan(40);
    expect(info.pageSize.width).toBeCloseTo(595.28, 1);
    expect(info.pageSize.height).toBeCloseTo(841.89, 1);

    const pages = pagesOf(pdf);
    expect(pages).toHaveLength(info.pages);
    pages.forEach((text, i) => {
      expect(text).toMatch(/#\s+Item number\s+Tracking number\s+Recipient\s+City\s+Country\s+Weight \(kg\)\s+COD/);
      expect(text).toContain(`Page ${i + 1} of ${info.pages}`);
    });
    const items = pages.flatMap(itemsIn);
    expect(items).toEqual(rows(2500).map((r) => r.itemNumber));

    const first = pages[0]!;
    for (const expected of ['Slovak Parcel Service', 'Manifest', 'Tatra Kozmetika a.s.', 'SK2020123456', 'Priemyselná 12', 'Zuzana Kollárová', 'Packeta CZ', '15.03.2026 00:30']) {
      expect(first).toContain(expected);
    }
    expect(first).toMatch(/Ľubomír Šťastný 1\s+Žilina\s+SK\s+1\.111\s+12\.34 EUR/);
    expect(first).toMatch(/Ľubomír Šťastný 2\s+Łódź\s+PL\s+1\.111\s+1 990\.00 HUF/);
    expect(decodeBarcodes(pdf, 1)).toEqual(['CODE-128:MF0000000123']);
  });

  it('adds up exactly: parcels, weight and COD per currency, with both signatures on the last page', () => {
    const pages = pdfInfo(pdf).pages;
    const last = pdfText(pdf, pages);
    // 2,500 x 1.111 kg; 500 rows per currency.
    expect(last).toMatch(/Parcels\s+2 500/);
    expect(last).toMatch(/Total weight\s+2 777\.5 kg/);
    expect(last).toMatch(/COD total\s+50 250\.00 CZK\s+6 170\.00 EUR\s+995 000\.00 HUF\s+50\.00 PLN/);
    expect(last).toContain('Shipper signature');
    expect(last).toContain('Driver signature');
    expect(manifestTotals(rows(2500))).toEqual({
      parcels: 2500,
      weightKg: 2777.5,
      cod: [
        { currency: 'CZK', amount: 50250 },
        { currency: 'EUR', amount: 6170 },
        { currency: 'HUF', amount: 995000 },
        { currency: 'PLN', amount: 50 },
      ],
    });
  });

  it('keeps the totals and the signatures together, on a page of their own when they do not fit under the table', async () => {
    // How many rows the first page holds, then enough rows to nearly fill the second one.
    const probe = await renderManifest(manifest(120), CAPTIONS);
    const onFirst = itemsIn(pdfText(probe, 1)).length;
    const onSecond = itemsIn(pdfText(probe, 2)).length;
    expect(onFirst).toBeGreaterThan(30);

    const tight = await renderManifest(manifest(onFirst + onSecond - 2), CAPTIONS);
    expect(pdfInfo(tight).pages).toBe(3);
    const third = pdfText(tight, 3);
    expect(itemsIn(third)).toEqual([]);
    for (const expected of ['Totals', 'Parcels', 'Total weight', 'COD total', 'Shipper signature', 'Driver signature', 'Page 3 of 3']) expect(third).toContain(expected);
    expect(pdfText(tight, 2)).not.toContain('Totals');

    const roomy = await renderManifest(manifest(onFirst + 10), CAPTIONS);
    expect(pdfInfo(roomy).pages).toBe(2);
    expect(pdfText(roomy, 2)).toMatch(/Totals[\s\S]*Shipper signature/);
  });

  it('prints times in Bratislava time, summer time included, and an empty manifest with zero totals', async () => {
    const empty = await renderManifest(manifest(0, { createdAt: new Date('2026-07-01T10:05:00Z') }), { ...CAPTIONS, signatureDate: 'Date' });
    qpdfCheck(empty);
    expect(pdfInfo(empty).pages).toBe(1);
    const text = pdfText(empty);
    expect(text).toContain('01.07.2026 12:05');
    expect(text).toMatch(/Parcels\s+0/);
    expect(text).toMatch(/Total weight\s+0 kg/);
    expect(text).toMatch(/Shipper signature\s+Date\s+Driver signature\s+Date/);
  });
});
