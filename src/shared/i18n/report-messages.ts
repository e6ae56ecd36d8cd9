// Captions of the shipment report's workbook (packages.xlsx, issue 16): sheet names and column
// headers, translated into the requester's language by the server. Only the server reads them,
// as descriptors (never by id), so find-message.ts does not need them.
import type { MessageDescriptor } from './messages.ts';

export const reportMessages = {
  shipmentsSheet: /*i18n*/ { id: 'report.sheet.shipments', message: 'Shipments' },
  summarySheet: /*i18n*/ { id: 'report.sheet.summary', message: 'Summary' },

  columnItemNumber: /*i18n*/ { id: 'report.column.item_number', message: 'Item number' },
  columnTrackingNumber: /*i18n*/ { id: 'report.column.tracking_number', message: 'Tracking number' },
  columnCompany: /*i18n*/ { id: 'report.column.company', message: 'Company' },
  columnReference: /*i18n*/ { id: 'report.column.reference', message: 'Reference' },
  columnCreated: /*i18n*/ { id: 'report.column.created', message: 'Created' },
  columnStatus: /*i18n*/ { id: 'report.column.status', message: 'Status' },
  columnProduct: /*i18n*/ { id: 'report.column.product', message: 'Product' },
  columnDeliveryMethod: /*i18n*/ { id: 'report.column.delivery_method', message: 'Delivery method' },
  columnCountry: /*i18n*/ { id: 'report.column.country', message: 'Destination country' },
  columnPartner: /*i18n*/ { id: 'report.column.partner', message: 'Delivery partner' },
  columnWeight: /*i18n*/ { id: 'report.column.weight', message: 'Weight (kg)' },
  columnCod: /*i18n*/ { id: 'report.column.cod', message: 'COD' },
  columnCodCurrency: /*i18n*/ { id: 'report.column.cod_currency', message: 'COD currency' },
  columnInsurance: /*i18n*/ { id: 'report.column.insurance', message: 'Insurance' },

  columnDay: /*i18n*/ { id: 'report.column.day', message: 'Day' },
  columnShipments: /*i18n*/ { id: 'report.column.shipments', message: 'Shipments' },
  total: /*i18n*/ { id: 'report.summary.total', message: 'Total' },
  codTotal: /*i18n*/ { id: 'report.summary.cod_total', message: 'COD total' },
} as const satisfies Record<string, MessageDescriptor>;
