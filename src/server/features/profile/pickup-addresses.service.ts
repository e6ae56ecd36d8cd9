// The pickup addresses a client ships from, each with its preferred partners. Two queries
// whatever the number of addresses: the addresses, then the partners of all of them.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LabelPrinterSetting, PickupAddress, PreferredPartner } from '#shared/contract/pickup-addresses.ts';
import { pickupDaysFromMask } from '#shared/domain/pickup-days.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import type { Db } from '#server/db/client.ts';
import { partners, pickupAddressClients, pickupAddresses, pickupAddressPartners } from '#server/db/schema.ts';
import { companyScope } from '#server/company-scope.ts';
import { ApiError } from '#server/http-errors.ts';
import { recordAudit } from '../audit/public.ts';
import type { Principal } from '../auth/public.ts';

/**
 * The addresses assigned to the client, or every address of its company when none is (the same
 * fallback as shipment creation's default address). Only the company's own addresses count, so a
 * stray assignment to another company's address shows nothing of it. Oldest first, equal times
 * by id, so that the order is stable (the demo seed inserts its addresses at one instant).
 */
export async function listPickupAddresses(db: Db, principal: Principal): Promise<PickupAddress[]> {
  const rows = await db
    .select({ address: pickupAddresses, assignedTo: pickupAddressClients.clientId })
    .from(pickupAddresses)
    .leftJoin(
      pickupAddressClients,
      and(eq(pickupAddressClients.pickupAddressId, pickupAddresses.id), eq(pickupAddressClients.clientId, principal.clientId)),
    )
    // A deleted address stays only for the shipments that name it: never listed.
    .where(and(companyScope(principal).own(pickupAddresses.companyId), isNull(pickupAddresses.deletedAt)))
    .orderBy(asc(pickupAddresses.createdAt), asc(pickupAddresses.id));
  const assigned = rows.filter((row) => row.assignedTo !== null);
  const addresses = (assigned.length > 0 ? assigned : rows).map((row) => row.address);
  if (addresses.length === 0) return [];

  return withPreferredPartners(db, addresses);
}

/** The addresses as the client sees them, with their preferred partners (one query for all). */
async function withPreferredPartners(db: Db, addresses: (typeof pickupAddresses.$inferSelect)[]): Promise<PickupAddress[]> {
  if (addresses.length === 0) return [];
  const preferred = await db
    .select({
      pickupAddressId: pickupAddressPartners.pickupAddressId,
      id: partners.id,
      partnerName: partners.name,
      product: pickupAddressPartners.product,
      country: pickupAddressPartners.country,
      deliverMethod: pickupAddressPartners.deliveryMethod,
    })
    .from(pickupAddressPartners)
    .innerJoin(partners, eq(partners.id, pickupAddressPartners.partnerId))
    .where(inArray(pickupAddressPartners.pickupAddressId, addresses.map((address) => address.id)))
    // product and delivery method sort in their enum's order (PRODUCTS, DELIVERY_METHODS); a
    // preference for every method comes after the ones naming a method.
    .orderBy(asc(pickupAddressPartners.country), asc(pickupAddressPartners.product), sql`${pickupAddressPartners.deliveryMethod} asc nulls last`);

  const byAddress = new Map<string, PreferredPartner[]>();
  for (const { pickupAddressId, ...partner } of preferred) {
    const list = byAddress.get(pickupAddressId);
    if (list) list.push(partner);
    else byAddress.set(pickupAddressId, [partner]);
  }

  return addresses.map((address) => ({
    id: address.id,
    contactPerson: address.contactPerson,
    street: address.street,
    zip: address.zip,
    city: address.city,
    country: address.country,
    email: address.email,
    phone: address.phone,
    regularPickup: address.regularPickup,
    pickupDays: pickupDaysFromMask(address.pickupDays),
    preferredPartners: byAddress.get(address.id) ?? [],
    labelPrinter: address.labelPrinter,
  }));
}

/**
 * Sets the printer an address's labels print on (issue 33): an address of the caller's company
 * (any for ADMIN) that is not deleted, else 404 as for one that does not exist. Audited in the
 * company's history with the client as actor.
 */
export async function setPickupAddressLabelPrinter(db: Db, principal: Principal, id: string, { labelPrinter }: LabelPrinterSetting): Promise<PickupAddress> {
  const address = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(pickupAddresses)
      .where(and(eq(pickupAddresses.id, id), companyScope(principal).rows(pickupAddresses.companyId), isNull(pickupAddresses.deletedAt)))
      .for('update');
    if (!row) throw new ApiError(404, 'not_found', am.pickupAddressNotFound);
    if (row.labelPrinter === labelPrinter) return row;
    await tx.update(pickupAddresses).set({ labelPrinter }).where(eq(pickupAddresses.id, id));
    await recordAudit(tx, {
      actor: principal,
      companyId: row.companyId,
      entity: 'pickup_address',
      entityId: id,
      action: 'update',
      before: { labelPrinter: row.labelPrinter },
      after: { labelPrinter },
    });
    return { ...row, labelPrinter };
  });
  const [answer] = await withPreferredPartners(db, [address]);
  if (!answer) throw new Error('pickup address not read back');
  return answer;
}
