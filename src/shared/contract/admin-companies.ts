// The carrier's administration of client companies (spec sections 2 "/company", 3 "Company",
// "Bank account", 7 admin block): the list, the company with its products per country, bank
// accounts, clients and pickup addresses, and its history (the audit log).
import * as z from 'zod/mini';
import { storedPostalCode } from '../domain/address-rules.ts';
import { companyIdProblem, normalizeCompanyIds, taxIdProblem, vatIdProblem, type IdProblem } from '../domain/company-ids.ts';
import { COUNTRY_CODES } from '../domain/countries.ts';
import { PRODUCTS, ROLES } from '../domain/enums.ts';
import { adminMessages as am } from '../i18n/admin-messages.ts';
import { messages } from '../i18n/messages.ts';
import { addressCheck } from './address-checks.ts';
import { adminPickupAddressSchema } from './admin-pickup-addresses.ts';
import { endpoint } from './endpoint.ts';
import { labelPrinterSchema, labelPrinterSettingSchema } from './pickup-addresses.ts';
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

/** The message of an identifier problem per field and country. */
function idMessage(field: 'cin' | 'tin' | 'vat', country: string, problem: IdProblem): string {
  if (problem === 'check') return field === 'cin' ? am.cinCheck.id : field === 'tin' ? am.tinCheck.id : am.vatCheck.id;
  if (field === 'vat') return am.vatFormat.id;
  if (country === 'SK' || country === 'CZ') return field === 'cin' ? am.cinFormat.id : country === 'SK' ? am.tinFormatSk.id : am.tinFormatCz.id;
  return am.idInvalid.id;
}

/** IČO, DIČ and IČ DPH by the company's country (src/shared/domain/company-ids.ts). */
const companyIdsCheck = z.superRefine<{
  country: string;
  companyIdentificationNumber: string;
  taxIdentificationNumber: string;
  vatIdentificationNumber?: string | null | undefined;
}>((value, ctx) => {
  const { country } = value;
  const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message, input: value });
  const cin = value.companyIdentificationNumber ? companyIdProblem(country, value.companyIdentificationNumber) : null;
  if (cin) add('companyIdentificationNumber', idMessage('cin', country, cin));
  const tin = value.taxIdentificationNumber ? taxIdProblem(country, value.taxIdentificationNumber) : null;
  if (tin) add('taxIdentificationNumber', idMessage('tin', country, tin));
  const vat = value.vatIdentificationNumber ? vatIdProblem(country, value.vatIdentificationNumber) : null;
  if (vat) add('vatIdentificationNumber', idMessage('vat', country, vat));
});

const companyFieldsObject = z.object({
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
  /**
   * Not in the spec: true saves an IČO that another company of the same country already has
   * (README note 119); without it such a save answers 409 `company_id.duplicate` naming that company.
   */
  confirmDuplicate: z.optional(z.boolean()),
});

type CompanyFieldsObject = z.output<typeof companyFieldsObject>;

/**
 * Add and edit company: name, street, zip, city, country, IČO and DIČ required; VAT and the
 * invoice address optional. The postal codes follow the address rules of every address (the
 * invoice address's country, else the company's); the identifiers their country's formats and
 * check digits. Postal codes and identifiers are stored normalised ("010 01", "12345679").
 */
export const companyFieldsSchema = companyFieldsObject.check(
  addressCheck<CompanyFieldsObject>({ country: 'country', postalCode: 'zip' }),
  addressCheck<CompanyFieldsObject>({ country: 'invoiceCountry', postalCode: 'invoiceZip', fallbackCountry: 'country' }),
  companyIdsCheck,
  z.overwrite((value) => {
    const invoiceCountry = value.invoiceCountry || value.country;
    return {
      ...normalizeCompanyIds(value),
      zip: storedPostalCode(value.country, value.zip),
      ...(value.invoiceZip ? { invoiceZip: storedPostalCode(invoiceCountry, value.invoiceZip) } : {}),
    };
  }),
);
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
    /** The label printer of addresses without their own (issue 33); null: the office printer. */
    labelPrinter: labelPrinterSchema,
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
/** The company's label printer (issue 33): what its pickup addresses print on unless a client set one. */
export const companyLabelPrinterEndpoint = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/company/:companyId/label-printer',
  access: 'admin',
  companyData: { names: { params: { companyId: 'company' } } },
  params: companyIdOnlyParams,
  body: labelPrinterSettingSchema,
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
