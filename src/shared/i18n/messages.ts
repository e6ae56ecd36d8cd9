// Messages that the server sends and the web app shows, as Lingui descriptors with stable ids.
// The `/*i18n*/` mark lets `lingui extract` collect them without a macro, so this file stays
// free of imports: the server translates them with the compiled catalogs, the web with `i18n._`.
// Schema messages in src/shared/contract are these ids; both sides translate them.
// find-message.ts looks ids up across this file and admin-messages.ts.

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
  consentRequired: /*i18n*/ { id: 'form.consent.required', message: 'Please confirm that the information is correct' },
  referenceRequired: /*i18n*/ { id: 'shipment.reference_number.required', message: 'Reference number is required' },
  labelSenderRequired: /*i18n*/ { id: 'shipment.label_sender_name.required', message: 'Sender name on the label is required' },
  parcelsRequired: /*i18n*/ { id: 'shipment.parcels.required', message: 'Add at least one parcel' },
  fragileNotAllowed: /*i18n*/ { id: 'shipment.fragile.not_allowed', message: 'Fragile handling is only offered for Hungary' },
  singleParcelOnly: /*i18n*/ { id: 'shipment.parcels.single_only', message: 'A return from Hungary holds exactly one parcel' },
  pickupAddressInvalid: /*i18n*/ { id: 'shipment.pickup_address.invalid', message: 'Choose one of your pickup addresses' },
  shipmentsDeleted: /*i18n*/ { id: 'shipment.delete.success', message: 'Shipments deleted' },

  importFileRequired: /*i18n*/ { id: 'import.file.required', message: 'File is required' },
  importTypeInvalid: /*i18n*/ { id: 'import.type.invalid', message: 'Choose a .csv or .xlsx file.' },
  importTooLarge: /*i18n*/ { id: 'import.file.too_large', message: 'The file is larger than 30 MB.' },
  importEmpty: /*i18n*/ { id: 'import.file.empty', message: 'The file has no rows to import.' },
  importUnreadable: /*i18n*/ { id: 'import.file.unreadable', message: 'The file could not be read.' },
  importColumnsMissing: /*i18n*/ { id: 'import.columns.missing', message: 'Some required columns were not found: map them to the file columns.' },
  importNotFound: /*i18n*/ { id: 'import.not_found', message: 'Import not found.' },

  // Labels and manifests (spec sections 7 and 8).
  labelsNoneSelected: /*i18n*/ { id: 'shipment.labels.none_selected', message: 'Select at least one shipment.' },
  labelsTooMany: /*i18n*/ { id: 'shipment.labels.too_many', message: 'At most 1,000 labels can be printed at once.' },
  manifestNoneSelected: /*i18n*/ { id: 'manifest.none_selected', message: 'Select at least one shipment.' },
  manifestNotFound: /*i18n*/ { id: 'manifest.not_found', message: 'Manifest not found.' },

  // Tracking (issue 7): event descriptions by code, in the reader's language.
  trackingNumberRequired: /*i18n*/ { id: 'tracking.tracking_number.required', message: 'Enter a tracking number' },
  trackingTemplateInvalid: /*i18n*/ { id: 'partner.tracking_url_template.invalid', message: 'Use an https:// address that contains the tracking number placeholder' },
  parcelIdsRequired: /*i18n*/ { id: 'scan.parcels_id.required', message: 'Enter or scan at least one parcel id' },
  dateRangeInvalid: /*i18n*/ { id: 'validation.date_range', message: 'The end date is before the start date' },
  parcelStatusNoneFound: /*i18n*/ { id: 'scan.export.none_found', message: 'No parcels found in this period' },

  invalidRequest: /*i18n*/ { id: 'error.invalid_request', message: 'The request is not valid. Check the highlighted fields.' },
  unauthorized: /*i18n*/ { id: 'error.unauthorized', message: 'Please sign in to continue.' },
  forbidden: /*i18n*/ { id: 'error.forbidden', message: 'You do not have permission to do this.' },

} as const satisfies Record<string, MessageDescriptor>;

export type MessageKey = keyof typeof messages;
