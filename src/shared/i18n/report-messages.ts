// Captions of the shipment report's workbook (packages.xlsx, issue 16): sheet names and column
// headers, translated into the requester's language by the server. Only the server reads them,
// as descriptors (never by id), so find-message.ts does not need them; the field rules below are
// looked up by id (find-message.ts) and kept out of messages.ts, which the first load carries.
import type { DeliveryMethod, Product, ShipmentStatus } from '../domain/enums.ts';
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

/** The report's field rules (the spec's date messages among them) and the empty period. */
export const reportFieldMessages = {
  fromDateInvalid: /*i18n*/ { id: 'report.from_date.invalid', message: 'from_date must be a valid ISO date string' },
  toDateInvalid: /*i18n*/ { id: 'report.to_date.invalid', message: 'to_date must be a valid ISO date string' },
  fromDateFuture: /*i18n*/ { id: 'report.from_date.future', message: 'The start date cannot be later than today' },
  toDateFuture: /*i18n*/ { id: 'report.to_date.future', message: 'The end date cannot be later than tomorrow' },
  companyInvalid: /*i18n*/ { id: 'report.company_id.invalid', message: 'company_id must be a UUID' },
  monthlyAdminOnly: /*i18n*/ { id: 'report.type.admin_only', message: 'Only administrators can export a monthly report' },
  empty: /*i18n*/ { id: 'report.empty', message: 'No shipments in this period.' },
  busy: /*i18n*/ { id: 'report.busy', message: 'Other reports are being prepared right now. Please try again in a moment.' },
} as const satisfies Record<string, MessageDescriptor>;

/** The cells' names of statuses, products and delivery methods: the words the portal's screens use. */
export const reportValueMessages = {
  status: {
    DELETED: /*i18n*/ { id: 'report.status.DELETED', message: 'Deleted' },
    CREATED: /*i18n*/ { id: 'report.status.CREATED', message: 'Created' },
    MANIFESTED: /*i18n*/ { id: 'report.status.MANIFESTED', message: 'Manifested' },
    ARRIVED: /*i18n*/ { id: 'report.status.ARRIVED', message: 'Arrived' },
    SENT: /*i18n*/ { id: 'report.status.SENT', message: 'Sent' },
  },
  product: {
    UTR: /*i18n*/ { id: 'report.product.UTR', message: 'Basic' },
    TRC: /*i18n*/ { id: 'report.product.TRC', message: 'Tracked letter' },
    PRM: /*i18n*/ { id: 'report.product.PRM', message: 'Parcel' },
    RTN: /*i18n*/ { id: 'report.product.RTN', message: 'Return' },
  },
  deliveryMethod: {
    home_delivery: /*i18n*/ { id: 'report.delivery_method.home_delivery', message: 'Home delivery' },
    parcel_locker: /*i18n*/ { id: 'report.delivery_method.parcel_locker', message: 'Parcel locker' },
    pickup_point: /*i18n*/ { id: 'report.delivery_method.pickup_point', message: 'Pickup point' },
    other_pudo: /*i18n*/ { id: 'report.delivery_method.other_pudo', message: 'Other PUDO' },
  },
} as const satisfies {
  status: Record<ShipmentStatus, MessageDescriptor>;
  product: Record<Product, MessageDescriptor>;
  deliveryMethod: Record<DeliveryMethod, MessageDescriptor>;
};
