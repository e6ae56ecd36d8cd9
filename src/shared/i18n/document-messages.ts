// Captions of the documents the server writes (the manifest PDF, the parcel-status workbook), in
// the reader's language. Only the server reads them, as descriptors (never by id): kept out of
// messages.ts, which the web app's first load carries.
import type { MessageDescriptor } from './messages.ts';

export const manifestCaptions = {
  title: /*i18n*/ { id: 'manifest.pdf.title', message: 'Hand-over manifest' },
  company: /*i18n*/ { id: 'manifest.pdf.company', message: 'Shipper' },
  pickupAddress: /*i18n*/ { id: 'manifest.pdf.pickup_address', message: 'Pickup address' },
  partner: /*i18n*/ { id: 'manifest.pdf.partner', message: 'Delivery partner' },
  created: /*i18n*/ { id: 'manifest.pdf.created', message: 'Created' },
  id: /*i18n*/ { id: 'manifest.pdf.id', message: 'Manifest' },
  columnIndex: /*i18n*/ { id: 'manifest.pdf.column.index', message: '#' },
  columnItem: /*i18n*/ { id: 'manifest.pdf.column.item_number', message: 'Item number' },
  columnTracking: /*i18n*/ { id: 'manifest.pdf.column.tracking_number', message: 'Tracking number' },
  columnRecipient: /*i18n*/ { id: 'manifest.pdf.column.recipient', message: 'Recipient' },
  columnCity: /*i18n*/ { id: 'manifest.pdf.column.city', message: 'City' },
  columnCountry: /*i18n*/ { id: 'manifest.pdf.column.country', message: 'Country' },
  columnWeight: /*i18n*/ { id: 'manifest.pdf.column.weight', message: 'Weight (kg)' },
  columnCod: /*i18n*/ { id: 'manifest.pdf.column.cod', message: 'COD' },
  totals: /*i18n*/ { id: 'manifest.pdf.totals', message: 'Totals' },
  parcels: /*i18n*/ { id: 'manifest.pdf.parcels', message: 'Parcels' },
  weight: /*i18n*/ { id: 'manifest.pdf.weight', message: 'Total weight (kg)' },
  codTotal: /*i18n*/ { id: 'manifest.pdf.cod_total', message: 'COD total' },
  shipperSignature: /*i18n*/ { id: 'manifest.pdf.shipper_signature', message: 'Handed over by (shipper)' },
  driverSignature: /*i18n*/ { id: 'manifest.pdf.driver_signature', message: 'Taken over by (driver)' },
  signatureDate: /*i18n*/ { id: 'manifest.pdf.signature_date', message: 'Date' },
  page: /*i18n*/ { id: 'manifest.pdf.page', message: 'Page {page} of {pages}' },
} as const satisfies Record<string, MessageDescriptor>;

export const parcelStatusCaptions = {
  sheet: /*i18n*/ { id: 'scan.export.sheet', message: 'Parcels' },
  columnItem: /*i18n*/ { id: 'scan.export.column.item_number', message: 'Item number' },
  columnTracking: /*i18n*/ { id: 'scan.export.column.tracking_number', message: 'Tracking number' },
  columnCompany: /*i18n*/ { id: 'scan.export.column.company', message: 'Company' },
  columnStatus: /*i18n*/ { id: 'scan.export.column.status', message: 'Status' },
  columnArrived: /*i18n*/ { id: 'scan.export.column.arrived_at', message: 'Arrived at depot' },
  columnSent: /*i18n*/ { id: 'scan.export.column.sent_at', message: 'Sent to partner' },
  columnPartner: /*i18n*/ { id: 'scan.export.column.partner', message: 'Delivery partner' },
  columnCountry: /*i18n*/ { id: 'scan.export.column.country', message: 'Destination country' },
  columnWeight: /*i18n*/ { id: 'scan.export.column.weight', message: 'Weight (kg)' },
} as const satisfies Record<string, MessageDescriptor>;
