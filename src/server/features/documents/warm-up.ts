// Warms the label and manifest renderers of a render thread once a server listens. The first
// document of a thread otherwise pays for parsing the two fonts and for compiling the renderers'
// code: a first single label took 0.2-0.5 s instead of 15-40 ms, a first bulk print of 1,000 labels
// a quarter more than the next one. The warm-up renders a few made-up documents in small steps,
// yielding between them; it runs on each of the render pool's threads (render.worker.ts) and never
// delays the start (documents.routes.ts asks for it from the onListen hook, which inject() never
// fires).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { manifestRowOf, type LabelData, type ManifestCaptions, type ManifestData, type PostalAddress } from './document-types.ts';
import { LABEL_CAPTIONS } from './label-data.ts';
import { renderLabels } from './label-pdf.ts';
import { renderZplLabels } from './label-zpl.ts';
import { renderManifest } from './manifest-pdf.ts';

const SENDER: PostalAddress = {
  name: 'Tatra Kozmetika a.s.',
  contact: 'Zuzana Kollárová',
  street: 'Levočská',
  number: '3',
  postalCode: '058 01',
  city: 'Poprad',
  country: 'SK',
  phone: '+421 52 772 1234',
};

/** Made-up labels with the letters and the optional parts real ones have (COD, fragile, a second line). */
function sampleLabel(i: number): LabelData {
  return {
    itemNumber: `PP${String(i).padStart(10, '0')}`,
    trackingNumber: `RR${String(10_000_000 + i).padStart(8, '0')}5SK`,
    referenceNumber: i % 3 === 0 ? null : `OBJ-${i}`,
    date: new Date(Date.UTC(2026, 0, 1 + (i % 28), 8, i % 60)),
    sender: SENDER,
    recipient: {
      name: ['Ľubomír Šťastný', 'Řehoř Dvořák', 'Grzegorz Brzęczyszczykiewicz', 'Szőke Erzsébet', 'Jürgen Weiß'][i % 5]!,
      contact: i % 4 === 0 ? 'Kováč s.r.o.' : null,
      street: ['Štúrova', 'Náměstí Míru', 'ul. Piotrkowska', 'Váci út', 'Große Straße'][i % 5]!,
      number: String(1 + i),
      line2: i % 7 === 0 ? '2. poschodie' : null,
      postalCode: ['811 01', '110 00', '90-926', '1134', '50667'][i % 5]!,
      city: ['Bratislava', 'Praha', 'Łódź', 'Budapest', 'Köln'][i % 5]!,
      country: ['SK', 'CZ', 'PL', 'HU', 'DE'][i % 5]!,
      phone: '+421 905 123 456',
    },
    product: { code: 'PRM', name: 'Parcel' },
    deliveryMethod: i % 2 === 0 ? 'Home delivery' : 'Parcel locker',
    partnerName: 'Slovak Parcel Service',
    weightKg: 0.5 + i / 10,
    parcel: { index: 1, count: 1 },
    cod: i % 3 === 1 ? { amount: 12.5 * i, currency: 'EUR' } : null,
    fragile: i % 5 === 3,
  };
}

const MANIFEST_CAPTIONS: ManifestCaptions = {
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

function sampleManifest(rows: number): ManifestData {
  return {
    id: 'MF0000000001',
    carrierName: 'Slovak Parcel Service',
    company: { name: SENDER.name, vatNumber: 'SK2020123456', address: SENDER },
    pickupAddress: SENDER,
    partnerName: 'Slovak Parcel Service',
    createdAt: new Date(Date.UTC(2026, 0, 1, 12)),
    rows: Array.from({ length: rows }, (_, i) => manifestRowOf(sampleLabel(i))),
  };
}

/**
 * Renders made-up documents: one A6 label (the fonts and the code), then sheets of labels and
 * manifest pages in steps of a few milliseconds each, until the renderers' hot code is compiled.
 */
export async function warmUpDocuments(): Promise<void> {
  await renderLabels([sampleLabel(1)], { kind: 'A6' }, LABEL_CAPTIONS);
  // ZPL labels: the font subsetter's WebAssembly (a fifth of a second the first time), then its hot code.
  for (let step = 0; step < 6; step++) {
    await nextTurn();
    await renderZplLabels(
      Array.from({ length: 8 }, (_, i) => sampleLabel(200 + step * 8 + i)),
      step % 2 === 0 ? 8 : 12,
      LABEL_CAPTIONS,
    );
  }
  for (let step = 0; step < 12; step++) {
    await nextTurn();
    await renderLabels(
      Array.from({ length: 8 }, (_, i) => sampleLabel(step * 8 + i)),
      { kind: 'A4', start: 1 },
      LABEL_CAPTIONS,
    );
  }
  for (let step = 0; step < 4; step++) {
    await nextTurn();
    await renderManifest(sampleManifest(60), MANIFEST_CAPTIONS);
  }
}
