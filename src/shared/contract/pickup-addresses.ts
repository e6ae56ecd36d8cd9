import * as z from 'zod/mini';
import { DELIVERY_METHODS, PRODUCTS } from '../domain/enums.ts';
import { LABEL_PRINTERS } from '../domain/label-formats.ts';
import { PICKUP_WEEKDAYS } from '../domain/pickup-days.ts';
import { adminMessages as am } from '../i18n/admin-messages.ts';
import { endpoint } from './endpoint.ts';

/** A pickup address's preferred partner for a country and product (deliverMethod null: every method). */
export const preferredPartnerSchema = z.object({
  id: z.number(),
  partnerName: z.string(),
  product: z.enum(PRODUCTS),
  country: z.string(),
  deliverMethod: z.nullable(z.enum(DELIVERY_METHODS)),
});
export type PreferredPartner = z.infer<typeof preferredPartnerSchema>;

/** A label printer setting (issue 33): one of LABEL_PRINTERS, or null for the level above (the company's, the office printer). */
export const labelPrinterSchema = z.nullable(z.enum(LABEL_PRINTERS));

/**
 * GET /api/v1/profile/pickup-addresses: the addresses a client ships from (spec section 3
 * "Pickup address", without the admin-only clients and partner credentials).
 */
export const pickupAddressSchema = z.object({
  id: z.string(),
  contactPerson: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  email: z.string(),
  phone: z.string(),
  regularPickup: z.boolean(),
  pickupDays: z.record(z.enum(PICKUP_WEEKDAYS), z.boolean()),
  preferredPartners: z.array(preferredPartnerSchema),
  /** Not in the spec (issue 33): the printer its labels print on, set by a client; null: the company's. */
  labelPrinter: labelPrinterSchema,
});
export type PickupAddress = z.infer<typeof pickupAddressSchema>;

export const pickupAddressListSchema = z.array(pickupAddressSchema);

/** The preferred partners that apply to a shipment to `country` with `product` (the wizard's picker shows these). */
export function preferredPartnersFor(address: PickupAddress, country: string, product: string | undefined): PreferredPartner[] {
  return address.preferredPartners.filter((partner) => partner.country === country && partner.product === product);
}

/** The addresses the caller ships from (assigned ones, else the company's). */
export const myPickupAddressesEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/profile/pickup-addresses',
  access: 'client',
  companyData: 'caller',
  answer: pickupAddressListSchema,
});

/** The label printer of a pickup address (issue 33); null goes back to the company's. */
export const labelPrinterSettingSchema = z.object({ labelPrinter: labelPrinterSchema });
export type LabelPrinterSetting = z.infer<typeof labelPrinterSettingSchema>;

const pickupAddressParams = z.object({ id: z.uuid(am.pickupAddressNotFound.id) });

/**
 * Sets the printer a pickup address's labels print on. Whoever prints may (the roles that create
 * shipments); the address is the company's, so every client of it sees the choice.
 */
export const pickupAddressLabelPrinterEndpoint = endpoint({
  method: 'PUT',
  path: '/api/v1/profile/pickup-addresses/:id/label-printer',
  access: 'client',
  permission: 'shipments.create',
  companyData: { names: { params: { id: 'pickupAddress' } } },
  params: pickupAddressParams,
  body: labelPrinterSettingSchema,
  answer: pickupAddressSchema,
});
