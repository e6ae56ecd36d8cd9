// The carrier's administration of client companies (spec sections 2 "/company", 3 "Company",
// "Bank account", 7 admin block): the list, the company with its products per country, bank
// accounts, clients and pickup addresses, and its history (the audit log).
import * as z from 'zod/mini';
import { COUNTRY_CODES } from '../domain/countries.ts';
import { PRODUCTS, ROLES } from '../domain/enums.ts';
import { adminMessages as am } from '../i18n/admin-messages.ts';
import { messages } from '../i18n/messages.ts';
import { adminPickupAddressSchema } from './admin-pickup-addresses.ts';
import { endpoint } from './endpoint.ts';
import { optionalText, text } from './fields.ts';

const filter = z.optional(z.string().check(z.trim(), z.maxLength(200, messages.tooLong.id)));

export const COMPANY_LIST_PAGE = 50;
export const COMPANY_LIST_MAX = 1000;

/** GET /api/v1/admin/company/list filters (all optional; accent- and case-insensitive). */
export const companyListQuerySchema = z.object({
  name: filter,
  city: filter,
  country: filter,
  companyIdentificationNumber: filter,
  skip: z._default(
    z.coerce.number({ error: messages.invalidValue.id }).check(z.int(messages.invalidValue.id), z.gte(0, messages.invalidValue.id), z.lte(1_000_000, messages.invalidValue.id)),
    0,
  ),
  take: z._default(
    z.coerce
      .number({ error: messages.invalidValue.id })
      .check(z.int(messages.invalidValue.id), z.gte(1, messages.invalidValue.id), z.lte(COMPANY_LIST_MAX, messages.invalidValue.id)),
    COMPANY_LIST_PAGE,
  ),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;

/** A list item: the spec's id and name, plus what a company card shows. */
export const companyListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  companyIdentificationNumber: z.string(),
  clientCount: z.number(),
});
export const companyListSchema = z.array(companyListItemSchema);
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

const country = (required: string) => z.pipe(z.string({ error: required }).check(z.trim(), z.toUpperCase()), z.enum(COUNTRY_CODES, { error: am.countryInvalid.id }));
const optionalCountry = z.optional(z.nullable(z.union([z.literal(''), country(am.countryInvalid.id)], { error: am.countryInvalid.id })));

/** Add and edit company: name, street, zip, city, country, IČO and DIČ required; VAT and the invoice address optional. */
export const companyFieldsSchema = z.object({
  name: text(200, am.companyNameRequired.id),
  street: text(200, am.streetRequired.id),
  zip: text(20, am.zipRequired.id),
  city: text(100, am.cityRequired.id),
  country: country(am.countryInvalid.id),
  companyIdentificationNumber: text(40, am.cinRequired.id),
  taxIdentificationNumber: text(40, am.tinRequired.id),
  vatIdentificationNumber: optionalText(40),
  invoiceStreet: optionalText(200),
  invoiceCity: optionalText(100),
  invoiceZip: optionalText(20),
  invoiceCountry: optionalCountry,
});
export type CompanyFields = z.infer<typeof companyFieldsSchema>;
export type CompanyFieldsInput = z.input<typeof companyFieldsSchema>;

/** Bank account (spec section 3): the country is the IBAN's first two letters. */
export const bankAccountSchema = z.object({
  id: z.string(),
  country: z.string(),
  iban: z.string(),
  swift: z.string(),
  bulkPaymentMode: z.boolean(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** IBAN form: spaces allowed and upper-cased; length and check digits are checked by the server (and the form). */
export const bankAccountInputSchema = z.object({
  id: z.optional(z.string()),
  iban: z.string({ error: am.ibanRequired.id }).check(
    z.overwrite((v) => v.replace(/\s+/g, '').toUpperCase()),
    z.minLength(1, am.ibanRequired.id),
    z.regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, am.ibanInvalid.id),
  ),
  swift: z.string({ error: am.swiftRequired.id }).check(
    z.overwrite((v) => v.replace(/\s+/g, '').toUpperCase()),
    z.minLength(1, am.swiftRequired.id),
    z.regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, am.swiftInvalid.id),
  ),
  bulkPaymentMode: z._default(z.boolean(), false),
});
export type BankAccountInput = z.input<typeof bankAccountInputSchema>;

/** A client of the company as the admin sees it (never its secret). */
export const adminClientSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  enabled: z.boolean(),
  pickupAddressIds: z.array(z.string()),
});
export type AdminClient = z.infer<typeof adminClientSchema>;

/** The company detail: its fields, products (product -> country codes), bank accounts, clients, pickup addresses. */
export const companySchema = z.extend(
  z.object({
    id: z.string(),
    name: z.string(),
    street: z.string(),
    city: z.string(),
    zip: z.string(),
    country: z.string(),
    companyIdentificationNumber: z.string(),
    taxIdentificationNumber: z.string(),
    vatIdentificationNumber: z.nullable(z.string()),
    invoiceStreet: z.nullable(z.string()),
    invoiceCity: z.nullable(z.string()),
    invoiceZip: z.nullable(z.string()),
    invoiceCountry: z.nullable(z.string()),
  }),
  {
    products: z.record(z.enum(PRODUCTS), z.array(z.string())),
    bankAccounts: z.array(bankAccountSchema),
    clients: z.array(adminClientSchema),
    pickupAddresses: z.array(adminPickupAddressSchema),
    /** Shipments ever created: a company with any cannot be deleted. */
    shipmentCount: z.number(),
  },
);
export type Company = z.infer<typeof companySchema>;

export const companyIdParams = z.object({ id: z.uuid(am.companyNotFound.id) });
const companyIdOnlyParams = z.object({ companyId: z.uuid(am.companyNotFound.id) });

/** Products per country: POST/DELETE …/product?country&product. */
export const companyProductQuerySchema = z.object({
  country: country(am.countryInvalid.id),
  product: z.enum(PRODUCTS, { error: am.productInvalid.id }),
});

/** One entry of a company's history: who changed which record when, the fields before and after. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.nullable(z.string()),
  entity: z.string(),
  entityId: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const companyHistorySchema = z.object({ count: z.number(), entries: z.array(auditEntrySchema) });
export const companyHistoryQuerySchema = z.object({
  skip: z._default(
    z.coerce.number({ error: messages.invalidValue.id }).check(z.int(messages.invalidValue.id), z.gte(0, messages.invalidValue.id), z.lte(1_000_000, messages.invalidValue.id)),
    0,
  ),
  take: z._default(
    z.coerce.number({ error: messages.invalidValue.id }).check(z.int(messages.invalidValue.id), z.gte(1, messages.invalidValue.id), z.lte(100, messages.invalidValue.id)),
    20,
  ),
});

const messageAnswer = z.object({ message: z.string() });

export const companyListEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/admin/company/list',
  access: 'admin',
  companyData: 'caller',
  query: companyListQuerySchema,
  answer: companyListSchema,
});
/** Not in the spec: POST /api/v1/admin/company creates a company (201, its detail). */
export const companyCreateEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/admin/company',
  access: 'admin',
  companyData: 'none',
  body: companyFieldsSchema,
  answer: companySchema,
  status: 201,
});
export const companyDetailEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/admin/company/:id',
  access: 'admin',
  companyData: { names: { params: { id: 'company' } } },
  params: companyIdParams,
  answer: companySchema,
});
export const companyUpdateEndpoint = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/company/:id',
  access: 'admin',
  companyData: { names: { params: { id: 'company' } } },
  params: companyIdParams,
  body: companyFieldsSchema,
  answer: companySchema,
});
/** A company that ever shipped is never deleted (409 companyHasShipments). */
export const companyDeleteEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/company/:id',
  access: 'admin',
  companyData: { names: { params: { id: 'company' } } },
  params: companyIdParams,
  answer: messageAnswer,
});
export const companyProductAddEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/admin/company/:id/product',
  access: 'admin',
  companyData: { names: { params: { id: 'company' } } },
  params: companyIdParams,
  query: companyProductQuerySchema,
  answer: companySchema,
});
export const companyProductRemoveEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/company/:id/product',
  access: 'admin',
  companyData: { names: { params: { id: 'company' } } },
  params: companyIdParams,
  query: companyProductQuerySchema,
  answer: companySchema,
});
/** Adds a bank account, or updates the one whose id the body carries. */
export const bankAccountSaveEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/admin/company/:companyId/bank-account',
  access: 'admin',
  companyData: { names: { params: { companyId: 'company' } } },
  params: companyIdOnlyParams,
  body: bankAccountInputSchema,
  answer: bankAccountSchema,
});
const bankAccountParams = z.object({ companyId: z.uuid(am.companyNotFound.id), ibanId: z.uuid(am.bankAccountNotFound.id) });
/** The same with the id in the path (spec: "with or without trailing slash and id"). */
export const bankAccountUpdateEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/admin/company/:companyId/bank-account/:ibanId',
  access: 'admin',
  companyData: { names: { params: { companyId: 'company', ibanId: 'bankAccount' } } },
  params: bankAccountParams,
  body: bankAccountInputSchema,
  answer: bankAccountSchema,
});
export const bankAccountDeleteEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/company/:companyId/bank-account/:ibanId',
  access: 'admin',
  companyData: { names: { params: { companyId: 'company', ibanId: 'bankAccount' } } },
  params: bankAccountParams,
  answer: messageAnswer,
});
/** Not in the spec: the company's history from the audit log, newest first. */
export const companyHistoryEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/admin/company/:id/history',
  access: 'admin',
  companyData: { names: { params: { id: 'company' } } },
  params: companyIdParams,
  query: companyHistoryQuerySchema,
  answer: companyHistorySchema,
});
