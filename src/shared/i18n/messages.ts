// Messages that the server sends and the web app shows, as Lingui descriptors with stable ids.
// The `/*i18n*/` mark lets `lingui extract` collect them without a macro, so this file stays
// free of imports: the server translates them with the compiled catalogs, the web with `i18n._`.
// Schema messages in src/shared/contract are these ids; both sides translate them.

export interface MessageDescriptor {
  id: string;
  message: string;
}

export const messages = {
  required: /*i18n*/ { id: 'validation.required', message: 'This field is required' },
  invalidType: /*i18n*/ { id: 'validation.invalid_type', message: 'This value has the wrong type' },
  invalidValue: /*i18n*/ { id: 'validation.invalid_value', message: 'This value is not allowed' },
  tooLong: /*i18n*/ { id: 'validation.too_long', message: 'This value is too long' },
  invalidEmail: /*i18n*/ { id: 'validation.invalid_email', message: 'Enter a valid email address' },
  clientIdRequired: /*i18n*/ { id: 'validation.client_id.required', message: 'Client ID is required' },
  clientSecretRequired: /*i18n*/ { id: 'validation.client_secret.required', message: 'Client secret is required' },

  // Shipment form (spec section 5) and the country and product rules.
  deliveryMethodRequired: /*i18n*/ { id: 'shipment.delivery_method.required', message: 'Delivery method is required' },
  nameRequired: /*i18n*/ { id: 'shipment.receiver_name.required', message: 'Name is required' },
  addressRequired: /*i18n*/ { id: 'shipment.receiver_address_line_1.required', message: 'Address is required' },
  cityRequired: /*i18n*/ { id: 'shipment.receiver_city.required', message: 'City is required' },
  zipRequired: /*i18n*/ { id: 'shipment.receiver_postal_code.required', message: 'ZIP is required' },
  countryRequired: /*i18n*/ { id: 'shipment.receiver_country.required', message: 'Country is required' },
  phoneRequired: /*i18n*/ { id: 'shipment.receiver_phone.required', message: 'Phone is required' },
  emailRequired: /*i18n*/ { id: 'shipment.receiver_email.required', message: 'Email is required' },
  goodsTypeRequired: /*i18n*/ { id: 'shipment.goods_type.required', message: 'Goods type is required' },
  contentRequired: /*i18n*/ { id: 'shipment.content.required', message: 'Content is required' },
  positiveNumber: /*i18n*/ { id: 'validation.positive', message: 'Enter a number greater than zero' },
  moneyStep: /*i18n*/ { id: 'validation.money_step', message: 'Use at most two decimal places' },
  weightStep: /*i18n*/ { id: 'validation.weight_step', message: 'Use at most three decimal places' },
  countryNotAllowed: /*i18n*/ { id: 'shipment.country.not_allowed', message: 'Your contract does not cover this destination country' },
  productNotAllowed: /*i18n*/ { id: 'shipment.product.not_allowed', message: 'This product is not available for this destination' },
  parcelPointNotAllowed: /*i18n*/ { id: 'shipment.delivery_method.not_allowed', message: 'Delivery to a parcel locker or pickup point is not available for this country and product' },
  tooLarge: /*i18n*/ { id: 'shipment.size.too_large', message: 'Larger than allowed for this destination and delivery type' },
  tooHeavy: /*i18n*/ { id: 'shipment.weight.too_heavy', message: 'Heavier than allowed for this product' },
  hsCodeRequired: /*i18n*/ { id: 'shipment.hs_tariff_code.required', message: 'HS tariff code is required for this destination' },
  hsCodeInvalid: /*i18n*/ { id: 'shipment.hs_tariff_code.invalid', message: 'HS tariff code has 6 to 10 digits' },
  quantityRequired: /*i18n*/ { id: 'shipment.quantity.required', message: 'Quantity is required for this destination' },
  insuranceNotAllowed: /*i18n*/ { id: 'shipment.insurance.not_allowed', message: 'Insurance is not available for tracked letters to Austria' },
  addressNumberTooLong: /*i18n*/ { id: 'shipment.receiver_address_number.too_long', message: 'House number is too long for this product' },
  postalCodeInvalid: /*i18n*/ { id: 'shipment.receiver_postal_code.invalid', message: 'This postal code does not match the format of the destination country' },
  phoneInvalid: /*i18n*/ { id: 'shipment.receiver_phone.invalid', message: 'Enter a valid phone number' },
  pickupPointRequired: /*i18n*/ { id: 'shipment.pickup_point.required', message: 'Choose a parcel locker or pickup point' },
  pickupPointUnavailable: /*i18n*/ { id: 'shipment.pickup_point.unavailable', message: 'This pickup point is not available' },
  noPartner: /*i18n*/ { id: 'shipment.partner.none', message: 'No delivery partner serves this country, product and delivery method' },
  notDeletable: /*i18n*/ { id: 'shipment.delete.not_deletable', message: 'Only shipments in status CREATED can be deleted: {items}' },
  consentRequired: /*i18n*/ { id: 'form.consent.required', message: 'Please confirm that the information is correct' },
  referenceRequired: /*i18n*/ { id: 'shipment.reference_number.required', message: 'Reference number is required' },
  labelSenderRequired: /*i18n*/ { id: 'shipment.label_sender_name.required', message: 'Sender name on the label is required' },
  parcelsRequired: /*i18n*/ { id: 'shipment.parcels.required', message: 'Add at least one parcel' },
  fragileNotAllowed: /*i18n*/ { id: 'shipment.fragile.not_allowed', message: 'Fragile handling is only offered for Hungary' },
  singleParcelOnly: /*i18n*/ { id: 'shipment.parcels.single_only', message: 'A return from Hungary holds exactly one parcel' },
  pickupAddressInvalid: /*i18n*/ { id: 'shipment.pickup_address.invalid', message: 'Choose one of your pickup addresses' },
  idempotencyMismatch: /*i18n*/ { id: 'error.idempotency_mismatch', message: 'This request was already sent with different content.' },
  idempotencyInProgress: /*i18n*/ { id: 'error.idempotency_in_progress', message: 'This request is still being processed. Try again in a moment.' },
  shipmentCreated: /*i18n*/ { id: 'shipment.created', message: 'Shipment created' },
  shipmentsDeleted: /*i18n*/ { id: 'shipment.delete.success', message: 'Shipments deleted' },
  dimensionsNotFound: /*i18n*/ { id: 'shipment.dimensions.not_found', message: 'Dimensions not found. Please contact support' },

  importFileRequired: /*i18n*/ { id: 'import.file.required', message: 'File is required' },
  importTypeInvalid: /*i18n*/ { id: 'import.type.invalid', message: 'Choose a .csv or .xlsx file.' },
  importTypeMismatch: /*i18n*/ { id: 'import.type.mismatch', message: 'The file content does not match its extension.' },
  importTooLarge: /*i18n*/ { id: 'import.file.too_large', message: 'The file is larger than 30 MB.' },
  importTooManyRows: /*i18n*/ { id: 'import.file.too_many_rows', message: 'The file has more than 100,000 rows.' },
  importEmpty: /*i18n*/ { id: 'import.file.empty', message: 'The file has no rows to import.' },
  importUnreadable: /*i18n*/ { id: 'import.file.unreadable', message: 'The file could not be read.' },
  importZipBomb: /*i18n*/ { id: 'import.file.expands_too_far', message: 'The spreadsheet expands too far to be read safely.' },
  importColumnsMissing: /*i18n*/ { id: 'import.columns.missing', message: 'Some required columns were not found: map them to the file columns.' },
  importStarted: /*i18n*/ { id: 'import.started', message: 'The import has started. Its result appears in the list below.' },
  importInterrupted: /*i18n*/ { id: 'import.interrupted', message: 'The import was interrupted and could not be finished.' },
  importRowError: /*i18n*/ { id: 'import.row.invalid', message: 'This value is not valid.' },
  importNotFound: /*i18n*/ { id: 'import.not_found', message: 'Import not found.' },
  importResultStatus: /*i18n*/ { id: 'import.result.status', message: 'Status' },
  importResultCreated: /*i18n*/ { id: 'import.result.created', message: 'Created' },
  importResultFailed: /*i18n*/ { id: 'import.result.failed', message: 'Failed' },
  importResultError: /*i18n*/ { id: 'import.result.error', message: 'Error' },
  importNotFinished: /*i18n*/ { id: 'import.not_finished', message: 'The import is still running: its result file is not ready yet.' },

  // Labels and manifests (spec sections 7 and 8).
  labelsNoneSelected: /*i18n*/ { id: 'shipment.labels.none_selected', message: 'Select at least one shipment.' },
  labelsTooMany: /*i18n*/ { id: 'shipment.labels.too_many', message: 'At most 1,000 labels can be printed at once.' },
  labelsRefused: /*i18n*/ { id: 'shipment.labels.error', message: 'These shipments have no label to print: {items}' },
  labelDeleted: /*i18n*/ { id: 'shipment.label.deleted', message: 'A deleted shipment has no label.' },
  manifestNoneSelected: /*i18n*/ { id: 'manifest.none_selected', message: 'Select at least one shipment.' },
  manifestNothingToHandOver: /*i18n*/ { id: 'manifest.nothing', message: 'There are no shipments in status CREATED to put on a manifest.' },
  manifestRefused: /*i18n*/ { id: 'manifest.refused', message: 'Only shipments in status CREATED can go on a manifest: {items}' },
  manifestNotFound: /*i18n*/ { id: 'manifest.not_found', message: 'Manifest not found.' },
  manifestPickupInvalid: /*i18n*/ { id: 'manifest.pickup.invalid', message: 'Choose one of your company’s pickup addresses.' },
  manifestTitle: /*i18n*/ { id: 'manifest.pdf.title', message: 'Hand-over manifest' },
  manifestCompany: /*i18n*/ { id: 'manifest.pdf.company', message: 'Shipper' },
  manifestPickupAddress: /*i18n*/ { id: 'manifest.pdf.pickup_address', message: 'Pickup address' },
  manifestPartner: /*i18n*/ { id: 'manifest.pdf.partner', message: 'Delivery partner' },
  manifestCreated: /*i18n*/ { id: 'manifest.pdf.created', message: 'Created' },
  manifestId: /*i18n*/ { id: 'manifest.pdf.id', message: 'Manifest' },
  manifestColumnIndex: /*i18n*/ { id: 'manifest.pdf.column.index', message: '#' },
  manifestColumnItem: /*i18n*/ { id: 'manifest.pdf.column.item_number', message: 'Item number' },
  manifestColumnTracking: /*i18n*/ { id: 'manifest.pdf.column.tracking_number', message: 'Tracking number' },
  manifestColumnRecipient: /*i18n*/ { id: 'manifest.pdf.column.recipient', message: 'Recipient' },
  manifestColumnCity: /*i18n*/ { id: 'manifest.pdf.column.city', message: 'City' },
  manifestColumnCountry: /*i18n*/ { id: 'manifest.pdf.column.country', message: 'Country' },
  manifestColumnWeight: /*i18n*/ { id: 'manifest.pdf.column.weight', message: 'Weight (kg)' },
  manifestColumnCod: /*i18n*/ { id: 'manifest.pdf.column.cod', message: 'COD' },
  manifestTotals: /*i18n*/ { id: 'manifest.pdf.totals', message: 'Totals' },
  manifestParcels: /*i18n*/ { id: 'manifest.pdf.parcels', message: 'Parcels' },
  manifestWeight: /*i18n*/ { id: 'manifest.pdf.weight', message: 'Total weight (kg)' },
  manifestCodTotal: /*i18n*/ { id: 'manifest.pdf.cod_total', message: 'COD total' },
  manifestShipperSignature: /*i18n*/ { id: 'manifest.pdf.shipper_signature', message: 'Handed over by (shipper)' },
  manifestDriverSignature: /*i18n*/ { id: 'manifest.pdf.driver_signature', message: 'Taken over by (driver)' },
  manifestSignatureDate: /*i18n*/ { id: 'manifest.pdf.signature_date', message: 'Date' },
  manifestPage: /*i18n*/ { id: 'manifest.pdf.page', message: 'Page {page} of {pages}' },

  invalidRequest: /*i18n*/ { id: 'error.invalid_request', message: 'The request is not valid. Check the highlighted fields.' },
  malformedBody: /*i18n*/ { id: 'error.malformed_body', message: 'The request body could not be read.' },
  bodyTooLarge: /*i18n*/ { id: 'error.body_too_large', message: 'The request is too large.' },
  unsupportedMediaType: /*i18n*/ { id: 'error.unsupported_media_type', message: 'This content type is not supported.' },
  invalidClient: /*i18n*/ { id: 'error.invalid_client', message: 'Wrong client ID or secret.' },
  invalidGrant: /*i18n*/ { id: 'error.invalid_grant', message: 'Your session has ended. Please sign in again.' },
  unsupportedGrantType: /*i18n*/ { id: 'error.unsupported_grant_type', message: 'This grant type is not supported.' },
  tooManyAttempts: /*i18n*/ { id: 'error.too_many_attempts', message: 'Too many failed attempts. Try again in {seconds} seconds.' },
  tooManyRequests: /*i18n*/ { id: 'error.too_many_requests', message: 'Too many requests. Try again later.' },
  unauthorized: /*i18n*/ { id: 'error.unauthorized', message: 'Please sign in to continue.' },
  forbidden: /*i18n*/ { id: 'error.forbidden', message: 'You do not have permission to do this.' },
  notFound: /*i18n*/ { id: 'error.not_found', message: 'Not found.' },
  internal: /*i18n*/ { id: 'error.internal', message: 'Something went wrong on our side. Please try again later.' },
} as const satisfies Record<string, MessageDescriptor>;

export type MessageKey = keyof typeof messages;

const BY_ID = new Map<string, MessageDescriptor>(Object.values(messages).map((m) => [m.id, m]));

/** The descriptor for a message id, if the id is one of ours (schema messages are ids). */
export function findMessage(id: string): MessageDescriptor | undefined {
  return BY_ID.get(id);
}
