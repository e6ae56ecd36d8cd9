// What the label and manifest renderers print: plain data, gathered and translated by the
// services (labels.service.ts, manifests.service.ts), so the renderers know nothing of the
// database or of languages.

export interface PostalAddress {
  /** Company or person the address belongs to. */
  name: string;
  /** A contact person when `name` is a company. */
  contact?: string | null;
  street: string;
  /** House number, when kept apart from the street. */
  number?: string | null;
  line2?: string | null;
  postalCode: string;
  city: string;
  region?: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone?: string | null;
}

export interface Money {
  amount: number;
  /** ISO 4217, e.g. EUR, CZK, HUF, PLN. */
  currency: string;
}

export interface LabelData {
  itemNumber: string;
  /** S10, e.g. RR123456785SK: the Code128 barcode and the 2D code hold it. */
  trackingNumber: string;
  referenceNumber: string | null;
  /** The shipment's creation time; printed as dd.MM.yyyy. */
  date: Date;
  sender: PostalAddress;
  recipient: PostalAddress;
  /** Product code and its printed name, e.g. PRM / "Parcel". */
  product: { code: string; name: string };
  /** Printed name of the delivery method, e.g. "Home delivery", "Parcel locker Z-BOX 123". */
  deliveryMethod: string;
  partnerName: string | null;
  weightKg: number;
  /** This parcel's place in its consignment: 1 of 1 for a single shipment. */
  parcel: { index: number; count: number };
  cod: Money | null;
  /** Printed when true (HU fragile parcels). */
  fragile?: boolean;
}

/** Captions printed on a label, in the language the service chose. */
export interface LabelCaptions {
  from: string;
  to: string;
  weight: string;
  parcels: string;
  cod: string;
  reference: string;
  date: string;
  partner: string;
  item: string;
  fragile: string;
}

export type LabelLayout =
  /** One label per page, the A6 page itself (105 x 148 mm). */
  | { kind: 'A6' }
  /** One label per 100 x 150 mm page: thermal label printers driven by a PDF driver. */
  | { kind: '100x150' }
  /** Four A6 labels per A4 portrait page, in reading order; `start` (1-4) skips the used quarters of the first sheet. */
  | { kind: 'A4'; start: 1 | 2 | 3 | 4 };

export interface ManifestRow {
  itemNumber: string;
  trackingNumber: string;
  recipientName: string;
  city: string;
  country: string;
  weightKg: number;
  cod: Money | null;
}

/** A label's parcel as a manifest lists it (the warm-up and the bench make manifests of made-up labels). */
export function manifestRowOf(label: LabelData): ManifestRow {
  return {
    itemNumber: label.itemNumber,
    trackingNumber: label.trackingNumber,
    recipientName: label.recipient.name,
    city: label.recipient.city,
    country: label.recipient.country,
    weightKg: label.weightKg,
    cod: label.cod,
  };
}

export interface ManifestData {
  /** The manifest's id, printed and encoded as a Code128 barcode. */
  id: string;
  carrierName: string;
  company: { name: string; vatNumber?: string | null; address: PostalAddress };
  pickupAddress: PostalAddress;
  partnerName: string;
  createdAt: Date;
  rows: ManifestRow[];
}

/** Captions of a manifest, in the requester's language. */
export interface ManifestCaptions {
  title: string;
  company: string;
  pickupAddress: string;
  partner: string;
  created: string;
  manifestId: string;
  columns: { index: string; itemNumber: string; trackingNumber: string; recipient: string; city: string; country: string; weight: string; cod: string };
  totals: string;
  parcels: string;
  weight: string;
  codTotal: string;
  shipperSignature: string;
  driverSignature: string;
  /** Caption of the date line beside each signature; the renderer prints "dd.MM.yyyy" when absent. */
  signatureDate?: string;
  /** "Page {page} of {pages}": the renderer replaces both placeholders. */
  page: string;
}
