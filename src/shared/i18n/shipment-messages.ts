// The messages of a shipment's fields and rules (the send form, the wizard, imports, the server's
// checks): kept out of messages.ts, which the web app's first load carries (the sign-in page needs
// none of them). Looked up by id through find-message.
import type { MessageDescriptor } from './messages.ts';

export const shipmentMessages = {
  deliveryMethodRequired: /*i18n*/ { id: 'shipment.delivery_method.required', message: 'Delivery method is required' },
  nameRequired: /*i18n*/ { id: 'shipment.receiver_name.required', message: 'Name is required' },
  addressRequired: /*i18n*/ { id: 'shipment.receiver_address_line_1.required', message: 'Street is required' },
  cityRequired: /*i18n*/ { id: 'shipment.receiver_city.required', message: 'City is required' },
  zipRequired: /*i18n*/ { id: 'shipment.receiver_postal_code.required', message: 'Postal code is required' },
  countryRequired: /*i18n*/ { id: 'shipment.receiver_country.required', message: 'Country is required' },
  phoneRequired: /*i18n*/ { id: 'shipment.receiver_phone.required', message: 'Phone is required' },
  emailRequired: /*i18n*/ { id: 'shipment.receiver_email.required', message: 'Email is required' },
  goodsTypeRequired: /*i18n*/ { id: 'shipment.goods_type.required', message: 'Goods type is required' },
  contentRequired: /*i18n*/ { id: 'shipment.content.required', message: 'Content is required' },
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
  labelSenderRequired: /*i18n*/ { id: 'shipment.label_sender_name.required', message: 'Sender name on the label is required' },
  parcelsRequired: /*i18n*/ { id: 'shipment.parcels.required', message: 'Add at least one parcel' },
  fragileNotAllowed: /*i18n*/ { id: 'shipment.fragile.not_allowed', message: 'Fragile handling is only offered for Hungary' },
  singleParcelOnly: /*i18n*/ { id: 'shipment.parcels.single_only', message: 'A return from Hungary holds exactly one parcel' },
  pickupAddressInvalid: /*i18n*/ { id: 'shipment.pickup_address.invalid', message: 'Choose one of your pickup addresses' },
  shipmentsDeleted: /*i18n*/ { id: 'shipment.delete.success', message: 'Shipments deleted' },
} as const satisfies Record<string, MessageDescriptor>;
