// A partner's services (country × product × delivery method): the grid routing reads. Replacing
// it must not leave pickup addresses preferring the partner for something it no longer carries,
// so such preferences are named (409) unless the admin confirms their removal, which then
// happens in the same transaction as the change and its audit entries.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DeliveryMethod, Product } from '#shared/domain/enums.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import type { Db } from '#server/db/client.ts';
import { companies, partnerServices, pickupAddresses, pickupAddressPartners } from '#server/db/schema.ts';
import { ApiError } from '#server/http-errors.ts';
import type { Principal } from '../auth/public.ts';
import { recordAudit } from '../audit/public.ts';
import { existingPartner } from './network.service.ts';

/** A service as stored and answered (the database holds country codes as plain text). */
interface Service {
  country: string;
  product: Product;
  delivery_method: DeliveryMethod;
}
interface ServicesUpdate {
  services: Service[];
  confirm: boolean;
}

/** "SK:PRM:home_delivery": how services (and preferences) read in the audit log. */
const serviceKey = (s: { country: string; product: string; delivery_method: string | null }) => `${s.country}:${s.product}:${s.delivery_method ?? 'any'}`;
const countryProduct = (s: { country: string; product: string }) => `${s.country}:${s.product}`;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** By country, product, then delivery method, as plain text (not the enums' declared order). */
function compareServices(a: Service, b: Service): number {
  return compareText(a.country, b.country) || compareText(a.product, b.product) || compareText(a.delivery_method, b.delivery_method);
}

async function servicesOf(db: Db, partnerId: number): Promise<Service[]> {
  const rows = await db
    .select({ country: partnerServices.country, product: partnerServices.product, delivery_method: partnerServices.deliveryMethod })
    .from(partnerServices)
    .where(eq(partnerServices.partnerId, partnerId));
  return rows.sort(compareServices);
}

export async function partnerServicesGrid(db: Db, partnerId: number): Promise<{ services: Service[] }> {
  await existingPartner(db, partnerId);
  return { services: await servicesOf(db, partnerId) };
}

interface AffectedPreference {
  id: string;
  pickupAddressId: string;
  companyId: string;
  companyName: string;
  street: string;
  city: string;
  country: string;
  product: Product;
  deliveryMethod: DeliveryMethod | null;
}

/**
 * Live addresses' preferences for this partner that the change leaves without a service: one
 * naming a method, when that exact service goes; one for any method, when a service of its
 * country + product goes and none of that country + product stays.
 */
async function affectedPreferences(db: Db, partnerId: number, removed: Service[], kept: Service[]): Promise<AffectedPreference[]> {
  if (removed.length === 0) return [];
  const removedKeys = new Set(removed.map(serviceKey));
  const removedPairs = new Set(removed.map(countryProduct));
  const keptPairs = new Set(kept.map(countryProduct));
  const rows = await db
    .select({
      id: pickupAddressPartners.id,
      pickupAddressId: pickupAddressPartners.pickupAddressId,
      companyId: pickupAddresses.companyId,
      companyName: companies.name,
      street: pickupAddresses.street,
      city: pickupAddresses.city,
      country: pickupAddressPartners.country,
      product: pickupAddressPartners.product,
      deliveryMethod: pickupAddressPartners.deliveryMethod,
    })
    .from(pickupAddressPartners)
    .innerJoin(pickupAddresses, eq(pickupAddresses.id, pickupAddressPartners.pickupAddressId))
    .innerJoin(companies, eq(companies.id, pickupAddresses.companyId))
    .where(and(eq(pickupAddressPartners.partnerId, partnerId), isNull(pickupAddresses.deletedAt)))
    .orderBy(companies.name, pickupAddresses.street, pickupAddresses.id, pickupAddressPartners.country, pickupAddressPartners.product, pickupAddressPartners.deliveryMethod);
  return rows.filter((row) => {
    if (row.deliveryMethod) return removedKeys.has(serviceKey({ country: row.country, product: row.product, delivery_method: row.deliveryMethod }));
    const pair = countryProduct(row);
    return removedPairs.has(pair) && !keptPairs.has(pair);
  });
}

/** The affected preferences per address, in the order read. */
function byAddress(preferences: AffectedPreference[]): AffectedPreference[][] {
  const groups = new Map<string, AffectedPreference[]>();
  for (const preference of preferences) {
    const group = groups.get(preference.pickupAddressId);
    if (group) group.push(preference);
    else groups.set(preference.pickupAddressId, [preference]);
  }
  return [...groups.values()];
}

/** "Green Garden: Priemyselná 12, Žilina (SK PRM any method)": one line per address. */
function addressLine(group: AffectedPreference[]): string {
  const [first] = group;
  if (!first) return '';
  const combinations = group.map((p) => `${p.country} ${p.product} ${p.deliveryMethod ?? 'any method'}`).join('; ');
  return `${first.companyName}: ${first.street}, ${first.city} (${combinations})`;
}

/** Each service once, whatever the body repeats. */
function distinctServices(services: Service[]): Service[] {
  const seen = new Map<string, Service>();
  for (const service of services) seen.set(serviceKey(service), service);
  return [...seen.values()].sort(compareServices);
}

export async function replacePartnerServices(db: Db, actor: Principal, partnerId: number, update: ServicesUpdate): Promise<{ services: Service[] }> {
  return db.transaction(async (tx) => {
    // Locked: a concurrent edit of the same grid waits and then compares against this one's result.
    await existingPartner(tx, partnerId, true);
    const before = await servicesOf(tx, partnerId);
    const after = distinctServices(update.services);
    const beforeKeys = new Set(before.map(serviceKey));
    const afterKeys = new Set(after.map(serviceKey));
    const removed = before.filter((s) => !afterKeys.has(serviceKey(s)));
    const added = after.filter((s) => !beforeKeys.has(serviceKey(s)));
    if (removed.length === 0 && added.length === 0) return { services: before };

    const groups = byAddress(await affectedPreferences(tx, partnerId, removed, after));
    if (groups.length > 0 && !update.confirm) {
      throw new ApiError(409, 'conflict', am.serviceStillPreferred, { values: { count: groups.length }, fields: { services: groups.map(addressLine) } });
    }

    for (const service of removed) {
      await tx
        .delete(partnerServices)
        .where(
          and(
            eq(partnerServices.partnerId, partnerId),
            eq(partnerServices.country, service.country),
            eq(partnerServices.product, service.product),
            eq(partnerServices.deliveryMethod, service.delivery_method),
          ),
        );
    }
    if (added.length > 0) {
      await tx.insert(partnerServices).values(added.map((s) => ({ partnerId, country: s.country, product: s.product, deliveryMethod: s.delivery_method })));
    }
    if (groups.length > 0) {
      await tx.delete(pickupAddressPartners).where(
        inArray(
          pickupAddressPartners.id,
          groups.flat().map((p) => p.id),
        ),
      );
    }

    await recordAudit(tx, {
      actor,
      companyId: null,
      entity: 'partner',
      entityId: String(partnerId),
      action: 'update',
      before: { services: before.map(serviceKey) },
      after: { services: after.map(serviceKey) },
    });
    // Each company's history shows the preferences it lost with this change.
    for (const group of groups) {
      const [first] = group;
      if (!first) continue;
      await recordAudit(tx, {
        actor,
        companyId: first.companyId,
        entity: 'partner',
        entityId: String(partnerId),
        action: 'delete',
        before: {
          pickup_address_id: first.pickupAddressId,
          street: first.street,
          city: first.city,
          preferences: group.map((p) => serviceKey({ country: p.country, product: p.product, delivery_method: p.deliveryMethod })),
        },
        after: null,
      });
    }
    return { services: after };
  });
}
