// The database schema (Drizzle). Migrations in ./migrations are generated from this file
// with `npm run db:generate` and applied at start on PGlite and PostgreSQL alike.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  numeric,
  pgSequence,
  char,
  check,
  date,
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
  jsonb,
  customType,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { DELIVERY_METHODS, GOODS_TYPES, PRODUCTS, ROLES, SHIPMENT_STATUSES } from '#shared/domain/enums.ts';
import { POINT_TYPES } from '#shared/domain/pickup-points.ts';
import { IMPORT_STATUSES, IMPORT_TYPES } from '#shared/contract/imports.ts';
import type { ImportMapping } from '#shared/domain/import-columns.ts';
import { TRACKING_STATUSES } from '#shared/domain/tracking-events.ts';
import { FOLD_FROM, FOLD_TO } from '#shared/domain/text-fold.ts';
import { LABEL_PRINTERS } from '#shared/domain/label-formats.ts';

/** The accent- and case-folded form of a text column (src/shared/domain/text-fold.ts), for admin filters. */
const folded = (column: string) => sql.raw(`translate(lower(${column}), '${FOLD_FROM}', '${FOLD_TO}')`);

export const roleEnum = pgEnum('role', ROLES);
export const productEnum = pgEnum('product', PRODUCTS);
export const deliveryMethodEnum = pgEnum('delivery_method', DELIVERY_METHODS);
export const shipmentStatusEnum = pgEnum('shipment_status', SHIPMENT_STATUSES);
export const goodsTypeEnum = pgEnum('goods_type', GOODS_TYPES);
export const pointTypeEnum = pgEnum('point_type', POINT_TYPES);

/** A label printer column holds one of LABEL_PRINTERS or null (the database keeps it so, whatever writes). */
const labelPrinterCheck = (name: string, column: AnyPgColumn) => check(name, sql`${column} in (${sql.raw(LABEL_PRINTERS.map((p) => `'${p}'`).join(', '))})`);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable(
  'companies',
  {
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
    /** The printer its pickup addresses' labels print on unless a client set one (issue 33); null: the office printer. */
    labelPrinter: text('label_printer', { enum: LABEL_PRINTERS }),
    createdAt: createdAt(),
    /** Folded name and city: the admin list filters them accent- and case-insensitively. */
    nameFolded: text('name_folded').generatedAlwaysAs(folded('name')),
    cityFolded: text('city_folded').generatedAlwaysAs(folded('city')),
  },
  // The admin list's order: a page (filtered or not) is read in this index's order and stops at `take`.
  (t) => [index('companies_name_folded_idx').on(t.nameFolded, t.id), labelPrinterCheck('companies_label_printer_check', t.labelPrinter)],
);

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
    /** The printer its labels print on, set by a client (issue 33); null: the company's. */
    labelPrinter: text('label_printer', { enum: LABEL_PRINTERS }),
    createdAt: createdAt(),
    /**
     * Set when an admin deletes the address: it leaves every list, the routing and new
     * shipments, while the shipments and manifests that name it keep it for their labels.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('pickup_addresses_company_idx').on(t.companyId),
    check('pickup_days_range', sql`${t.pickupDays} between 0 and 31`),
    labelPrinterCheck('pickup_addresses_label_printer_check', t.labelPrinter),
  ],
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
  (t) => [unique('pickup_address_partner_key').on(t.pickupAddressId, t.country, t.product, t.deliveryMethod).nullsNotDistinct()],
);

/** A pickup address's account with a delivery partner (customer number, contract id): not a secret. */
export const pickupAddressCredentials = pgTable(
  'pickup_address_credentials',
  {
    pickupAddressId: uuid('pickup_address_id')
      .notNull()
      .references(() => pickupAddresses.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    credentials: text('credentials').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pickupAddressId, t.partnerId] })],
);

/**
 * Every admin change: who, when, which record, the fields before and after (never a secret),
 * written in the transaction of the change. `company_id` files it under a company's history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => clients.id, { onDelete: 'set null' }),
    companyId: uuid('company_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_company_idx').on(t.companyId, t.id.desc().nullsFirst())],
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
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_expiry_idx').on(t.familyExpiresAt),
    // Each instance reads the sessions ended lately every few seconds (features/auth/active-clients.ts).
    index('refresh_tokens_revoked_idx').on(t.revokedAt).where(sql`${t.revokedAt} is not null`),
  ],
);

/** Instance-wide settings shared by every server instance (e.g. the token signing key). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Item numbers (PP + 10 digits) and S10 serials come from sequences: unique across instances. */
export const manifestNumberSeq = pgSequence('manifest_number_seq', { startWith: 1 });

/**
 * A hand-over manifest (spec section 3): the CREATED shipments of one pickup address and partner
 * that a driver takes. Its id (MF + 10 digits) is printed and barcoded on the PDF; the PDF itself
 * is drawn from the shipments it took whenever it is downloaded.
 */
export const manifests = pgTable(
  'manifests',
  {
    id: text('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    pickupAddressId: uuid('pickup_address_id').references(() => pickupAddresses.id, { onDelete: 'set null' }),
    partnerId: integer('partner_id').references(() => partners.id),
    partnerName: text('partner_name').notNull(),
    importId: uuid('import_id').references(() => imports.id, { onDelete: 'set null' }),
    shipmentCount: integer('shipment_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('manifests_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('manifests_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const itemNumberSeq = pgSequence('item_number_seq', { startWith: 1000001 });
export const trackingSerialSeq = pgSequence('tracking_serial_seq', { startWith: 10000001, maxValue: 99999999, cycle: true });

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const cm = (name: string) => numeric(name, { precision: 7, scale: 1, mode: 'number' });

export const shipments = pgTable(
  'shipments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemNumber: text('item_number').notNull().unique(),
    trackingNumber: text('tracking_number').unique(),
    referenceNumber: text('reference_number'),
    status: shipmentStatusEnum('status').notNull().default('CREATED'),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    pickupAddressId: uuid('pickup_address_id').references(() => pickupAddresses.id, { onDelete: 'set null' }),
    partnerId: integer('partner_id').references(() => partners.id),
    partnerName: text('partner_name'),
    product: productEnum('product').notNull(),
    deliveryMethod: deliveryMethodEnum('delivery_method').notNull(),
    goodsType: goodsTypeEnum('goods_type').notNull().default('GOODS'),
    receiverCompanyName: text('receiver_company_name'),
    receiverVatNumber: text('receiver_vat_number'),
    receiverName: text('receiver_name').notNull(),
    receiverAddressLine1: text('receiver_address_line_1').notNull(),
    receiverAddressNumber: text('receiver_address_number'),
    receiverAddressLine2: text('receiver_address_line_2'),
    receiverCity: text('receiver_city').notNull(),
    receiverPostalCode: text('receiver_postal_code').notNull(),
    receiverCountry: char('receiver_country', { length: 2 }).notNull(),
    receiverRegion: text('receiver_region'),
    receiverPhone: text('receiver_phone').notNull(),
    receiverEmail: text('receiver_email').notNull(),
    pickupPointId: text('pickup_point_id'),
    weight: numeric('weight', { precision: 8, scale: 3, mode: 'number' }).notNull(),
    width: cm('width').notNull(),
    height: cm('height').notNull(),
    length: cm('length').notNull(),
    quantity: integer('quantity'),
    hsTariffCode: text('hs_tariff_code'),
    codAmount: money('cod_amount'),
    insurance: money('insurance'),
    content: text('content').notNull(),
    info: text('info'),
    labelSenderName: text('label_sender_name'),
    /** The wizard's parcels of one submission share the first parcel's item number. */
    consignmentNumber: text('consignment_number'),
    parcelReference: text('parcel_reference'),
    fragile: boolean('fragile').notNull().default(false),
    /** Customs value of one item and its country of origin (non-EU destinations). */
    unitValue: money('unit_value'),
    countryOrigin: char('country_origin', { length: 2 }),
    /** The import and file row a shipment came from: one shipment per row, even when an import is resumed. */
    importId: uuid('import_id').references(() => imports.id, { onDelete: 'set null' }),
    importRow: integer('import_row'),
    /** The hand-over manifest that took the shipment (status MANIFESTED and later). */
    manifestId: text('manifest_id').references(() => manifests.id),
    /** When its label file was first fetched (getLabel, labels), and how often in all (issue 33). */
    labelPrintedAt: timestamp('label_printed_at', { withTimezone: true }),
    labelPrints: integer('label_prints').notNull().default(0),
    createdAt: createdAt(),
    /**
     * The delivery status: the latest tracking milestone and when it was reached (README note 103),
     * kept by the writers of shipment_events through `nextTrackingStatus`.
     */
    trackingStatus: text('tracking_status', { enum: TRACKING_STATUSES }).notNull().default('created'),
    trackingStatusAt: timestamp('tracking_status_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Moved to the writing transaction's now() by the trigger `shipments_touch` (migration 0021) on
     * every update that changes the row: status, milestone, edits. The sync list pages by it.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shipments_tracking_status_check', sql`${t.trackingStatus} in (${sql.raw(TRACKING_STATUSES.map((s) => `'${s}'`).join(', '))})`),
    // The sync list (`updated_since`, `cursor`): keyset pages in (updated_at, id) order, per company and for an ADMIN.
    index('shipments_company_sync_idx').on(t.companyId, t.updatedAt, t.id),
    index('shipments_sync_idx').on(t.updatedAt, t.id),
    // The list filtered by delivery status, in the list's order (as the status filter's indexes).
    index('shipments_company_tracking_idx').on(t.companyId, t.trackingStatus, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('shipments_tracking_idx').on(t.trackingStatus, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list: a company's newest first, and every filter a client uses with it (see README).
    // Each ends in the list's exact order `created_at DESC, id DESC`, so a page is the first
    // `take` entries of one index and a deep page's ids come from an index-only scan. DESC must
    // be NULLS FIRST (PostgreSQL's default for DESC): drizzle's bare .desc() writes NULLS LAST,
    // which no `ORDER BY … DESC` can use, and the list then sorted the whole company instead.
    index('shipments_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('shipments_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('shipments_company_status_idx').on(t.companyId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('shipments_company_country_idx').on(t.companyId, t.receiverCountry, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('shipments_reference_idx').on(t.companyId, t.referenceNumber),
    index('shipments_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // "Print all not yet printed": a company's waiting shipments without a printed label, oldest first.
    index('shipments_company_unprinted_idx').on(t.companyId, t.createdAt, t.id).where(sql`${t.status} = 'CREATED' and ${t.labelPrintedAt} is null`),
    index('shipments_partner_idx').on(t.partnerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('shipments_method_idx').on(t.deliveryMethod, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('shipments_import_row_key').on(t.importId, t.importRow),
    // Partial: a new shipment (no manifest yet) costs this index nothing.
    index('shipments_manifest_idx')
      .on(t.manifestId)
      .where(sql`${t.manifestId} is not null`),
  ],
);

/**
 * How many shipments each bucket of the list's countable filters holds, so that the list's exact
 * `count` is a `sum(n)` over a few thousand buckets instead of count(*) over up to every shipment.
 * `day` is the calendar day of created_at in Europe/Bratislava (the date filters' days).
 * Kept exact by statement triggers on shipments (insert: migration 0007; update and delete: 0020,
 * which sums a statement's changes per bucket and writes them in key order, so concurrent writers
 * queue instead of deadlocking; TRUNCATE empties it). Buckets that reach 0 are deleted, so the
 * table only holds non-empty buckets. Never written by the application itself.
 */
export const shipmentCounts = pgTable(
  'shipment_counts',
  {
    companyId: uuid('company_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: shipmentStatusEnum('status').notNull(),
    receiverCountry: char('receiver_country', { length: 2 }).notNull(),
    deliveryMethod: deliveryMethodEnum('delivery_method').notNull(),
    partnerId: integer('partner_id'),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    // company first: a USER's count reads only its company's buckets, in day order for date ranges.
    unique('shipment_counts_key').on(t.companyId, t.day, t.status, t.receiverCountry, t.deliveryMethod, t.partnerId).nullsNotDistinct(),
  ],
);

/**
 * shipment_counts without the day: what the list's count sums when no date filter is set (a few
 * hundred rows for every company together, where shipment_counts holds a row per day as well:
 * ~100,000 at a million shipments, 8–10 ms to sum for an ADMIN). Kept by the same trigger
 * functions in the same statements (migration 0019_shipment_totals); never written by the application.
 */
export const shipmentTotals = pgTable(
  'shipment_totals',
  {
    companyId: uuid('company_id').notNull(),
    status: shipmentStatusEnum('status').notNull(),
    receiverCountry: char('receiver_country', { length: 2 }).notNull(),
    deliveryMethod: deliveryMethodEnum('delivery_method').notNull(),
    partnerId: integer('partner_id'),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [unique('shipment_totals_key').on(t.companyId, t.status, t.receiverCountry, t.deliveryMethod, t.partnerId).nullsNotDistinct()],
);

/**
 * Every status change of a shipment, for tracking: `status` is a tracking event code
 * (src/shared/domain/tracking-events.ts), `occurred_at` when it happened (a depot scan's own time,
 * a partner's reported time), `recorded_at` when we learnt of it.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: bigint('shipment_id', { mode: 'number' })
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where it came from: portal, depot, or `partner:{code}`. */
    source: text('source').notNull(),
    /** Who caused it (a client id), when it was a portal user or a depot scan. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** A partner's depot or town, as it reported it (never a person or an address). */
    location: text('location'),
    /** The partner's own id of the event: a resent event is recorded once. */
    partnerEventId: text('partner_event_id'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipment_events_shipment_idx').on(t.shipmentId, t.occurredAt),
    uniqueIndex('shipment_events_partner_event_key')
      .on(t.source, t.partnerEventId)
      .where(sql`${t.partnerEventId} is not null`),
    // The parcel-status export reads the depot's scans by time.
    index('shipment_events_depot_idx')
      .on(t.occurredAt)
      .where(sql`${t.source} = 'depot'`),
  ],
);

/**
 * Delivery partners' keys for the event feed. The secret signs requests (HMAC-SHA256), so it is
 * kept as it is: the database is the trust boundary (see README, "Partner event feed").
 */
export const partnerKeys = pgTable('partner_keys', {
  id: text('id').primaryKey(),
  partnerId: integer('partner_id')
    .notNull()
    .references(() => partners.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Signatures of partner requests seen within the timestamp window: a replayed request is refused. */
export const partnerRequestSignatures = pgTable(
  'partner_request_signatures',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('partner_request_signatures_expiry_idx').on(t.expiresAt)],
);

/**
 * Rate-limit counters shared by every instance on one PostgreSQL database (issue 20): sign-in
 * failures, public tracking lookups, wrong postal codes, reports per account
 * (`db/limit-counters.ts`, rate-limiter-flexible's RateLimiterPostgres, whose table this is).
 * `key` is the limiter's prefix and its key, `points` what was used in the window, `expire` when
 * the window (or a block) ends, in epoch milliseconds; a row past `expire` counts as absent and is
 * purged. UNLOGGED (migration 0017): a counter needs no WAL, and after a crash the table starts
 * empty, as a restart always did. On PGlite the counters stay in the process's memory and this
 * table is unused.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/** Parcel lockers and pickup points of the delivery partners (CZ, SK, PL, HU). */
export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: text('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    country: char('country', { length: 2 }).notNull(),
    type: pointTypeEnum('type').notNull(),
    name: text('name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    zip: text('zip').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Opening hours per weekday, e.g. {"mon": "08:00-18:00"}; lockers "00:00-24:00". */
    openingHours: text('opening_hours').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('pickup_points_country_idx').on(t.country, t.city)],
);

/**
 * One row whose version goes up with every statement that changes the pickup points, the
 * partners or their services (statement triggers, migration 0014). Each instance keeps the
 * picker's search index in memory and reloads it when it reads a newer version, so every
 * instance on one database answers from the same directory.
 */
export const directoryVersion = pgTable(
  'directory_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('directory_version_single_row', sql`${t.id} = 1`)],
);

/**
 * Every import of a partner's pickup-point list (issue 15): what it added, changed, left alone,
 * deactivated and refused. `rejected_rows` keeps the first 100 refused rows (message ids).
 */
export const pointDirectoryImports = pgTable(
  'point_directory_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    actorId: uuid('actor_id').references(() => clients.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    createdAt: createdAt(),
    total: integer('total').notNull().default(0),
    added: integer('added').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    deactivated: integer('deactivated').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    rejectedRows: jsonb('rejected_rows').$type<Array<{ row: number; field: string; message: string }>>().notNull().default([]),
  },
  (t) => [index('point_directory_imports_created_idx').on(t.createdAt.desc().nullsFirst())],
);

/**
 * A partner's published pickup-point list that the server fetches on a schedule (issue 15): the
 * https address, its format and how often. The job queue holds the schedule (one cron entry per
 * partner, kept in step with this row); the row keeps the last run's outcome.
 */
export const pointDirectoryFeeds = pgTable(
  'point_directory_feeds',
  {
    partnerId: integer('partner_id')
      .primaryKey()
      .references(() => partners.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    format: text('format', { enum: ['csv', 'json'] }).notNull(),
    everyHours: smallint('every_hours').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** "Fetch now" asked for and not yet run. */
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastImportId: uuid('last_import_id').references(() => pointDirectoryImports.id, { onDelete: 'set null' }),
    /** Why the last run imported nothing: a message id and its values. */
    lastError: jsonb('last_error').$type<{ message: string; values?: Record<string, string | number> }>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('point_directory_feeds_every_hours', sql`${t.everyHours} in (1, 2, 3, 4, 6, 8, 12, 24)`)],
);

/**
 * Idempotency keys of create requests, per company: the request's hash and, once answered, the
 * answer to replay. Kept 7 days.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    responseStatus: smallint('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] }), index('idempotency_keys_expiry_idx').on(t.expiresAt)],
);

export const importStatusEnum = pgEnum('import_status', IMPORT_STATUSES);
export const importTypeEnum = pgEnum('import_type', IMPORT_TYPES);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A bulk import (spec section 3 "Import record"); its rows run as a pg-boss job. */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    type: importTypeEnum('type').notNull(),
    status: importStatusEnum('status').notNull().default('PROCESSING'),
    totalRows: integer('total_rows').notNull().default(0),
    successful: integer('successful').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Data rows done; the job resumes after them. */
    progress: integer('progress').notNull().default(0),
    processingTimeMs: integer('processing_time_ms'),
    /** A message id (translated when answered) when the whole file failed. */
    errorMessage: text('error_message'),
    mapping: jsonb('mapping').$type<ImportMapping>(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('imports_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst())],
);

/** The uploaded bytes, apart from the record so that lists never read them. */
/**
 * The uploads, in parts of IMPORT_FILE_PART_BYTES: the embedded database's WebAssembly memory
 * never shrinks, and one 30 MB value held it at several times that size for good.
 */
export const importFiles = pgTable(
  'import_files',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    part: smallint('part').notNull().default(0),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.part] })],
);

/** The rows of an import that did not become shipments: each column's message ids. */
export const importRowErrors = pgTable(
  'import_row_errors',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    errors: jsonb('errors').$type<Array<{ column: string; message: string }>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);

/** A company's column mapping for files with these headers (normalized, in order). */
export const importMappings = pgTable(
  'import_mappings',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    signature: text('signature').notNull(),
    mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.signature] })],
);

/**
 * A company's webhook endpoints (README "Webhooks", note 104). The secret (`whsec_` + base64)
 * signs every delivery, so it is stored as it is, not hashed; after a rotation the previous one
 * signs beside it until `previous_until`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    eventTypes: text('event_types').array().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousUntil: timestamp('previous_until', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    /** Why the server turned it off: 'gone' (the receiver answered 410 Gone) or 'address_not_allowed'; null while enabled. */
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

/**
 * The outbox of webhook messages, one row per (event, endpoint), written in the transaction of
 * the change. The delivery worker sends the oldest pending row of each (endpoint, ordering key)
 * only, so one shipment's events arrive in order; a row is leased by `locked_until`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The webhook-id header: the same for every attempt, and for every endpoint of one event. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** Deliveries of one key (a shipment's item number, an import) go out one after another. */
    orderingKey: text('ordering_key').notNull(),
    /** The exact JSON text that is signed and sent. */
    body: text('body').notNull(),
    state: text('state', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_pending_idx').on(t.endpointId, t.orderingKey, t.id).where(sql`state = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);

/** Each attempt to send a delivery: the delivery log (the last 100 per endpoint are kept). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    attempt: integer('attempt').notNull(),
    /** The receiver's HTTP status; null when there was no answer (see `error`). */
    status: integer('status'),
    /** Why there was no answer: timeout, refused, a forbidden address, ... */
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, t.id)],
);
