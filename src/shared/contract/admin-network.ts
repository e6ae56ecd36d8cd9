// The carrier's delivery network as admins manage it (issue 15): each partner's priority,
// tracking page, feed keys and services (country × product × delivery method). Priority is set
// through PUT /api/v1/admin/partner (admin-pickup-addresses.ts), the tracking page through
// PATCH /api/v1/admin/partners/{id} (tracking.ts).
import * as z from 'zod/mini';
import { COUNTRY_CODES } from '../domain/countries.ts';
import { DELIVERY_METHODS, PRODUCTS } from '../domain/enums.ts';
import { adminMessages as am } from '../i18n/admin-messages.ts';
import { messages } from '../i18n/messages.ts';
import { shipmentMessages } from '../i18n/shipment-messages.ts';
import { endpoint } from './endpoint.ts';
import { numericIdParams } from './params.ts';

/** One service: the partner carries `product` to `country` by `delivery_method`. */
export const partnerServiceSchema = z.object({
  country: z.pipe(z.string({ error: am.countryInvalid.id }).check(z.trim(), z.toUpperCase()), z.enum(COUNTRY_CODES, { error: am.countryInvalid.id })),
  product: z.enum(PRODUCTS, { error: am.productInvalid.id }),
  delivery_method: z.enum(DELIVERY_METHODS, { error: shipmentMessages.deliveryMethodRequired.id }),
});
export type PartnerService = z.infer<typeof partnerServiceSchema>;

/** A partner on the network page: what the list shows of it. */
export const networkPartnerSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  priority: z.number(),
  tracking_url_template: z.nullable(z.string()),
  service_count: z.number(),
  /** Feed keys that are not revoked. */
  active_key_count: z.number(),
  /** Active points of its pickup-point directory. */
  active_point_count: z.number(),
});
export type NetworkPartner = z.infer<typeof networkPartnerSchema>;

export const partnerServicesSchema = z.object({ services: z.array(partnerServiceSchema) });
export type PartnerServices = z.infer<typeof partnerServicesSchema>;

/**
 * PUT services: the partner's whole grid. Removing a service that pickup addresses prefer this
 * partner for answers 409 naming those addresses (`errors.services`), unless `confirm` is true:
 * then those preferences go too.
 */
export const partnerServicesUpdateSchema = z.object({
  services: z.array(partnerServiceSchema).check(z.maxLength(2000, messages.tooLong.id)),
  confirm: z._default(z.boolean(), false),
});
export type PartnerServicesUpdate = z.input<typeof partnerServicesUpdateSchema>;

/** A feed key as the page lists it: never its secret. */
export const partnerKeySchema = z.object({ id: z.string(), created_at: z.string(), revoked_at: z.nullable(z.string()) });
export type PartnerKey = z.infer<typeof partnerKeySchema>;
/** A new key: its secret is answered once. */
export const partnerKeyCreatedSchema = z.object({ id: z.string(), secret: z.string(), created_at: z.string() });

const keyParams = z.object({
  id: numericIdParams.shape.id,
  keyId: z.string().check(z.trim(), z.regex(/^pk_[A-Za-z0-9_]{1,60}$/, am.partnerKeyNotFound.id)),
});

export const networkPartnersEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/admin/network/partners',
  access: 'admin',
  companyData: 'none',
  answer: z.array(networkPartnerSchema),
});
export const partnerServicesEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/admin/partners/:id/services',
  access: 'admin',
  companyData: 'none',
  params: numericIdParams,
  answer: partnerServicesSchema,
});
export const partnerServicesUpdateEndpoint = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/partners/:id/services',
  access: 'admin',
  companyData: 'none',
  params: numericIdParams,
  body: partnerServicesUpdateSchema,
  answer: partnerServicesSchema,
});
export const partnerKeysEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/admin/partners/:id/keys',
  access: 'admin',
  companyData: 'none',
  params: numericIdParams,
  answer: z.array(partnerKeySchema),
});
export const partnerKeyCreateEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/admin/partners/:id/keys',
  access: 'admin',
  companyData: 'none',
  params: numericIdParams,
  answer: partnerKeyCreatedSchema,
  status: 201,
});
export const partnerKeyRevokeEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/partners/:id/keys/:keyId',
  access: 'admin',
  companyData: 'none',
  params: keyParams,
  answer: partnerKeySchema,
});
