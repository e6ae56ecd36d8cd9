// A company's pickup addresses as the admin screens show them (spec section 2 "/company/{id}"):
// each with its pickup days, assigned clients, preferred partners and partner credentials.
// Four queries whatever the number of addresses. Deleted addresses are left out.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AdminPickupAddress, PartnerAssignment, PartnerCredential } from '#shared/contract/admin-pickup-addresses.ts';
import { pickupDaysFromMask } from '#shared/domain/pickup-days.ts';
import type { Db } from '#server/db/client.ts';
import { clients, partners, pickupAddressClients, pickupAddressCredentials, pickupAddresses, pickupAddressPartners } from '#server/db/schema.ts';

function group<T extends { pickupAddressId: string }>(rows: T[]): Map<string, Array<Omit<T, 'pickupAddressId'>>> {
  const map = new Map<string, Array<Omit<T, 'pickupAddressId'>>>();
  for (const { pickupAddressId, ...rest } of rows) {
    const list = map.get(pickupAddressId);
    if (list) list.push(rest);
    else map.set(pickupAddressId, [rest]);
  }
  return map;
}

/** The company's live pickup addresses, oldest first; `only` narrows to one address. */
export async function loadAdminPickupAddresses(db: Db, companyId: string, only?: string): Promise<AdminPickupAddress[]> {
  const addresses = await db
    .select()
    .from(pickupAddresses)
    .where(and(eq(pickupAddresses.companyId, companyId), isNull(pickupAddresses.deletedAt), only ? eq(pickupAddresses.id, only) : undefined))
    .orderBy(asc(pickupAddresses.createdAt), asc(pickupAddresses.id));
  if (addresses.length === 0) return [];
  const ids = addresses.map((a) => a.id);
  const [assigned, preferred, credentials] = await Promise.all([
    db
      .select({ pickupAddressId: pickupAddressClients.pickupAddressId, id: clients.id, name: clients.name, email: clients.email, enabled: clients.enabled })
      .from(pickupAddressClients)
      .innerJoin(clients, eq(clients.id, pickupAddressClients.clientId))
      .where(inArray(pickupAddressClients.pickupAddressId, ids))
      .orderBy(asc(clients.name)),
    db
      .select({
        pickupAddressId: pickupAddressPartners.pickupAddressId,
        assignmentId: pickupAddressPartners.id,
        id: partners.id,
        partnerName: partners.name,
        product: pickupAddressPartners.product,
        country: pickupAddressPartners.country,
        deliverMethod: pickupAddressPartners.deliveryMethod,
      })
      .from(pickupAddressPartners)
      .innerJoin(partners, eq(partners.id, pickupAddressPartners.partnerId))
      .where(inArray(pickupAddressPartners.pickupAddressId, ids))
      .orderBy(asc(pickupAddressPartners.country), asc(pickupAddressPartners.product), sql`${pickupAddressPartners.deliveryMethod} asc nulls last`),
    db
      .select({ pickupAddressId: pickupAddressCredentials.pickupAddressId, partnerId: partners.id, partnerName: partners.name, credentials: pickupAddressCredentials.credentials })
      .from(pickupAddressCredentials)
      .innerJoin(partners, eq(partners.id, pickupAddressCredentials.partnerId))
      .where(inArray(pickupAddressCredentials.pickupAddressId, ids))
      .orderBy(asc(partners.name)),
  ]);
  const clientsOf = group(assigned);
  const partnersOf = group(preferred) as Map<string, PartnerAssignment[]>;
  const credentialsOf = group(credentials) as Map<string, PartnerCredential[]>;
  return addresses.map((a) => ({
    id: a.id,
    contactPerson: a.contactPerson,
    street: a.street,
    zip: a.zip,
    city: a.city,
    country: a.country,
    email: a.email,
    phone: a.phone,
    regularPickup: a.regularPickup,
    pickupDays: pickupDaysFromMask(a.pickupDays),
    clients: clientsOf.get(a.id) ?? [],
    preferredPartners: partnersOf.get(a.id) ?? [],
    credentials: credentialsOf.get(a.id) ?? [],
    labelPrinter: a.labelPrinter,
  }));
}
