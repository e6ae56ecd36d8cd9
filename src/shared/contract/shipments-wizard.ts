import * as z from 'zod/mini';
import { COUNTRY_CODES } from '../domain/countries.ts';
import { DELIVERY_METHODS, GOODS_TYPES, PRODUCTS } from '../domain/enums.ts';
import { HS_CODE_MAX } from '../domain/limits.ts';
import { messages } from '../i18n/messages.ts';
import { shipmentMessages } from '../i18n/shipment-messages.ts';
import { dimension, numberError, optionalPositive, optionalText, positive, text } from './fields.ts';
import { receiverFields, shipmentCreateSchema, shipmentSchema } from './shipments.ts';
import { endpoint } from './endpoint.ts';

/** One parcel of a wizard submission (spec section 3 "Parcel"). */
export const parcelSchema = z.object({
  weight: positive(3, messages.weightStep.id),
  width: dimension(),
  height: dimension(),
  length: dimension(),
  quantity: z._default(z.int({ error: numberError(messages.positiveNumber.id) }).check(z.gte(1, messages.positiveNumber.id), z.lte(9999, shipmentMessages.tooLarge.id)), 1),
  fragile: z._default(z.boolean(), false),
  /** Optional, as the consignment's (README note 120): the client's own reference, not the carrier's. */
  reference_number: optionalText(50),
  hs_tariff_code: optionalText(HS_CODE_MAX),
  /** Customs value of one item (non-EU destinations). */
  unit_value: optionalPositive(2, messages.moneyStep.id),
  country_origin: z.optional(z.nullable(z.enum(COUNTRY_CODES, { error: messages.invalidValue.id }))),
});
export type Parcel = z.input<typeof parcelSchema>;

/**
 * POST /api/v2/shipments/store: the wizard's payload (spec section 3 "Shipment payload (wizard)").
 * Every parcel becomes a shipment of its own (item number, S10 tracking number, label); the
 * parcels of one submission share a consignment number, and COD and insurance are carried once,
 * by the first parcel, so that labels and manifests add up.
 */
export const wizardShipmentSchema = z.object({
  delivery_method: z.enum(DELIVERY_METHODS, { error: shipmentMessages.deliveryMethodRequired.id }),
  product: z.enum(PRODUCTS, { error: shipmentMessages.productNotAllowed.id }),
  goods_type: z._default(z.enum(GOODS_TYPES, { error: shipmentMessages.goodsTypeRequired.id }), 'GOODS'),
  pickup_address_id: z.uuid(shipmentMessages.pickupAddressInvalid.id),
  pickup_point_id: optionalText(40),
  // The single form's rule (README note 120): optional; the sender's name on the label is not.
  reference_number: shipmentCreateSchema.shape.reference_number,
  label_sender_name: text(100, shipmentMessages.labelSenderRequired.id),
  content: text(200, shipmentMessages.contentRequired.id),
  info: optionalText(300),
  ...receiverFields,
  // The wizard's recipient name is optional (spec section 5) when a company name is given.
  receiver_name: optionalText(100),
  cod_amount: optionalPositive(2, messages.moneyStep.id),
  insurance: optionalPositive(2, messages.moneyStep.id),
  parcels: z.array(parcelSchema).check(z.minLength(1, shipmentMessages.parcelsRequired.id), z.maxLength(50, messages.tooLong.id)),
});
export type WizardShipment = z.input<typeof wizardShipmentSchema>;
export type WizardShipmentParsed = z.output<typeof wizardShipmentSchema>;

export const wizardShipmentCreatedSchema = z.object({
  message: z.string(),
  consignment_number: z.string(),
  shipments: z.array(shipmentSchema),
});
export type WizardShipmentCreated = z.infer<typeof wizardShipmentCreatedSchema>;

/** The services step's consent (spec section 5): the web asks for it, the payload does not carry it. */
export const consentSchema = z.literal(true, { error: shipmentMessages.consentRequired.id });

export const wizardStoreEndpoint = endpoint({
  method: 'POST',
  limit: 'shipment_writes',
  path: '/api/v2/shipments/store',
  access: 'client',
  companyData: { names: { body: { pickup_address_id: 'pickupAddress' } }, admin: 'own' },
  permission: 'shipments.create',
  idempotent: true,
  body: wizardShipmentSchema,
  answer: wizardShipmentCreatedSchema,
  status: 201,
});
