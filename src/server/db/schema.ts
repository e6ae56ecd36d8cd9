// The database schema (Drizzle). Migrations in ./migrations are generated from this file
// with `npm run db:generate` and applied at start on PGlite and PostgreSQL alike.
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DELIVERY_METHODS, PRODUCTS, ROLES } from '../../shared/domain/enums.ts';

export const roleEnum = pgEnum('role', ROLES);
export const productEnum = pgEnum('product', PRODUCTS);
export const deliveryMethodEnum = pgEnum('delivery_method', DELIVERY_METHODS);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  street: text('street').notNull(),
  city: text('city').notNull(),
  zip: text('zip').notNull(),
  country: char('country', { length: 2 }).notNull(),
  companyIdentificationNumber: text('company_identification_number').notNull(),
  taxIdentificationNumber: text('tax_identification_number').notNull(),
  vatIdentificationNumber: text('vat_identification_number'),
  invoiceStreet: text('invoice_street'),
  invoiceCity: text('invoice_city'),
  invoiceZip: text('invoice_zip'),
  invoiceCountry: char('invoice_country', { length: 2 }),
  /** The carrier's own company holds its staff (admins); it has no products. */
  isCarrier: boolean('is_carrier').notNull().default(false),
  createdAt: createdAt(),
});

/** Users of the portal. `clientId` is the sign-in name (OAuth client_id). */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    role: roleEnum('role').notNull().default('USER'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('clients_client_id_key').on(sql`lower(${t.clientId})`), index('clients_company_idx').on(t.companyId)],
);

/** Which products a company may send to which destination country. */
export const companyProducts = pgTable(
  'company_products',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    country: char('country', { length: 2 }).notNull(),
    product: productEnum('product').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.country, t.product] })],
);

export const bankAccounts = pgTable('bank_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  iban: text('iban').notNull(),
  swift: text('swift').notNull(),
  bulkPaymentMode: boolean('bulk_payment_mode').notNull().default(false),
  createdAt: createdAt(),
});

export const pickupAddresses = pgTable(
  'pickup_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactPerson: text('contact_person').notNull(),
    street: text('street').notNull(),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    country: char('country', { length: 2 }).notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    regularPickup: boolean('regular_pickup').notNull().default(false),
    /** Weekday bitmask: Mon 1, Tue 2, Wed 4, Thu 8, Fri 16. */
    pickupDays: smallint('pickup_days').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('pickup_addresses_company_idx').on(t.companyId), check('pickup_days_range', sql`${t.pickupDays} between 0 and 31`)],
);

export const pickupAddressClients = pgTable(
  'pickup_address_clients',
  {
    pickupAddressId: uuid('pickup_address_id')
      .notNull()
      .references(() => pickupAddresses.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pickupAddressId, t.clientId] })],
);

/** Delivery partners; ids are fixed by the spec (POSTONE 1 ... KAAB 9). */
export const partners = pgTable(
  'partners',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    priority: smallint('priority').notNull().default(5),
    /** Public tracking page, `{tracking_number}` is replaced; null means the portal's own page. */
    trackingUrlTemplate: text('tracking_url_template'),
  },
  (t) => [check('partner_priority_range', sql`${t.priority} between 1 and 10`)],
);

/** The country + product + delivery method combinations a partner serves. */
export const partnerServices = pgTable(
  'partner_services',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    country: char('country', { length: 2 }).notNull(),
    product: productEnum('product').notNull(),
    deliveryMethod: deliveryMethodEnum('delivery_method').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.country, t.product, t.deliveryMethod] })],
);

/** A pickup address's preferred partner for a country and product (optionally one delivery method). */
export const pickupAddressPartners = pgTable(
  'pickup_address_partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pickupAddressId: uuid('pickup_address_id')
      .notNull()
      .references(() => pickupAddresses.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    country: char('country', { length: 2 }).notNull(),
    product: productEnum('product').notNull(),
    deliveryMethod: deliveryMethodEnum('delivery_method'),
  },
  (t) => [
    unique('pickup_address_partner_key').on(t.pickupAddressId, t.country, t.product, t.deliveryMethod).nullsNotDistinct(),
  ],
);

/**
 * Refresh tokens, stored only as SHA-256 hashes. Each sign-in starts a family; every refresh
 * rotates to a new row of the same family. Presenting a used token revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** Idle limit: a token unused until then is dead. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Absolute limit of the whole family (the sign-in's age). */
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_expiry_idx').on(t.familyExpiresAt)],
);

/** Instance-wide settings shared by every server instance (e.g. the token signing key). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
