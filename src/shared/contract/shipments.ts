import * as z from 'zod/mini';
import { DELIVERY_METHODS, GOODS_TYPES, PARTNERS, PRODUCTS, SHIPMENT_STATUSES } from '../domain/enums.ts';
import { HS_CODE_MAX, ADDRESS_NUMBER_MAX, PAGE_SIZE_SHIPMENTS } from '../domain/limits.ts';
import { checkShipmentRules, type ProductsMap } from '../domain/shipment-rules.ts';
import { TRACKING_STATUSES } from '../domain/tracking-events.ts';
import { messages } from '../i18n/messages.ts';
import { shipmentMessages } from '../i18n/shipment-messages.ts';
import { calendarDay, dimension, numberError, optionalPositive, optionalText, positive, text } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { itemNumberParams } from './params.ts';

/** The recipient's fields, shared by the single form and the wizard (which relaxes the name). */
export const receiverFields = {
  receiver_company_name: optionalText(100),
  receiver_vat_number: optionalText(30),
  receiver_name: text(100, shipmentMessages.nameRequired.id),
  receiver_address_line_1: text(100, shipmentMessages.addressRequired.id),
  receiver_address_number: optionalText(ADDRESS_NUMBER_MAX),
  receiver_address_line_2: optionalText(100),
  receiver_city: text(60, shipmentMessages.cityRequired.id),
  receiver_postal_code: text(12, shipmentMessages.zipRequired.id),
  receiver_country: z.string({ error: shipmentMessages.countryRequired.id }).check(z.trim(), z.toUpperCase(), z.length(2, shipmentMessages.countryRequired.id)),
  receiver_region: optionalText(60),
  receiver_phone: text(30, shipmentMessages.phoneRequired.id),
  receiver_email: z
    .string({ error: shipmentMessages.emailRequired.id })
    .check(z.trim(), z.minLength(1, shipmentMessages.emailRequired.id), z.maxLength(120, messages.tooLong.id), z.email(messages.invalidEmail.id)),
};

/**
 * POST /api/v1/shipments/store: the single send form (spec section 3 "Shipment creation
 * payload"). Field messages are those of spec section 5; the country and product rules come on
 * top through `shipmentCreateSchemaFor(products)` (form) or the server's rule check.
 */
export const shipmentCreateSchema = z.object({
  delivery_method: z.enum(DELIVERY_METHODS, { error: shipmentMessages.deliveryMethodRequired.id }),
  product: z.optional(z.enum(PRODUCTS, { error: shipmentMessages.productNotAllowed.id })),
  goods_type: z._default(z.enum(GOODS_TYPES, { error: shipmentMessages.goodsTypeRequired.id }), 'GOODS'),
  reference_number: optionalText(50),
  ...receiverFields,
  weight: positive(3, messages.weightStep.id),
  width: dimension(),
  height: dimension(),
  length: dimension(),
  content: text(200, shipmentMessages.contentRequired.id),
  info: optionalText(300),
  hs_tariff_code: optionalText(HS_CODE_MAX),
  quantity: z.optional(z.nullable(z.int({ error: numberError(messages.positiveNumber.id) }).check(z.positive(messages.positiveNumber.id), z.lte(9999, shipmentMessages.tooLarge.id)))),
  cod_amount: optionalPositive(2, messages.moneyStep.id),
  insurance: optionalPositive(2, messages.moneyStep.id),
  /** The chosen parcel locker or pickup point (required for those delivery methods). */
  pickup_point_id: optionalText(40),
  pickup_address_id: z.optional(z.nullable(z.uuid())),
});
export type ShipmentCreate = z.input<typeof shipmentCreateSchema>;
export type ShipmentCreateParsed = z.output<typeof shipmentCreateSchema>;

/** The send form's schema: the payload schema plus every country and product rule. */
export function shipmentCreateSchemaFor(products: ProductsMap) {
  return shipmentCreateSchema.check(
    z.superRefine((value, ctx) => {
      for (const [field, ids] of Object.entries(checkShipmentRules(value, products))) {
        for (const id of ids) ctx.addIssue({ code: 'custom', path: [field], message: id, input: value });
      }
      if (value.delivery_method !== 'home_delivery' && !value.pickup_point_id) {
        ctx.addIssue({ code: 'custom', path: ['pickup_point_id'], message: shipmentMessages.pickupPointRequired.id, input: value });
      }
    }),
  );
}

export const shipmentStatusSchema = z.enum(SHIPMENT_STATUSES);
/** The delivery status: the latest tracking milestone (README note 103). */
export const trackingStatusSchema = z.enum(TRACKING_STATUSES);

/** A shipment as the API answers it (spec section 3 "Shipment"). */
export const shipmentSchema = z.object({
  item_number: z.string(),
  tracking_number: z.nullable(z.string()),
  reference_number: z.nullable(z.string()),
  status: shipmentStatusSchema,
  created_at: z.string(),
  /** The latest tracking milestone (portal, depot and partner events) and when it was reached. */
  tracking_status: trackingStatusSchema,
  tracking_status_at: z.string(),
  /** Moved by every change of the shipment: its status, its milestone, an edit. */
  updated_at: z.string(),
  company_name: z.optional(z.string()),
  client_name: z.optional(z.string()),
  receiver_company_name: z.nullable(z.string()),
  receiver_name: z.string(),
  receiver_address_line_1: z.string(),
  receiver_address_number: z.nullable(z.string()),
  receiver_address_line_2: z.nullable(z.string()),
  receiver_city: z.string(),
  receiver_postal_code: z.string(),
  receiver_country: z.string(),
  receiver_region: z.nullable(z.string()),
  receiver_phone: z.string(),
  receiver_email: z.string(),
  receiver_vat_number: z.nullable(z.string()),
  delivery_method: z.enum(DELIVERY_METHODS),
  product: z.enum(PRODUCTS),
  goods_type: z.enum(GOODS_TYPES),
  weight: z.number(),
  height: z.number(),
  width: z.number(),
  length: z.number(),
  quantity: z.nullable(z.number()),
  hs_tariff_code: z.nullable(z.string()),
  cod_amount: z.nullable(z.number()),
  insurance: z.nullable(z.number()),
  content: z.string(),
  info: z.nullable(z.string()),
  partner_name: z.nullable(z.string()),
  label_sender_name: z.nullable(z.string()),
  pickup_address_id: z.nullable(z.string()),
  pickup_point_id: z.nullable(z.string()),
  /** Wizard submissions: the parcels of one consignment share its number (the first item number). */
  consignment_number: z.nullable(z.string()),
  parcel_reference: z.nullable(z.string()),
  fragile: z.boolean(),
  unit_value: z.nullable(z.number()),
  country_origin: z.nullable(z.string()),
  /** Not in the spec (issue 33): when its label file was first fetched (getLabel, labels), null before. */
  label_printed_at: z.nullable(z.string()),
  /** How often its label file was fetched: reprints count. */
  label_prints: z.number(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const shipmentCreatedSchema = z.object({
  message: z.string(),
  shipment: shipmentSchema,
});

const dateOnly = calendarDay();
export const SHIPMENT_LIST_ORDERS = ['newest', 'oldest'] as const;
const exactFilter = z.optional(z.string().check(z.trim(), z.maxLength(50, messages.tooLong.id)));

/** A position in the sync list: the last row's updated_at (microseconds since 1970) and id. */
export interface SyncPosition {
  updatedAtMicros: number;
  id: number;
}
/** The sync list's `cursor`/`next_cursor`: opaque to clients (base64url of the position). */
export function encodeSyncCursor(position: SyncPosition): string {
  return btoa(`${position.updatedAtMicros}.${position.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
export function decodeSyncCursor(cursor: string): SyncPosition | null {
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const match = /^(\d{1,16})\.(\d{1,16})$/.exec(text);
  if (!match) return null;
  const position = { updatedAtMicros: Number(match[1]), id: Number(match[2]) };
  return Number.isSafeInteger(position.updatedAtMicros) && Number.isSafeInteger(position.id) ? position : null;
}

/** GET /api/v1/shipments query (spec section 7); company, delivery-method and partner filters are ADMIN only. */
export const shipmentListQuerySchema = z.object({
  skip: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0),
  take: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), PAGE_SIZE_SHIPMENTS),
  company_id: z.optional(z.uuid(messages.invalidValue.id)),
  country: z.optional(z.string().check(z.trim(), z.toUpperCase(), z.length(2, messages.invalidValue.id))),
  createdFrom: z.optional(dateOnly),
  createdTo: z.optional(dateOnly),
  reference_number: exactFilter,
  item_number: exactFilter,
  tracking_number: exactFilter,
  status: z.optional(shipmentStatusSchema),
  delivery_method: z.optional(z.enum(DELIVERY_METHODS)),
  partner_id: z.optional(
    z.coerce.number().check(
      z.int(),
      z.refine((v) => (Object.values(PARTNERS) as number[]).includes(v), messages.invalidValue.id),
    ),
  ),
  /** Not in the spec: the list sorted by creation, newest first (the default) or oldest first. */
  order: z.optional(z.enum(SHIPMENT_LIST_ORDERS)),
  /** Not in the spec: the delivery status (latest tracking milestone). */
  tracking_status: z.optional(trackingStatusSchema),
  /** Not in the spec (issue 33): `false` lists the shipments whose label was never fetched, `true` those whose was. */
  label_printed: z.optional(z.stringbool({ error: messages.invalidValue.id })),
  /**
   * Sync (README note 103): with `updated_since` (an ISO 8601 time with offset) and/or `cursor`
   * (a `next_cursor` answered before), the list holds the shipments changed since, oldest change
   * first in (updated_at, id) order, `take` at a time, and answers `next_cursor`: the next call's
   * `cursor`. A page shorter than `take` means up to date; keep its `next_cursor` for the next
   * sync. No change is skipped or answered twice while shipments are written. Not with `skip` or `order`.
   */
  updated_since: z.optional(z.iso.datetime({ offset: true, error: messages.invalidValue.id })),
  cursor: z.optional(z.string().check(z.maxLength(64, messages.invalidValue.id), z.refine((c) => decodeSyncCursor(c) !== null, messages.invalidValue.id))),
});
export type ShipmentListQuery = z.input<typeof shipmentListQuerySchema>;
export type ShipmentListFilters = z.output<typeof shipmentListQuerySchema>;

export const shipmentListSchema = z.object({
  shipments: z.array(shipmentSchema),
  /** The shipments the filters select; in sync mode those from this page's start up to now. */
  count: z.number(),
  /** Sync mode only: the `cursor` of the next page (or of the next sync). */
  next_cursor: z.optional(z.string()),
});
export type ShipmentList = z.infer<typeof shipmentListSchema>;

/** DELETE /api/v1/shipments body. */
export const bulkDeleteSchema = z.object({
  item_numbers: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))).check(z.minLength(1, messages.required.id), z.maxLength(500, messages.tooLong.id)),
});

export const deleteResultSchema = z.object({ message: z.string(), item_numbers: z.array(z.string()) });

/** GET /api/v1/shipments/dimensions. */
export const dimensionsQuerySchema = z.object({
  country: z.string().check(z.trim(), z.toUpperCase(), z.length(2, shipmentMessages.countryRequired.id)),
  product: z.optional(z.enum(PRODUCTS)),
  delivery_type: z.optional(z.enum(DELIVERY_METHODS)),
});
export const dimensionsSchema = z.object({ height: z.number(), width: z.number(), length: z.number() });
export type Dimensions = z.infer<typeof dimensionsSchema>;

export const shipmentStoreEndpoint = endpoint({
  method: 'POST',
  limit: 'shipment_writes',
  path: '/api/v1/shipments/store',
  access: 'client',
  companyData: { names: { body: { pickup_address_id: 'pickupAddress' } }, admin: 'own' },
  permission: 'shipments.create',
  idempotent: true,
  body: shipmentCreateSchema,
  answer: shipmentCreatedSchema,
  status: 201,
});
export const shipmentListEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/shipments',
  access: 'client',
  companyData: 'caller',
  query: shipmentListQuerySchema,
  answer: shipmentListSchema,
});
export const dimensionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/shipments/dimensions',
  access: 'client',
  companyData: 'none',
  query: dimensionsQuerySchema,
  answer: dimensionsSchema,
});
export const shipmentDetailEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/shipments/:item_number',
  access: 'client',
  companyData: { names: { params: { item_number: 'shipment' } } },
  params: itemNumberParams,
  answer: shipmentSchema,
});
export const shipmentDeleteEndpoint = endpoint({
  method: 'DELETE',
  limit: 'shipment_writes',
  path: '/api/v1/shipments/:item_number',
  access: 'client',
  companyData: { names: { params: { item_number: 'shipment' } } },
  permission: 'shipments.delete',
  params: itemNumberParams,
  answer: deleteResultSchema,
});
export const shipmentBulkDeleteEndpoint = endpoint({
  method: 'DELETE',
  limit: 'shipment_writes',
  path: '/api/v1/shipments',
  access: 'client',
  companyData: { names: { body: { item_numbers: 'shipment' } } },
  permission: 'shipments.delete',
  body: bulkDeleteSchema,
  answer: deleteResultSchema,
});
