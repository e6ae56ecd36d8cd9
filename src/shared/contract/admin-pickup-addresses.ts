// Pickup addresses as the carrier's admins manage them (spec sections 2 "/company/{id}",
// "/company/{id}/partners", 3 "Pickup address", "Partner", 7 admin block): the address with its
// pickup days, assigned clients, preferred partners and partner credentials; partner assignments
// per country, product and delivery method; partner candidates and priorities.
import * as z from 'zod/mini';
import { storedPhone, storedPostalCode } from '../domain/address-rules.ts';
import { COUNTRY_CODES } from '../domain/countries.ts';
import { DELIVERY_METHODS, PRODUCTS } from '../domain/enums.ts';
import { PICKUP_WEEKDAYS } from '../domain/pickup-days.ts';
import { adminMessages as am } from '../i18n/admin-messages.ts';
import { messages } from '../i18n/messages.ts';
import { shipmentMessages } from '../i18n/shipment-messages.ts';
import { addressCheck } from './address-checks.ts';
import { endpoint } from './endpoint.ts';
import { labelPrinterSchema, preferredPartnerSchema } from './pickup-addresses.ts';
import { serialId, text } from './fields.ts';

/** The bitmask of pickup days: Monday 1 … Friday 16; anything outside 0..31 is refused. */
export const pickupDaysMaskSchema = z.int({ error: am.pickupDaysInvalid.id }).check(z.gte(0, am.pickupDaysInvalid.id), z.lte(31, am.pickupDaysInvalid.id));

/** A partner assignment of an address as the admin sees it (id of the assignment, not the partner). */
export const partnerAssignmentSchema = z.extend(preferredPartnerSchema, { assignmentId: z.string() });
export type PartnerAssignment = z.infer<typeof partnerAssignmentSchema>;

/** Partner credentials of an address: the address's account with a partner (customer number, contract). */
export const partnerCredentialSchema = z.object({ partnerId: z.number(), partnerName: z.string(), credentials: z.string() });
export type PartnerCredential = z.infer<typeof partnerCredentialSchema>;

export const adminPickupAddressSchema = z.object({
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
  /** The assigned clients with their enabled state. */
  clients: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), enabled: z.boolean() })),
  preferredPartners: z.array(partnerAssignmentSchema),
  credentials: z.array(partnerCredentialSchema),
  /** The printer its labels print on, set by the company's clients (issue 33); null: the company's. */
  labelPrinter: labelPrinterSchema,
});
export type AdminPickupAddress = z.infer<typeof adminPickupAddressSchema>;

const country = z.pipe(z.string({ error: am.countryInvalid.id }).check(z.trim(), z.toUpperCase()), z.enum(COUNTRY_CODES, { error: am.countryInvalid.id }));

const pickupAddressFields = z.object({
  id: z.optional(z.uuid(am.pickupAddressNotFound.id)),
  contactPerson: text(200, am.contactPersonRequired.id),
  street: text(200, am.streetRequired.id),
  zip: text(20, am.zipRequired.id),
  city: text(100, am.cityRequired.id),
  country,
  email: z.string({ error: am.emailInvalid.id }).check(z.trim(), z.maxLength(200, messages.tooLong.id), z.email(am.emailInvalid.id)),
  phone: text(40, am.phoneRequired.id),
  regularPickup: z._default(z.boolean(), false),
  pickupDays: pickupDaysMaskSchema,
  credentials: z._default(z.array(z.object({ partnerId: serialId(), credentials: text(500, messages.required.id) })).check(z.maxLength(20, messages.tooLong.id)), []),
});

/** A pickup address's postal code and phone by its country, as every address (src/shared/domain/address-rules.ts). */
export const pickupAddressCheck = <T extends { country: string; zip: string; phone: string }>() => addressCheck<T>({ country: 'country', postalCode: 'zip', phone: 'phone' });

/** The postal code ("010 01") and phone (E.164, "+421905123456") as stored. */
export const pickupAddressNormalised = <T extends { country: string; zip: string; phone: string }>() =>
  z.overwrite<T>((value) => ({ ...value, zip: storedPostalCode(value.country, value.zip), phone: storedPhone(value.country, value.phone) }));

/** Create (no id) or update (id) a pickup address; clientIds replace the assigned clients. */
export const pickupAddressSaveSchema = z.object({
  pickupAddress: pickupAddressFields.check(pickupAddressCheck(), pickupAddressNormalised()),
  clientIds: z._default(z.array(z.uuid(am.clientNotFound.id)).check(z.maxLength(500, messages.tooLong.id)), []),
});
export type PickupAddressSave = z.infer<typeof pickupAddressSaveSchema>;
export type PickupAddressSaveInput = z.input<typeof pickupAddressSaveSchema>;

const deliveryMethod = z.enum(DELIVERY_METHODS, { error: shipmentMessages.deliveryMethodRequired.id });
const product = z.enum(PRODUCTS, { error: am.productInvalid.id });
const partnerId = z.coerce
  .number({ error: am.partnerNotFound.id })
  .check(z.int(am.partnerNotFound.id), z.gte(1, am.partnerNotFound.id), z.lte(2_147_483_647, am.partnerNotFound.id));

/** POST …/pickup-address/{id}/partner: a preferred partner for country + product (+ a method when the priority box is checked). */
export const partnerAssignQuerySchema = z.object({ country, product, partner_id: partnerId, delivery_method: z.optional(deliveryMethod) });
/** DELETE …/pickup-address/{id}/partner: the assignment of country + product (+ method; none: the one for every method). */
export const partnerUnassignQuerySchema = z.object({ country, product, delivery_method: z.optional(deliveryMethod) });

/** GET /api/v1/admin/partner: with country, product and method the candidates that serve them; without, every partner. */
export const partnerCandidatesQuerySchema = z.object({
  country: z.optional(country),
  product: z.optional(product),
  delivery_method: z.optional(deliveryMethod),
  pickup_address_id: z.optional(z.uuid(am.pickupAddressNotFound.id)),
});
export const partnerCandidateSchema = z.object({ id: z.number(), name: z.string(), priority: z.number() });
export const partnerCandidateListSchema = z.array(partnerCandidateSchema);
export type PartnerCandidate = z.infer<typeof partnerCandidateSchema>;

/** PUT /api/v1/admin/partner: a partner's priority (1–10; the highest serving partner is the default). */
export const partnerPrioritySchema = z.object({
  partnerId: serialId(am.partnerNotFound.id),
  priority: z.int({ error: am.priorityInvalid.id }).check(z.gte(1, am.priorityInvalid.id), z.lte(10, am.priorityInvalid.id)),
});

const addressParams = z.object({ id: z.uuid(am.pickupAddressNotFound.id) });
const companyParams = z.object({ companyId: z.uuid(am.companyNotFound.id) });
const messageAnswer = z.object({ message: z.string() });

export const pickupAddressSaveEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/admin/company/:companyId/pickup-address',
  access: 'admin',
  companyData: { names: { params: { companyId: 'company' } } },
  params: companyParams,
  body: pickupAddressSaveSchema,
  answer: adminPickupAddressSchema,
});
/** Removes the address from use; shipments and manifests that name it keep it (README, decision note "Pickup addresses"). */
export const pickupAddressDeleteEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/pickup-address/:id',
  access: 'admin',
  companyData: { names: { params: { id: 'pickupAddress' } } },
  params: addressParams,
  answer: messageAnswer,
});
export const partnerAssignEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/admin/pickup-address/:id/partner',
  access: 'admin',
  companyData: { names: { params: { id: 'pickupAddress' } } },
  params: addressParams,
  query: partnerAssignQuerySchema,
  answer: adminPickupAddressSchema,
  status: 201,
});
export const partnerUnassignEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/pickup-address/:id/partner',
  access: 'admin',
  companyData: { names: { params: { id: 'pickupAddress' } } },
  params: addressParams,
  query: partnerUnassignQuerySchema,
  answer: adminPickupAddressSchema,
});
export const partnerCandidatesEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/admin/partner',
  access: 'admin',
  companyData: { names: { query: { pickup_address_id: 'pickupAddress' } } },
  query: partnerCandidatesQuerySchema,
  answer: partnerCandidateListSchema,
});
export const partnerPriorityEndpoint = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/partner',
  access: 'admin',
  companyData: 'none',
  body: partnerPrioritySchema,
  answer: partnerCandidateSchema,
});
