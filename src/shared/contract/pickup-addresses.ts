import * as z from 'zod/mini';
import { DELIVERY_METHODS, PRODUCTS } from '../domain/enums.ts';
import { PICKUP_WEEKDAYS } from '../domain/pickup-days.ts';
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
