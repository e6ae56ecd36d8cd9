// The carrier's admins manage a company's pickup addresses: the address with its assigned clients
// and partner credentials, its preferred partners per country + product (+ method), and the
// partners' priorities. Every change and its audit entry commit in one transaction.
import { and, asc, desc, eq, exists, inArray, isNull, notExists, type SQL } from 'drizzle-orm';
import type { AdminPickupAddress, PartnerCandidate, PickupAddressSave } from '#shared/contract/admin-pickup-addresses.ts';
import type { DeliveryMethod, Product } from '#shared/domain/enums.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import { messages, type MessageDescriptor } from '#shared/i18n/messages.ts';
import type { Db } from '#server/db/client.ts';
import { clients, companies, partnerServices, partners, pickupAddressClients, pickupAddressCredentials, pickupAddresses, pickupAddressPartners } from '#server/db/schema.ts';
import { ApiError } from '#server/http-errors.ts';
import type { Principal } from '../auth/public.ts';
import { changedFields, recordAudit } from '../audit/public.ts';
import { isUniqueViolation } from '../clients/public.ts';
import { loadAdminPickupAddresses } from './admin-pickup-addresses.query.ts';

type AddressRow = typeof pickupAddresses.$inferSelect;

const invalid = (fields: Record<string, Array<MessageDescriptor | string>>) => new ApiError(400, 'validation_failed', messages.invalidRequest, { fields });
const notFound = (descriptor: MessageDescriptor) => new ApiError(404, 'not_found', descriptor);

/** A client company: the carrier's own (its staff) has no pickup addresses. */
async function clientCompany(db: Db, companyId: string): Promise<void> {
  const [company] = await db.select({ isCarrier: companies.isCarrier }).from(companies).where(eq(companies.id, companyId));
  if (!company || company.isCarrier) throw notFound(am.companyNotFound);
}

/** A live (not deleted) address; locked so that a concurrent delete or save waits for this change. */
async function liveAddress(db: Db, id: string, companyId?: string): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(pickupAddresses)
    .where(and(eq(pickupAddresses.id, id), isNull(pickupAddresses.deletedAt), companyId ? eq(pickupAddresses.companyId, companyId) : undefined))
    .for('update');
  if (!row) throw notFound(am.pickupAddressNotFound);
  return row;
}

/** The address's fields as the audit log keeps them. */
function auditFields(row: Omit<AddressRow, 'id' | 'companyId' | 'createdAt' | 'deletedAt' | 'labelPrinter'>) {
  return {
    contactPerson: row.contactPerson,
    street: row.street,
    zip: row.zip,
    city: row.city,
    country: row.country,
    email: row.email,
    phone: row.phone,
    regularPickup: row.regularPickup,
    pickupDays: row.pickupDays,
  };
}

async function assignedClientIds(db: Db, addressId: string): Promise<string[]> {
  const rows = await db.select({ id: pickupAddressClients.clientId }).from(pickupAddressClients).where(eq(pickupAddressClients.pickupAddressId, addressId));
  return rows.map((r) => r.id).sort();
}

async function credentialsOf(db: Db, addressId: string): Promise<Array<{ partnerId: number; credentials: string }>> {
  return db
    .select({ partnerId: pickupAddressCredentials.partnerId, credentials: pickupAddressCredentials.credentials })
    .from(pickupAddressCredentials)
    .where(eq(pickupAddressCredentials.pickupAddressId, addressId))
    .orderBy(asc(pickupAddressCredentials.partnerId));
}

/** Every named client must be one of this company's (an admin never links another company's user). */
async function checkClients(db: Db, companyId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(inArray(clients.id, ids), eq(clients.companyId, companyId)));
  if (found.length !== ids.length) throw invalid({ clientIds: [am.clientNotOfCompany] });
}

/** Credentials name known partners, each once (the table keeps one account per partner). */
async function checkCredentials(db: Db, credentials: PickupAddressSave['pickupAddress']['credentials']): Promise<void> {
  const ids = [...new Set(credentials.map((c) => c.partnerId))];
  if (ids.length !== credentials.length) throw invalid({ 'pickupAddress.credentials': [messages.invalidValue] });
  if (ids.length === 0) return;
  const found = await db.select({ id: partners.id }).from(partners).where(inArray(partners.id, ids));
  if (found.length !== ids.length) throw invalid({ 'pickupAddress.credentials': [am.partnerNotFound] });
}

/** Creates the address (no id) or updates it; clientIds and credentials replace what it had. */
export async function savePickupAddress(db: Db, actor: Principal, companyId: string, input: PickupAddressSave): Promise<AdminPickupAddress> {
  const { id: addressId, credentials, ...fields } = input.pickupAddress;
  const clientIds = [...new Set(input.clientIds)].sort();
  const savedId = await db.transaction(async (tx) => {
    await clientCompany(tx, companyId);
    const before = addressId ? await liveAddress(tx, addressId, companyId) : null;
    await checkClients(tx, companyId, clientIds);
    await checkCredentials(tx, credentials);

    let id: string;
    let beforeAudit: Record<string, unknown> | null = null;
    if (before) {
      id = before.id;
      beforeAudit = { ...auditFields(before), clientIds: await assignedClientIds(tx, id), credentials: await credentialsOf(tx, id) };
      await tx.update(pickupAddresses).set(fields).where(eq(pickupAddresses.id, id));
      await tx.delete(pickupAddressClients).where(eq(pickupAddressClients.pickupAddressId, id));
      await tx.delete(pickupAddressCredentials).where(eq(pickupAddressCredentials.pickupAddressId, id));
    } else {
      const [created] = await tx
        .insert(pickupAddresses)
        .values({ companyId, ...fields })
        .returning({ id: pickupAddresses.id });
      if (!created) throw new Error('pickup address not inserted');
      id = created.id;
    }
    if (clientIds.length > 0) await tx.insert(pickupAddressClients).values(clientIds.map((clientId) => ({ pickupAddressId: id, clientId })));
    if (credentials.length > 0) await tx.insert(pickupAddressCredentials).values(credentials.map((c) => ({ pickupAddressId: id, ...c })));

    const after = { ...auditFields(fields), clientIds, credentials: [...credentials].sort((a, b) => a.partnerId - b.partnerId) };
    if (beforeAudit) {
      const changed = changedFields(beforeAudit, after);
      // An unchanged save leaves no entry: the history shows changes, not clicks.
      if (Object.keys(changed.after).length > 0) {
        await recordAudit(tx, { actor, companyId, entity: 'pickup_address', entityId: id, action: 'update', ...changed });
      }
    } else {
      await recordAudit(tx, { actor, companyId, entity: 'pickup_address', entityId: id, action: 'create', after });
    }
    return id;
  });
  return answerOf(db, companyId, savedId);
}

async function answerOf(db: Db, companyId: string, id: string): Promise<AdminPickupAddress> {
  const [saved] = await loadAdminPickupAddresses(db, companyId, id);
  if (!saved) throw notFound(am.pickupAddressNotFound);
  return saved;
}

/**
 * Soft delete: the address leaves every list, the routing and new shipments (its clients, partner
 * preferences and credentials go), while the shipments and manifests that name it keep it for
 * their labels and hand-over documents.
 */
export async function deletePickupAddress(db: Db, actor: Principal, id: string): Promise<MessageDescriptor> {
  await db.transaction(async (tx) => {
    const address = await liveAddress(tx, id);
    const before = { ...auditFields(address), clientIds: await assignedClientIds(tx, id), credentials: await credentialsOf(tx, id) };
    await tx.update(pickupAddresses).set({ deletedAt: new Date() }).where(eq(pickupAddresses.id, id));
    await tx.delete(pickupAddressClients).where(eq(pickupAddressClients.pickupAddressId, id));
    await tx.delete(pickupAddressPartners).where(eq(pickupAddressPartners.pickupAddressId, id));
    await tx.delete(pickupAddressCredentials).where(eq(pickupAddressCredentials.pickupAddressId, id));
    await recordAudit(tx, { actor, companyId: address.companyId, entity: 'pickup_address', entityId: id, action: 'delete', before });
  });
  return am.pickupAddressDeleted;
}

export interface AssignmentKey {
  country: string;
  product: Product;
  delivery_method?: DeliveryMethod | undefined;
}

/** The address's assignment of exactly this country + product + method (no method: the one for every method). */
function sameAssignment(addressId: string, key: AssignmentKey): SQL | undefined {
  return and(
    eq(pickupAddressPartners.pickupAddressId, addressId),
    eq(pickupAddressPartners.country, key.country),
    eq(pickupAddressPartners.product, key.product),
    key.delivery_method ? eq(pickupAddressPartners.deliveryMethod, key.delivery_method) : isNull(pickupAddressPartners.deliveryMethod),
  );
}

/** The partner_services condition for the given filters (a missing filter matches anything). */
function serves(filter: { country?: string | undefined; product?: Product | undefined; delivery_method?: DeliveryMethod | undefined }): SQL | undefined {
  return and(
    eq(partnerServices.partnerId, partners.id),
    filter.country ? eq(partnerServices.country, filter.country) : undefined,
    filter.product ? eq(partnerServices.product, filter.product) : undefined,
    filter.delivery_method ? eq(partnerServices.deliveryMethod, filter.delivery_method) : undefined,
  );
}

/**
 * A preferred partner for the address: the partner must serve the combination (with a method,
 * that method; without, some method of the country + product), and the address may hold one
 * assignment per country + product + method.
 */
export async function assignPartner(db: Db, actor: Principal, addressId: string, key: AssignmentKey & { partner_id: number }): Promise<AdminPickupAddress> {
  const method = key.delivery_method ?? null;
  const companyId = await db
    .transaction(async (tx) => {
      const address = await liveAddress(tx, addressId);
      // Shared lock: a services change of this partner (which locks it for update) waits, so no
      // preference is made for a service being removed at that moment.
      const [partner] = await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, key.partner_id)).for('share');
      if (!partner) throw notFound(am.partnerNotFound);
      const [service] = await tx
        .select({ partnerId: partnerServices.partnerId })
        .from(partners)
        .innerJoin(partnerServices, serves(key))
        .where(eq(partners.id, partner.id))
        .limit(1);
      if (!service) throw invalid({ partner_id: [am.partnerDoesNotServe] });
      const [existing] = await tx.select({ id: pickupAddressPartners.id }).from(pickupAddressPartners).where(sameAssignment(addressId, key));
      if (existing) throw new ApiError(409, 'conflict', am.partnerAssignmentExists);
      const values = { pickupAddressId: addressId, partnerId: partner.id, country: key.country, product: key.product, deliveryMethod: method };
      const [created] = await tx.insert(pickupAddressPartners).values(values).returning({ id: pickupAddressPartners.id });
      if (!created) throw new Error('partner assignment not inserted');
      await recordAudit(tx, { actor, companyId: address.companyId, entity: 'partner_assignment', entityId: created.id, action: 'create', after: values });
      return address.companyId;
    })
    .catch((error: unknown) => {
      // Two admins assigning the same combination at once: the unique key decides.
      if (isUniqueViolation(error, 'pickup_address_partner_key')) throw new ApiError(409, 'conflict', am.partnerAssignmentExists);
      throw error;
    });
  return answerOf(db, companyId, addressId);
}

export async function unassignPartner(db: Db, actor: Principal, addressId: string, key: AssignmentKey): Promise<AdminPickupAddress> {
  const companyId = await db.transaction(async (tx) => {
    const address = await liveAddress(tx, addressId);
    const [removed] = await tx.delete(pickupAddressPartners).where(sameAssignment(addressId, key)).returning();
    if (!removed) throw notFound(am.partnerAssignmentNotFound);
    const before = { pickupAddressId: addressId, partnerId: removed.partnerId, country: removed.country, product: removed.product, deliveryMethod: removed.deliveryMethod };
    await recordAudit(tx, { actor, companyId: address.companyId, entity: 'partner_assignment', entityId: removed.id, action: 'delete', before });
    return address.companyId;
  });
  return answerOf(db, companyId, addressId);
}

/**
 * Partners serving the filters, highest priority first. With an address, country and product,
 * the partner the address already has for exactly that combination is left out (nothing to add).
 */
export async function partnerCandidates(
  db: Db,
  filter: { country?: string | undefined; product?: Product | undefined; delivery_method?: DeliveryMethod | undefined; pickup_address_id?: string | undefined },
): Promise<PartnerCandidate[]> {
  const { country, product, pickup_address_id: addressId } = filter;
  const where: Array<SQL | undefined> = [];
  if (country || product || filter.delivery_method) where.push(exists(db.select({ one: partnerServices.partnerId }).from(partnerServices).where(serves(filter))));
  if (addressId && country && product) {
    where.push(
      notExists(
        db
          .select({ one: pickupAddressPartners.id })
          .from(pickupAddressPartners)
          .where(and(eq(pickupAddressPartners.partnerId, partners.id), sameAssignment(addressId, { country, product, delivery_method: filter.delivery_method }))),
      ),
    );
  }
  return db
    .select({ id: partners.id, name: partners.name, priority: partners.priority })
    .from(partners)
    .where(and(...where))
    .orderBy(desc(partners.priority), asc(partners.name));
}

/** A partner's priority (1–10): the network's default choice, so it is filed under no company. */
export async function setPartnerPriority(db: Db, actor: Principal, partnerId: number, priority: number): Promise<PartnerCandidate> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ id: partners.id, name: partners.name, priority: partners.priority }).from(partners).where(eq(partners.id, partnerId)).for('update');
    if (!before) throw notFound(am.partnerNotFound);
    await tx.update(partners).set({ priority }).where(eq(partners.id, partnerId));
    if (before.priority !== priority) {
      await recordAudit(tx, {
        actor,
        companyId: null,
        entity: 'partner',
        entityId: String(partnerId),
        action: 'update',
        before: { priority: before.priority },
        after: { priority },
      });
    }
    return { ...before, priority };
  });
}
