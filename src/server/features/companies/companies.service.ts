// Client companies as the carrier's admins manage them: the list, the company with its products
// per destination country, and its changes. The carrier's own company (its staff) never appears
// here. Every change and its audit entry commit in one transaction.
import { and, asc, count, eq, like, ne, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, Company, CompanyFields, CompanyListItem, CompanyListQuery } from '#shared/contract/admin-companies.ts';
import type { LabelPrinterSetting } from '#shared/contract/pickup-addresses.ts';
import { companyIdKey } from '#shared/domain/company-ids.ts';
import { PRODUCTS, type Product } from '#shared/domain/enums.ts';
import { foldText } from '#shared/domain/text-fold.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import type { MessageDescriptor } from '#shared/i18n/messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '#server/db/client.ts';
import { clients, companies, companyProducts, imports, manifests, shipments } from '#server/db/schema.ts';
import { ApiError } from '#server/http-errors.ts';
import type { Principal } from '../auth/public.ts';
import { changedFields, companyHistory, recordAudit } from '../audit/public.ts';
import { loadAdminClients } from '../clients/public.ts';
import { loadAdminPickupAddresses } from '../pickup-addresses/public.ts';
import { listBankAccounts } from './bank-accounts.service.ts';
import { clientCompany, companyNotFound, type CompanyRow } from './client-company.ts';

/** `%value%` for LIKE, with LIKE's own wildcards in the value taken literally. */
const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filtered list, by name: every filter is accent- and case-insensitive (folded columns). */
export async function listCompanies(db: Db, q: CompanyListQuery): Promise<CompanyListItem[]> {
  const where: SQL[] = [eq(companies.isCarrier, false)];
  if (q.name) where.push(like(companies.nameFolded, contains(foldText(q.name))));
  if (q.city) where.push(like(companies.cityFolded, contains(foldText(q.city))));
  if (q.country) where.push(eq(companies.country, q.country.toUpperCase()));
  if (q.companyIdentificationNumber) where.push(like(companies.companyIdentificationNumber, contains(q.companyIdentificationNumber.replace(/\s+/g, ''))));
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      city: companies.city,
      country: companies.country,
      companyIdentificationNumber: companies.companyIdentificationNumber,
      // Counted for the page's rows only (an index lookup each), not for every company.
      // Spelled out: drizzle writes a single-table select's columns unqualified, and inside the
      // subquery an unqualified "id" would be the client's.
      clientCount: sql<number>`(select count(*) from ${clients} c where c.company_id = "companies"."id")::int`,
    })
    .from(companies)
    .where(and(...where))
    .orderBy(asc(companies.nameFolded), asc(companies.id))
    .limit(q.take)
    .offset(q.skip);
  return rows.map((r) => ({ ...r, clientCount: Number(r.clientCount) }));
}

/** "" and null both mean "not given": the database keeps null. */
const orNull = <T extends string>(value: T | null | undefined): T | null => (value ? value : null);

/** The form's fields as the companies table (and the audit log) keeps them. */
function columnsOf(input: CompanyFields) {
  return {
    name: input.name,
    street: input.street,
    zip: input.zip,
    city: input.city,
    country: input.country,
    companyIdentificationNumber: input.companyIdentificationNumber,
    taxIdentificationNumber: input.taxIdentificationNumber,
    vatIdentificationNumber: orNull(input.vatIdentificationNumber),
    invoiceStreet: orNull(input.invoiceStreet),
    invoiceCity: orNull(input.invoiceCity),
    invoiceZip: orNull(input.invoiceZip),
    invoiceCountry: orNull(input.invoiceCountry),
  };
}

type CompanyColumns = ReturnType<typeof columnsOf>;

/** A stored row in the same shape, to compare with the form (updates log only what changed). */
function auditColumns(row: CompanyRow): CompanyColumns {
  return {
    name: row.name,
    street: row.street,
    zip: row.zip,
    city: row.city,
    country: row.country as CompanyColumns['country'],
    companyIdentificationNumber: row.companyIdentificationNumber,
    taxIdentificationNumber: row.taxIdentificationNumber,
    vatIdentificationNumber: row.vatIdentificationNumber,
    invoiceStreet: row.invoiceStreet,
    invoiceCity: row.invoiceCity,
    invoiceZip: row.invoiceZip,
    invoiceCountry: row.invoiceCountry as CompanyColumns['invoiceCountry'],
  };
}

/** Every product with its destination countries, sorted; a product the company lacks has []. */
async function productsOf(db: Db, companyId: string): Promise<Record<Product, string[]>> {
  const rows = await db
    .select({ country: companyProducts.country, product: companyProducts.product })
    .from(companyProducts)
    .where(eq(companyProducts.companyId, companyId))
    .orderBy(asc(companyProducts.country));
  const products = Object.fromEntries(PRODUCTS.map((p) => [p, [] as string[]])) as Record<Product, string[]>;
  for (const { country, product } of rows) products[product].push(country);
  return products;
}

/** The company detail: its fields, products, bank accounts, clients, pickup addresses, shipment count. */
export async function loadCompany(db: Db, id: string): Promise<Company> {
  const company = await clientCompany(db, id);
  const [products, accounts, companyClients, addresses, [shipped]] = await Promise.all([
    productsOf(db, id),
    listBankAccounts(db, id),
    loadAdminClients(db, id),
    loadAdminPickupAddresses(db, id),
    db.select({ value: count() }).from(shipments).where(eq(shipments.companyId, id)),
  ]);
  return {
    id: company.id,
    ...auditColumns(company),
    products,
    bankAccounts: accounts,
    clients: companyClients,
    pickupAddresses: addresses,
    shipmentCount: Number(shipped?.value ?? 0),
    labelPrinter: company.labelPrinter,
  };
}

/**
 * A duplicate IČO is a warning, not a refusal (README note 119): another company of the same
 * country with this IČO (separators and case aside) answers 409 naming it, unless the request
 * confirms. An update warns only when it changes the IČO or the country.
 */
async function warnOfDuplicateId(db: Db, input: CompanyFields, exceptId?: string): Promise<void> {
  if (input.confirmDuplicate) return;
  const key = companyIdKey(input.companyIdentificationNumber);
  const [other] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(
      and(
        eq(companies.country, input.country),
        sql`upper(regexp_replace(${companies.companyIdentificationNumber}, '[[:space:]./-]', '', 'g')) = ${key}`,
        exceptId ? ne(companies.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(companies.nameFolded))
    .limit(1);
  if (other) throw new ApiError(409, 'conflict', am.cinDuplicateConfirm, { values: { name: other.name }, fields: { companyIdentificationNumber: [am.cinDuplicate] } });
}

export async function createCompany(db: Db, actor: Principal, input: CompanyFields): Promise<Company> {
  const columns = columnsOf(input);
  await warnOfDuplicateId(db, input);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx.insert(companies).values(columns).returning({ id: companies.id });
    if (!created) throw new Error('company not inserted');
    await recordAudit(tx, { actor, companyId: created.id, entity: 'company', entityId: created.id, action: 'create', after: columns });
    return created.id;
  });
  return loadCompany(db, id);
}

export async function updateCompany(db: Db, actor: Principal, id: string, input: CompanyFields): Promise<Company> {
  const columns = columnsOf(input);
  await db.transaction(async (tx) => {
    const before = await clientCompany(tx, id, true);
    if (before.country !== input.country || companyIdKey(before.companyIdentificationNumber) !== companyIdKey(input.companyIdentificationNumber)) {
      await warnOfDuplicateId(tx, input, id);
    }
    const changed = changedFields(auditColumns(before), columns);
    // An unchanged save leaves no entry: the history shows changes, not clicks.
    if (Object.keys(changed.after).length === 0) return;
    await tx.update(companies).set(columns).where(eq(companies.id, id));
    await recordAudit(tx, { actor, companyId: id, entity: 'company', entityId: id, action: 'update', ...changed });
  });
  return loadCompany(db, id);
}

/** True when the company ever shipped, imported or handed over: its records must stay. */
async function hasActivity(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({
      active: sql<boolean>`exists (select 1 from ${shipments} where ${shipments.companyId} = ${id})
        or exists (select 1 from ${imports} where ${imports.companyId} = ${id})
        or exists (select 1 from ${manifests} where ${manifests.companyId} = ${id})`,
    })
    .from(companies)
    .where(eq(companies.id, id));
  return row?.active === true;
}

/**
 * Deletes a company that never shipped (its clients, products, bank accounts and pickup addresses
 * go with it by cascade). The row is locked first: a shipment being created for it holds a key
 * lock on the same row, so the check below sees it once it commits.
 */
export async function deleteCompany(db: Db, actor: Principal, id: string): Promise<MessageDescriptor> {
  await db.transaction(async (tx) => {
    const company = await clientCompany(tx, id, true);
    if (await hasActivity(tx, id)) throw new ApiError(409, 'conflict', am.companyHasShipments);
    await tx.delete(companies).where(eq(companies.id, id));
    await recordAudit(tx, { actor, companyId: id, entity: 'company', entityId: id, action: 'delete', before: auditColumns(company) });
  });
  return am.companyDeleted;
}

export interface ProductKey {
  country: string;
  product: Product;
}

/** Adds a product for a destination country; adding a pair the company has changes nothing. */
export async function addProduct(db: Db, actor: Principal, companyId: string, key: ProductKey): Promise<Company> {
  await db.transaction(async (tx) => {
    await clientCompany(tx, companyId);
    const added = await tx
      .insert(companyProducts)
      .values({ companyId, country: key.country, product: key.product })
      .onConflictDoNothing()
      .returning({ country: companyProducts.country });
    if (added.length === 0) return;
    await recordAudit(tx, { actor, companyId, entity: 'product', entityId: `${key.product}:${key.country}`, action: 'create', after: { ...key } });
  });
  return loadCompany(db, companyId);
}

export async function removeProduct(db: Db, actor: Principal, companyId: string, key: ProductKey): Promise<Company> {
  await db.transaction(async (tx) => {
    await clientCompany(tx, companyId);
    const removed = await tx
      .delete(companyProducts)
      .where(and(eq(companyProducts.companyId, companyId), eq(companyProducts.country, key.country), eq(companyProducts.product, key.product)))
      .returning({ country: companyProducts.country });
    if (removed.length === 0) throw new ApiError(404, 'not_found', serverMessages.notFound);
    await recordAudit(tx, { actor, companyId, entity: 'product', entityId: `${key.product}:${key.country}`, action: 'delete', before: { ...key } });
  });
  return loadCompany(db, companyId);
}

/** The company's label printer (issue 33), audited as a change of the company. */
export async function setLabelPrinter(db: Db, actor: Principal, companyId: string, { labelPrinter }: LabelPrinterSetting): Promise<Company> {
  await db.transaction(async (tx) => {
    const company = await clientCompany(tx, companyId, true);
    if (company.labelPrinter === labelPrinter) return;
    await tx.update(companies).set({ labelPrinter }).where(eq(companies.id, companyId));
    await recordAudit(tx, { actor, companyId, entity: 'company', entityId: companyId, action: 'update', before: { labelPrinter: company.labelPrinter }, after: { labelPrinter } });
  });
  return loadCompany(db, companyId);
}

/**
 * The company's history. A deleted company keeps its entries (who deleted it, and what it was):
 * they stay readable by its id; an id that never had a client company answers 404.
 */
export async function historyOf(db: Db, companyId: string, page: { skip: number; take: number }): Promise<{ count: number; entries: AuditEntry[] }> {
  const [company] = await db.select({ isCarrier: companies.isCarrier }).from(companies).where(eq(companies.id, companyId));
  if (company?.isCarrier) throw companyNotFound();
  const history = await companyHistory(db, companyId, page);
  if (!company && history.count === 0) throw companyNotFound();
  return history;
}
